// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/queuestore.h"

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

/// The columns every ticket function returns, in the order read below.
const QString ticketColumns = QStringLiteral("ticket, showtime_id, state, counter, \"position\", waiting, "
                                             "capacity, eta_s, admitted_until, reason, db_now, line_no");

std::optional<int> optionalInt(const QVariant& value)
{
    return value.isNull() ? std::nullopt : std::optional<int>(value.toInt());
}

QVariant nullableInt(std::optional<int> value)
{
    return value ? QVariant(*value) : QVariant(QMetaType::fromType<int>());
}

Result<QueueTicket> readTicket(const Rows& r)
{
    QueueTicket t;
    t.ticket = r.value(0).toLongLong();
    t.showtimeId = r.value(1).toInt();
    bool known = false;
    t.state = ticketStateFromText(r.value(2).toString(), &known);
    // Never guessed: a state this build does not know is a newer schema's.
    if (!known)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The queue ticket is in a state this program does not know."),
                         QStringLiteral("ticket %1 state %2").arg(t.ticket).arg(r.value(2).toString()));
    t.counter = r.value(3).toBool();
    t.position = r.value(4).isNull() ? 0 : r.value(4).toInt();
    t.waiting = r.value(5).toInt();
    t.capacity = optionalInt(r.value(6));
    t.etaSeconds = r.value(7).isNull() ? -1 : r.value(7).toInt();
    t.admittedUntil = r.value(8).toDateTime();
    t.reason = r.value(9).toString();
    t.dbNow = r.value(10).toDateTime();
    t.arrival = r.value(11).isNull() ? 0 : r.value(11).toLongLong();
    return t;
}

} // namespace

QueueStore::QueueStore(DbConnection& connection)
    : m_connection(connection)
{}

QueueStore::QueueStore(std::unique_ptr<DbConnection> connection)
    : m_owned(std::move(connection))
    , m_connection(*m_owned)
{}

QueueStore::~QueueStore() = default;

Result<std::unique_ptr<AdmissionQueue>> QueueStore::open(const ConnectionSettings& settings,
                                                         const QString& purpose)
{
    auto opened = DbConnection::open(settings, purpose);
    if (!opened)
        return opened.error();
    return std::unique_ptr<AdmissionQueue>(std::make_unique<QueueStore>(std::move(opened.value())));
}

Result<QueueTicket> QueueStore::one(const QString& sql, const QVariantList& values)
{
    auto q = m_connection.exec(sql, values);
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    return readTicket(q.value());
}

Result<QueueTicket> QueueStore::join(int showtimeId, const QUuid& owner, bool counter)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, QStringLiteral("The sale's token is missing."));
    return one(QStringLiteral("SELECT %1 FROM bo_queue_join(?, ?::uuid, ?)").arg(ticketColumns),
               {showtimeId, uuidText(owner), counter});
}

Result<QueueTicket> QueueStore::heartbeat(const QUuid& owner)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, QStringLiteral("The sale's token is missing."));
    return one(QStringLiteral("SELECT %1 FROM bo_queue_heartbeat(?::uuid)").arg(ticketColumns),
               {uuidText(owner)});
}

Result<QueueTicket> QueueStore::leave(const QUuid& owner)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, QStringLiteral("The sale's token is missing."));
    return one(QStringLiteral("SELECT %1 FROM bo_queue_leave(?::uuid)").arg(ticketColumns),
               {uuidText(owner)});
}

Result<QueueLine> QueueStore::line(int showtimeId)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT ticket, state, counter, \"position\", joined_at, seen_at, admitted_until, capacity, "
            "db_now FROM bo_queue_line(?)"),
        {showtimeId});
    if (!q)
        return q.error();
    QueueLine line;
    line.showtimeId = showtimeId;
    Rows& r = q.value();
    bool first = true;
    while (r.next()) {
        QueueLineEntry e;
        e.ticket = r.value(0).toLongLong();
        bool known = false;
        e.state = ticketStateFromText(r.value(1).toString(), &known);
        if (!known)
            return makeError(ErrorCode::Internal,
                             QStringLiteral("The queue ticket is in a state this program does not know."),
                             QStringLiteral("ticket %1 state %2").arg(e.ticket).arg(r.value(1).toString()));
        e.counter = r.value(2).toBool();
        e.position = r.value(3).isNull() ? 0 : r.value(3).toInt();
        e.joinedAt = r.value(4).toDateTime();
        e.seenAt = r.value(5).toDateTime();
        e.admittedUntil = r.value(6).toDateTime();
        if (first) {
            line.capacity = optionalInt(r.value(7));
            line.dbNow = r.value(8).toDateTime();
            first = false;
        }
        line.tickets << e;
    }
    if (first) {
        // An empty line still says whether the showtime has a queue.
        auto cap = m_connection.exec(
            QStringLiteral("SELECT coalesce(st.queue_capacity, se.queue_capacity), clock_timestamp() "
                           "FROM showtime st, settings se WHERE st.id = ?"),
            {showtimeId});
        if (!cap)
            return cap.error();
        if (cap.value().next()) {
            line.capacity = optionalInt(cap.value().value(0));
            line.dbNow = cap.value().value(1).toDateTime();
        }
    }
    return line;
}

Result<QueueCapacity> QueueStore::setCapacity(int showtimeId, std::optional<int> capacity)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT showtime_id, override, capacity, waiting, occupied FROM bo_queue_set_capacity(?, ?)"),
        {showtimeId, nullableInt(capacity)});
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    const Rows& r = q.value();
    QueueCapacity c;
    c.showtimeId = r.value(0).toInt();
    c.override = optionalInt(r.value(1));
    c.capacity = optionalInt(r.value(2));
    c.waiting = r.value(3).toInt();
    c.occupied = r.value(4).toInt();
    return c;
}

Result<QHash<int, int>> QueueStore::waitingByShowtime(const QDateTime& from, const QDateTime& to)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT st.id, count(t.id) FROM showtime st CROSS JOIN settings se "
                       "LEFT JOIN queue_ticket t ON t.showtime_id = st.id AND t.state = 'WAITING' "
                       "WHERE st.starts_at >= ? AND st.starts_at < ? "
                       "AND coalesce(st.queue_capacity, se.queue_capacity) IS NOT NULL GROUP BY st.id"),
        {from.toUTC(), to.toUTC()});
    if (!q)
        return q.error();
    QHash<int, int> waiting;
    while (q.value().next())
        waiting.insert(q.value().value(0).toInt(), q.value().value(1).toInt());
    return waiting;
}

QString queueChannel()
{
    return QStringLiteral("bo_queue");
}

std::optional<QueueChange> parseQueueNotification(const QString& payload)
{
    const QStringList parts = payload.split(QLatin1Char('|'));
    if (parts.size() != 4)
        return std::nullopt;
    bool ok1 = false;
    bool ok2 = false;
    bool ok3 = false;
    bool ok4 = false;
    QueueChange c;
    c.showtimeId = parts[0].toInt(&ok1);
    c.sequence = parts[1].toLongLong(&ok2);
    c.waiting = parts[2].toInt(&ok3);
    c.admittedUpTo = parts[3].toLongLong(&ok4);
    if (!ok1 || !ok2 || !ok3 || !ok4)
        return std::nullopt;
    return c;
}

} // namespace bo
