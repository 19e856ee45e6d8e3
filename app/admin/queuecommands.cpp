// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/queuecommands.h"

#include <QJsonArray>
#include <QJsonValue>

#include "db/queuestore.h"

namespace bo {
namespace {

QJsonValue optionalNumber(std::optional<int> value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue instant(const QDateTime& dt)
{
    return dt.isValid() ? QJsonValue(CliSession::isoUtc(dt)) : QJsonValue(QJsonValue::Null);
}

} // namespace

QueueCommands::QueueCommands(CliSession& session)
    : m_session(session)
{}

QString QueueCommands::stateWord(TicketState state)
{
    return QString::fromLatin1(ticketStateName(state)).toLower();
}

QJsonObject QueueCommands::ticketJson(const QueueTicket& t)
{
    return QJsonObject{{QStringLiteral("ticket"), t.ticket},
                       {QStringLiteral("showtime"), t.showtimeId},
                       {QStringLiteral("state"), stateWord(t.state)},
                       {QStringLiteral("admitted"), t.mayHold()},
                       {QStringLiteral("counter"), t.counter},
                       {QStringLiteral("position"), t.position > 0 ? QJsonValue(t.position) : QJsonValue()},
                       {QStringLiteral("waiting"), t.waiting},
                       {QStringLiteral("capacity"), optionalNumber(t.capacity)},
                       {QStringLiteral("eta_s"), t.etaSeconds >= 0 ? QJsonValue(t.etaSeconds) : QJsonValue()},
                       {QStringLiteral("admitted_until"), instant(t.admittedUntil)},
                       {QStringLiteral("reason"), t.reason.isEmpty() ? QJsonValue() : QJsonValue(t.reason)}};
}

ExitCode QueueCommands::printTicket(const Result<QueueTicket>& answer)
{
    if (!answer)
        return m_session.failLookup(answer.error());
    const QueueTicket& t = answer.value();
    QString text;
    switch (t.state) {
    case TicketState::Waiting:
        text =
            t.etaSeconds >= 0
                ? tr("Ticket %1 waits at position %2 of %3 (about %4 s).\n")
                      .arg(t.ticket)
                      .arg(t.position)
                      .arg(t.waiting)
                      .arg(t.etaSeconds)
                : tr("Ticket %1 waits at position %2 of %3.\n").arg(t.ticket).arg(t.position).arg(t.waiting);
        break;
    case TicketState::Admitted:
        text = tr("Ticket %1 is admitted until %2: hold seats now.\n")
                   .arg(t.ticket)
                   .arg(CliSession::localTime(t.admittedUntil, QStringLiteral("HH:mm:ss")));
        break;
    case TicketState::Active:
        text = tr("Ticket %1: the sale is selecting seats.\n").arg(t.ticket);
        break;
    case TicketState::Done:
    case TicketState::Left:
    case TicketState::Expired:
        text = tr("Ticket %1 has ended (%2: %3).\n").arg(t.ticket).arg(stateWord(t.state), t.reason);
        break;
    }
    m_session.print(ticketJson(t), text);
    return ExitCode::Ok;
}

ExitCode QueueCommands::line(const QStringList& positional)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    QueueStore store(m_session.connection());
    auto line = store.line(showtimeId.value());
    if (!line)
        return m_session.failLookup(line.error());
    QJsonArray tickets;
    int waiting = 0;
    int occupied = 0;
    QString text = line.value().capacity
                       ? tr("Showtime %1: capacity %2.\n").arg(showtimeId.value()).arg(*line.value().capacity)
                       : tr("Showtime %1 has no queue.\n").arg(showtimeId.value());
    for (const QueueLineEntry& e : line.value().tickets) {
        if (e.state == TicketState::Waiting)
            ++waiting;
        else
            ++occupied;
        tickets.append(
            QJsonObject{{QStringLiteral("ticket"), e.ticket},
                        {QStringLiteral("state"), stateWord(e.state)},
                        {QStringLiteral("position"), e.position > 0 ? QJsonValue(e.position) : QJsonValue()},
                        {QStringLiteral("counter"), e.counter},
                        {QStringLiteral("joined_at"), instant(e.joinedAt)},
                        {QStringLiteral("admitted_until"), instant(e.admittedUntil)}});
        text += QStringLiteral("%1  %2  %3%4\n")
                    .arg(e.position > 0 ? QString::number(e.position) : QStringLiteral("-"), 4)
                    .arg(e.ticket, 8)
                    .arg(stateWord(e.state), -8)
                    .arg(e.counter ? tr("  (counter)") : QString());
    }
    text += tr("%1 waiting, %2 selling.\n").arg(waiting).arg(occupied);
    m_session.print(QJsonObject{{QStringLiteral("showtime"), showtimeId.value()},
                                {QStringLiteral("capacity"), optionalNumber(line.value().capacity)},
                                {QStringLiteral("waiting"), waiting},
                                {QStringLiteral("occupied"), occupied},
                                {QStringLiteral("tickets"), tickets}},
                    text);
    return ExitCode::Ok;
}

ExitCode QueueCommands::capacity(const QStringList& positional)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (positional.size() != 3)
        return m_session.usageError(tr("Give the capacity: a number of sales, or 'default'."));
    std::optional<int> wanted;
    if (positional.at(2) != QLatin1String("default")) {
        bool ok = false;
        wanted = positional.at(2).toInt(&ok);
        if (!ok)
            return m_session.usageError(
                tr("'%1' is not a capacity: give a number or 'default'.").arg(positional.at(2)));
    }
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    QueueStore store(m_session.connection());
    auto set = store.setCapacity(showtimeId.value(), wanted);
    if (!set)
        return m_session.failLookup(set.error());
    const QueueCapacity& c = set.value();
    m_session.print(QJsonObject{{QStringLiteral("showtime"), c.showtimeId},
                                {QStringLiteral("override"), optionalNumber(c.override)},
                                {QStringLiteral("capacity"), optionalNumber(c.capacity)},
                                {QStringLiteral("waiting"), c.waiting},
                                {QStringLiteral("occupied"), c.occupied}},
                    c.capacity ? tr("Showtime %1: capacity %2 (%3 waiting, %4 selling).\n")
                                     .arg(c.showtimeId)
                                     .arg(*c.capacity)
                                     .arg(c.waiting)
                                     .arg(c.occupied)
                               : tr("Showtime %1 has no queue now.\n").arg(c.showtimeId));
    return ExitCode::Ok;
}

ExitCode QueueCommands::join(const QStringList& positional)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    auto owner = m_session.uuidOption(QStringLiteral("owner"), tr("hold token"), true);
    if (!owner)
        return m_session.fail(owner.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    QueueStore store(m_session.connection());
    return printTicket(
        store.join(showtimeId.value(), owner.value(), m_session.isSet(QStringLiteral("counter"))));
}

ExitCode QueueCommands::status()
{
    auto owner = m_session.uuidOption(QStringLiteral("owner"), tr("hold token"), true);
    if (!owner)
        return m_session.fail(owner.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    QueueStore store(m_session.connection());
    return printTicket(store.heartbeat(owner.value()));
}

ExitCode QueueCommands::leave()
{
    auto owner = m_session.uuidOption(QStringLiteral("owner"), tr("hold token"), true);
    if (!owner)
        return m_session.fail(owner.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    QueueStore store(m_session.connection());
    return printTicket(store.leave(owner.value()));
}

QList<QCommandLineOption> QueueCommands::options()
{
    return {
        {QStringLiteral("counter"), tr("'queue-join' for a counter till: admitted at once.")},
    };
}

} // namespace bo
