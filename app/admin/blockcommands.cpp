// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/blockcommands.h"

#include <QJsonArray>
#include <QJsonObject>

#include "db/catalogstore.h"
#include "db/seatblockstore.h"

namespace bo {
namespace {

QJsonArray labelArray(const QList<int>& ids, const QHash<int, QString>& labels)
{
    QJsonArray out;
    for (int id : ids)
        out.append(labels.value(id, QString::number(id)));
    return out;
}

QStringList labelList(const QList<int>& ids, const QHash<int, QString>& labels)
{
    QStringList out;
    for (int id : ids)
        out << labels.value(id, QString::number(id));
    return out;
}

} // namespace

BlockCommands::BlockCommands(CliSession& session)
    : m_session(session)
{}

Result<BlockCommands::Named> BlockCommands::named(const QStringList& positional, QHash<int, QString>& labels)
{
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return showtimeId.error();
    const QStringList seats = positional.mid(2);
    if (seats.isEmpty())
        return makeError(ErrorCode::BadInput, tr("Which seats? Name them as printed, e.g. K12 K13."));
    CatalogStore catalog(m_session.connection());
    auto ids = catalog.resolveSeatLabels(showtimeId.value(), seats);
    if (!ids)
        return makeError(ids.error().code == ErrorCode::NotFound ? ErrorCode::BadInput : ids.error().code,
                         ids.error().message, ids.error().detail);
    for (qsizetype i = 0; i < ids.value().size(); ++i)
        labels.insert(ids.value().at(i), seats.at(i).trimmed().toUpper());
    return Named{showtimeId.value(), ids.value()};
}

ExitCode BlockCommands::block(const QStringList& positional)
{
    if (positional.size() < 3)
        return m_session.usageError(
            tr("block needs a showtime and seats: block SHOWTIME SEAT... --reason R."));
    auto reason = SeatBlocking::checkReason(m_session.value(QStringLiteral("reason")));
    if (!reason)
        return m_session.usageError(reason.error().message);
    // As showtime-add: the demo's owner on a one-person machine, else the login given.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    QHash<int, QString> labels;
    auto seats = named(positional, labels);
    if (!seats)
        return m_session.fail(seats.error());
    SeatBlockStore store(m_session.connection());
    auto done = store.block(seats.value().showtimeId, seats.value().seatIds, reason.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Blocking seats needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    const SeatBlockOutcome& outcome = done.value();
    if (!outcome.done()) {
        QJsonArray inTheWay;
        QStringList said;
        QList<int> ids;
        for (const SeatInTheWay& s : outcome.inTheWay) {
            const QString label = labels.value(s.seatId, QString::number(s.seatId));
            ids << s.seatId;
            QJsonObject seat{
                {QStringLiteral("seat"), label},
                {QStringLiteral("state"), s.sold ? QStringLiteral("sold") : QStringLiteral("held")}};
            if (!s.sold && s.heldUntil.isValid())
                seat.insert(QStringLiteral("held_until"), CliSession::isoUtc(s.heldUntil));
            inTheWay.append(seat);
            said << (s.sold
                         ? tr("%1 is sold (refund or move its booking first)").arg(label)
                         : tr("%1 is held by a sale until %2")
                               .arg(label, CliSession::localTime(s.heldUntil, QStringLiteral("HH:mm:ss"))));
        }
        const QString message = tr("Nothing was blocked: %1.").arg(said.join(QStringLiteral("; ")));
        return m_session.conflict(message, {{QStringLiteral("in_the_way"), inTheWay}},
                                  {{QStringLiteral("seats"), labelArray(ids, labels)}});
    }
    QString text =
        tr("Blocked %1 of showtime %2: %3.\n")
            .arg(labelList(outcome.blocked + outcome.alreadyBlocked, labels).join(QLatin1Char(' ')))
            .arg(seats.value().showtimeId)
            .arg(reason.value());
    if (!outcome.alreadyBlocked.isEmpty())
        text += tr("Blocked before (the reason is the new one now): %1.\n")
                    .arg(labelList(outcome.alreadyBlocked, labels).join(QLatin1Char(' ')));
    m_session.print(
        QJsonObject{{QStringLiteral("showtime"), seats.value().showtimeId},
                    {QStringLiteral("blocked"), labelArray(outcome.blocked, labels)},
                    {QStringLiteral("already_blocked"), labelArray(outcome.alreadyBlocked, labels)},
                    {QStringLiteral("reason"), reason.value()}},
        text);
    return ExitCode::Ok;
}

ExitCode BlockCommands::unblock(const QStringList& positional)
{
    if (positional.size() < 3)
        return m_session.usageError(tr("unblock needs a showtime and seats: unblock SHOWTIME SEAT...."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    QHash<int, QString> labels;
    auto seats = named(positional, labels);
    if (!seats)
        return m_session.fail(seats.error());
    SeatBlockStore store(m_session.connection());
    auto done = store.unblock(seats.value().showtimeId, seats.value().seatIds);
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(
                ErrorCode::Internal, tr("Unblocking seats needs a manager login."), done.error().detail));
        return m_session.failLookup(done.error());
    }
    const SeatUnblockOutcome& outcome = done.value();
    QString text;
    if (!outcome.freed.isEmpty())
        text += tr("Back on sale: %1.\n").arg(labelList(outcome.freed, labels).join(QLatin1Char(' ')));
    if (!outcome.notBlocked.isEmpty())
        text += tr("Not blocked, left as they were: %1.\n")
                    .arg(labelList(outcome.notBlocked, labels).join(QLatin1Char(' ')));
    m_session.print(QJsonObject{{QStringLiteral("showtime"), seats.value().showtimeId},
                                {QStringLiteral("unblocked"), labelArray(outcome.freed, labels)},
                                {QStringLiteral("not_blocked"), labelArray(outcome.notBlocked, labels)}},
                    text);
    return ExitCode::Ok;
}

ExitCode BlockCommands::blocks(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("blocks takes one showtime: blocks SHOWTIME."));
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    if (auto info = catalog.showtime(showtimeId.value()); !info)
        return m_session.failLookup(info.error());
    SeatBlockStore store(m_session.connection());
    auto blocked = store.blockedSeats(showtimeId.value());
    if (!blocked)
        return m_session.fail(blocked.error());
    QJsonArray list;
    QString text;
    for (const BlockedSeat& b : blocked.value()) {
        QJsonObject seat{{QStringLiteral("seat"), b.label}, {QStringLiteral("reason"), b.reason}};
        if (b.blockedAt.isValid()) {
            seat.insert(QStringLiteral("blocked_by"), b.blockedBy);
            seat.insert(QStringLiteral("blocked_at"), CliSession::isoUtc(b.blockedAt));
            text += tr("%1\t%2 (%3, %4)\n")
                        .arg(b.label, b.reason, b.blockedBy,
                             CliSession::localTime(b.blockedAt, QStringLiteral("yyyy-MM-dd HH:mm")));
        } else {
            seat.insert(QStringLiteral("hall_out_of_service"), true);
            text += tr("%1\tout of service in the hall\n").arg(b.label);
        }
        list.append(seat);
    }
    if (list.isEmpty())
        text = tr("No seat of showtime %1 is blocked.\n").arg(showtimeId.value());
    m_session.print(
        QJsonObject{{QStringLiteral("showtime"), showtimeId.value()}, {QStringLiteral("blocked"), list}},
        text);
    return ExitCode::Ok;
}

} // namespace bo
