// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/catalogstore.h"

#include <QFile>
#include <QHash>
#include <QSet>
#include <QSqlQuery>

#include "db/dbconnection.h"

namespace bo {
namespace {

const QString showtimeSelect = QStringLiteral(
    "SELECT st.id, st.starts_at, st.status, m.id, m.title, m.runtime_min, m.rating, a.id, a.name, "
    "       count(*), "
    "       count(*) FILTER (WHERE ss.status = 'FREE' OR (ss.status = 'HELD' AND ss.held_until < "
    "clock_timestamp())), "
    "       count(*) FILTER (WHERE ss.status = 'HELD' AND ss.held_until >= clock_timestamp()), "
    "       count(*) FILTER (WHERE ss.status = 'RESERVED'), "
    "       count(*) FILTER (WHERE ss.status = 'BLOCKED'), st.sale_opens_at, st.sale_closes_at "
    "  FROM showtime st JOIN movie m ON m.id = st.movie_id JOIN auditorium a ON a.id = st.auditorium_id "
    "  JOIN showtime_seat ss ON ss.showtime_id = st.id ");

ShowtimeInfo readShowtime(Rows& q)
{
    ShowtimeInfo s;
    s.id = q.value(0).toInt();
    s.startsAt = q.value(1).toDateTime().toUTC();
    s.status = q.value(2).toString();
    s.movieId = q.value(3).toInt();
    s.movieTitle = q.value(4).toString();
    s.runtimeMinutes = q.value(5).toInt();
    s.rating = q.value(6).toString();
    s.auditoriumId = q.value(7).toInt();
    s.auditoriumName = q.value(8).toString();
    s.seatsTotal = q.value(9).toInt();
    s.seatsFree = q.value(10).toInt();
    s.seatsHeld = q.value(11).toInt();
    s.seatsReserved = q.value(12).toInt();
    s.seatsBlocked = q.value(13).toInt();
    if (!q.value(14).isNull())
        s.saleOpensAt = q.value(14).toDateTime().toUTC();
    if (!q.value(15).isNull())
        s.saleClosesAt = q.value(15).toDateTime().toUTC();
    return s;
}

} // namespace

CatalogStore::CatalogStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<SaleSettings> CatalogStore::settings()
{
    auto q = m_connection.exec(QStringLiteral("SELECT selection_ttl_s, payment_ttl_s, max_seats_per_sale, "
                                              "late_sale_minutes, currency FROM settings"));
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::SettingsMissing);
    SaleSettings s;
    s.selectionTtlSeconds = r.value(0).toInt();
    s.paymentTtlSeconds = r.value(1).toInt();
    s.maxSeatsPerSale = r.value(2).toInt();
    s.lateSaleMinutes = r.value(3).toInt();
    s.currency = r.value(4).toString();
    return s;
}

Status CatalogStore::updateSettings(const SaleSettings& s)
{
    auto q =
        m_connection.exec(QStringLiteral("UPDATE settings SET selection_ttl_s = ?, payment_ttl_s = ?, "
                                         "max_seats_per_sale = ?, late_sale_minutes = ?, updated_at = now()"),
                          {s.selectionTtlSeconds, s.paymentTtlSeconds, s.maxSeatsPerSale, s.lateSaleMinutes});
    if (!q)
        return q.error();
    return success();
}

Result<QList<ShowtimeInfo>> CatalogStore::showtimes(const QDateTime& from, const QDateTime& to)
{
    auto q = m_connection.exec(
        showtimeSelect + QStringLiteral(" WHERE st.starts_at >= ? AND st.starts_at < ? "
                                        " GROUP BY st.id, m.id, a.id ORDER BY st.starts_at, a.name"),
        {from.toUTC(), to.toUTC()});
    if (!q)
        return q.error();
    QList<ShowtimeInfo> out;
    while (q.value().next())
        out.append(readShowtime(q.value()));
    return out;
}

Result<ShowtimeInfo> CatalogStore::showtime(int showtimeId)
{
    auto q = m_connection.exec(showtimeSelect + QStringLiteral(" WHERE st.id = ? GROUP BY st.id, m.id, a.id"),
                               {showtimeId});
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchShowtime, {QString::number(showtimeId)});
    ShowtimeInfo info = readShowtime(q.value());
    // What a seat's kind adds at this showtime (migration 0026), as bo_confirm charges it.
    auto surcharges = m_connection.exec(
        QStringLiteral("SELECT seat_kind, amount_minor FROM showtime_surcharge WHERE showtime_id = ? "
                       "ORDER BY seat_kind"),
        {showtimeId});
    if (!surcharges)
        return surcharges.error();
    while (surcharges.value().next()) {
        const Rows& r = surcharges.value();
        info.seatSurcharges.append({seatKindFromText(r.value(0).toString()), r.value(1).toLongLong()});
    }
    return info;
}

Result<int> CatalogStore::nextShowtime()
{
    auto q = m_connection.exec(QStringLiteral(
        "SELECT st.id FROM showtime st, settings s WHERE st.status = 'ON_SALE' "
        "AND coalesce(st.sale_closes_at, st.starts_at + make_interval(mins => s.late_sale_minutes)) "
        "    >= clock_timestamp() "
        "AND (st.sale_opens_at IS NULL OR st.sale_opens_at <= clock_timestamp()) "
        "ORDER BY st.starts_at, st.id LIMIT 1"));
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::NotFound, Refusal::NothingOnSale);
    return q.value().value(0).toInt();
}

Result<QList<int>> CatalogStore::resolveSeatLabels(int showtimeId, const QStringList& labels)
{
    auto show = showtime(showtimeId);
    if (!show)
        return show.error();
    QStringList normalised;
    QSet<QString> seen;
    for (const QString& raw : labels) {
        const QString label = raw.trimmed().toUpper();
        if (label.isEmpty())
            return refuse(ErrorCode::BadInput, Refusal::SeatNameEmpty);
        if (seen.contains(label))
            return refuse(ErrorCode::BadInput, Refusal::SeatListedTwice, {label});
        seen.insert(label);
        normalised << label;
    }
    // The seats of the showtime's own layout version (0019), not every seat its hall ever had.
    auto q =
        m_connection.exec(QStringLiteral("SELECT s.label, s.id FROM showtime st JOIN seat s ON s.layout_id = "
                                         "st.layout_id WHERE st.id = ? AND s.label = ANY (?::text[])"),
                          {showtimeId, toPgTextArray(normalised)});
    if (!q)
        return q.error();
    QHash<QString, int> ids;
    while (q.value().next())
        ids.insert(q.value().value(0).toString(), q.value().value(1).toInt());
    QList<int> out;
    for (const QString& label : normalised) {
        const auto it = ids.constFind(label);
        if (it != ids.constEnd()) {
            out << it.value();
            continue;
        }
        auto other = m_connection.exec(
            QStringLiteral("SELECT a.name FROM seat s JOIN auditorium a ON a.layout_id = "
                           "s.layout_id WHERE s.label = ? AND a.id <> ? ORDER BY a.name LIMIT 1"),
            {label, show.value().auditoriumId});
        if (other && other.value().next())
            return refuse(ErrorCode::BadInput, Refusal::SeatInOtherHall,
                          {label, other.value().value(0).toString(), show.value().auditoriumName,
                           QString::number(showtimeId)});
        return refuse(ErrorCode::BadInput, Refusal::NoSuchSeat,
                      {label, show.value().auditoriumName, QString::number(showtimeId)});
    }
    return out;
}

Result<QList<PriceTier>> CatalogStore::priceTiers(int showtimeId)
{
    auto q = m_connection.exec(
        // The showtime's own price of a type when it has one (migration 0024), as bo_confirm charges.
        QStringLiteral("SELECT p.code, p.name, coalesce(sp.amount_minor, p.amount_minor), p.currency "
                       "  FROM price_tier p JOIN showtime st ON st.price_list_id = p.price_list_id "
                       "  LEFT JOIN showtime_price sp ON sp.showtime_id = st.id AND sp.tier_code = p.code "
                       "WHERE st.id = ? ORDER BY p.sort_order, p.id"),
        {showtimeId});
    if (!q)
        return q.error();
    QList<PriceTier> out;
    while (q.value().next()) {
        Rows& r = q.value();
        out.append(
            {r.value(0).toString(), r.value(1).toString(), r.value(2).toLongLong(), r.value(3).toString()});
    }
    return out;
}

Result<int> CatalogStore::addShowtime(int auditoriumId, int movieId, int priceListId,
                                      const QDateTime& startsAt)
{
    auto q = m_connection.exec(QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, "
                                              "starts_at) VALUES (?, ?, ?, ?) RETURNING id"),
                               {auditoriumId, movieId, priceListId, startsAt.toUTC()});
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("INSERT INTO showtime")});
    return q.value().value(0).toInt();
}

Result<SeedSummary> CatalogStore::seedDemo(const QDate& firstDay, const QTimeZone& zone)
{
    QFile file(QStringLiteral(":/boxoffice/seed/demo_cinema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return refuse(ErrorCode::Internal, Refusal::DemoDataMissing);
    if (Status s = m_connection.begin(); !s)
        return s.error();
    auto fail = [this](const Error& e) {
        m_connection.rollback();
        return e;
    };
    if (Status s = m_connection.execScript(QString::fromUtf8(file.readAll())); !s)
        return fail(s.error());

    // The daily programme per hall: (movie title, local start times, price list).
    struct Slot
    {
        const char* hall;
        const char* movie;
        const char* priceList;
        QList<QTime> starts;
    };
    const QList<Slot> programme = {
        {"Hall 1",
         "The Last Lighthouse",
         "Standard",
         {QTime(10, 0), QTime(13, 0), QTime(16, 0), QTime(19, 0), QTime(22, 0)}},
        {"Hall 2", "Paper Tigers", "Standard", {QTime(9, 30), QTime(11, 30)}},
        {"Hall 2", "Midnight Ferry", "Standard", {QTime(14, 0), QTime(17, 0), QTime(20, 30), QTime(23, 15)}},
        {"Hall 3 Premium",
         "Orbit of Seoul",
         "Premium",
         {QTime(12, 0), QTime(15, 0), QTime(18, 30), QTime(21, 30)}},
        {"Hall 3 Premium", "Little Fox Adventures", "Premium", {QTime(10, 0)}},
    };
    // Each demo film's poster (self-made: resources/posters), unless it has one already.
    for (const Slot& slot : programme) {
        const QString title = QString::fromUtf8(slot.movie);
        QFile poster(QStringLiteral(":/boxoffice/posters/%1.png").arg(title.toLower().replace(u' ', u'-')));
        if (!poster.open(QIODevice::ReadOnly))
            continue;
        auto q =
            m_connection.exec(QStringLiteral("UPDATE movie SET poster = ?::bytea, poster_type = 'image/png' "
                                             " WHERE title = ? AND poster IS NULL"),
                              {poster.readAll(), title});
        if (!q)
            return fail(q.error());
    }
    SeedSummary summary;
    for (const QDate& day : {firstDay, firstDay.addDays(1)}) {
        for (const Slot& slot : programme) {
            for (const QTime& time : slot.starts) {
                const QDateTime start(day, time, zone);
                auto q = m_connection.exec(
                    QStringLiteral(
                        "INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                        "SELECT a.id, m.id, p.id, ? FROM auditorium a, movie m, price_list p "
                        // A film retired by a manager gets no new showtime (0031): skipped.
                        " WHERE a.name = ? AND m.title = ? AND m.retired_at IS NULL AND p.name = ? "
                        "   AND p.retired_at IS NULL "
                        "   AND NOT EXISTS (SELECT 1 FROM showtime s WHERE s.auditorium_id = a.id "
                        "                   AND s.starts_at = ?) "
                        // A slot taken by a showtime moved there is left alone (0020).
                        "ON CONFLICT DO NOTHING"),
                    {start.toUTC(), QString::fromUtf8(slot.hall), QString::fromUtf8(slot.movie),
                     QString::fromUtf8(slot.priceList), start.toUTC()});
                if (!q)
                    return fail(q.error());
                summary.showtimesAdded += q.value().numRowsAffected();
            }
        }
    }
    auto counts = m_connection.exec(QStringLiteral("SELECT (SELECT count(*) FROM auditorium), (SELECT "
                                                   "count(*) FROM seat), (SELECT count(*) FROM movie)"));
    if (!counts)
        return fail(counts.error());
    if (counts.value().next()) {
        summary.auditoriums = counts.value().value(0).toInt();
        summary.seats = counts.value().value(1).toInt();
        summary.movies = counts.value().value(2).toInt();
    }
    if (Status s = m_connection.commit(); !s)
        return s.error();
    return summary;
}

} // namespace bo
