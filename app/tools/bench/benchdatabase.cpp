// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/benchdatabase.h"

#include <QDate>
#include <QRandomGenerator>
#include <QTimeZone>

#include "app/tools/bench/workload.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/migrator.h"

namespace bo::bench {
namespace {

constexpr int writeRows = 60000; // rows of bench_write, the `limit` table
constexpr int pastSales = 5000;  // finished sales of earlier days in `sale` at the start of a run

} // namespace

Result<std::unique_ptr<BenchDatabase>> BenchDatabase::create(const ConnectionSettings& server, BenchHall hall)
{
    std::unique_ptr<BenchDatabase> database(new BenchDatabase(server));
    if (Status prepared = database->prepare(hall); !prepared)
        return prepared.error(); // the destructor drops what was made
    return database;
}

BenchDatabase::BenchDatabase(const ConnectionSettings& server)
    : m_server(server)
    , m_name(QStringLiteral("bench_seats_%1")
                 .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0')))
{}

BenchDatabase::~BenchDatabase()
{
    m_admin.reset();
    if (auto maintenance = DbConnection::open(m_server, QStringLiteral("bench-admin")))
        (void)maintenance.value()->execScript(
            QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
}

Status BenchDatabase::prepare(BenchHall hall)
{
    {
        auto maintenance = DbConnection::open(m_server, QStringLiteral("bench-admin"));
        if (!maintenance)
            return maintenance.error();
        if (Status made = maintenance.value()->execScript(QStringLiteral("CREATE DATABASE ") + m_name); !made)
            return made;
    }
    m_context.database = m_server.withDatabase(m_name);
    m_context.writeRows = writeRows;
    auto admin = DbConnection::open(m_context.database, QStringLiteral("bench-admin"));
    if (!admin)
        return admin.error();
    m_admin = std::move(admin).value();
    Migrator migrator(*m_admin);
    if (auto migrated = migrator.migrate(); !migrated)
        return migrated.error();

    // The version column of `optimistic` and the table of `limit`. The version column is the
    // benchmark's: the product keeps no row versions.
    if (Status s = m_admin->execScript(QStringLiteral(R"sql(
        ALTER TABLE showtime_seat ADD COLUMN bench_version integer NOT NULL DEFAULT 0;
        CREATE TABLE bench_write (id integer PRIMARY KEY, n bigint NOT NULL DEFAULT 0);
        INSERT INTO bench_write (id) SELECT g FROM generate_series(1, %1) g;
        )sql")
                                           .arg(writeRows));
        !s)
        return s;
    if (Status s = hall == BenchHall::Grid ? seedGrid() : seedDemo(); !s)
        return s;
    // The showtime on sale: the only one of the grid, or the latest of the demo's largest hall.
    auto ids = m_admin->exec(QStringLiteral(
        "WITH hall AS (SELECT auditorium_id FROM seat GROUP BY auditorium_id "
        "              ORDER BY count(*) DESC, auditorium_id LIMIT 1), "
        "     show AS (SELECT st.id, st.auditorium_id FROM showtime st JOIN hall USING (auditorium_id) "
        "              ORDER BY st.starts_at DESC LIMIT 1) "
        "SELECT show.id, s.id, s.row_label, s.number, s.x, s.y FROM show "
        "  JOIN seat s ON s.auditorium_id = show.auditorium_id ORDER BY s.row_label, s.number"));
    if (!ids)
        return ids.error();
    while (ids.value().next()) {
        m_context.showtimeId = ids.value().value(0).toInt();
        BenchSeat seat;
        seat.id = ids.value().value(1).toInt();
        seat.row = ids.value().value(2).toString();
        seat.number = ids.value().value(3).toInt();
        seat.x = ids.value().value(4).toDouble();
        seat.y = ids.value().value(5).toDouble();
        m_seatIds << seat.id;
        m_seats << seat;
    }
    if (hall == BenchHall::Grid && m_seatIds.size() != qsizetype(hallRows) * seatsPerRow)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("the bench hall has %1 seats").arg(m_seatIds.size()));
    if (m_seatIds.isEmpty())
        return makeError(ErrorCode::Internal, QStringLiteral("the bench database has no hall"));
    return success();
}

Status BenchDatabase::seedGrid()
{
    return m_admin->execScript(QStringLiteral(R"sql(
        DO $$
        DECLARE
            a integer; m integer; p integer;
        BEGIN
            INSERT INTO auditorium (name) VALUES ('Bench hall') RETURNING id INTO a;
            INSERT INTO seat (auditorium_id, row_label, number, x, y)
            SELECT a, chr(64 + r), n, n - 1, (r - 1) * 1.2
              FROM generate_series(1, %1) r, generate_series(1, %2) n;
            INSERT INTO movie (title, runtime_min) VALUES ('Bench film', 120) RETURNING id INTO m;
            INSERT INTO price_list (name) VALUES ('Bench') RETURNING id INTO p;
            INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency)
            VALUES (p, 'adult', 'Adult', 12000, 'KRW');
            INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at)
            VALUES (a, m, p, now() + interval '1 day');
        END $$;
        )sql")
                                   .arg(hallRows)
                                   .arg(seatsPerRow));
}

Status BenchDatabase::seedDemo()
{
    // The demo cinema as `boxoffice --demo` and `boxoffice-admin seed-demo` make it: its
    // showtimes start tomorrow and the day after, so every one of them is on sale.
    auto seeded =
        CatalogStore(*m_admin).seedDemo(QDate::currentDate().addDays(1), QTimeZone::systemTimeZone());
    if (!seeded)
        return seeded.error();
    return success();
}

Status BenchDatabase::reset()
{
    // Every run starts from the same state: all seats free (before the bookings they name go),
    // no bookings or keys, only finished sales of earlier days, tables vacuumed, a checkpoint
    // taken (skipped where the role may not).
    if (Status s = m_admin->execScript(QStringLiteral(
            "UPDATE showtime_seat SET status = 'FREE', held_by = NULL, held_until = NULL, booking_id = NULL, "
            "bench_version = 0 WHERE status <> 'FREE' OR bench_version <> 0; "
            "DELETE FROM booking_seat; DELETE FROM booking; DELETE FROM idempotency_key; DELETE FROM sale; "
            "DELETE FROM announcement; "
            // The admission queue's line (migration 0014) and what its passes left (0016), where
            // the schema has them.
            "DO $$ BEGIN IF to_regclass('queue_ticket') IS NOT NULL THEN DELETE FROM queue_ticket; END IF; "
            "IF to_regclass('queue_line') IS NOT NULL THEN DELETE FROM queue_line; END IF; END $$"));
        !s)
        return s;
    // A server in use keeps the sales of the last days (bo_purge_keys): the sale table is never
    // empty when the terminals' sessions plan their statements. Emptied and analysed, it made
    // every session keep a plan that reads the whole table at each hold while the run filled it
    // (docs/BENCHMARKS.md, "What the gap was").
    if (Status s = m_admin->execScript(
            QStringLiteral("INSERT INTO sale (hold_token, showtime_id, started_at, selection_deadline) "
                           "SELECT gen_random_uuid(), %1, now() - interval '1 day', now() - interval '1 day' "
                           "+ interval '5 minutes' "
                           "FROM generate_series(1, %2)")
                .arg(m_context.showtimeId)
                .arg(pastSales));
        !s)
        return s;
    if (Status s =
            m_admin->execScript(QStringLiteral("VACUUM (ANALYZE) showtime_seat, booking, booking_seat, "
                                               "idempotency_key, sale, bench_write, announcement"));
        !s)
        return s;
    (void)m_admin->execScript(QStringLiteral("CHECKPOINT"));
    return success();
}

Status BenchDatabase::setQueueCapacity(int capacity)
{
    auto set = m_admin->exec(QStringLiteral("UPDATE showtime SET queue_capacity = ? WHERE id = ?"),
                             {capacity > 0 ? QVariant(capacity) : QVariant(), m_context.showtimeId});
    if (!set)
        return set.error();
    return success();
}

Result<QHash<QUuid, qint64>> BenchDatabase::admissionOrders()
{
    auto rows = m_admin->exec(QStringLiteral("SELECT owner::text FROM queue_ticket WHERE showtime_id = ? AND "
                                             "admitted_at IS NOT NULL ORDER BY admitted_at, id"),
                              {m_context.showtimeId});
    if (!rows)
        return rows.error();
    QHash<QUuid, qint64> orders;
    while (rows.value().next())
        orders.insert(QUuid::fromString(rows.value().value(0).toString()), qint64(orders.size()));
    return orders;
}

Result<qint64> BenchDatabase::partialHolds(int k)
{
    return count(
        QStringLiteral("SELECT count(*) FROM (SELECT held_by FROM showtime_seat WHERE showtime_id = ? "
                       "AND status = 'HELD' GROUP BY held_by HAVING count(*) <> ?) x"),
        {m_context.showtimeId, k});
}

Result<qint64> BenchDatabase::count(const QString& sql, const QVariantList& values)
{
    auto rows = m_admin->exec(sql, values);
    if (!rows)
        return rows.error();
    if (!rows.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("no row from a count"));
    return rows.value().value(0).toLongLong();
}

SeatCheck BenchDatabase::check(int k, qint64 confirmedSeats)
{
    SeatCheck result;
    auto counted = [this, &result](const QString& what, const QString& sql,
                                   const QVariantList& values) -> qint64 {
        const Result<qint64> n = count(sql, values);
        if (!n) {
            result.details << QStringLiteral("cannot check %1").arg(what);
            ++result.violations;
            return -1;
        }
        return n.value();
    };
    const int showtime = m_context.showtimeId;
    const Result<qint64> partialNow = k > 0 ? partialHolds(k) : Result<qint64>(qint64(0));
    if (!partialNow) {
        result.details << QStringLiteral("cannot check partial holds");
        ++result.violations;
    } else if (partialNow.value() > 0) {
        result.violations += partialNow.value();
        result.details << QStringLiteral("%1 partial holds after the run").arg(partialNow.value());
    }
    result.leftHeld = counted(QStringLiteral("seats left held"),
                              QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = ? AND "
                                             "status = 'HELD'"),
                              {showtime});
    // Every reserved seat belongs to exactly one active line of its own confirmed booking, and
    // the reserved seats are exactly those the clients were told were sold.
    const qint64 orphans = counted(
        QStringLiteral("reserved seats"),
        QStringLiteral(
            "SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = ? AND ss.status = 'RESERVED' "
            "AND (SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
            "WHERE bs.showtime_id = ss.showtime_id AND bs.seat_id = ss.seat_id AND bs.active "
            "AND b.status = 'CONFIRMED' AND b.id = ss.booking_id) <> 1"),
        {showtime});
    if (orphans > 0) {
        result.violations += orphans;
        result.details << QStringLiteral("%1 reserved seats without exactly one booking").arg(orphans);
    }
    const qint64 twice =
        counted(QStringLiteral("double bookings"),
                QStringLiteral("SELECT count(*) FROM (SELECT seat_id FROM booking_seat WHERE "
                               "showtime_id = ? AND active GROUP BY seat_id HAVING count(*) > 1) x"),
                {showtime});
    if (twice > 0) {
        result.violations += twice;
        result.details << QStringLiteral("%1 seats in two active bookings").arg(twice);
    }
    const qint64 reserved =
        counted(QStringLiteral("reserved count"),
                QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = ? AND "
                               "status = 'RESERVED'"),
                {showtime});
    if (reserved >= 0 && reserved != confirmedSeats) {
        result.violations += qAbs(reserved - confirmedSeats);
        result.details
            << QStringLiteral("%1 seats reserved, clients were told %2").arg(reserved).arg(confirmedSeats);
    }
    return result;
}

QJsonObject BenchDatabase::serverSettings()
{
    QJsonObject m;
    const QStringList shown{QStringLiteral("server_version"),  QStringLiteral("synchronous_commit"),
                            QStringLiteral("fsync"),           QStringLiteral("shared_buffers"),
                            QStringLiteral("max_connections"), QStringLiteral("wal_sync_method")};
    for (const QString& setting : shown) {
        auto v = m_admin->exec(QStringLiteral("SELECT current_setting(?)"), {setting});
        if (v && v.value().next())
            m[setting] = v.value().value(0).toString();
    }
    return m;
}

} // namespace bo::bench
