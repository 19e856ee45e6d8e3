// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// ReplayJudge: the storm's checks of a confirm sent again under the same key (after its answer,
// after a cancel, or at the same moment as the first send), apart from the worker's sale steps
// (app/tools/audit/stormworker.h); with the helpers that describe and compare the bookings a
// confirm answer names, which the worker's own checks use too.
#pragma once

#include <optional>

#include <QList>
#include <QSet>
#include <QString>

#include "app/tools/audit/stormledger.h"
#include "model/core/result.h"
#include "model/sale/seatdesk.h"

namespace bo {
class SeatStore;
} // namespace bo

namespace bo::audit {

/// The seats, in ascending order.
[[nodiscard]] QList<int> sortedSeats(const QSet<int>& seats);
/// The seats a confirm answer booked.
[[nodiscard]] QSet<int> seatSet(const ConfirmResult& c);
/// The booking a confirm answer names, as text for comparisons and logs.
[[nodiscard]] QString describeBooking(const ConfirmResult& c);
/// Same booking, code, total and seats.
[[nodiscard]] bool sameBooking(const ConfirmResult& a, const ConfirmResult& b);

/// Judges the answers to a worker's repeated confirms on the worker's connection, counting into
/// its ledger (the violations w2, w3, w4 and w8 of the storm).
class ReplayJudge final
{
public:
    /// `store`, `shared` and `ledger` outlive the judge.
    ReplayJudge(SeatStore& store, StormShared& shared, StormLedger& ledger);

    /// The same confirm sent again after an answer: it must come back as the stored booking,
    /// `first`, whose state is now `expectedStatus`. Counted as `kind`.
    void replay(const ConfirmRequest& original, const ConfirmResult& first, const QString& terminal,
                const QString& kind, const QString& expectedStatus);
    /// Two sends of one key at once: exactly one booking, the other send its replay. A send told
    /// "in progress" is sent again (as a terminal does). The booking, or nothing when neither booked.
    [[nodiscard]] std::optional<ConfirmResult> judgePair(const ConfirmRequest& a,
                                                         Result<ConfirmResult>& first,
                                                         const ConfirmRequest& b,
                                                         Result<ConfirmResult>& second);

private:
    SeatStore& m_store;
    StormShared& m_shared;
    StormLedger& m_ledger;
};

} // namespace bo::audit
