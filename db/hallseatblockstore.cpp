// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/hallseatblockstore.h"

#include <QSet>

#include "db/dbconnection.h"
#include "model/halls/seatblocking.h"

namespace bo {
namespace {

/// A text[] literal of `labels` ("{"F7","F8"}"), each quoted with its quotes and backslashes
/// escaped, so that no label can break out of its element.
QString textArray(const QStringList& labels)
{
    QStringList quoted;
    quoted.reserve(labels.size());
    for (QString label : labels) {
        label.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""));
        quoted << QLatin1Char('"') + label + QLatin1Char('"');
    }
    return QLatin1Char('{') + quoted.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace

HallSeatBlockStore::HallSeatBlockStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<HallBlockOutcome> HallSeatBlockStore::blockHallSeats(const QString& hall, const QStringList& labels,
                                                            const QString& reason, bool skipTaken)
{
    auto kept = SeatBlocking::checkReason(reason);
    if (!kept)
        return kept.error();
    if (labels.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::NoSeatsNamed);
    auto q =
        m_connection.exec(QStringLiteral("SELECT showtime_id, starts_at, label, was, held_until, blocked "
                                         "  FROM bo_hall_seat_block(?, ?::text[], ?, ?)"),
                          {hall, textArray(labels), kept.value(), skipTaken});
    if (!q)
        return q.error(); // the server names an unknown hall or seat (no-such-hall, no-such-hall-seat)
    HallBlockOutcome outcome;
    bool refused = false;
    QSet<int> showtimes;
    Rows& r = q.value();
    while (r.next()) {
        const int showtime = r.value(0).toInt();
        const QString was = r.value(3).toString();
        if (!r.value(5).toBool()) {
            refused = true;
            outcome.inTheWay.append({showtime, r.value(1).toDateTime().toUTC(), r.value(2).toString(),
                                     was == QLatin1String("RESERVED"),
                                     r.value(4).isNull() ? QDateTime() : r.value(4).toDateTime().toUTC()});
            continue;
        }
        if (!showtimes.contains(showtime)) {
            showtimes.insert(showtime);
            outcome.showtimes << showtime;
        }
        if (was == QLatin1String("FREE"))
            ++outcome.seatsBlocked;
    }
    outcome.applied = skipTaken || !refused;
    if (!outcome.applied)
        outcome.showtimes.clear();
    return outcome;
}

Result<QList<HallUnblockOutcome>> HallSeatBlockStore::unblockHallSeats(const QString& hall,
                                                                       const QStringList& labels)
{
    if (labels.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::NoSeatsNamed);
    auto q = m_connection.exec(
        QStringLiteral("SELECT label, hall_blocked, showtimes FROM bo_hall_seat_unblock(?, ?::text[])"),
        {hall, textArray(labels)});
    if (!q)
        return q.error(); // the server names an unknown hall or seat (no-such-hall, no-such-hall-seat)
    QList<HallUnblockOutcome> out;
    Rows& r = q.value();
    while (r.next())
        out.append({r.value(0).toString(), r.value(1).toBool(), r.value(2).toInt()});
    return out;
}

Result<QList<HallBlock>> HallSeatBlockStore::hallBlocks(const QString& hall)
{
    bool numbered = false;
    const int id = hall.trimmed().toInt(&numbered);
    auto found = m_connection.exec(
        QStringLiteral(
            "SELECT a.id FROM auditorium a WHERE a.name = ? OR a.id = ? ORDER BY a.name = ? DESC LIMIT 1"),
        {hall, numbered ? id : -1, hall});
    if (!found)
        return found.error();
    if (!found.value().next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchHall, {hall});
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT label, reason, blocked_by, blocked_at FROM hall_seat_block WHERE auditorium_id = ? "
            " ORDER BY substring(label from '^[A-Z]+'), length(label), label"),
        {found.value().value(0).toInt()});
    if (!q)
        return q.error();
    QList<HallBlock> out;
    Rows& r = q.value();
    while (r.next())
        out.append({r.value(0).toString(), r.value(1).toString(), r.value(2).toString(),
                    r.value(3).toDateTime().toUTC()});
    return out;
}

} // namespace bo
