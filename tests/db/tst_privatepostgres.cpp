// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <memory>

#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/privatepostgres.h"

using namespace bo;

namespace {

/// Stops the cluster of a folder when it goes out of scope, whatever happened before.
class ClusterGuard final
{
public:
    explicit ClusterGuard(QString folder)
        : m_folder(std::move(folder))
    {}
    ~ClusterGuard()
    {
        if (!m_folder.isEmpty() && PrivatePostgres::isRunning(m_folder))
            (void)PrivatePostgres::stop(m_folder);
    }
    ClusterGuard(const ClusterGuard&) = delete;
    ClusterGuard& operator=(const ClusterGuard&) = delete;

private:
    QString m_folder;
};

QString describe(const Error& e)
{
    return e.message + QStringLiteral(" / ") + e.detail;
}

/// Runs a query and returns the first column of the first row ("<error: ...>" on failure).
QString scalar(DbConnection& connection, const QString& sql)
{
    auto rows = connection.exec(sql);
    if (!rows)
        return QStringLiteral("<error: %1>").arg(describe(rows.error()));
    return rows.value().next() ? rows.value().value(0).toString() : QString();
}

} // namespace

/// One private cluster taken through its life: created, reused, stopped, restarted. The slots run
/// in order and build on each other.
class TstPrivatePostgres final : public QObject
{
    Q_OBJECT

private:
    // Under /tmp: when we are root the server runs as `postgres`, which must reach the folder.
    QTemporaryDir m_dir{QStringLiteral("/tmp/boxoffice-tst-privatepostgres-XXXXXX")};
    QString m_folder;
    std::unique_ptr<ClusterGuard> m_guard;
    ConnectionSettings m_first;
    QString m_startedAt;

private slots:
    void initTestCase()
    {
        QVERIFY2(m_dir.isValid(), qPrintable(m_dir.errorString()));
        // The folder itself, not a subfolder: QTemporaryDir makes it 0700 and ensureRunning opens only
        // the folder it is given to the server's user.
        m_folder = m_dir.path();
        m_guard = std::make_unique<ClusterGuard>(m_folder);
    }

    void cleanupTestCase()
    {
        // Stop the server before QTemporaryDir removes its folder, also after a failed slot.
        m_guard.reset();
        QVERIFY(!PrivatePostgres::isRunning(m_folder));
    }

    void binariesAreFound()
    {
        auto binaries = PostgresBinaries::locate();
        QVERIFY2(binaries.ok(), qPrintable(binaries.ok() ? QString() : describe(binaries.error())));
        for (const QString& program :
             {binaries.value().initdb, binaries.value().pgCtl, binaries.value().postgres}) {
            QVERIFY2(QFileInfo(program).isExecutable(), qPrintable(program));
        }
        QVERIFY(binaries.value().pgCtl.endsWith(QLatin1String("pg_ctl")));
    }

    void firstStartCreatesAndStartsACluster()
    {
        QVERIFY(!PrivatePostgres::isRunning(m_folder));
        ClusterOptions options;
        options.durable = false;
        auto started = PrivatePostgres::ensureRunning(m_folder, options);
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : describe(started.error())));
        m_first = started.value();
        QVERIFY(QFileInfo::exists(m_folder + QStringLiteral("/data/PG_VERSION")));
        QVERIFY(PrivatePostgres::isRunning(m_folder));
        QCOMPARE(m_first.host(), QStringLiteral("127.0.0.1"));
        QVERIFY(m_first.value(QStringLiteral("port")).toInt() > 0);
        QVERIFY(!m_first.value(QStringLiteral("password")).isEmpty());

        auto connection = DbConnection::open(m_first, QStringLiteral("tst-privatepostgres"));
        QVERIFY2(connection.ok(), qPrintable(connection.ok() ? QString() : describe(connection.error())));
        const QString version = scalar(*connection.value(), QStringLiteral("SELECT version()"));
        QVERIFY2(version.startsWith(QLatin1String("PostgreSQL")), qPrintable(version));
        m_startedAt = scalar(*connection.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text"));
        QVERIFY(!m_startedAt.isEmpty());
        QVERIFY(
            connection.value()->execScript(QStringLiteral("CREATE TABLE kept_across_restart (x integer); "
                                                          "INSERT INTO kept_across_restart VALUES (42)")));
    }

    void secondStartReusesTheRunningServer()
    {
        QVERIFY(!m_startedAt.isEmpty());
        auto again = PrivatePostgres::ensureRunning(m_folder);
        QVERIFY2(again.ok(), qPrintable(again.ok() ? QString() : describe(again.error())));
        QCOMPARE(again.value().value(QStringLiteral("port")), m_first.value(QStringLiteral("port")));
        QCOMPARE(again.value().value(QStringLiteral("password")), m_first.value(QStringLiteral("password")));
        QVERIFY(PrivatePostgres::isRunning(m_folder));

        auto connection = DbConnection::open(again.value(), QStringLiteral("tst-privatepostgres"));
        QVERIFY2(connection.ok(), qPrintable(connection.ok() ? QString() : describe(connection.error())));
        // The same postmaster: it was not restarted.
        QCOMPARE(scalar(*connection.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text")),
                 m_startedAt);
    }

    void stopStopsTheServer()
    {
        QVERIFY(PrivatePostgres::isRunning(m_folder));
        const Status stopped = PrivatePostgres::stop(m_folder);
        QVERIFY2(stopped.ok(), qPrintable(stopped.ok() ? QString() : describe(stopped.error())));
        QVERIFY(!PrivatePostgres::isRunning(m_folder));

        // Nobody answers on the old port any more.
        auto connection = DbConnection::open(m_first, QStringLiteral("tst-privatepostgres"));
        QVERIFY(!connection.ok());
        QCOMPARE(connection.error().code, ErrorCode::Offline);
    }

    void restartKeepsThePasswordAndTheData()
    {
        QVERIFY(!PrivatePostgres::isRunning(m_folder));
        auto restarted = PrivatePostgres::ensureRunning(m_folder);
        QVERIFY2(restarted.ok(), qPrintable(restarted.ok() ? QString() : describe(restarted.error())));
        QVERIFY(PrivatePostgres::isRunning(m_folder));
        QCOMPARE(restarted.value().value(QStringLiteral("password")),
                 m_first.value(QStringLiteral("password")));

        auto connection = DbConnection::open(restarted.value(), QStringLiteral("tst-privatepostgres"));
        QVERIFY2(connection.ok(), qPrintable(connection.ok() ? QString() : describe(connection.error())));
        QCOMPARE(scalar(*connection.value(), QStringLiteral("SELECT x FROM kept_across_restart")),
                 QStringLiteral("42"));
        QVERIFY(scalar(*connection.value(), QStringLiteral("SELECT pg_postmaster_start_time()::text")) !=
                m_startedAt);
    }

    void finalStopLeavesNothingRunning()
    {
        QVERIFY(PrivatePostgres::stop(m_folder).ok());
        QVERIFY(!PrivatePostgres::isRunning(m_folder));
    }
};

QTEST_GUILESS_MAIN(TstPrivatePostgres)
#include "tst_privatepostgres.moc"
