// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/forupdateclient.h"

namespace bo::bench {

Result<HoldDecision> ForUpdateClient::hold(const QList<int>& seats, const QUuid& token)
{
    const QString locking = QStringLiteral("SELECT seat_id, %1 FROM showtime_seat WHERE showtime_id = ? "
                                           "AND seat_id = ANY (?::integer[]) ORDER BY seat_id FOR UPDATE")
                                .arg(QLatin1String(takeableSql));
    const Result<bool> committed = transaction([&]() -> Result<bool> {
        auto rows = run(locking, {uuidText(token), context().showtimeId, seatArray(seats)});
        if (!rows)
            return rows.error();
        int takeable = 0;
        while (rows.value().next())
            takeable += rows.value().value(1).toBool() ? 1 : 0;
        if (takeable != seats.size())
            return false;
        auto held = run(QStringLiteral("UPDATE showtime_seat SET status = 'HELD', held_by = ?::uuid, "
                                       "held_until = clock_timestamp() + interval '300 seconds' "
                                       "WHERE showtime_id = ? AND seat_id = ANY (?::integer[])"),
                        {uuidText(token), context().showtimeId, seatArray(seats)});
        if (!held)
            return held.error();
        return held.value().numRowsAffected() == seats.size();
    });
    if (!committed)
        return committed.error();
    return decided(committed.value());
}

} // namespace bo::bench
