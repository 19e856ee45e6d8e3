// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/hallblockcommands.h"

#include <QJsonArray>
#include <QJsonObject>

#include "db/hallseatblockstore.h"
#include "model/halls/seatblocking.h"

namespace bo {
namespace {

QJsonObject toJson(const HallSeatInTheWay& s)
{
    QJsonObject o{{QStringLiteral("showtime"), s.showtimeId},
                  {QStringLiteral("starts_at"), CliSession::isoUtc(s.startsAt)},
                  {QStringLiteral("seat"), s.label},
                  {QStringLiteral("state"), s.sold ? QStringLiteral("sold") : QStringLiteral("held")}};
    if (!s.sold && s.heldUntil.isValid())
        o.insert(QStringLiteral("held_until"), CliSession::isoUtc(s.heldUntil));
    return o;
}

QString describe(const HallSeatInTheWay& s)
{
    const QString when = CliSession::localTime(s.startsAt, QStringLiteral("yyyy-MM-dd HH:mm"));
    return s.sold ? HallBlockCommands::tr("%1 of showtime %2 (%3) is sold")
                        .arg(s.label)
                        .arg(s.showtimeId)
                        .arg(when)
                  : HallBlockCommands::tr("%1 of showtime %2 (%3) is held by a sale until %4")
                        .arg(s.label)
                        .arg(s.showtimeId)
                        .arg(when, CliSession::localTime(s.heldUntil, QStringLiteral("HH:mm:ss")));
}

/// The seats named after the hall, as printed.
QStringList seatLabels(const QStringList& positional)
{
    QStringList labels;
    labels.reserve(positional.size() - 2);
    for (qsizetype i = 2; i < positional.size(); ++i)
        labels << positional.at(i).trimmed().toUpper();
    return labels;
}

} // namespace

HallBlockCommands::HallBlockCommands(CliSession& session)
    : m_session(session)
{}

ExitCode HallBlockCommands::block(const QStringList& positional)
{
    if (positional.size() < 3)
        return m_session.usageError(
            tr("hall-block needs a hall and seats: hall-block HALL SEAT... --reason R."));
    auto reason = SeatBlocking::checkReason(m_session.value(QStringLiteral("reason")));
    if (!reason)
        return m_session.usageError(reason.error().message);
    const QString hall = positional.at(1).trimmed();
    const QStringList labels = seatLabels(positional);
    const bool skipTaken = m_session.isSet(QStringLiteral("skip-taken"));
    // As block: the demo's owner on a one-person machine, else the login given.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    HallSeatBlockStore store(m_session.connection());
    auto done = store.blockHallSeats(hall, labels, reason.value(), skipTaken);
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Blocking a hall's seats needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    const HallBlockOutcome& outcome = done.value();
    QJsonArray inTheWay;
    QStringList said;
    for (const HallSeatInTheWay& s : outcome.inTheWay) {
        inTheWay.append(toJson(s));
        said << describe(s);
    }
    if (!outcome.applied) {
        const QString message =
            tr("Nothing was blocked: %1. Move or refund those first, or block the rest with "
               "--skip-taken.")
                .arg(said.join(QStringLiteral("; ")));
        return m_session.conflict(message, {{QStringLiteral("in_the_way"), inTheWay}});
    }
    QJsonArray showtimes;
    for (int id : outcome.showtimes)
        showtimes.append(id);
    QString text = tr("Blocked %1 in hall %2 for every showtime from now on: %3.\n")
                       .arg(labels.join(QLatin1Char(' ')), hall, reason.value());
    text += tr("Coming showtimes with these seats blocked now: %1 (%2 seat(s) were free).\n")
                .arg(outcome.showtimes.size())
                .arg(outcome.seatsBlocked);
    if (!said.isEmpty())
        text += tr("Left to their sale (move those customers): %1.\n").arg(said.join(QStringLiteral("; ")));
    m_session.print(QJsonObject{{QStringLiteral("hall"), hall},
                                {QStringLiteral("seats"), QJsonArray::fromStringList(labels)},
                                {QStringLiteral("reason"), reason.value()},
                                {QStringLiteral("showtimes"), showtimes},
                                {QStringLiteral("seats_blocked"), outcome.seatsBlocked},
                                {QStringLiteral("left_to_their_sale"), inTheWay}},
                    text);
    return ExitCode::Ok;
}

ExitCode HallBlockCommands::unblock(const QStringList& positional)
{
    if (positional.size() < 3)
        return m_session.usageError(tr("hall-unblock needs a hall and seats: hall-unblock HALL SEAT...."));
    const QString hall = positional.at(1).trimmed();
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    HallSeatBlockStore store(m_session.connection());
    auto done = store.unblockHallSeats(hall, seatLabels(positional));
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Unblocking a hall's seats needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    QJsonArray json;
    QString text;
    for (const HallUnblockOutcome& u : done.value()) {
        json.append(QJsonObject{{QStringLiteral("seat"), u.label},
                                {QStringLiteral("was_blocked"), u.wasBlocked},
                                {QStringLiteral("showtimes_freed"), u.showtimesFreed}});
        text +=
            u.wasBlocked
                ? tr("%1: back on sale in %n coming showtime(s).\n", nullptr, u.showtimesFreed).arg(u.label)
                : tr("%1: the hall did not block it; left as it was.\n").arg(u.label);
    }
    m_session.print(QJsonObject{{QStringLiteral("hall"), hall}, {QStringLiteral("seats"), json}}, text);
    return ExitCode::Ok;
}

ExitCode HallBlockCommands::blocks(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("hall-blocks takes one hall: hall-blocks HALL."));
    const QString hall = positional.at(1).trimmed();
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    HallSeatBlockStore store(m_session.connection());
    auto blocked = store.hallBlocks(hall);
    if (!blocked)
        return m_session.failLookup(blocked.error());
    QJsonArray list;
    QString text;
    for (const HallBlock& b : blocked.value()) {
        list.append(QJsonObject{{QStringLiteral("seat"), b.label},
                                {QStringLiteral("reason"), b.reason},
                                {QStringLiteral("blocked_by"), b.blockedBy},
                                {QStringLiteral("blocked_at"), CliSession::isoUtc(b.blockedAt)}});
        text += tr("%1\t%2 (%3, %4)\n")
                    .arg(b.label, b.reason, b.blockedBy,
                         CliSession::localTime(b.blockedAt, QStringLiteral("yyyy-MM-dd HH:mm")));
    }
    if (list.isEmpty())
        text = tr("Hall %1 keeps no seat blocked.\n").arg(hall);
    m_session.print(QJsonObject{{QStringLiteral("hall"), hall}, {QStringLiteral("blocked"), list}}, text);
    return ExitCode::Ok;
}

QList<QCommandLineOption> HallBlockCommands::options()
{
    return {
        {QStringLiteral("skip-taken"),
         tr("'hall-block': block the seats where they are free, leave those held or sold to their sale.")},
    };
}

} // namespace bo
