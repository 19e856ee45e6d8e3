// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/showtimestore.h"

#include <algorithm>
#include <chrono>
#include <thread>
#include <tuple>
#include <utility>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QStringList>

#include "db/dbconnection.h"
#include "model/pricing/pricecard.h"

namespace bo {
namespace {

QVariant textOrNull(const QString& text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

/// The showtime an overlap names (bo_showtime_add and bo_showtime_move refuse with
/// showtime-overlaps and the other showtime's id); 0 for any other error.
int overlappedShowtime(const Error& e)
{
    return e.refusal == Refusal::ShowtimeOverlaps ? e.args.value(0).toInt() : 0;
}

/// The seats sold and held of showtime `st` and its on-sale window, as the last four columns of a
/// listing.
constexpr char seatCounts[] =
    "(SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = st.id AND ss.status = 'RESERVED'), "
    "(SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = st.id AND ss.status = 'HELD' "
    "    AND ss.held_until > now()), st.sale_opens_at, st.sale_closes_at";

/// A row of id, hall id, hall, film, status, start, end, clean until, sold, held, the window.
ScheduledShowtime scheduled(const Rows& r)
{
    ScheduledShowtime s;
    s.id = r.value(0).toInt();
    s.hallId = r.value(1).toInt();
    s.hall = r.value(2).toString();
    s.film = r.value(3).toString();
    s.status = r.value(4).toString();
    s.startsAt = r.value(5).toDateTime().toUTC();
    s.endsAt = r.value(6).toDateTime().toUTC();
    s.cleanUntil = r.value(7).toDateTime().toUTC();
    s.seatsSold = r.value(8).toInt();
    s.seatsHeld = r.value(9).toInt();
    if (!r.value(10).isNull())
        s.saleOpensAt = r.value(10).toDateTime().toUTC();
    if (!r.value(11).isNull())
        s.saleClosesAt = r.value(11).toDateTime().toUTC();
    return s;
}

/// A deadlock or serialization failure: the transaction lost a race and may run again.
bool lostARace(const Error& e)
{
    return e.detail.startsWith(QLatin1String("SQLSTATE 40P01")) ||
           e.detail.startsWith(QLatin1String("SQLSTATE 40001"));
}

/// Runs `write` in one transaction and commits it. Two managers changing one hall's schedule at
/// once can deadlock (each exclusion-constraint check waits for the other's row): the loser rolls
/// back and runs again, now seeing the winner's showtime as an overlap. Bounded: a few attempts.
template <typename Write> auto inTransaction(DbConnection& connection, Write write) -> decltype(write())
{
    constexpr int attempts = 4;
    for (int attempt = 1;; ++attempt) {
        if (Status s = connection.begin(); !s)
            return s.error();
        auto done = write();
        Error failed;
        if (done) {
            Status committed = connection.commit();
            if (committed)
                return done;
            failed = committed.error();
        } else {
            connection.rollback();
            failed = done.error();
        }
        if (!lostARace(failed) || attempt == attempts)
            return failed;
        std::this_thread::sleep_for(
            std::chrono::milliseconds(QRandomGenerator::global()->bounded(1, 4 << attempt)));
    }
}

} // namespace

ShowtimeStore::ShowtimeStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<ShowtimeAddOutcome> ShowtimeStore::add(const NewShowtime& showtime)
{
    if (!showtime.startsAt.isValid())
        return refuse(ErrorCode::BadInput, Refusal::ShowtimeStartInvalid);
    // The showtime and its prices in one transaction: it is never on sale without them.
    auto made = inTransaction(m_connection, [&]() -> Result<int> {
        auto q = m_connection.exec(
            QStringLiteral(
                "SELECT showtime_id FROM bo_showtime_add(?::text, ?::text, ?::text, ?::timestamptz, "
                "?::integer)"),
            {showtime.hall, showtime.film, textOrNull(showtime.priceList), showtime.startsAt.toUTC(),
             showtime.trailerMinutes ? QVariant(*showtime.trailerMinutes)
                                     : QVariant(QMetaType::fromType<int>())});
        if (!q)
            return q.error();
        if (!q.value().next())
            return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_showtime_add")});
        const int id = q.value().value(0).toInt();
        if (Status s = priceShowtimes({id}); !s)
            return s.error();
        if (auto window = applySaleWindow({id}, showtime.saleWindow); !window)
            return window.error();
        return id;
    });
    ShowtimeAddOutcome outcome;
    if (!made) {
        const int other = made.error().code == ErrorCode::Conflict ? overlappedShowtime(made.error()) : 0;
        if (other <= 0)
            return made.error();
        auto existing = this->showtime(other);
        if (!existing)
            return existing.error();
        outcome.overlaps.append(existing.value());
        return outcome;
    }
    auto added = this->showtime(made.value());
    if (!added)
        return added.error();
    outcome.added = added.value();
    return outcome;
}

Result<ShowtimePatternOutcome> ShowtimeStore::addPattern(const NewShowtime& shape,
                                                         const QList<QDateTime>& starts)
{
    QStringList instants;
    instants.reserve(starts.size());
    for (const QDateTime& start : starts) {
        if (!start.isValid())
            return refuse(ErrorCode::BadInput, Refusal::PatternStartInvalid);
        instants << start.toUTC().toString(Qt::ISODateWithMs);
    }
    struct PatternRows
    {
        QList<int> added;
        QList<std::pair<QDateTime, int>> inTheWay;
        QList<PatternConflict> conflicts;
    };
    auto done = inTransaction(m_connection, [&]() -> Result<PatternRows> {
        auto q = m_connection.exec(
            QStringLiteral(
                "SELECT requested_start, showtime_id, overlaps_showtime, overlaps_start "
                "  FROM bo_showtime_pattern(?::text, ?::text, ?::text, ?::timestamptz[], ?::integer)"),
            {shape.hall, shape.film, textOrNull(shape.priceList),
             QStringLiteral("{%1}").arg(instants.join(QLatin1Char(','))),
             shape.trailerMinutes ? QVariant(*shape.trailerMinutes) : QVariant(QMetaType::fromType<int>())});
        if (!q)
            return q.error();
        PatternRows rows;
        while (q.value().next()) {
            const auto& r = q.value();
            const QDateTime requested = r.value(0).toDateTime().toUTC();
            if (!r.value(1).isNull())
                rows.added << r.value(1).toInt();
            else if (!r.value(2).isNull())
                rows.inTheWay.append({requested, r.value(2).toInt()});
            else
                rows.conflicts.append({requested, std::nullopt, r.value(3).toDateTime().toUTC()});
        }
        // All or nothing: prices for every showtime added (none when there was a conflict).
        if (Status s = priceShowtimes(rows.added); !s)
            return s.error();
        if (auto window = applySaleWindow(rows.added, shape.saleWindow); !window)
            return window.error();
        return rows;
    });
    if (!done)
        return done.error();
    ShowtimePatternOutcome outcome;
    outcome.conflicts = done.value().conflicts;
    const QList<int>& added = done.value().added;
    const QList<std::pair<QDateTime, int>>& inTheWay = done.value().inTheWay;
    for (int id : added) {
        auto made = showtime(id);
        if (!made)
            return made.error();
        outcome.added.append(made.value());
    }
    for (const auto& [requested, id] : inTheWay) {
        auto existing = showtime(id);
        if (!existing)
            return existing.error();
        outcome.conflicts.append({requested, existing.value(), QDateTime()});
    }
    std::stable_sort(outcome.conflicts.begin(), outcome.conflicts.end(),
                     [](const PatternConflict& a, const PatternConflict& b) {
                         return a.requestedStart < b.requestedStart;
                     });
    return outcome;
}

Result<ShowtimeCancelOutcome> ShowtimeStore::cancel(int showtimeId)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_showtime_cancel(?)"), {showtimeId});
    if (!q) {
        const Error& e = q.error();
        const QString id = QString::number(showtimeId);
        if (e.code == ErrorCode::NotFound)
            return refuse(e, Refusal::NoSuchShowtime, {id});
        return e;
    }
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_showtime_cancel")});
    return q.value().value(0).toBool() ? ShowtimeCancelOutcome::Cancelled
                                       : ShowtimeCancelOutcome::WasCancelled;
}

Result<ScheduleWeek> ShowtimeStore::week(const QDate& monday, const QTimeZone& zone)
{
    if (!monday.isValid() || !zone.isValid())
        return refuse(ErrorCode::BadInput, Refusal::WeekInvalid);
    ScheduleWeek week;
    week.from = QDateTime(monday, QTime(0, 0), zone).toUTC();
    week.until = QDateTime(monday.addDays(7), QTime(0, 0), zone).toUTC();
    auto halls = m_connection.exec(QStringLiteral("SELECT a.id, a.name FROM auditorium a ORDER BY a.id"));
    if (!halls)
        return halls.error();
    while (halls.value().next()) {
        week.hallIds << halls.value().value(0).toInt();
        week.halls << halls.value().value(1).toString();
    }
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT st.id, st.auditorium_id, a.name, m.title, st.status, st.starts_at, st.ends_at, "
            "       st.clean_until, %1 "
            "  FROM showtime st JOIN auditorium a ON a.id = st.auditorium_id "
            "  JOIN movie m ON m.id = st.movie_id "
            " WHERE st.status <> 'CANCELLED' AND st.starts_at >= ?::timestamptz AND st.starts_at < "
            "?::timestamptz "
            " ORDER BY st.auditorium_id, st.starts_at, st.id")
            .arg(QLatin1String(seatCounts)),
        {week.from, week.until});
    if (!q)
        return q.error();
    while (q.value().next())
        week.showtimes.append(scheduled(q.value()));
    return week;
}

Result<ShowtimeMoveOutcome> ShowtimeStore::move(int showtimeId, const QString& hall, const QDateTime& start)
{
    if (!start.isValid())
        return refuse(ErrorCode::BadInput, Refusal::ShowtimeStartInvalid);
    // The move and the prices of its new time in one transaction (a move is refused once a seat
    // is held or sold, so nobody was shown the old prices).
    auto done = inTransaction(m_connection, [&]() -> Result<bool> {
        auto q = m_connection.exec(
            QStringLiteral("SELECT showtime_id FROM bo_showtime_move(?::integer, ?::text, ?::timestamptz)"),
            {showtimeId, textOrNull(hall), start.toUTC()});
        if (!q)
            return q.error();
        if (!q.value().next())
            return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_showtime_move")});
        if (Status s = priceShowtimes({showtimeId}); !s)
            return s.error();
        return true;
    });
    ShowtimeMoveOutcome outcome;
    if (!done) {
        Error e = done.error();
        const int other = e.code == ErrorCode::Conflict ? overlappedShowtime(e) : 0;
        if (other > 0) {
            auto existing = this->showtime(other);
            if (!existing)
                return existing.error();
            outcome.overlaps.append(existing.value());
            return outcome;
        }
        const QString id = QString::number(showtimeId);
        if (e.code == ErrorCode::NotFound)
            return refuse(e, Refusal::NoSuchShowtime, {id});
        if (e.code == ErrorCode::BadInput && e.message.contains(QLatin1String("stays in its hall")))
            return refuse(e, Refusal::ShowtimeStaysInHall, {id});
        return e;
    }
    auto moved = this->showtime(showtimeId);
    if (!moved)
        return moved.error();
    outcome.moved = moved.value();
    return outcome;
}

Status ShowtimeStore::priceShowtimes(const QList<int>& showtimeIds)
{
    if (showtimeIds.isEmpty())
        return success();
    QStringList ids;
    for (int id : showtimeIds)
        ids << QString::number(id);
    auto q = m_connection.exec(
        QStringLiteral("SELECT st.id, st.starts_at, m.format, p.card::text FROM showtime st "
                       "  JOIN movie m ON m.id = st.movie_id JOIN price_list p ON p.id = st.price_list_id "
                       " WHERE st.id = ANY (?::integer[]) AND p.card IS NOT NULL ORDER BY st.id"),
        {QStringLiteral("{%1}").arg(ids.join(QLatin1Char(',')))});
    if (!q)
        return q.error();
    QList<std::tuple<int, QJsonArray, QJsonArray>> priced;
    while (q.value().next()) {
        const Rows& r = q.value();
        auto card = PriceCardFormat::readJson(r.value(3).toString().toUtf8());
        if (!card)
            return refuse(ErrorCode::Internal, Refusal::PriceListUnreadable, {card.error().message});
        // The cinema's local time is this machine's, as the times a manager types are.
        auto prices = card.value().pricesFor(r.value(1).toDateTime().toLocalTime(), r.value(2).toString());
        if (!prices)
            return prices.error();
        QJsonArray list;
        for (const ShowtimePrice& p : prices.value())
            list.append(QJsonObject{{QStringLiteral("tier"), p.ticketType},
                                    {QStringLiteral("amount_minor"), double(p.amountMinor)},
                                    {QStringLiteral("daypart"), p.daypart},
                                    {QStringLiteral("day"), PriceCardFormat::dayWord(p.dayType)}});
        QJsonArray surcharges;
        for (const SeatSurcharge& k : card.value().seatSurcharges())
            surcharges.append(QJsonObject{{QStringLiteral("kind"), seatKindText(k.kind)},
                                          {QStringLiteral("amount_minor"), double(k.amountMinor)}});
        priced.append({r.value(0).toInt(), list, surcharges});
    }
    const auto compact = [](const QJsonArray& a) {
        return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
    };
    for (const auto& [id, list, surcharges] : priced) {
        auto set = m_connection.exec(QStringLiteral("SELECT bo_showtime_prices_set(?, ?::jsonb), "
                                                    "bo_showtime_surcharges_set(?, ?::jsonb)"),
                                     {id, compact(list), id, compact(surcharges)});
        if (!set)
            return set.error();
    }
    return success();
}

Result<ScheduledShowtime> ShowtimeStore::showtime(int showtimeId)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT st.id, st.auditorium_id, a.name, m.title, st.status, st.starts_at, st.ends_at, "
            "       st.clean_until, %1 "
            "  FROM showtime st JOIN auditorium a ON a.id = st.auditorium_id "
            "  JOIN movie m ON m.id = st.movie_id WHERE st.id = ?")
            .arg(QLatin1String(seatCounts)),
        {showtimeId});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchShowtime, {QString::number(showtimeId)});
    return scheduled(r);
}

Result<QList<SaleWindow>> ShowtimeStore::setSaleWindow(const QList<int>& showtimeIds,
                                                       const SaleWindowChange& change)
{
    if (showtimeIds.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::NoShowtimesNamed);
    if (!change.changes())
        return refuse(ErrorCode::BadInput, Refusal::SaleWindowUnchanged);
    return inTransaction(m_connection, [&]() { return applySaleWindow(showtimeIds, change); });
}

Result<QList<SaleWindow>> ShowtimeStore::applySaleWindow(const QList<int>& showtimeIds,
                                                         const SaleWindowChange& change)
{
    QList<SaleWindow> out;
    if (showtimeIds.isEmpty() || !change.changes())
        return out;
    QStringList ids;
    ids.reserve(showtimeIds.size());
    for (int id : showtimeIds)
        ids << QString::number(id);
    const auto instant = [](const std::optional<QDateTime>& t) {
        return t && t->isValid() ? QVariant(t->toUTC()) : QVariant(QMetaType::fromType<QDateTime>());
    };
    auto q = m_connection.exec(
        QStringLiteral("SELECT showtime_id, starts_at, sale_opens_at, sale_closes_at "
                       "  FROM bo_showtime_sale_window(?::integer[], ?::timestamptz, ?::timestamptz, "
                       "       ?::boolean, ?::boolean)"),
        {QStringLiteral("{%1}").arg(ids.join(QLatin1Char(','))), instant(change.opens),
         instant(change.closes), !change.opens.has_value(), !change.closes.has_value()});
    if (!q)
        return q.error(); // the server names the first showtime it did not find (no-such-showtime)
    while (q.value().next()) {
        const Rows& r = q.value();
        SaleWindow w;
        w.showtimeId = r.value(0).toInt();
        w.startsAt = r.value(1).toDateTime().toUTC();
        if (!r.value(2).isNull())
            w.opensAt = r.value(2).toDateTime().toUTC();
        if (!r.value(3).isNull())
            w.closesAt = r.value(3).toDateTime().toUTC();
        out.append(w);
    }
    return out;
}

Result<ShowtimeRelayout> ShowtimeStore::relayout(int showtimeId)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT showtime_id, old_version, version, seats, moved, array_to_string(blocks_kept, ','), "
            "       array_to_string(blocks_dropped, ',') FROM bo_showtime_relayout(?)"),
        {showtimeId});
    if (!q) {
        const Error& e = q.error();
        const QString id = QString::number(showtimeId);
        if (e.code == ErrorCode::NotFound)
            return refuse(e, Refusal::NoSuchShowtime, {id});
        if (e.code == ErrorCode::Conflict && e.refusal == Refusal::None)
            return refuse(e, Refusal::ShowtimeHasHeldSeats, {id});
        return e;
    }
    Rows& r = q.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_showtime_relayout")});
    ShowtimeRelayout out;
    out.showtimeId = r.value(0).toInt();
    out.oldVersion = r.value(1).toInt();
    out.version = r.value(2).toInt();
    out.seats = r.value(3).toInt();
    out.moved = r.value(4).toBool();
    out.blocksKept = r.value(5).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    out.blocksDropped = r.value(6).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    return out;
}

} // namespace bo
