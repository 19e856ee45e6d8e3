// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/seatblockstore.h"

#include "db/dbconnection.h"

namespace bo {

SeatBlockStore::SeatBlockStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<SeatBlockOutcome> SeatBlockStore::block(int showtimeId, const QList<int>& seatIds,
                                               const QString& reason)
{
    auto kept = checkReason(reason);
    if (!kept)
        return kept.error();
    if (seatIds.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::NoSeatsNamed);
    auto q = m_connection.exec(
        QStringLiteral("SELECT seat_id, was, held_until, blocked FROM bo_seat_block(?, ?::integer[], ?)"),
        {showtimeId, toPgIntArray(seatIds), kept.value()});
    if (!q)
        return q.error();
    SeatBlockOutcome outcome;
    Rows& r = q.value();
    while (r.next()) {
        const int seat = r.value(0).toInt();
        const QString was = r.value(1).toString();
        if (!r.value(3).toBool())
            outcome.inTheWay.append({seat, was == QLatin1String("RESERVED"),
                                     r.value(2).isNull() ? QDateTime() : r.value(2).toDateTime().toUTC()});
        else if (was == QLatin1String("BLOCKED"))
            outcome.alreadyBlocked << seat;
        else
            outcome.blocked << seat;
    }
    if (outcome.inTheWay.isEmpty() &&
        outcome.blocked.size() + outcome.alreadyBlocked.size() != seatIds.size())
        return refuse(ErrorCode::Internal, Refusal::UnexpectedAnswer, {QStringLiteral("bo_seat_block")},
                      QStringLiteral("the block answered for other seats than were asked"));
    return outcome;
}

Result<SeatUnblockOutcome> SeatBlockStore::unblock(int showtimeId, const QList<int>& seatIds)
{
    if (seatIds.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::NoSeatsNamed);
    auto q =
        m_connection.exec(QStringLiteral("SELECT seat_id, unblocked FROM bo_seat_unblock(?, ?::integer[])"),
                          {showtimeId, toPgIntArray(seatIds)});
    if (!q)
        return q.error();
    SeatUnblockOutcome outcome;
    Rows& r = q.value();
    while (r.next())
        (r.value(1).toBool() ? outcome.freed : outcome.notBlocked) << r.value(0).toInt();
    return outcome;
}

Result<QList<BlockedSeat>> SeatBlockStore::blockedSeats(int showtimeId)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT ss.seat_id, s.label, b.reason, b.blocked_by, b.blocked_at "
            "  FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
            "  LEFT JOIN seat_block b ON b.showtime_id = ss.showtime_id AND b.seat_id = ss.seat_id "
            " WHERE ss.showtime_id = ? AND ss.status = 'BLOCKED' "
            " ORDER BY s.section, s.row_label, s.number, s.id"),
        {showtimeId});
    if (!q)
        return q.error();
    QList<BlockedSeat> seats;
    Rows& r = q.value();
    while (r.next()) {
        BlockedSeat b;
        b.seatId = r.value(0).toInt();
        b.label = r.value(1).toString();
        b.reason = r.value(2).toString();
        b.blockedBy = r.value(3).toString();
        if (!r.value(4).isNull())
            b.blockedAt = r.value(4).toDateTime().toUTC();
        seats << b;
    }
    return seats;
}

} // namespace bo
