// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/stormsweeper.h"

#include <chrono>
#include <thread>

#include <QRandomGenerator>

#include "db/seatstore.h"

namespace bo::audit {

StormLedger runSweeper(const ConnectionSettings& settings, int index, int pauseMs, StormShared& shared,
                       const QDeadlineTimer& deadline)
{
    StormLedger ledger;
    auto store = SeatStore::open(settings, QStringLiteral("audit-sweeper-%1").arg(index));
    if (!store) {
        ledger.error(QStringLiteral("connect"), store.error());
        return ledger;
    }
    QRandomGenerator rng{quint32(index) + 1U};
    while (!deadline.hasExpired() && !shared.stop.load()) {
        auto swept = store.value()->sweep(200);
        if (!swept) {
            ledger.error(QStringLiteral("sweep"), swept.error());
        } else {
            ledger.count(QStringLiteral("sweep"));
            ledger.count(QStringLiteral("swept-seats"), swept.value().seats.size());
            ledger.count(QStringLiteral("expired-bookings"), swept.value().bookings.size());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(pauseMs / 2 + int(rng.bounded(pauseMs + 1))));
    }
    return ledger;
}

} // namespace bo::audit
