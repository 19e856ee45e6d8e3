// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/testdatabase.h"

#include <cstdlib>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryDir>

#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"
#include "db/serversetup.h"

namespace bo::test {
namespace {

QMutex serverMutex;
QString ownCluster; // set when this process started its own cluster

void stopOwnCluster()
{
    if (!ownCluster.isEmpty()) {
        (void)PrivatePostgres::stop(ownCluster);
        QDir(ownCluster).removeRecursively();
    }
}

QString clusterFolder(QString* error)
{
    const QString pointer = qEnvironmentVariable("BOXOFFICE_TEST_PG_FILE");
    if (!pointer.isEmpty()) {
        QFile f(pointer);
        if (!f.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("the test PostgreSQL fixture did not run (no %1)").arg(pointer);
            return {};
        }
        return QString::fromUtf8(f.readAll()).trimmed();
    }
    if (ownCluster.isEmpty()) {
        QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/boxoffice-test-XXXXXX"));
        dir.setAutoRemove(false);
        if (!dir.isValid()) {
            *error = QStringLiteral("cannot create a temporary folder");
            return {};
        }
        ownCluster = dir.path();
        std::atexit(stopOwnCluster);
    }
    return ownCluster;
}

/// The migrated database every migrated test database is copied from (CREATE DATABASE ...
/// TEMPLATE): the migrations run once per server, as the cluster's superuser, by the first test
/// that needs them. Named by a hash of the migrations and function files this program carries,
/// so a build with a changed one makes a new template on a server it shares with older builds.
QString migratedTemplateName()
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString& path :
         {QStringLiteral(":/boxoffice/migrations"), QStringLiteral(":/boxoffice/functions")}) {
        const QDir dir(path);
        for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
            QFile f(dir.filePath(file));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            hash.addData(file.toUtf8());
            hash.addData(f.readAll());
        }
    }
    return QStringLiteral("t_template_") + QString::fromLatin1(hash.result().toHex().left(16));
}

/// The key of the session lock under which one test process builds the template while the others
/// wait for it.
constexpr qint64 templateLockKey = 0x626f74706c;

/// Makes the migrated template database `name` unless it is there; false with `error` set if it
/// cannot.
bool ensureTemplate(DbConnection& admin, const ConnectionSettings& server, const QString& name,
                    QString* error)
{
    // One process builds it under a session lock; the others wait there and find it built. Built
    // means marked a template: one left half-migrated by a killed test is dropped and built again.
    if (Status s = admin.execScript(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(templateLockKey)); !s) {
        *error = s.error().detail;
        return false;
    }
    const auto unlock = qScopeGuard([&] {
        (void)admin.execScript(QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(templateLockKey));
    });
    auto found =
        admin.exec(QStringLiteral("SELECT datistemplate FROM pg_database WHERE datname = '%1'").arg(name));
    if (!found) {
        *error = found.error().detail;
        return false;
    }
    Rows& rows = found.value();
    const bool exists = rows.next();
    if (exists && rows.value(0).toBool())
        return true;
    QStringList script;
    if (exists)
        script << QStringLiteral("DROP DATABASE %1 WITH (FORCE)").arg(name);
    script << QStringLiteral("CREATE DATABASE ") + name;
    for (const QString& sql : script) {
        if (Status s = admin.execScript(sql); !s) {
            *error = s.error().detail;
            return false;
        }
    }
    {
        auto connection = DbConnection::open(server.withDatabase(name), QStringLiteral("test-migrate"));
        if (!connection) {
            *error = connection.error().message;
            return false;
        }
        Migrator migrator(*connection.value());
        if (auto report = migrator.migrate(); !report) {
            *error = report.error().message;
            return false;
        }
    }
    // No connection to it from now on, so copies of it can be made at the same time.
    if (Status s = admin.execScript(
            QStringLiteral("ALTER DATABASE %1 WITH IS_TEMPLATE true ALLOW_CONNECTIONS false").arg(name));
        !s) {
        *error = s.error().detail;
        return false;
    }
    return true;
}

} // namespace

ConnectionSettings TestDatabase::serverSettings(QString* error)
{
    QMutexLocker lock(&serverMutex);
    QString why;
    const QString folder = clusterFolder(&why);
    if (folder.isEmpty()) {
        if (error)
            *error = why;
        return {};
    }
    ClusterOptions options;
    options.durable = false;
    auto server = PrivatePostgres::ensureRunning(folder, options);
    if (!server) {
        if (error)
            *error = server.error().message + QLatin1Char(' ') + server.error().detail;
        return {};
    }
    return server.value();
}

TestDatabase::TestDatabase(bool migrated)
{
    const ConnectionSettings server = serverSettings(&m_error);
    if (m_error.isEmpty())
        create(server, migrated);
}

TestDatabase::TestDatabase(const ConnectionSettings& server, bool migrated)
    : m_server(server)
{
    create(server, migrated);
}

void TestDatabase::create(const ConnectionSettings& server, bool migrated)
{
    m_name = QStringLiteral("t_%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
    {
        auto admin = DbConnection::open(server, QStringLiteral("test-admin"));
        if (!admin) {
            m_error = admin.error().message;
            return;
        }
        // A migrated database is a copy of the template: the migrations run once per server
        // (a second or more of the server's CPU each time), not once per test database.
        QString create = QStringLiteral("CREATE DATABASE ") + m_name;
        if (migrated) {
            const QString source = migratedTemplateName();
            if (!ensureTemplate(*admin.value(), server, source, &m_error))
                return;
            create += QStringLiteral(" TEMPLATE ") + source;
        }
        if (Status s = admin.value()->execScript(create); !s) {
            m_error = s.error().detail;
            return;
        }
        // As setup-server leaves a cinema's database: CONNECT for our roles only, no TEMPORARY
        // for anyone (a copy does not inherit the template's database privileges).
        if (migrated) {
            if (auto restricted = ServerSetup(*admin.value()).restrictDatabase(m_name); !restricted) {
                m_error = restricted.error().message;
                return;
            }
        }
    }
    m_ownerSettings = server.withDatabase(m_name);
    m_settings = m_managerSettings = m_kioskSettings = m_doorSettings = m_webSettings = m_otherTillSettings =
        m_serviceSettings = m_ownerSettings;
    if (migrated && !createLogins(server))
        return;
    m_ok = true;
}

namespace {

QMutex serviceLoginsMutex;
/// The payment service's and the manager's settings of each test database of this process, by
/// database name.
QHash<QString, ConnectionSettings>& serviceLogins()
{
    static QHash<QString, ConnectionSettings> logins;
    return logins;
}
QHash<QString, ConnectionSettings>& managerLogins()
{
    static QHash<QString, ConnectionSettings> logins;
    return logins;
}

} // namespace

namespace {

/// `terminal`'s way to the server (hosts, ports, the session it wants: a cluster's multi-host
/// string stays one) with `login`'s user and password; empty when there is no such login. A
/// terminal through a pooler keeps it to itself: the other login goes straight to the server.
ConnectionSettings asLogin(const ConnectionSettings& terminal, const ConnectionSettings& login)
{
    if (login.value(QStringLiteral("user")).isEmpty() || terminal.pooled)
        return login;
    ConnectionSettings settings = terminal;
    settings.setValue(QStringLiteral("user"), login.value(QStringLiteral("user")));
    settings.setValue(QStringLiteral("password"), login.value(QStringLiteral("password")));
    return settings;
}

} // namespace

ConnectionSettings TestDatabase::serviceSettingsFor(const ConnectionSettings& terminal)
{
    QMutexLocker lock(&serviceLoginsMutex);
    return asLogin(terminal, serviceLogins().value(terminal.value(QStringLiteral("dbname"))));
}

ConnectionSettings TestDatabase::managerSettingsFor(const ConnectionSettings& terminal)
{
    QMutexLocker lock(&serviceLoginsMutex);
    return asLogin(terminal, managerLogins().value(terminal.value(QStringLiteral("dbname"))));
}

bool TestDatabase::createLogins(const ConnectionSettings& server)
{
    auto admin = open(server, QStringLiteral("test-admin"));
    if (!admin) {
        m_error = QStringLiteral("cannot connect to create the test logins");
        return false;
    }
    const auto login = [&](const QString& name, const QString& role, ConnectionSettings* settings) {
        const QString password =
            QStringLiteral("%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
        // Names and password are ours (hex), not user input.
        if (Status s = admin->execScript(
                QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD '%2' IN ROLE %3").arg(name, password, role));
            !s) {
            m_error = s.error().detail;
            return false;
        }
        *settings = m_ownerSettings;
        settings->setValue(QStringLiteral("user"), name);
        settings->setValue(QStringLiteral("password"), password);
        return true;
    };
    m_terminalLogin = m_name + QStringLiteral("_till");
    if (!login(m_terminalLogin, QStringLiteral("boxoffice_till"), &m_settings))
        return false;
    m_kioskLogin = m_name + QStringLiteral("_kiosk");
    if (!login(m_kioskLogin, QStringLiteral("boxoffice_kiosk"), &m_kioskSettings))
        return false;
    m_doorLogin = m_name + QStringLiteral("_door");
    if (!login(m_doorLogin, QStringLiteral("boxoffice_door"), &m_doorSettings))
        return false;
    m_webLogin = m_name + QStringLiteral("_web");
    if (!login(m_webLogin, QStringLiteral("boxoffice_web"), &m_webSettings))
        return false;
    m_otherTillLogin = m_name + QStringLiteral("_till2");
    if (!login(m_otherTillLogin, QStringLiteral("boxoffice_till"), &m_otherTillSettings))
        return false;
    m_serviceLogin = m_name + QStringLiteral("_svc");
    if (!login(m_serviceLogin, QStringLiteral("boxoffice_service"), &m_serviceSettings))
        return false;
    {
        QMutexLocker lock(&serviceLoginsMutex);
        serviceLogins().insert(m_serviceSettings.value(QStringLiteral("dbname")), m_serviceSettings);
    }
    m_managerLogin = m_name + QStringLiteral("_mgr");
    if (!login(m_managerLogin, QStringLiteral("boxoffice_manager"), &m_managerSettings))
        return false;
    QMutexLocker lock(&serviceLoginsMutex);
    managerLogins().insert(m_managerSettings.value(QStringLiteral("dbname")), m_managerSettings);
    return true;
}

TestDatabase::~TestDatabase()
{
    if (m_name.isEmpty())
        return;
    const ConnectionSettings server = m_server.host().isEmpty() ? serverSettings() : m_server;
    if (auto admin = DbConnection::open(server, QStringLiteral("test-admin"))) {
        (void)admin.value()->execScript(
            QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_name));
        for (const QString& login : {m_terminalLogin, m_kioskLogin, m_doorLogin, m_webLogin, m_otherTillLogin,
                                     m_serviceLogin, m_managerLogin})
            if (!login.isEmpty())
                (void)admin.value()->execScript(QStringLiteral("DROP ROLE IF EXISTS %1").arg(login));
    }
}

std::unique_ptr<DbConnection> TestDatabase::open(const ConnectionSettings& settings, const QString& purpose)
{
    auto opened = DbConnection::open(settings, purpose);
    if (!opened) {
        qWarning("cannot connect to the test database: %s", qPrintable(opened.error().message));
        return nullptr;
    }
    return std::move(opened.value());
}

std::unique_ptr<DbConnection> TestDatabase::connect(const QString& purpose) const
{
    return open(m_settings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsOwner(const QString& purpose) const
{
    return open(m_ownerSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsManager(const QString& purpose) const
{
    return open(m_managerSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsService(const QString& purpose) const
{
    return open(m_serviceSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsKiosk(const QString& purpose) const
{
    return open(m_kioskSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsDoor(const QString& purpose) const
{
    return open(m_doorSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsWeb(const QString& purpose) const
{
    return open(m_webSettings, purpose);
}

std::unique_ptr<DbConnection> TestDatabase::connectAsOtherTill(const QString& purpose) const
{
    return open(m_otherTillSettings, purpose);
}

QString TestDatabase::scalar(const QString& sql) const
{
    auto c = connectAsOwner(QStringLiteral("test-scalar"));
    if (!c)
        return QStringLiteral("<no connection>");
    auto rows = c->exec(sql);
    if (!rows) {
        qWarning("query failed: %s: %s", qPrintable(sql), qPrintable(rows.error().detail));
        return QStringLiteral("<error>");
    }
    return rows.value().next() ? rows.value().value(0).toString() : QString();
}

QString TestDatabase::snapshot() const
{
    return scalar(QStringLiteral(
        "SELECT concat_ws(' | ', "
        " (SELECT count(*) || ' seats ' || md5(coalesce(string_agg(concat_ws(',', showtime_id, seat_id, "
        "status, "
        "    held_by, held_until, booking_id), ';' ORDER BY showtime_id, seat_id), '')) FROM showtime_seat), "
        " (SELECT count(*) || ' bookings ' || md5(coalesce(string_agg(concat_ws(',', id, code, status, "
        "hold_token, "
        "    total_minor, currency, terminal, payment, expires_at, confirmed_at, closed_at), ';' ORDER BY "
        "id), "
        "'')) "
        "  FROM booking), "
        " (SELECT count(*) || ' booked ' || md5(coalesce(string_agg(concat_ws(',', booking_id, showtime_id, "
        "seat_id, "
        "    tier_code, price_minor, active), ';' ORDER BY booking_id, seat_id), '')) FROM booking_seat), "
        " (SELECT count(*) || ' keys ' || md5(coalesce(string_agg(concat_ws(',', scope, key, operation, "
        "fingerprint, "
        "    response), ';' ORDER BY scope, key), '')) FROM idempotency_key), "
        " (SELECT count(*) || ' showtimes' FROM showtime))"));
}

bool TestDatabase::run(const QString& sql) const
{
    auto c = connectAsOwner(QStringLiteral("test-run"));
    if (!c)
        return false;
    Status s = c->execScript(sql);
    if (!s)
        qWarning("statement failed: %s: %s", qPrintable(sql), qPrintable(s.error().detail));
    return s.ok();
}

int TestDatabase::addShowtime(int rows, int perRow, const QString& hall)
{
    const QString sql =
        QStringLiteral("WITH a AS (INSERT INTO auditorium (name) VALUES ('%1') RETURNING id), "
                       "s AS (INSERT INTO seat (auditorium_id, row_label, number, x, y) "
                       "      SELECT a.id, chr(64 + r), n, n, r FROM a, generate_series(1, %2) r, "
                       "generate_series(1, %3) n "
                       "      RETURNING 1) "
                       "SELECT (SELECT id FROM a), (SELECT count(*) FROM s)")
            .arg(hall)
            .arg(rows)
            .arg(perRow);
    const QString auditorium = scalar(sql);
    if (!run(QStringLiteral(
            "INSERT INTO movie (title, runtime_min) SELECT 'Test film', 100 "
            "WHERE NOT EXISTS (SELECT 1 FROM movie); "
            "INSERT INTO price_list (name) SELECT 'Test prices' "
            "WHERE NOT EXISTS (SELECT 1 FROM price_list); "
            "INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency, sort_order) "
            "SELECT (SELECT min(id) FROM price_list), c, n, a, 'KRW', o "
            "  FROM (VALUES ('adult', 'Adult', 10000, 1), ('child', 'Child', 7000, 2)) v(c, n, a, o) "
            "WHERE NOT EXISTS (SELECT 1 FROM price_tier)")))
        return 0;
    return scalar(QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                                 "VALUES (%1, (SELECT min(id) FROM movie), (SELECT min(id) FROM price_list), "
                                 "now() + interval '1 day') RETURNING id")
                      .arg(auditorium))
        .toInt();
}

QList<int> TestDatabase::seatIds(int showtimeId) const
{
    QList<int> out;
    auto c = connectAsOwner(QStringLiteral("test-seats"));
    if (!c)
        return out;
    auto rows =
        c->exec(QStringLiteral("SELECT ss.seat_id FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                               "WHERE ss.showtime_id = ? ORDER BY s.row_label, s.number"),
                {showtimeId});
    if (!rows)
        return out;
    while (rows.value().next())
        out << rows.value().value(0).toInt();
    return out;
}

QString TestDatabase::seatRow(int showtimeId, int seatId) const
{
    return scalar(QStringLiteral("SELECT status || ' ' || coalesce(held_by::text, '-') FROM showtime_seat "
                                 "WHERE showtime_id = %1 AND seat_id = %2")
                      .arg(showtimeId)
                      .arg(seatId));
}

QString TestDatabase::heldSeats(int showtimeId, const QUuid& owner) const
{
    return scalar(QStringLiteral("SELECT coalesce(string_agg(seat_id::text, ',' ORDER BY seat_id), '') "
                                 "FROM showtime_seat WHERE showtime_id = %1 AND status = 'HELD' "
                                 "AND held_by = '%2'")
                      .arg(showtimeId)
                      .arg(owner.toString(QUuid::WithoutBraces)));
}

QString TestDatabase::seatStates(int showtimeId, const QList<int>& seatIds) const
{
    return scalar(QStringLiteral("SELECT string_agg(status || ':' || coalesce(held_by::text, ''), ',' "
                                 "ORDER BY seat_id) FROM showtime_seat WHERE showtime_id = %1 "
                                 "AND seat_id = ANY('%2')")
                      .arg(showtimeId)
                      .arg(toPgIntArray(seatIds)));
}

int TestDatabase::expireHoldsOf(const QUuid& owner) const
{
    // `bookings` runs although nothing reads it: data-modifying CTEs always run to completion.
    bool ok = false;
    const int seats =
        scalar(QStringLiteral("WITH seats AS (UPDATE showtime_seat SET held_until = clock_timestamp() - "
                              "interval '1 second' WHERE status = 'HELD' AND held_by = '%1' RETURNING 1), "
                              "bookings AS (UPDATE booking SET expires_at = clock_timestamp() - "
                              "interval '1 second' WHERE status = 'PENDING' AND hold_token = '%1' "
                              "RETURNING 1) "
                              "SELECT count(*) FROM seats")
                   .arg(owner.toString(QUuid::WithoutBraces)))
            .toInt(&ok);
    return ok ? seats : -1;
}

int TestDatabase::sweepAsService(int batch) const
{
    auto service = connectAsService(QStringLiteral("test-sweep"));
    if (!service)
        return -1;
    auto swept = service->exec(QStringLiteral("SELECT count(*) FROM bo_sweep(?)"), {batch});
    return swept.ok() && swept.value().next() ? swept.value().value(0).toInt() : -1;
}

QString heldBy(const QUuid& owner)
{
    return QStringLiteral("HELD ") + owner.toString(QUuid::WithoutBraces);
}

QString joined(const QList<int>& ids)
{
    QStringList parts;
    parts.reserve(ids.size());
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

} // namespace bo::test
