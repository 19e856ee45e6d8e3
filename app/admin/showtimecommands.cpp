// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/showtimecommands.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

#include "db/catalogstore.h"
#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "model/showtimes/weekpattern.h"

namespace bo {
namespace {

QJsonObject toJson(const ScheduledShowtime& s)
{
    return QJsonObject{
        {QStringLiteral("id"), s.id},
        {QStringLiteral("hall_id"), s.hallId},
        {QStringLiteral("hall"), s.hall},
        {QStringLiteral("film"), s.film},
        {QStringLiteral("status"), s.status},
        {QStringLiteral("starts_at"), CliSession::isoUtc(s.startsAt)},
        {QStringLiteral("ends_at"), CliSession::isoUtc(s.endsAt)},
        {QStringLiteral("clean_until"), CliSession::isoUtc(s.cleanUntil)},
        {QStringLiteral("sale_opens_at"),
         s.saleOpensAt.isValid() ? QJsonValue(CliSession::isoUtc(s.saleOpensAt)) : QJsonValue()},
        {QStringLiteral("sale_closes_at"),
         s.saleClosesAt.isValid() ? QJsonValue(CliSession::isoUtc(s.saleClosesAt)) : QJsonValue()}};
}

/// " On sale from ... until ..." for a showtime with a window; empty without one.
QString windowText(const QDateTime& opens, const QDateTime& closes)
{
    const QString format = QStringLiteral("yyyy-MM-dd HH:mm");
    if (opens.isValid() && closes.isValid())
        return ShowtimeCommands::tr("on sale %1 to %2")
            .arg(CliSession::localTime(opens, format), CliSession::localTime(closes, format));
    if (opens.isValid())
        return ShowtimeCommands::tr("on sale from %1").arg(CliSession::localTime(opens, format));
    if (closes.isValid())
        return ShowtimeCommands::tr("on sale until %1").arg(CliSession::localTime(closes, format));
    return {};
}

/// "2026-12-24T19:30" (this computer's time zone), "2026-12-24 19:30", or either with "Z" or an
/// offset; an invalid QDateTime for anything else.
QDateTime startTime(QString text)
{
    text = text.trimmed();
    if (text.size() > 10 && text.at(10) == QLatin1Char(' '))
        text[10] = QLatin1Char('T');
    if (text.size() < 16 || text.at(10) != QLatin1Char('T'))
        return {};
    return QDateTime::fromString(text, Qt::ISODate);
}

} // namespace

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
        json.append(QJsonObject{
            {QStringLiteral("id"), s.id},
            {QStringLiteral("starts_at"), CliSession::isoUtc(s.startsAt)},
            {QStringLiteral("status"), s.status},
            {QStringLiteral("movie"), s.movieTitle},
            {QStringLiteral("rating"), s.rating},
            {QStringLiteral("runtime_min"), s.runtimeMinutes},
            {QStringLiteral("auditorium"), s.auditoriumName},
            {QStringLiteral("seats_total"), s.seatsTotal},
            {QStringLiteral("seats_free"), s.seatsFree},
            {QStringLiteral("seats_held"), s.seatsHeld},
            {QStringLiteral("seats_reserved"), s.seatsReserved},
            {QStringLiteral("sale_opens_at"),
             s.saleOpensAt.isValid() ? QJsonValue(CliSession::isoUtc(s.saleOpensAt)) : QJsonValue()},
            {QStringLiteral("sale_closes_at"),
             s.saleClosesAt.isValid() ? QJsonValue(CliSession::isoUtc(s.saleClosesAt)) : QJsonValue()}});
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
        if (const QString window = windowText(s.saleOpensAt, s.saleClosesAt); !window.isEmpty())
            text.insert(text.size() - 1, QStringLiteral("  (%1)").arg(window));
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
    auto seats = store.seats(showtimeId.value(), QUuid());
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

Result<NewShowtime> ShowtimeCommands::request() const
{
    NewShowtime shape;
    shape.hall = m_session.value(QStringLiteral("hall")).trimmed();
    shape.film = m_session.value(QStringLiteral("film")).trimmed();
    shape.priceList = m_session.value(QStringLiteral("prices")).trimmed();
    if (shape.hall.isEmpty() || shape.film.isEmpty())
        return makeError(ErrorCode::BadInput, tr("Name the hall and the film (--hall, --film)."));
    if (m_session.isSet(QStringLiteral("trailers"))) {
        bool ok = false;
        const int minutes = m_session.value(QStringLiteral("trailers")).toInt(&ok);
        if (!ok || minutes < 0 || minutes > 60)
            return makeError(ErrorCode::BadInput, tr("--trailers is 0 to 60 minutes, not '%1'.")
                                                      .arg(m_session.value(QStringLiteral("trailers"))));
        shape.trailerMinutes = minutes;
    }
    auto window = saleWindowOptions();
    if (!window)
        return window.error();
    shape.saleWindow = window.value();
    return shape;
}

Result<SaleWindowChange> ShowtimeCommands::saleWindowOptions() const
{
    SaleWindowChange change;
    const auto read = [&](const QString& option, bool nowAllowed) -> Result<std::optional<QDateTime>> {
        if (!m_session.isSet(option))
            return std::optional<QDateTime>();
        const QString text = m_session.value(option).trimmed();
        if (text == QLatin1String("none"))
            return std::optional<QDateTime>(QDateTime());
        if (nowAllowed && text == QLatin1String("now"))
            return std::optional<QDateTime>(QDateTime::currentDateTimeUtc());
        const QDateTime at = startTime(text);
        if (!at.isValid())
            return makeError(ErrorCode::BadInput,
                             tr("--%1 is a time like 2026-12-24T10:00%2 or 'none', not '%3'.")
                                 .arg(option, nowAllowed ? tr(", 'now'") : QString(), text));
        return std::optional<QDateTime>(at);
    };
    auto opens = read(QStringLiteral("sale-opens"), true);
    if (!opens)
        return opens.error();
    auto closes = read(QStringLiteral("sale-closes"), false);
    if (!closes)
        return closes.error();
    change.opens = opens.value();
    change.closes = closes.value();
    if (change.opens && change.closes && change.opens->isValid() && change.closes->isValid() &&
        *change.opens >= *change.closes)
        return makeError(ErrorCode::BadInput,
                         tr("The sale must open before it closes (--sale-opens, --sale-closes)."));
    return change;
}

ExitCode ShowtimeCommands::add(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("showtime-add takes options only: --hall, --film and --start."));
    auto shaped = request();
    if (!shaped)
        return m_session.usageError(shaped.error().message);
    NewShowtime wanted = shaped.value();
    if (!m_session.isSet(QStringLiteral("start")))
        return m_session.usageError(tr("showtime-add needs --start."));
    wanted.startsAt = startTime(m_session.value(QStringLiteral("start")));
    if (!wanted.startsAt.isValid())
        return m_session.usageError(tr("'%1' is not a start time like 2026-12-24T19:30.")
                                        .arg(m_session.value(QStringLiteral("start"))));
    // As hall-import: the demo's owner on a one-person machine, else the login given.
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    ShowtimeStore store(m_session.connection());
    auto done = store.add(wanted);
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(
                ErrorCode::Internal, tr("Adding a showtime needs a manager login."), done.error().detail));
        return m_session.failLookup(done.error());
    }
    const ShowtimeAddOutcome& outcome = done.value();
    if (!outcome.added) {
        QJsonArray overlaps;
        QStringList named;
        for (const ScheduledShowtime& o : outcome.overlaps) {
            overlaps.append(toJson(o));
            named << tr("showtime %1 (%2, %3 to %4, the hall clean at %5)")
                         .arg(o.id)
                         .arg(o.film, CliSession::localTime(o.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                              CliSession::localTime(o.endsAt, QStringLiteral("HH:mm")),
                              CliSession::localTime(o.cleanUntil, QStringLiteral("HH:mm")));
        }
        const QString message = tr("The hall is busy then: it overlaps %1. Nothing was added.")
                                    .arg(named.join(QStringLiteral("; ")));
        return m_session.conflict(message, {{QStringLiteral("overlaps"), overlaps}});
    }
    const ScheduledShowtime& s = *outcome.added;
    QString text =
        tr("Showtime %1 added: %2 in %3, %4 to %5 (the hall clean at %6).\n")
            .arg(s.id)
            .arg(s.film, s.hall, CliSession::localTime(s.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                 CliSession::localTime(s.endsAt, QStringLiteral("HH:mm")),
                 CliSession::localTime(s.cleanUntil, QStringLiteral("HH:mm")));
    if (const QString window = windowText(s.saleOpensAt, s.saleClosesAt); !window.isEmpty())
        text += QStringLiteral("  %1\n").arg(window);
    m_session.print(QJsonObject{{QStringLiteral("showtime"), toJson(s)}}, text);
    return ExitCode::Ok;
}

ExitCode ShowtimeCommands::pattern(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(
            tr("showtime-pattern takes options only: --hall, --film, --from, --to and --times."));
    auto shaped = request();
    if (!shaped)
        return m_session.usageError(shaped.error().message);
    WeekPattern week;
    week.from = QDate::fromString(m_session.value(QStringLiteral("from")), Qt::ISODate);
    week.to = QDate::fromString(m_session.value(QStringLiteral("to")), Qt::ISODate);
    if (!week.from.isValid() || !week.to.isValid())
        return m_session.usageError(tr("--from and --to are days like 2026-12-24."));
    auto times = WeekPattern::parseTimes(m_session.value(QStringLiteral("times")));
    if (!times)
        return m_session.usageError(times.error().message);
    week.times = times.value();
    if (m_session.isSet(QStringLiteral("days"))) {
        auto days = WeekPattern::parseWeekdays(m_session.value(QStringLiteral("days")));
        if (!days)
            return m_session.usageError(days.error().message);
        week.weekdays = days.value();
    }
    auto starts = week.starts(QTimeZone::systemTimeZone());
    if (!starts)
        return m_session.usageError(starts.error().message);

    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    ShowtimeStore store(m_session.connection());
    auto done = store.addPattern(shaped.value(), starts.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(
                ErrorCode::Internal, tr("Adding showtimes needs a manager login."), done.error().detail));
        return m_session.failLookup(done.error());
    }
    const ShowtimePatternOutcome& outcome = done.value();
    if (!outcome.conflicts.isEmpty()) {
        QJsonArray conflicts;
        QString text;
        for (const PatternConflict& c : outcome.conflicts) {
            QJsonObject o{{QStringLiteral("start"), CliSession::isoUtc(c.requestedStart)}};
            const QString when = CliSession::localTime(c.requestedStart, QStringLiteral("yyyy-MM-dd HH:mm"));
            if (c.existing) {
                o.insert(QStringLiteral("showtime"), toJson(*c.existing));
                text +=
                    tr("  %1 overlaps showtime %2 (%3, %4 to %5, the hall clean at %6)\n")
                        .arg(when)
                        .arg(c.existing->id)
                        .arg(c.existing->film,
                             CliSession::localTime(c.existing->startsAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                             CliSession::localTime(c.existing->endsAt, QStringLiteral("HH:mm")),
                             CliSession::localTime(c.existing->cleanUntil, QStringLiteral("HH:mm")));
            } else {
                o.insert(QStringLiteral("pattern_start"), CliSession::isoUtc(c.otherRequestedStart));
                text += tr("  %1 overlaps the pattern's own %2\n")
                            .arg(when, CliSession::localTime(c.otherRequestedStart,
                                                             QStringLiteral("yyyy-MM-dd HH:mm")));
            }
            conflicts.append(o);
        }
        const QString message =
            tr("The pattern overlaps %n time(s); nothing was added.", nullptr, int(outcome.conflicts.size()));
        if (!m_session.json())
            m_session.print(QJsonObject(), text);
        return m_session.conflict(message, {{QStringLiteral("conflicts"), conflicts}});
    }
    QJsonArray added;
    QString text = tr("%n showtime(s) added:\n", nullptr, int(outcome.added.size()));
    for (const ScheduledShowtime& s : outcome.added) {
        added.append(toJson(s));
        text += QStringLiteral("%1  %2  %3  %4\n")
                    .arg(s.id, 6)
                    .arg(CliSession::localTime(s.startsAt, QStringLiteral("yyyy-MM-dd ddd HH:mm")),
                         s.hall.leftJustified(15), s.film);
    }
    m_session.print(QJsonObject{{QStringLiteral("showtimes"), added}}, text);
    return ExitCode::Ok;
}

ExitCode ShowtimeCommands::cancel(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("showtime-cancel takes one showtime number."));
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    ShowtimeStore store(m_session.connection());
    auto done = store.cancel(showtimeId.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Cancelling a showtime needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    const bool now = done.value() == ShowtimeCancelOutcome::Cancelled;
    m_session.print(QJsonObject{{QStringLiteral("showtime_id"), showtimeId.value()},
                                {QStringLiteral("cancelled"), true},
                                {QStringLiteral("already"), !now}},
                    now ? tr("Showtime %1 cancelled; its hall is free for another.\n").arg(showtimeId.value())
                        : tr("Showtime %1 was cancelled already.\n").arg(showtimeId.value()));
    return ExitCode::Ok;
}

ExitCode ShowtimeCommands::saleWindow(const QStringList& positional)
{
    if (positional.size() < 2)
        return m_session.usageError(tr("showtime-sale takes one showtime number or more."));
    QList<int> ids;
    ids.reserve(positional.size() - 1);
    for (qsizetype i = 1; i < positional.size(); ++i) {
        auto id = m_session.showtimeArgument({positional.first(), positional.at(i)});
        if (!id)
            return m_session.fail(id.error());
        ids << id.value();
    }
    auto change = saleWindowOptions();
    if (!change)
        return m_session.usageError(change.error().message);
    if (!change.value().changes())
        return m_session.usageError(tr("showtime-sale needs --sale-opens, --sale-closes or both."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    ShowtimeStore store(m_session.connection());
    auto done = store.setSaleWindow(ids, change.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Setting when showtimes sell needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    QJsonArray json;
    QString text;
    for (const SaleWindow& w : done.value()) {
        json.append(
            QJsonObject{{QStringLiteral("showtime_id"), w.showtimeId},
                        {QStringLiteral("starts_at"), CliSession::isoUtc(w.startsAt)},
                        {QStringLiteral("sale_opens_at"),
                         w.opensAt.isValid() ? QJsonValue(CliSession::isoUtc(w.opensAt)) : QJsonValue()},
                        {QStringLiteral("sale_closes_at"),
                         w.closesAt.isValid() ? QJsonValue(CliSession::isoUtc(w.closesAt)) : QJsonValue()}});
        const QString window = windowText(w.opensAt, w.closesAt);
        text += tr("Showtime %1 (%2): %3\n")
                    .arg(w.showtimeId)
                    .arg(CliSession::localTime(w.startsAt, QStringLiteral("yyyy-MM-dd HH:mm")),
                         window.isEmpty() ? tr("on sale from now until its start plus the late-sale minutes")
                                          : window);
    }
    m_session.print(QJsonObject{{QStringLiteral("showtimes"), json}}, text);
    return ExitCode::Ok;
}

ExitCode ShowtimeCommands::relayout(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("showtime-relayout takes one showtime number."));
    auto showtimeId = m_session.showtimeArgument(positional);
    if (!showtimeId)
        return m_session.fail(showtimeId.error());
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    ShowtimeStore store(m_session.connection());
    auto done = store.relayout(showtimeId.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal,
                                            tr("Moving a showtime to a new layout needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    const ShowtimeRelayout& r = done.value();
    QString text = r.moved ? tr("Showtime %1 now has the hall's layout version %2 (was %3): %4 seats.\n")
                                 .arg(r.showtimeId)
                                 .arg(r.version)
                                 .arg(r.oldVersion)
                                 .arg(r.seats)
                           : tr("Showtime %1 has the hall's current layout (version %2) already.\n")
                                 .arg(r.showtimeId)
                                 .arg(r.version);
    if (!r.blocksKept.isEmpty())
        text += tr("Its blocked seats kept: %1.\n").arg(r.blocksKept.join(QLatin1Char(' ')));
    if (!r.blocksDropped.isEmpty())
        text += tr("Blocked seats the new layout does not have: %1.\n")
                    .arg(r.blocksDropped.join(QLatin1Char(' ')));
    m_session.print(
        QJsonObject{{QStringLiteral("showtime_id"), r.showtimeId},
                    {QStringLiteral("moved"), r.moved},
                    {QStringLiteral("old_version"), r.oldVersion},
                    {QStringLiteral("version"), r.version},
                    {QStringLiteral("seats"), r.seats},
                    {QStringLiteral("blocks_kept"), QJsonArray::fromStringList(r.blocksKept)},
                    {QStringLiteral("blocks_dropped"), QJsonArray::fromStringList(r.blocksDropped)}},
        text);
    return ExitCode::Ok;
}

QList<QCommandLineOption> ShowtimeCommands::options()
{
    return {
        {QStringLiteral("hall"), tr("The hall of 'showtime-add', by name or number."), tr("hall")},
        {QStringLiteral("film"), tr("The film of 'showtime-add', by title or number."), tr("film")},
        {QStringLiteral("start"),
         tr("When 'showtime-add' starts (trailers included), local time or with an offset."), tr("time")},
        {QStringLiteral("prices"), tr("The price list of 'showtime-add' (default: the only one)."),
         tr("list")},
        {QStringLiteral("sale-opens"),
         tr("When the showtimes go on sale: a time, 'now' or 'none' (on sale as soon as made)."), tr("time")},
        {QStringLiteral("sale-closes"),
         tr("When the showtimes stop selling: a time or 'none' (the start plus the late-sale minutes)."),
         tr("time")},
        {QStringLiteral("from"), tr("First day of 'showtime-pattern'."), tr("YYYY-MM-DD")},
        {QStringLiteral("to"), tr("Last day of 'showtime-pattern' (included)."), tr("YYYY-MM-DD")},
        {QStringLiteral("times"), tr("Start times of 'showtime-pattern', like 10:00,13:20,16:40."),
         tr("times")},
        {QStringLiteral("days"),
         tr("Weekdays of 'showtime-pattern': mon,tue,... or mon-fri (default daily)."), tr("days")},
        {QStringLiteral("trailers"), tr("Minutes of trailers before the film (default: the setting, 10)."),
         tr("minutes")},
    };
}

} // namespace bo
