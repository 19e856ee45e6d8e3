// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// `boxoffice-admin setup-server`, the real executable against the fixture's PostgreSQL: a fresh
// set-up as the superuser and as a role with CREATEDB and CREATEROLE only, the second run that
// changes nothing, and the refusals that leave the server as it was.
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"
#include "tests/support/adminclirig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::TestDatabase;

namespace {

QString suffix()
{
    return QStringLiteral("%1").arg(QRandomGenerator::global()->generate64(), 16, 16, QLatin1Char('0'));
}

QStringList words(const char* line)
{
    return QString::fromUtf8(line).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TstAdminSetup final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    ConnectionSettings m_server;
    QTemporaryDir m_ownFolder;
    ConnectionSettings m_ownServer;

    /// A cluster of this test's own (started once, stopped in cleanupTestCase) for what must not
    /// touch the fixture's: no parameter grant, a superuser boxoffice_owner. Emptied of every
    /// database and role of ours on each call; the superuser's settings ("" host on failure).
    [[nodiscard]] ConnectionSettings ownCluster()
    {
        if (m_ownServer.host().isEmpty()) {
            ClusterOptions options;
            options.durable = false;
            auto started = PrivatePostgres::ensureRunning(m_ownFolder.path(), options);
            if (!started) {
                qWarning("own cluster: %s", qPrintable(started.error().message));
                return {};
            }
            m_ownServer = started.value().withDatabase(QStringLiteral("postgres"));
        }
        auto admin = DbConnection::open(m_ownServer, QStringLiteral("test-admin"));
        if (!admin || !admin.value()
                           ->execScript(QStringLiteral("DROP DATABASE IF EXISTS boxoffice WITH (FORCE); "))
                           .ok())
            return {};
        if (!admin.value()
                 ->execScript(QStringLiteral(
                     "DO $$ DECLARE r text; BEGIN "
                     "FOREACH r IN ARRAY ARRAY['till_1', 'mig', 'boxoffice_terminal', 'boxoffice_manager', "
                     "                         'boxoffice_owner'] LOOP "
                     "  IF to_regrole(r) IS NOT NULL THEN "
                     "    EXECUTE format('DROP OWNED BY %I', r); EXECUTE format('DROP ROLE %I', r); "
                     "  END IF; "
                     "END LOOP; END $$"))
                 .ok())
            return {};
        return m_ownServer;
    }

    /// Runs SQL on the maintenance database as the superuser; the first column of the first row.
    [[nodiscard]] QString scalar(const QString& sql,
                                 const QString& database = QStringLiteral("postgres")) const
    {
        auto c = DbConnection::open(m_server.withDatabase(database), QStringLiteral("test-setup"));
        if (!c)
            return QStringLiteral("<no connection: %1>").arg(c.error().message);
        auto rows = c.value()->exec(sql);
        if (!rows)
            return QStringLiteral("<error: %1>").arg(rows.error().detail);
        return rows.value().next() ? rows.value().value(0).toString() : QString();
    }

    [[nodiscard]] bool run(const QString& sql) const
    {
        auto c = DbConnection::open(m_server, QStringLiteral("test-setup"));
        if (!c)
            return false;
        Status s = c.value()->execScript(sql);
        if (!s)
            qWarning("statement failed: %s: %s", qPrintable(sql), qPrintable(s.error().detail));
        return s.ok();
    }

    [[nodiscard]] bool databaseExists(const QString& name) const
    {
        return scalar(QStringLiteral("SELECT count(*) FROM pg_database WHERE datname = '%1'").arg(name)) ==
               QLatin1String("1");
    }

    /// Drops what a test made: its database (first: the grants in it name the roles), then roles.
    [[nodiscard]] auto dropAfterwards(const QString& database, const QStringList& roles) const
    {
        return qScopeGuard([this, database, roles] {
            (void)run(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(database));
            for (const QString& role : roles)
                (void)run(QStringLiteral("DO $$ BEGIN IF to_regrole('%1') IS NOT NULL THEN "
                                         "EXECUTE 'DROP OWNED BY %1'; EXECUTE 'DROP ROLE %1'; END IF; END $$")
                              .arg(role));
        });
    }

    /// A login of the server with the given attributes (e.g. "CREATEDB CREATEROLE"); its conninfo
    /// on the maintenance database.
    [[nodiscard]] QString makeRole(const QString& name, const QString& attributes) const
    {
        const QString password = name + QStringLiteral("pw");
        if (!run(QStringLiteral("CREATE ROLE %1 LOGIN %2 PASSWORD '%3'").arg(name, attributes, password)))
            return {};
        ConnectionSettings settings = m_server;
        settings.setValue(QStringLiteral("user"), name);
        settings.setValue(QStringLiteral("password"), password);
        return settings.toConninfo();
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QString why;
        m_server = TestDatabase::serverSettings(&why);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        m_server = m_server.withDatabase(QStringLiteral("postgres"));
    }

    void aFreshSetupAsSuperuserMakesDatabaseRolesSchemaAndLogins()
    {
        const QString s = suffix();
        const QString database = QStringLiteral("site_") + s;
        const QString till = QStringLiteral("till_") + s;
        const QString office = QStringLiteral("office_") + s;
        const auto dropped = dropAfterwards(database, {till, office});

        const CliRun made =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"), database,
                       QStringLiteral("--terminal-login"), till, QStringLiteral("--manager-login"), office,
                       QStringLiteral("--generate-password"), QStringLiteral("--json")},
                      m_server.toConninfo());
        QVERIFY2(made.exitCode == 0, qPrintable(made.describe()));
        const QJsonObject json = made.json();
        QCOMPARE(json.value(QStringLiteral("database")).toString(), database);
        QCOMPARE(json.value(QStringLiteral("database_created")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("superuser")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("changed")).toBool(), true);
        QVERIFY(json.value(QStringLiteral("server_version")).toString().startsWith(QLatin1String("1")));
        QCOMPARE(json.value(QStringLiteral("owner")).toString(), m_server.value(QStringLiteral("user")));
        const QJsonObject schema = json.value(QStringLiteral("schema")).toObject();
        QCOMPARE(schema.value(QStringLiteral("from_version")).toInt(-1), 0);
        QCOMPARE(schema.value(QStringLiteral("to_version")).toInt(), Migrator::latestVersion());
        QCOMPARE(schema.value(QStringLiteral("applied")).toArray().size(), Migrator::latestVersion());
        QCOMPARE(json.value(QStringLiteral("roles")).toArray().toVariantList(),
                 (QVariantList{QStringLiteral("boxoffice_owner"), QStringLiteral("boxoffice_manager"),
                               QStringLiteral("boxoffice_terminal"), QStringLiteral("boxoffice_kiosk"),
                               QStringLiteral("boxoffice_till"), QStringLiteral("boxoffice_door"),
                               QStringLiteral("boxoffice_service"), QStringLiteral("boxoffice_web")}));
        QVERIFY(json.value(QStringLiteral("parameter_grant")).toString() != QLatin1String("missing"));
        QVERIFY(json.value(QStringLiteral("warnings")).toArray().isEmpty());
        const QJsonArray logins = json.value(QStringLiteral("logins")).toArray();
        QCOMPARE(logins.size(), 2);
        QCOMPARE(logins.at(0).toObject().value(QStringLiteral("login")).toString(), till);
        QCOMPARE(logins.at(0).toObject().value(QStringLiteral("role")).toString(),
                 QStringLiteral("terminal"));
        QCOMPARE(logins.at(1).toObject().value(QStringLiteral("role")).toString(), QStringLiteral("manager"));
        const QString tillPassword = logins.at(0).toObject().value(QStringLiteral("password")).toString();
        const QString officePassword = logins.at(1).toObject().value(QStringLiteral("password")).toString();
        QVERIFY(tillPassword.size() >= 20 && officePassword.size() >= 20 && tillPassword != officePassword);

        // UTF8; only the three roles (and the owner) may connect; PUBLIC may not create temp tables.
        QCOMPARE(scalar(QStringLiteral(
                            "SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = '%1'")
                            .arg(database)),
                 QStringLiteral("UTF8"));
        QCOMPARE(scalar(QStringLiteral("SELECT has_database_privilege('public', '%1', 'CONNECT') OR "
                                       "has_database_privilege('public', '%1', 'TEMPORARY')")
                            .arg(database)),
                 QStringLiteral("false"));
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM pg_database d, aclexplode(d.datacl) a "
                                       "WHERE d.datname = '%1' AND a.privilege_type = 'CONNECT' "
                                       "AND pg_get_userbyid(a.grantee) LIKE 'boxoffice\\_%%'")
                            .arg(database)),
                 QStringLiteral("8")); // owner, manager, terminal, kiosk, till, door, service, web
        QCOMPARE(
            scalar(QStringLiteral("SELECT has_schema_privilege('public', 'public', 'CREATE')"), database),
            QStringLiteral("false"));
        QCOMPARE(scalar(QStringLiteral("SELECT max(version) FROM schema_migrations"), database),
                 QString::number(Migrator::latestVersion()));
        QCOMPARE(scalar(QStringLiteral("SELECT pg_has_role('%1', 'boxoffice_terminal', 'MEMBER') AND "
                                       "pg_has_role('%2', 'boxoffice_manager', 'MEMBER')")
                            .arg(till, office)),
                 QStringLiteral("true"));
        // A role of no Box office kind cannot connect any more.
        const QString stranger = QStringLiteral("stranger_") + s;
        const auto droppedStranger = dropAfterwards(QStringLiteral("none_") + s, {stranger});
        ConnectionSettings strangerSettings =
            ConnectionSettings::parse(makeRole(stranger, QString())).value().withDatabase(database);
        QVERIFY(!DbConnection::open(strangerSettings, QStringLiteral("stranger")).ok());

        // The terminal login sells with its password: CONNECT and the migrations' grants suffice.
        const QString adminOnTarget = m_server.withDatabase(database).toConninfo();
        const CliRun seeded = m_rig.cli({QStringLiteral("seed-demo")}, adminOnTarget);
        QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.describe()));
        ConnectionSettings tillSettings = m_server.withDatabase(database);
        tillSettings.setValue(QStringLiteral("user"), till);
        tillSettings.setValue(QStringLiteral("password"), tillPassword);
        const CliRun seats =
            m_rig.cli({QStringLiteral("seats"), QStringLiteral("next")}, tillSettings.toConninfo());
        QVERIFY2(seats.exitCode == 0, qPrintable(seats.describe()));

        // The second run changes nothing, says so, and prints no password.
        const QString before =
            scalar(QStringLiteral("SELECT datacl::text FROM pg_database WHERE datname = '%1'").arg(database));
        const CliRun again =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"), database,
                       QStringLiteral("--terminal-login"), till, QStringLiteral("--manager-login"), office,
                       QStringLiteral("--generate-password")},
                      m_server.toConninfo());
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QVERIFY2(again.out.contains(QLatin1String("Nothing changed")), qPrintable(again.describe()));
        QVERIFY2(again.out.contains(QLatin1String("already there")), qPrintable(again.describe()));
        QVERIFY2(!again.out.contains(QLatin1String("password (shown only now)")),
                 qPrintable(again.describe()));
        const CliRun againJson = m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"),
                                            database, QStringLiteral("--json")},
                                           m_server.toConninfo());
        QVERIFY2(againJson.exitCode == 0, qPrintable(againJson.describe()));
        QCOMPARE(againJson.json().value(QStringLiteral("changed")).toBool(true), false);
        QCOMPARE(againJson.json().value(QStringLiteral("database_created")).toBool(true), false);
        QVERIFY(againJson.json().value(QStringLiteral("changes")).toArray().isEmpty());
        QVERIFY(againJson.json()
                    .value(QStringLiteral("schema"))
                    .toObject()
                    .value(QStringLiteral("applied"))
                    .toArray()
                    .isEmpty());
        QCOMPARE(
            scalar(QStringLiteral("SELECT datacl::text FROM pg_database WHERE datname = '%1'").arg(database)),
            before);
        // The till's password still works (it was not changed).
        QVERIFY(DbConnection::open(tillSettings, QStringLiteral("till-again")).ok());

        // The passwords are in no log.
        QDirIterator logs(m_rig.logDir(), QDir::Files, QDirIterator::Subdirectories);
        while (logs.hasNext()) {
            QFile file(logs.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray text = file.readAll();
            QVERIFY2(!text.contains(tillPassword.toUtf8()) && !text.contains(officePassword.toUtf8()),
                     qPrintable(file.fileName()));
        }
    }

    void aRoleWithCreateDbAndCreateRoleSetsUpItsOwnDatabase()
    {
        // Production without a superuser at hand: the DBA made the migrating login and the one-time
        // parameter grant (docs/OPERATIONS.md); the login does the rest.
        const QString s = suffix();
        const QString database = QStringLiteral("site_") + s;
        const QString migrator = QStringLiteral("mig_") + s;
        const QString till = QStringLiteral("till_") + s;
        const auto dropped = dropAfterwards(database, {till, migrator});
        QVERIFY(run(QStringLiteral(
            "DO $$ BEGIN "
            "  IF to_regrole('boxoffice_owner') IS NULL THEN CREATE ROLE boxoffice_owner NOLOGIN; END IF; "
            "EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$; "
            "DO $$ BEGIN GRANT SET ON PARAMETER bo.announced TO boxoffice_owner; "
            "EXCEPTION WHEN unique_violation OR internal_error THEN NULL; END $$")));
        const QString conninfo = makeRole(migrator, QStringLiteral("CREATEDB CREATEROLE"));
        QVERIFY(!conninfo.isEmpty());

        const CliRun made = m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"), database,
                                       QStringLiteral("--terminal-login"), till,
                                       QStringLiteral("--password-stdin"), QStringLiteral("--json")},
                                      conninfo, "till-secret-42\n");
        QVERIFY2(made.exitCode == 0, qPrintable(made.describe()));
        const QJsonObject json = made.json();
        QCOMPARE(json.value(QStringLiteral("superuser")).toBool(true), false);
        QCOMPARE(json.value(QStringLiteral("owner")).toString(), migrator);
        QCOMPARE(json.value(QStringLiteral("parameter_grant")).toString(), QStringLiteral("present"));
        QVERIFY(json.value(QStringLiteral("warnings")).toArray().isEmpty());
        QVERIFY2(!made.out.contains(QLatin1String("till-secret-42")), qPrintable(made.describe()));
        QCOMPARE(scalar(QStringLiteral("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '%1'")
                            .arg(database)),
                 migrator);
        // Everything of the schema belongs to the owner role, every function runs with its rights
        // (bo_announce, 0013, runs only inside them: nobody else may call it; tst_privileges).
        QCOMPARE(
            scalar(QStringLiteral("SELECT (SELECT count(*) FROM pg_class WHERE relnamespace = "
                                  "'public'::regnamespace AND relkind = 'r' AND pg_get_userbyid(relowner) "
                                  "<> 'boxoffice_owner') + (SELECT count(*) FROM pg_proc WHERE proname "
                                  "LIKE 'bo\\_%' AND NOT prosecdef AND proname <> 'bo_announce')"),
                   database),
            QStringLiteral("0"));
        ConnectionSettings tillSettings = m_server.withDatabase(database);
        tillSettings.setValue(QStringLiteral("user"), till);
        tillSettings.setValue(QStringLiteral("password"), QStringLiteral("till-secret-42"));
        QVERIFY(DbConnection::open(tillSettings, QStringLiteral("till")).ok());

        const CliRun again = m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"),
                                        database, QStringLiteral("--json")},
                                       conninfo);
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json().value(QStringLiteral("changed")).toBool(true), false);
    }

    void withoutTheParameterGrantANonSuperuserIsWarnedAndASuperuserGrantsIt()
    {
        // A cluster of its own: on the fixture's the grant was made long ago.
        const ConnectionSettings superuser = ownCluster();
        QVERIFY(!superuser.host().isEmpty());
        {
            auto admin = DbConnection::open(superuser, QStringLiteral("test-admin"));
            QVERIFY(admin.ok());
            QVERIFY(
                admin.value()
                    ->execScript(QStringLiteral("CREATE ROLE mig LOGIN CREATEDB CREATEROLE PASSWORD 'migpw'"))
                    .ok());
        }
        ConnectionSettings migrator = superuser;
        migrator.setValue(QStringLiteral("user"), QStringLiteral("mig"));
        migrator.setValue(QStringLiteral("password"), QStringLiteral("migpw"));

        const CliRun warned =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--json")}, migrator.toConninfo());
        QVERIFY2(warned.exitCode == 0, qPrintable(warned.describe()));
        const QJsonObject json = warned.json();
        QCOMPARE(json.value(QStringLiteral("parameter_grant")).toString(), QStringLiteral("missing"));
        const QJsonArray warnings = json.value(QStringLiteral("warnings")).toArray();
        QCOMPARE(warnings.size(), 1);
        const QString sql = QStringLiteral("GRANT SET ON PARAMETER bo.announced TO boxoffice_owner;");
        QVERIFY2(warnings.at(0).toString().contains(sql), qPrintable(warned.describe()));
        QVERIFY2(warned.err.contains(QLatin1String("boxoffice-admin: warning: ")) && warned.err.contains(sql),
                 qPrintable(warned.describe()));
        QCOMPARE(json.value(QStringLiteral("schema")).toObject().value(QStringLiteral("to_version")).toInt(),
                 Migrator::latestVersion());

        // The superuser's run on the same server makes the grant (the roles exist already).
        const CliRun granted =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--json")}, superuser.toConninfo());
        QVERIFY2(granted.exitCode == 0, qPrintable(granted.describe()));
        QCOMPARE(granted.json().value(QStringLiteral("parameter_grant")).toString(),
                 QStringLiteral("granted"));
        QCOMPARE(granted.json().value(QStringLiteral("changed")).toBool(), true);
        QVERIFY(granted.json().value(QStringLiteral("warnings")).toArray().isEmpty());
        const CliRun present =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--json")}, migrator.toConninfo());
        QVERIFY2(present.exitCode == 0, qPrintable(present.describe()));
        QCOMPARE(present.json().value(QStringLiteral("parameter_grant")).toString(),
                 QStringLiteral("present"));
        QCOMPARE(present.json().value(QStringLiteral("changed")).toBool(true), false);
    }

    void aFailedMigrationDropsTheDatabaseThisRunCreated()
    {
        // A cluster of its own where 0006 must fail for a non-superuser: boxoffice_owner is a
        // superuser role, and CREATEROLE may not grant membership in one.
        const ConnectionSettings superuser = ownCluster();
        QVERIFY(!superuser.host().isEmpty());
        auto admin = DbConnection::open(superuser, QStringLiteral("test-admin"));
        QVERIFY(admin.ok());
        QVERIFY(admin.value()
                    ->execScript(QStringLiteral("CREATE ROLE boxoffice_owner NOLOGIN SUPERUSER; "
                                                "CREATE ROLE mig LOGIN CREATEDB CREATEROLE PASSWORD 'migpw'"))
                    .ok());
        ConnectionSettings migrator = superuser;
        migrator.setValue(QStringLiteral("user"), QStringLiteral("mig"));
        migrator.setValue(QStringLiteral("password"), QStringLiteral("migpw"));

        const CliRun failed = m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--terminal-login"),
                                         QStringLiteral("till_1"), QStringLiteral("--generate-password")},
                                        migrator.toConninfo());
        QVERIFY2(failed.exitCode == 1, qPrintable(failed.describe()));
        QVERIFY2(failed.err.contains(QLatin1String("0006_roles")), qPrintable(failed.describe()));
        QVERIFY2(failed.out.isEmpty(), qPrintable(failed.describe()));
        auto left = admin.value()->exec(QStringLiteral(
            "SELECT (SELECT count(*) FROM pg_database WHERE datname = 'boxoffice'), "
            "(SELECT count(*) FROM pg_roles WHERE rolname IN ('till_1', 'boxoffice_terminal'))"));
        QVERIFY(left.ok() && left.value().next());
        QCOMPARE(left.value().value(0).toInt(), 0);
        QCOMPARE(left.value().value(1).toInt(), 0);
    }

    void anotherApplicationsDatabaseIsLeftAloneAnEmptyOneIsTaken()
    {
        const QString s = suffix();
        const QString other = QStringLiteral("other_") + s;
        const QString empty = QStringLiteral("empty_") + s;
        const auto droppedOther = dropAfterwards(other, {});
        const auto droppedEmpty = dropAfterwards(empty, {});
        QVERIFY(run(QStringLiteral("CREATE DATABASE %1").arg(other)));
        QVERIFY(run(QStringLiteral("CREATE DATABASE %1").arg(empty)));
        {
            auto c = DbConnection::open(m_server.withDatabase(other), QStringLiteral("test-other"));
            QVERIFY(c.ok());
            QVERIFY(c.value()->execScript(QStringLiteral("CREATE TABLE invoices (id integer)")).ok());
        }

        const CliRun refused = m_rig.cli(
            {QStringLiteral("setup-server"), QStringLiteral("--database"), other}, m_server.toConninfo());
        QVERIFY2(refused.exitCode == 2, qPrintable(refused.describe()));
        QVERIFY2(refused.err.contains(other) && refused.out.isEmpty(), qPrintable(refused.describe()));
        QCOMPARE(
            scalar(QStringLiteral("SELECT datacl IS NULL FROM pg_database WHERE datname = '%1'").arg(other)),
            QStringLiteral("true"));
        QCOMPARE(scalar(QStringLiteral("SELECT to_regclass('schema_migrations') IS NULL"), other),
                 QStringLiteral("true"));

        // An empty database made beforehand (the DBA's way) is set up in place.
        const CliRun taken = m_rig.cli(
            {QStringLiteral("setup-server"), QStringLiteral("--database"), empty, QStringLiteral("--json")},
            m_server.toConninfo());
        QVERIFY2(taken.exitCode == 0, qPrintable(taken.describe()));
        QCOMPARE(taken.json().value(QStringLiteral("database_created")).toBool(true), false);
        QCOMPARE(taken.json().value(QStringLiteral("changed")).toBool(), true);
        QCOMPARE(
            scalar(QStringLiteral("SELECT has_database_privilege('public', '%1', 'CONNECT')").arg(empty)),
            QStringLiteral("false"));
    }

    void aRoleLackingAPrivilegeIsToldWhichAndNothingIsMade_data()
    {
        QTest::addColumn<QString>("attributes");
        QTest::addColumn<QString>("missing");
        QTest::newRow("no CREATEDB") << QStringLiteral("CREATEROLE") << QStringLiteral("CREATEDB");
        QTest::newRow("no CREATEROLE") << QStringLiteral("CREATEDB") << QStringLiteral("CREATEROLE");
    }

    void aRoleLackingAPrivilegeIsToldWhichAndNothingIsMade()
    {
        QFETCH(QString, attributes);
        QFETCH(QString, missing);
        const QString s = suffix();
        const QString database = QStringLiteral("site_") + s;
        const QString role = QStringLiteral("weak_") + s;
        const QString till = QStringLiteral("till_") + s;
        const auto dropped = dropAfterwards(database, {till, role});
        const QString conninfo = makeRole(role, attributes);
        QVERIFY(!conninfo.isEmpty());

        const CliRun run =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--database"), database,
                       QStringLiteral("--terminal-login"), till, QStringLiteral("--generate-password")},
                      conninfo);
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")) &&
                     !message.contains(QLatin1Char('\n')),
                 qPrintable(run.describe()));
        QVERIFY2(message.contains(missing) && message.contains(role), qPrintable(run.describe()));
        QVERIFY(!databaseExists(database));
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname = '%1'").arg(till)),
                 QStringLiteral("0"));
    }

    void badInputIsRefusedBeforeAnythingChanges_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("mentions");
        const auto row = [](const char* name, const char* line, int exitCode, const char* mentions) {
            QTest::newRow(name) << words(line) << exitCode << QString::fromUtf8(mentions);
        };
        row("upper case and dash", "setup-server --database Box-Office", 2, "Box-Office");
        row("pg_ prefix", "setup-server --database pg_boxoffice", 2, "pg_boxoffice");
        row("the maintenance database", "setup-server --database postgres", 2, "postgres");
        row("a template", "setup-server --database template1", 2, "template1");
        row("too long",
            "setup-server --database a234567890123456789012345678901234567890123456789012345678901234", 2,
            "a2345678901");
        row("an argument", "setup-server $DB", 2, "--database");
        row("bad terminal login", "setup-server --database $DB --terminal-login Till-1 --generate-password",
            2, "Till-1");
        row("login named like our roles", "setup-server --database $DB --manager-login boxoffice_x", 2,
            "boxoffice_x");
        row("same name twice", "setup-server --database $DB --terminal-login $ROLE --manager-login $ROLE", 2,
            "different");
        row("stdin for two logins",
            "setup-server --database $DB --terminal-login t_$ROLE --manager-login m_$ROLE --password-stdin",
            2, "--generate-password");
        row("password without a login", "setup-server --database $DB --generate-password", 2,
            "--terminal-login");
        row("no password for a new login", "setup-server --database $DB --terminal-login $ROLE", 2,
            "password");
        row("the demo", "setup-server --demo", 2, "--demo");
        row("a role that is not ours",
            "setup-server --database $DB --terminal-login $FOREIGN --generate-password", 3, "$FOREIGN");
    }

    void badInputIsRefusedBeforeAnythingChanges()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, mentions);
        const QString s = suffix();
        const QString database = QStringLiteral("site_") + s;
        const QString login = QStringLiteral("l_") + s;
        const QString foreign = QStringLiteral("plain_") + s;
        const auto dropped = dropAfterwards(
            database, {login, QStringLiteral("t_") + login, QStringLiteral("m_") + login, foreign});
        QVERIFY(!makeRole(foreign, QString()).isEmpty());
        const auto expand = [&](QString text) {
            return text.replace(QLatin1String("$DB"), database)
                .replace(QLatin1String("$ROLE"), login)
                .replace(QLatin1String("$FOREIGN"), foreign);
        };
        for (QString& a : arguments)
            a = expand(a);
        const QString roles =
            scalar(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname LIKE '%%%1'").arg(s));

        const CliRun run = m_rig.cli(arguments, m_server.toConninfo());
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(run.out.isEmpty(), qPrintable(run.describe()));
        const QString message = run.err.trimmed();
        QVERIFY2(message.startsWith(QLatin1String("boxoffice-admin: ")) &&
                     !message.contains(QLatin1Char('\n')),
                 qPrintable(run.describe()));
        QVERIFY2(message.contains(expand(mentions)), qPrintable(run.describe()));
        QVERIFY(!databaseExists(database));
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM pg_roles WHERE rolname LIKE '%%%1'").arg(s)),
                 roles);
    }

    void anUnreachableServerFailsWithoutLeakingThePassword()
    {
        const QString secret = QStringLiteral("SuperSecret-") + suffix();
        const CliRun run =
            m_rig.cli({QStringLiteral("setup-server"), QStringLiteral("--json")},
                      QStringLiteral("host=127.0.0.1 port=1 dbname=postgres user=x password=") + secret);
        QVERIFY2(run.exitCode == 1, qPrintable(run.describe()));
        QCOMPARE(
            run.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
            QStringLiteral("offline"));
        QVERIFY2(!run.out.contains(secret) && !run.err.contains(secret), qPrintable(run.describe()));
    }

    void cleanupTestCase()
    {
        if (!m_ownServer.host().isEmpty())
            (void)PrivatePostgres::stop(m_ownFolder.path());
    }

    void helpDescribesSetupServer()
    {
        const CliRun help = m_rig.cli({QStringLiteral("--help")}, QString());
        QVERIFY2(help.exitCode == 0, qPrintable(help.describe()));
        for (const char* word :
             {"setup-server", "--database", "--terminal-login", "--manager-login", "CREATEDB"})
            QVERIFY2(help.out.contains(QLatin1String(word)), qPrintable(help.describe()));
    }
};

QTEST_GUILESS_MAIN(TstAdminSetup)
#include "tst_adminsetup.moc"
