// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <array>
#include <memory>

#include <QProcess>
#include <QSemaphore>
#include <QStandardPaths>
#include <QThread>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

QString describe(const Error& e)
{
    return QStringLiteral("%1: %2 / %3").arg(QString::fromLatin1(errorCodeName(e.code)), e.message, e.detail);
}

/// "1,2,...,latest": what schema_migrations holds after a full migration.
QString allVersions()
{
    QStringList versions;
    for (int v = 1; v <= Migrator::latestVersion(); ++v)
        versions << QString::number(v);
    return versions.join(QLatin1Char(','));
}

const QString recordedVersions = QStringLiteral(
    "SELECT coalesce(string_agg(version::text, ',' ORDER BY version), '') FROM schema_migrations");

/// The last version whose migrations still created the functions themselves (the release before
/// db/functions/): a database it left is what an upgrade starts from.
constexpr int lastVersionWithoutFunctionFiles = 38;

/// `pg_dump --schema-only` of a database, as the cluster's superuser ("" and a failure on error).
QString schemaDump(const ConnectionSettings& owner)
{
    auto bin = PostgresBinaries::locate();
    if (!bin.ok()) {
        qWarning("%s", qPrintable(bin.error().message));
        return {};
    }
    // pg_dump of the server's own version, beside initdb; else the one on PATH (Debian's wrapper).
    QString program = QStandardPaths::findExecutable(QStringLiteral("pg_dump"),
                                                     {QFileInfo(bin.value().initdb).canonicalPath()});
    if (program.isEmpty())
        program = QStandardPaths::findExecutable(QStringLiteral("pg_dump"));
    // The password through the environment, never on a command line.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PGPASSWORD"), owner.value(QStringLiteral("password")));
    QProcess dump;
    dump.setProcessEnvironment(env);
    dump.start(program, {QStringLiteral("--schema-only"), QStringLiteral("--no-comments"),
                         QStringLiteral("--no-password"),
                         QStringLiteral("--host=") + owner.value(QStringLiteral("host")),
                         QStringLiteral("--port=") + owner.value(QStringLiteral("port")),
                         QStringLiteral("--username=") + owner.value(QStringLiteral("user")),
                         QStringLiteral("--dbname=") + owner.value(QStringLiteral("dbname"))});
    if (!dump.waitForFinished(60000) || dump.exitCode() != 0) {
        qWarning("pg_dump (%s) failed: %s %s", qPrintable(program), qPrintable(dump.errorString()),
                 dump.readAllStandardError().constData());
        return {};
    }
    // Newer pg_dump releases fence the script with \restrict / \unrestrict and a random key.
    static const QRegularExpression fence(QStringLiteral("^\\\\(un)?restrict .*$"),
                                          QRegularExpression::MultilineOption);
    return QString::fromUtf8(dump.readAllStandardOutput()).remove(fence);
}

/// The first line where two texts differ, for a readable failure.
QString firstDifference(const QString& a, const QString& b)
{
    const QStringList la = a.split(QLatin1Char('\n'));
    const QStringList lb = b.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < std::max(la.size(), lb.size()); ++i) {
        const QString x = i < la.size() ? la.at(i) : QStringLiteral("<end>");
        const QString y = i < lb.size() ? lb.at(i) : QStringLiteral("<end>");
        if (x != y)
            return QStringLiteral("line %1: '%2' vs '%3'").arg(i + 1).arg(x, y);
    }
    return {};
}

/// What one migrator thread saw.
struct ThreadOutcome
{
    bool ok = false;
    QString error;
    MigrationReport report;
};

} // namespace

class TstMigrator final : public QObject
{
    Q_OBJECT

private slots:
    void binaryKnowsItsMigrations() { QVERIFY(Migrator::latestVersion() >= 2); }

    void freshDatabaseMigratesToLatest()
    {
        TestDatabase db(false);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);

        auto before = migrator.currentVersion();
        QVERIFY(before.ok());
        QCOMPARE(before.value(), 0);

        auto report = migrator.migrate();
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : describe(report.error())));
        QCOMPARE(report.value().fromVersion, 0);
        QCOMPARE(report.value().toVersion, Migrator::latestVersion());
        QCOMPARE(report.value().applied.size(), Migrator::latestVersion());
        QVERIFY(report.value().applied.first().startsWith(QLatin1String("0001_")));

        QCOMPARE(db.scalar(recordedVersions), allVersions());
        QCOMPARE(db.scalar(QStringLiteral(
                     "SELECT count(*) FROM schema_migrations WHERE checksum ~ '^[0-9a-f]{64}$'")),
                 QString::number(Migrator::latestVersion()));
        auto after = migrator.currentVersion();
        QVERIFY(after.ok());
        QCOMPARE(after.value(), Migrator::latestVersion());
        const Status compatible = migrator.checkCompatible();
        QVERIFY2(compatible.ok(), qPrintable(compatible.ok() ? QString() : describe(compatible.error())));
        // The schema is really there.
        QCOMPARE(db.scalar(QStringLiteral("SELECT to_regclass('showtime_seat') IS NOT NULL")),
                 QStringLiteral("true"));
    }

    void secondRunAppliesNothing()
    {
        TestDatabase db; // already migrated once
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const QString appliedAt = db.scalar(QStringLiteral(
            "SELECT string_agg(applied_at::text, ',' ORDER BY version) FROM schema_migrations"));
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);
        for (int round = 0; round < 2; ++round) {
            auto report = migrator.migrate();
            QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : describe(report.error())));
            QVERIFY2(report.value().applied.isEmpty(),
                     qPrintable(report.value().applied.join(QLatin1Char(','))));
            QCOMPARE(report.value().fromVersion, Migrator::latestVersion());
            QCOMPARE(report.value().toVersion, Migrator::latestVersion());
            QVERIFY(!report.value().functionsUpdated);
        }
        QCOMPARE(db.scalar(recordedVersions), allVersions());
        QCOMPARE(db.scalar(QStringLiteral("SELECT string_agg(applied_at::text, ',' ORDER BY version) FROM "
                                          "schema_migrations")),
                 appliedAt);
    }

    /// A function changed by hand or by another release, and a grant nobody approved, do not
    /// survive a migrate: the function files and the grants file are applied again whole.
    void changedFunctionsAreAppliedAgain()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const QString body =
            QStringLiteral("SELECT prosrc FROM pg_proc WHERE proname = 'bo_new_booking_code'");
        const QString original = db.scalar(body);
        QVERIFY(
            db.run(QStringLiteral("CREATE OR REPLACE FUNCTION bo_new_booking_code() RETURNS text LANGUAGE "
                                  "sql AS $$ SELECT 'AAAA-AAAA' $$; "
                                  "GRANT EXECUTE ON FUNCTION bo_ticket_signing_key() TO boxoffice_terminal; "
                                  "UPDATE schema_functions SET checksum = repeat('0', 64)")));
        QVERIFY(db.scalar(body) != original);

        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);
        const Status before = migrator.checkCompatible();
        QVERIFY(!before.ok());
        QCOMPARE(before.error().code, ErrorCode::BadInput);
        QVERIFY2(before.error().message.contains(QLatin1String("boxoffice-admin migrate")),
                 qPrintable(before.error().message));

        auto report = migrator.migrate();
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : describe(report.error())));
        QVERIFY(report.value().applied.isEmpty());
        QVERIFY(report.value().functionsUpdated);
        QCOMPARE(db.scalar(body), original);
        QCOMPARE(db.scalar(QStringLiteral("SELECT has_function_privilege('boxoffice_terminal', "
                                          "'bo_ticket_signing_key()', 'EXECUTE')")),
                 QStringLiteral("false"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT checksum FROM schema_functions")),
                 Migrator::shippedFunctionsChecksum());
        QVERIFY(migrator.checkCompatible().ok());
    }

    /// A database the last release before db/functions/ left, with a sale in it, upgrades in
    /// place to exactly the schema a fresh one gets, and keeps its sale.
    void upgradeFromFunctionsInMigrationsMatchesFresh()
    {
        TestDatabase old(false);
        QVERIFY2(old.ok(), qPrintable(old.error()));
        auto connection = old.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);
        auto first = migrator.migrateTo(lastVersionWithoutFunctionFiles);
        QVERIFY2(first.ok(), qPrintable(first.ok() ? QString() : describe(first.error())));
        QCOMPARE(first.value().toVersion, lastVersionWithoutFunctionFiles);
        QVERIFY(!first.value().functionsUpdated);
        QCOMPARE(old.scalar(QStringLiteral("SELECT to_regclass('schema_functions') IS NULL")),
                 QStringLiteral("true"));

        const int showtime = old.addShowtime();
        QVERIFY(showtime > 0);
        const QList<int> seats = old.seatIds(showtime).mid(0, 2);
        const QString code =
            test::paidSale(*connection, showtime, seats, QStringLiteral("till-1"), QUuid::createUuid());
        QVERIFY(!code.isEmpty());

        auto upgrade = migrator.migrate();
        QVERIFY2(upgrade.ok(), qPrintable(upgrade.ok() ? QString() : describe(upgrade.error())));
        QCOMPARE(upgrade.value().toVersion, Migrator::latestVersion());
        QVERIFY(upgrade.value().functionsUpdated);
        QCOMPARE(old.scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("CONFIRMED"));
        QCOMPARE(old.seatStates(showtime, seats), QStringLiteral("RESERVED:,RESERVED:"));

        TestDatabase fresh;
        QVERIFY2(fresh.ok(), qPrintable(fresh.error()));
        const QString upgraded = schemaDump(old.ownerSettings());
        const QString created = schemaDump(fresh.ownerSettings());
        QVERIFY(!upgraded.isEmpty());
        QVERIFY2(upgraded == created, qPrintable(firstDifference(upgraded, created)));
    }

    void concurrentMigratorsApplyEachVersionOnce()
    {
        TestDatabase db(false);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const ConnectionSettings& settings = db.ownerSettings();

        constexpr int threadCount = 2;
        std::array<ThreadOutcome, threadCount> outcomes;
        QSemaphore ready;
        QSemaphore go;
        std::array<std::unique_ptr<QThread>, threadCount> threads;
        for (int i = 0; i < threadCount; ++i) {
            ThreadOutcome* outcome = &outcomes.at(i);
            threads[i].reset(QThread::create([&settings, &ready, &go, outcome, i] {
                // Each thread owns its connection: a QSqlDatabase must stay in the thread that opened it.
                auto connection = DbConnection::open(settings, QStringLiteral("migrator-%1").arg(i));
                ready.release();
                go.acquire();
                if (!connection) {
                    outcome->error = describe(connection.error());
                    return;
                }
                Migrator migrator(*connection.value());
                auto report = migrator.migrate();
                if (!report) {
                    outcome->error = describe(report.error());
                    return;
                }
                outcome->ok = true;
                outcome->report = report.value();
            }));
            threads[i]->start();
        }
        // Both sessions are open before either starts: they really race for the lock.
        const bool bothOpened = ready.tryAcquire(threadCount, 30000);
        go.release(threadCount);
        for (auto& thread : threads)
            QVERIFY(thread->wait(QDeadlineTimer(120000)));
        QVERIFY(bothOpened);

        int appliedInTotal = 0;
        QStringList appliedNames;
        for (const ThreadOutcome& outcome : outcomes) {
            QVERIFY2(outcome.ok, qPrintable(outcome.error));
            QCOMPARE(outcome.report.toVersion, Migrator::latestVersion());
            appliedInTotal += int(outcome.report.applied.size());
            appliedNames += outcome.report.applied;
        }
        QCOMPARE(appliedInTotal, Migrator::latestVersion());
        appliedNames.removeDuplicates();
        QCOMPARE(appliedNames.size(), Migrator::latestVersion());
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM schema_migrations")),
                 QString::number(Migrator::latestVersion()));
        QCOMPARE(db.scalar(recordedVersions), allVersions());
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM settings")), QStringLiteral("1"));
    }

    void newerSchemaIsRefused()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int future = Migrator::latestVersion() + 1;
        QVERIFY(db.run(QStringLiteral("INSERT INTO schema_migrations (version, name, checksum) "
                                      "VALUES (%1, 'from_the_future', 'x')")
                           .arg(future)));
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);

        auto current = migrator.currentVersion();
        QVERIFY(current.ok());
        QCOMPARE(current.value(), future);

        auto report = migrator.migrate();
        QVERIFY(!report.ok());
        QCOMPARE(report.error().code, ErrorCode::SchemaTooNew);
        QVERIFY2(report.error().message.contains(QString::number(future)),
                 qPrintable(report.error().message));

        const Status compatible = migrator.checkCompatible();
        QVERIFY(!compatible.ok());
        QCOMPARE(compatible.error().code, ErrorCode::SchemaTooNew);
        QVERIFY2(compatible.error().message.contains(QString::number(future)) &&
                     compatible.error().message.contains(QString::number(Migrator::latestVersion())),
                 qPrintable(compatible.error().message));
        QVERIFY2(compatible.error().message.contains(QLatin1String("newer")),
                 qPrintable(compatible.error().message));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM schema_migrations")),
                 QString::number(future));
    }

    /// A database that has the newest migration but not one below it (migrated by a release that
    /// shipped them in another order) is refused by migrate and by the compatibility check, both
    /// naming the missing version; nothing is applied.
    void migrationMissingBelowTheNewestIsRefused()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int latest = Migrator::latestVersion();
        const int skipped = latest - 1;
        QVERIFY(db.run(QStringLiteral("DELETE FROM schema_migrations WHERE version = %1").arg(skipped)));
        const QString name = QStringLiteral("%1").arg(skipped, 4, 10, QLatin1Char('0'));
        const QString before = db.scalar(recordedVersions);
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);

        auto report = migrator.migrate();
        QVERIFY2(!report.ok(), "a gap was migrated over silently");
        QCOMPARE(report.error().code, ErrorCode::SchemaMismatch);
        QVERIFY2(report.error().message.contains(name) &&
                     report.error().message.contains(QLatin1String("gap")),
                 qPrintable(report.error().message));
        QCOMPARE(db.scalar(recordedVersions), before);

        const Status compatible = migrator.checkCompatible();
        QVERIFY2(!compatible.ok(), "a database with a gap was called compatible");
        QCOMPARE(compatible.error().code, ErrorCode::SchemaMismatch);
        QVERIFY2(compatible.error().message.contains(name), qPrintable(compatible.error().message));

        // The gap closed (the version recorded again), the same session migrates: nothing to apply.
        QVERIFY(db.run(QStringLiteral("INSERT INTO schema_migrations (version, name, checksum) "
                                      "VALUES (%1, 'put_back', 'x')")
                           .arg(skipped)));
        auto again = migrator.migrate();
        QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : describe(again.error())));
        QVERIFY(again.value().applied.isEmpty());
        QVERIFY(migrator.checkCompatible().ok());
    }

    void findGapNamesMissingAndUnknownVersions_data()
    {
        QTest::addColumn<QList<int>>("shipped");
        QTest::addColumn<QList<int>>("applied");
        QTest::addColumn<QList<int>>("missing");
        QTest::addColumn<QList<int>>("unknown");
        const QList<int> none;
        QTest::newRow("fresh") << QList<int>{1, 2, 3} << none << none << none;
        QTest::newRow("behind") << QList<int>{1, 2, 3} << QList<int>{1} << none << none;
        QTest::newRow("current") << QList<int>{1, 2, 3} << QList<int>{1, 2, 3} << none << none;
        QTest::newRow("newer is not a gap") << QList<int>{1, 2, 3} << QList<int>{1, 2, 3, 4} << none << none;
        QTest::newRow("one skipped") << QList<int>{1, 2, 3, 4} << QList<int>{1, 3, 4} << QList<int>{2}
                                     << none;
        QTest::newRow("skipped below a newer one")
            << QList<int>{1, 2, 3} << QList<int>{1, 3, 5} << QList<int>{2} << none;
        QTest::newRow("first skipped") << QList<int>{1, 2, 3} << QList<int>{2} << QList<int>{1} << none;
        QTest::newRow("applied, not shipped")
            << QList<int>{1, 2, 4} << QList<int>{1, 2, 3} << none << QList<int>{3};
        QTest::newRow("both") << QList<int>{1, 2, 4, 5} << QList<int>{1, 3, 4} << QList<int>{2}
                              << QList<int>{3};
    }

    void findGapNamesMissingAndUnknownVersions()
    {
        QFETCH(QList<int>, shipped);
        QFETCH(QList<int>, applied);
        QFETCH(QList<int>, missing);
        QFETCH(QList<int>, unknown);
        const MigrationGap gap = Migrator::findGap(shipped, applied);
        QCOMPARE(gap.missing, missing);
        QCOMPARE(gap.unknown, unknown);
        QCOMPARE(gap.isEmpty(), missing.isEmpty() && unknown.isEmpty());
    }

    void unmigratedDatabaseIsNotCompatible()
    {
        TestDatabase db(false);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);
        const Status compatible = migrator.checkCompatible();
        QVERIFY(!compatible.ok());
        QCOMPARE(compatible.error().code, ErrorCode::BadInput);
        QVERIFY2(compatible.error().message.contains(QLatin1String("boxoffice-admin migrate")),
                 qPrintable(compatible.error().message));
        // Asking did not create anything.
        QCOMPARE(db.scalar(QStringLiteral("SELECT to_regclass('schema_migrations') IS NULL")),
                 QStringLiteral("true"));
    }

    void failingMigrationRollsBack()
    {
        TestDatabase db(false);
        QVERIFY2(db.ok(), qPrintable(db.error()));
        // Migration 1 creates a table of this name: its CREATE TABLE fails halfway through the file.
        QVERIFY(db.run(QStringLiteral("CREATE TABLE settings (x integer)")));
        auto connection = db.connectAsOwner();
        QVERIFY(connection);
        Migrator migrator(*connection);

        auto report = migrator.migrate();
        QVERIFY(!report.ok());
        const QString message = report.error().message;
        QVERIFY2(message.contains(QLatin1String("0001_core_schema")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("rolled back")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("settings")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')), qPrintable(message));

        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM schema_migrations")), QStringLiteral("0"));
        // Nothing of migration 1 remains, and the table that was in the way is untouched.
        for (const char* table : {"auditorium", "seat", "showtime", "showtime_seat", "booking"}) {
            QCOMPARE(db.scalar(QStringLiteral("SELECT to_regclass('%1') IS NULL").arg(QLatin1String(table))),
                     QStringLiteral("true"));
        }
        QCOMPARE(db.scalar(QStringLiteral("SELECT string_agg(attname, ',') FROM pg_attribute "
                                          "WHERE attrelid = 'settings'::regclass AND attnum > 0")),
                 QStringLiteral("x"));

        // The session is usable afterwards (not stuck in an aborted transaction or holding the lock),
        // and once the obstacle is gone the migration goes through.
        auto current = migrator.currentVersion();
        QVERIFY2(current.ok(), qPrintable(current.ok() ? QString() : describe(current.error())));
        QCOMPARE(current.value(), 0);
        QVERIFY(db.run(QStringLiteral("DROP TABLE settings")));
        auto retried = migrator.migrate();
        QVERIFY2(retried.ok(), qPrintable(retried.ok() ? QString() : describe(retried.error())));
        QCOMPARE(retried.value().toVersion, Migrator::latestVersion());
        QCOMPARE(db.scalar(recordedVersions), allVersions());
    }
};

QTEST_GUILESS_MAIN(TstMigrator)
#include "tst_migrator.moc"
