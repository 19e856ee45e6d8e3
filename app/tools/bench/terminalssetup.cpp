// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/terminalssetup.h"

#include <algorithm>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>

#include "db/dbconnection.h"
#include "db/migrator.h"

namespace bo::bench {

int runPoolerScript(const QString& script, const QStringList& arguments, QString* output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("bash"), QStringList{script} + arguments);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(5000);
        *output = QStringLiteral("timed out");
        return -1;
    }
    *output = QString::fromUtf8(process.readAll()).trimmed();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

/// pgbouncer through packaging/pooler.sh in `dir` on a free loopback port: the port, or 0 with
/// `status` the exit status to report (77: pgbouncer is not installed).
int startPooler(const QString& script, const ConnectionSettings& server, int pool, const QString& dir,
                int* status, QString* message)
{
    // As root pgbouncer runs as the postgres user, which must reach the folder.
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                   QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    QFile users(QDir(dir).filePath(QStringLiteral("users.txt")));
    auto quoted = [](QString v) {
        return QLatin1Char('"') + v.replace(QLatin1Char('"'), QStringLiteral("\"\"")) + QLatin1Char('"');
    };
    if (!users.open(QIODevice::WriteOnly) ||
        users.write((quoted(server.value(QStringLiteral("user"))) + QLatin1Char(' ') +
                     quoted(server.value(QStringLiteral("password"))) + QLatin1Char('\n'))
                        .toUtf8()) < 0) {
        *message = QStringLiteral("cannot write %1").arg(users.fileName());
        *status = 1;
        return 0;
    }
    users.close();
    QString output;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const int port = 20000 + int(QRandomGenerator::global()->bounded(0, 12000));
        const int exit =
            runPoolerScript(script,
                            {QStringLiteral("up"), QDir(dir).filePath(QStringLiteral("pooler")),
                             QStringLiteral("--port"), QString::number(port), QStringLiteral("--server"),
                             server.host() + QLatin1Char(':') + server.value(QStringLiteral("port")),
                             QStringLiteral("--users"), users.fileName(), QStringLiteral("--pool"),
                             QString::number(pool), QStringLiteral("--max-server"), QString::number(pool)},
                            &output);
        if (exit == 0)
            return port;
        if (exit != 1) {
            *message = output;
            *status = exit == poolerSkipped ? poolerSkipped : 1;
            return 0;
        }
        (void)runPoolerScript(script, {QStringLiteral("down"), QDir(dir).filePath(QStringLiteral("pooler"))},
                              &output);
    }
    *message = QStringLiteral("the pooler did not start: %1").arg(output);
    *status = 1;
    return 0;
}

/// A fresh database of a random name: the real migrations and one hall of `seats` seats per
/// showtime watched, each showtime tomorrow (on sale).
Result<QList<WatchedShowtime>> createTerminalsDatabase(const ConnectionSettings& server, const QString& name,
                                                       int showtimes, int seats)
{
    {
        auto admin = DbConnection::open(server, QStringLiteral("bench-admin"));
        if (!admin)
            return admin.error();
        if (Status made = admin.value()->execScript(QStringLiteral("CREATE DATABASE ") + name); !made)
            return made.error();
    }
    auto admin = DbConnection::open(server.withDatabase(name), QStringLiteral("bench-admin"));
    if (!admin)
        return admin.error();
    Migrator migrator(*admin.value());
    if (auto migrated = migrator.migrate(); !migrated)
        return migrated.error();
    constexpr int perRow = 30;
    if (Status s = admin.value()->execScript(QStringLiteral(R"sql(
        DO $$
        DECLARE
            a integer; m integer; p integer;
        BEGIN
            INSERT INTO movie (title, runtime_min) VALUES ('Bench film', 120) RETURNING id INTO m;
            INSERT INTO price_list (name) VALUES ('Bench') RETURNING id INTO p;
            INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency)
            VALUES (p, 'adult', 'Adult', 12000, 'KRW');
            FOR h IN 1..%1 LOOP
                INSERT INTO auditorium (name) VALUES ('Bench hall ' || h) RETURNING id INTO a;
                INSERT INTO seat (auditorium_id, row_label, number, x, y)
                SELECT a, chr(65 + (g - 1) / %3 / 26) || chr(65 + mod((g - 1) / %3, 26)), 1 + mod(g - 1, %3), mod(g - 1, %3),
                       ((g - 1) / %3) * 1.2
                  FROM generate_series(1, %2) g;
                INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at)
                VALUES (a, m, p, now() + interval '1 day');
            END LOOP;
        END $$;
        )sql")
                                                 .arg(showtimes)
                                                 .arg(seats)
                                                 .arg(perRow));
        !s)
        return s.error();
    auto rows = admin.value()->exec(
        QStringLiteral("SELECT showtime_id, seat_id FROM showtime_seat ORDER BY showtime_id, seat_id"));
    if (!rows)
        return rows.error();
    QList<WatchedShowtime> watched;
    while (rows.value().next()) {
        const int showtime = rows.value().value(0).toInt();
        if (watched.isEmpty() || watched.last().id != showtime)
            watched.append(WatchedShowtime{showtime, {}});
        watched.last().seatIds << rows.value().value(1).toInt();
    }
    if (watched.size() != showtimes)
        return makeError(
            ErrorCode::Internal,
            QStringLiteral("the bench database has %1 showtimes, not %2").arg(watched.size()).arg(showtimes));
    return watched;
}

/// Seats in two active bookings, and seats of confirmed bookings that are not RESERVED for them.
qint64 terminalsViolations(const ConnectionSettings& database, QStringList* details)
{
    auto admin = DbConnection::open(database, QStringLiteral("bench-admin"));
    if (!admin) {
        *details << QStringLiteral("cannot check: %1").arg(admin.error().message);
        return 1;
    }
    qint64 total = 0;
    const struct
    {
        const char* what;
        const char* sql;
    } checks[] = {
        {"seats in two active bookings",
         "SELECT count(*) FROM (SELECT 1 FROM booking_seat WHERE active GROUP BY showtime_id, seat_id "
         "HAVING count(*) > 1) x"},
        {"seats of confirmed bookings not RESERVED for them",
         "SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id JOIN showtime_seat ss "
         "ON ss.showtime_id = bs.showtime_id AND ss.seat_id = bs.seat_id WHERE b.status = 'CONFIRMED' AND "
         "bs.active AND (ss.status <> 'RESERVED' OR ss.booking_id IS DISTINCT FROM b.id)"},
    };
    for (const auto& check : checks) {
        auto rows = admin.value()->exec(QString::fromLatin1(check.sql));
        const qint64 n = rows && rows.value().next() ? rows.value().value(0).toLongLong() : -1;
        if (n != 0) {
            *details << (n < 0 ? QStringLiteral("cannot check %1").arg(QLatin1String(check.what))
                               : QStringLiteral("%1 %2").arg(n).arg(QLatin1String(check.what)));
            total += std::max<qint64>(n, 1);
        }
    }
    return total;
}

} // namespace bo::bench
