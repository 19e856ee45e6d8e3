// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/showtimecommands.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

#include "db/catalogstore.h"
#include "db/seatstore.h"

namespace bo {

ShowtimeCommands::ShowtimeCommands(CliSession& session)
    : m_session(session)
{}

ExitCode ShowtimeCommands::showtimes()
{
    QDate day = QDate::currentDate();
    if (m_session.isSet(QStringLiteral("date"))) {
        day = QDate::fromString(m_session.value(QStringLiteral("date")), Qt::ISODate);
        if (!day.isValid())
            return m_session.usageError(
                tr("'%1' is not a date like 2026-12-24.").arg(m_session.value(QStringLiteral("date"))));
    }
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    const QDateTime from(day, QTime(0, 0), QTimeZone::systemTimeZone());
    auto list = catalog.showtimes(from, from.addDays(1));
    if (!list)
        return m_session.fail(list.error());
    QJsonArray json;
    QString text = tr("Showtimes on %1:\n").arg(day.toString(Qt::ISODate));
    for (const ShowtimeInfo& s : list.value()) {
        json.append(QJsonObject{{QStringLiteral("id"), s.id},
                                {QStringLiteral("starts_at"), CliSession::isoUtc(s.startsAt)},
                                {QStringLiteral("status"), s.status},
                                {QStringLiteral("movie"), s.movieTitle},
                                {QStringLiteral("rating"), s.rating},
                                {QStringLiteral("runtime_min"), s.runtimeMinutes},
                                {QStringLiteral("auditorium"), s.auditoriumName},
                                {QStringLiteral("seats_total"), s.seatsTotal},
                                {QStringLiteral("seats_free"), s.seatsFree},
                                {QStringLiteral("seats_held"), s.seatsHeld},
                                {QStringLiteral("seats_reserved"), s.seatsReserved}});
        text += QStringLiteral("%1  %2  %3  %4  %5/%6 free%7\n")
                    .arg(s.id, 5)
                    .arg(CliSession::localTime(s.startsAt, QStringLiteral("HH:mm")),
                         s.auditoriumName.leftJustified(15), s.movieTitle.leftJustified(24))
                    .arg(s.seatsFree)
                    .arg(s.seatsTotal)
                    .arg(s.seatsFree == 0
                             ? tr("  SOLD OUT")
                             : (s.status != QLatin1String("ON_SALE") ? QStringLiteral("  ") + s.status
                                                                     : QString()));
    }
    if (list.value().isEmpty())
        text += tr("  (none)\n");
    m_session.print(
        QJsonObject{{QStringLiteral("date"), day.toString(Qt::ISODate)}, {QStringLiteral("showtimes"), json}},
        text);
    return ExitCode::Ok;
}

ExitCode ShowtimeCommands::seats(const QStringList& positional)
{
    // "seats next": the showtime on sale that starts soonest.
    const bool next = positional.size() == 2 && positional.at(1) == QLatin1String("next");
    auto showtimeId = next ? Result<int>(0) : m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    if (next) {
        showtimeId = catalog.nextShowtime();
        if (!showtimeId)
            return m_session.fail(showtimeId.error());
    }
    auto info = catalog.showtime(showtimeId.value());
    if (!info)
        return m_session.failLookup(info.error());
    SeatStore store(m_session.connection());
    auto seats = store.seats(showtimeId.value());
    if (!seats)
        return m_session.fail(seats.error());
    const ShowtimeInfo& s = info.value();
    QJsonArray json;
    QString text = tr("Showtime %1: %2, %3, %4 — %5 of %6 seats free\n")
                       .arg(s.id)
                       .arg(s.movieTitle, s.auditoriumName,
                            CliSession::localTime(s.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")))
                       .arg(s.seatsFree)
                       .arg(s.seatsTotal);
    QString currentRow;
    for (const SeatState& seat : seats.value()) {
        QJsonObject o{{QStringLiteral("seat_id"), seat.seatId},
                      {QStringLiteral("label"), seat.label},
                      {QStringLiteral("row"), seat.row},
                      {QStringLiteral("number"), seat.number},
                      {QStringLiteral("kind"), seatKindText(seat.kind)},
                      {QStringLiteral("x"), seat.x},
                      {QStringLiteral("y"), seat.y},
                      {QStringLiteral("status"), seatStatusText(seat.status)}};
        if (seat.status == SeatStatus::Held)
            o.insert(QStringLiteral("held_until"), CliSession::isoUtc(seat.heldUntil));
        json.append(o);
        if (seat.row != currentRow) {
            currentRow = seat.row;
            text += QStringLiteral("\n%1 ").arg(seat.row, -3);
        }
        const QString kind = seat.kind == SeatKind::Standard
                                 ? QString()
                                 : QLatin1Char('(') + seatKindText(seat.kind) + QLatin1Char(')');
        text += QStringLiteral(" %1%2:%3").arg(seat.label, kind, seatStatusText(seat.status).toLower());
    }
    text += QLatin1Char('\n');
    m_session.print(QJsonObject{{QStringLiteral("showtime_id"), s.id},
                                {QStringLiteral("movie"), s.movieTitle},
                                {QStringLiteral("auditorium"), s.auditoriumName},
                                {QStringLiteral("starts_at"), CliSession::isoUtc(s.startsAt)},
                                {QStringLiteral("seats"), json}},
                    text);
    return ExitCode::Ok;
}

} // namespace bo
