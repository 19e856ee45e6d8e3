// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/hallstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "db/dbconnection.h"

namespace bo {
namespace {

double coordinate(const QVariant& value)
{
    return HallLayoutFormat::rounded(value.toDouble());
}

} // namespace

HallStore::HallStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<HallSummary>> HallStore::halls()
{
    auto q = m_connection.exec(QStringLiteral(
        "SELECT a.id, a.name, l.version, "
        "       (SELECT count(*) FROM hall_layout v WHERE v.auditorium_id = a.id), "
        "       (SELECT count(*) FROM seat s WHERE s.layout_id = a.layout_id), "
        "       (SELECT count(*) FROM showtime st JOIN movie m ON m.id = st.movie_id "
        "         WHERE st.auditorium_id = a.id AND st.layout_id <> a.layout_id AND st.status <> 'CANCELLED' "
        "           AND st.starts_at + make_interval(mins => m.runtime_min) > now()) "
        "  FROM auditorium a JOIN hall_layout l ON l.id = a.layout_id ORDER BY a.name"));
    if (!q)
        return q.error();
    QList<HallSummary> halls;
    while (q.value().next()) {
        HallSummary h;
        h.id = q.value().value(0).toInt();
        h.name = q.value().value(1).toString();
        h.version = q.value().value(2).toInt();
        h.versions = q.value().value(3).toInt();
        h.seats = q.value().value(4).toInt();
        h.showtimesOlder = q.value().value(5).toInt();
        halls.append(h);
    }
    return halls;
}

Result<HallLayout> HallStore::layout(const QString& hall)
{
    bool numbered = false;
    const int id = hall.toInt(&numbered);
    auto q = m_connection.exec(
        QStringLiteral("SELECT a.name, l.id, l.screen_side, l.screen_x, l.screen_width, l.aisles::text, "
                       "       l.zones::text "
                       "  FROM auditorium a JOIN hall_layout l ON l.id = a.layout_id "
                       " WHERE a.name = ? OR a.id = ? ORDER BY a.name = ? DESC LIMIT 1"),
        {hall, numbered ? id : -1, hall});
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchHall, {hall});
    HallLayout layout;
    Rows& r = q.value();
    layout.name = r.value(0).toString();
    const int layoutId = r.value(1).toInt();
    layout.screen.side =
        r.value(2).toString() == QLatin1String("bottom") ? ScreenSide::Bottom : ScreenSide::Top;
    if (!r.value(3).isNull()) {
        layout.screen.placed = true;
        layout.screen.x = coordinate(r.value(3));
        layout.screen.width = coordinate(r.value(4));
    }
    const QJsonArray aisles = QJsonDocument::fromJson(r.value(5).toString().toUtf8()).array();
    for (const auto& v : aisles) {
        const QJsonObject a = v.toObject();
        layout.aisles.append({HallLayoutFormat::rounded(a.value(QLatin1String("x")).toDouble()),
                              HallLayoutFormat::rounded(a.value(QLatin1String("y")).toDouble()),
                              HallLayoutFormat::rounded(a.value(QLatin1String("width")).toDouble()),
                              HallLayoutFormat::rounded(a.value(QLatin1String("height")).toDouble()), 0});
    }
    const QJsonArray zones = QJsonDocument::fromJson(r.value(6).toString().toUtf8()).array();
    for (const auto& v : zones) {
        const QJsonObject z = v.toObject();
        layout.zones.append(
            {z.value(QLatin1String("code")).toString(), z.value(QLatin1String("name")).toString(), 0});
    }

    // In the order they were stored: the file's order comes back.
    auto seats = m_connection.exec(
        QStringLiteral("SELECT s.section, s.row_label, s.number, s.x, s.y, s.kind, coalesce(s.zone, ''), "
                       "       s.out_of_service FROM seat s WHERE s.layout_id = ? ORDER BY s.id"),
        {layoutId});
    if (!seats)
        return seats.error();
    while (seats.value().next()) {
        const Rows& s = seats.value();
        LayoutSeat seat;
        seat.section = s.value(0).toString();
        seat.row = s.value(1).toString();
        seat.number = s.value(2).toInt();
        seat.x = coordinate(s.value(3));
        seat.y = coordinate(s.value(4));
        seat.kind = seatKindFromText(s.value(5).toString());
        seat.zone = s.value(6).toString();
        seat.outOfService = s.value(7).toBool();
        layout.seats.append(seat);
    }
    return layout;
}

Result<HallImport> HallStore::store(const HallLayout& layout, bool replace)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT hall_id, layout_id, version, seats, created FROM bo_hall_import(?, ?::jsonb, ?)"),
        {layout.name, QString::fromUtf8(HallLayoutFormat::writeJson(layout)), replace});
    if (!q)
        return q.error();
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_hall_import")});
    HallImport done;
    done.hallId = q.value().value(0).toInt();
    done.layoutId = q.value().value(1).toInt();
    done.version = q.value().value(2).toInt();
    done.seats = q.value().value(3).toInt();
    done.created = q.value().value(4).toBool();
    return done;
}

} // namespace bo
