// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// ReplayJudge: the checks of a confirm sent again under its key, and the booking helpers.
#include "app/tools/audit/replayjudge.h"

#include <algorithm>

#include "db/dbconnection.h"
#include "db/seatstore.h"

namespace bo::audit {

QList<int> sortedSeats(const QSet<int>& seats)
{
    QList<int> out(seats.cbegin(), seats.cend());
    std::sort(out.begin(), out.end());
    return out;
}

QSet<int> seatSet(const ConfirmResult& c)
{
    QSet<int> out;
    for (const BookedSeat& s : c.seats)
        out.insert(s.seatId);
    return out;
}

QString describeBooking(const ConfirmResult& c)
{
    return QStringLiteral("%1 %2 %3 total %4 seats %5")
        .arg(c.bookingId.toString(QUuid::WithoutBraces), c.code, c.status)
        .arg(c.totalMinor)
        .arg(toPgIntArray(sortedSeats(seatSet(c))));
}

bool sameBooking(const ConfirmResult& a, const ConfirmResult& b)
{
    return a.bookingId == b.bookingId && a.code == b.code && a.totalMinor == b.totalMinor &&
           seatSet(a) == seatSet(b);
}

ReplayJudge::ReplayJudge(SeatStore& store, StormShared& shared, StormLedger& ledger)
    : m_store(store)
    , m_shared(shared)
    , m_ledger(ledger)
{}

void ReplayJudge::replay(const ConfirmRequest& original, const ConfirmResult& first, const QString& terminal,
                         const QString& kind, const QString& expectedStatus)
{
    ConfirmRequest again = original;
    again.terminal = terminal;
    Result<ConfirmResult> r = m_store.confirm(again);
    for (int retry = 0; !r && r.error().code == ErrorCode::InProgress && retry < 3; ++retry) {
        pauseStorm(m_shared, 50);
        r = m_store.confirm(again);
    }
    m_ledger.count(kind);
    if (!r) {
        m_ledger.violation(m_shared, QStringLiteral("w2-replay-refused"),
                           QStringLiteral("%1 of key %2 as '%3' answered %4 (%5), booking %6")
                               .arg(kind, original.key.toString(QUuid::WithoutBraces), terminal,
                                    QLatin1String(errorCodeName(r.error().code)), firstLine(r.error().detail),
                                    describeBooking(first)));
        return;
    }
    if (!r.value().replayed || !sameBooking(r.value(), first))
        m_ledger.violation(
            m_shared, QStringLiteral("w3-replay-differs"),
            QStringLiteral("%1 of key %2 as '%3': %4 replayed=%5, first %6")
                .arg(kind, original.key.toString(QUuid::WithoutBraces), terminal, describeBooking(r.value()))
                .arg(r.value().replayed)
                .arg(describeBooking(first)));
    else if (r.value().status != expectedStatus)
        m_ledger.violation(
            m_shared, QStringLiteral("w4-replay-stale-status"),
            QStringLiteral("%1 of key %2 says %3, the booking is %4")
                .arg(kind, original.key.toString(QUuid::WithoutBraces), r.value().status, expectedStatus));
}

std::optional<ConfirmResult> ReplayJudge::judgePair(const ConfirmRequest& a, Result<ConfirmResult>& first,
                                                    const ConfirmRequest& b, Result<ConfirmResult>& second)
{
    if (!first && !second)
        return std::nullopt;
    // A send that met the other's lock past lock_timeout is told "in progress": the
    // terminal sends it again, and then it must be answered.
    for (int retry = 0; retry < 3; ++retry) {
        if (!first && first.error().code == ErrorCode::InProgress) {
            pauseStorm(m_shared, 50);
            first = m_store.confirm(a);
        }
        if (!second && second.error().code == ErrorCode::InProgress) {
            pauseStorm(m_shared, 50);
            second = m_store.confirm(b);
        }
    }
    const bool cross = a.terminal != b.terminal;
    if (first && second) {
        const int fresh = int(!first.value().replayed) + int(!second.value().replayed);
        if (fresh != 1 || !sameBooking(first.value(), second.value()))
            m_ledger.violation(m_shared, QStringLiteral("w8-duplicate-confirm-differs"),
                               QStringLiteral("key %1%2: %3 replayed=%4 / %5 replayed=%6")
                                   .arg(a.key.toString(QUuid::WithoutBraces),
                                        cross ? QStringLiteral(" (other terminal)") : QString(),
                                        describeBooking(first.value()))
                                   .arg(first.value().replayed)
                                   .arg(describeBooking(second.value()))
                                   .arg(second.value().replayed));
        return first.value().replayed ? second.value() : first.value();
    }
    const Result<ConfirmResult>& ok = first ? first : second;
    const Result<ConfirmResult>& refused = first ? second : first;
    m_ledger.violation(m_shared, QStringLiteral("w2-replay-refused"),
                       QStringLiteral("concurrent sends of key %1 as '%2' and '%3': the one as '%4' answered "
                                      "%5 (%6), the other booked %7")
                           .arg(a.key.toString(QUuid::WithoutBraces), a.terminal, b.terminal,
                                first ? b.terminal : a.terminal,
                                QLatin1String(errorCodeName(refused.error().code)),
                                firstLine(refused.error().detail), describeBooking(ok.value())));
    return ok.value();
}

} // namespace bo::audit
