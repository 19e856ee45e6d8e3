// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <memory>

#include <QElapsedTimer>
#include <QThread>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "tests/support/errorcodename.h"
#include "tests/support/testcluster.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestCluster;
using bo::test::TestDatabase;

namespace {

/// The server a connection is on: its port, role and the start of its postmaster, e.g.
/// "5441 primary 2026-12-03 03:27:59.1+00" (a server restarted in place starts anew).
QString whereConnected(DbConnection& connection)
{
    auto r = connection.exec(
        QStringLiteral("SELECT inet_server_port(), pg_is_in_recovery(), pg_postmaster_start_time()::text"));
    if (!r || !r.value().next())
        return r ? QStringLiteral("no row") : r.error().detail;
    return QStringLiteral("%1 %2 %3")
        .arg(r.value().value(0).toInt())
        .arg(r.value().value(1).toBool() ? QStringLiteral("standby") : QStringLiteral("primary"),
             r.value().value(2).toString());
}

} // namespace

/// A terminal on the three-node failover cluster (packaging/cluster.sh) through a multi-host
/// connection string: it reaches the primary whichever node that is, and after the primary's
/// postmaster is killed it sells again on the standby Patroni promotes, with every booking it
/// was told is confirmed still there.
class TstFailover final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QElapsedTimer started;
        started.start();
        m_cluster = std::make_unique<TestCluster>();
        if (m_cluster->skipped())
            QSKIP(qPrintable(QStringLiteral("SKIPPED: cluster packages missing: ") + m_cluster->error()));
        QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
        qInfo("cluster up in %lld ms", started.elapsed());
        m_db = std::make_unique<TestDatabase>(m_cluster->primarySettings());
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        QVERIFY2(m_cluster->waitForReplay(20), "the standbys did not replay the test's database");
        m_terminal = m_cluster->multiHost(m_db->settings());
    }

    void cleanupTestCase()
    {
        m_db.reset();
        m_cluster.reset(); // stops every process of the cluster, also after a failed test
    }

    /// The string the terminal gets is the multi-host one, passed to libpq unchanged.
    void terminalStringIsMultiHost()
    {
        auto parsed = ConnectionSettings::parse(
            QStringLiteral("host=127.0.0.1,127.0.0.1,127.0.0.1 port=1,2,3 target_session_attrs=read-write "
                           "connect_timeout=3"));
        QVERIFY(parsed);
        const QString conninfo = parsed.value().toConninfo();
        for (const char* passed : {"host='127.0.0.1,127.0.0.1,127.0.0.1'", "port='1,2,3'",
                                   "target_session_attrs='read-write'", "connect_timeout='3'"})
            QVERIFY2(conninfo.contains(QLatin1String(passed)), qPrintable(conninfo));
        QCOMPARE(m_terminal.value(QStringLiteral("user")), m_db->terminalLogin());
    }

    void terminalFollowsThePrimary()
    {
        const int showtime = m_db->addShowtime(2, 10);
        QVERIFY(showtime > 0);
        const QList<int> seats = m_db->seatIds(showtime);
        auto opened = DbConnection::open(m_terminal, QStringLiteral("failover-till"));
        QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().detail));
        DbConnection& connection = *opened.value();
        SeatStore store(connection);

        const int primary = m_cluster->primaryPort();
        QVERIFY(primary != 0);
        const QString before = whereConnected(connection);
        QVERIFY2(before.startsWith(QStringLiteral("%1 primary ").arg(primary)), qPrintable(before));

        // One booking acknowledged before the fault.
        const QUuid owner = QUuid::createUuid();
        auto held = store.hold(showtime, {seats.at(0), seats.at(1)}, owner);
        QVERIFY2(held && held.value().granted, "hold before the fault");
        ConfirmRequest request;
        request.terminal = QStringLiteral("till-failover");
        request.key = QUuid::createUuid();
        request.showtimeId = showtime;
        request.owner = owner;
        auto confirmed = store.confirm(request);
        QVERIFY2(confirmed, qPrintable(confirmed ? QString() : confirmed.error().detail));
        const QString code = confirmed.value().code;

        QVERIFY(m_cluster->killPostmaster(primary));
        QElapsedTimer sinceFault;
        sinceFault.start();
        // Sell again as soon as a primary answers: bounded, a pause between attempts.
        const QUuid after = QUuid::createUuid();
        Result<HoldDecision> again = makeError(ErrorCode::Offline, QStringLiteral("not tried"));
        int attempts = 0;
        QString where;
        // A backend of the killed postmaster may still answer for a moment (it has not noticed
        // yet, and its commits still reach the standby): only a hold on a new primary server counts.
        // Patroni promotes the synchronous standby, or, when it cannot be sure a failover is
        // possible (a member slow to answer on a loaded machine), restarts the node in place.
        while (sinceFault.elapsed() < 45000) {
            ++attempts;
            again = store.hold(showtime, {seats.at(5)}, after);
            if (again && again.value().granted) {
                where = whereConnected(connection);
                if (where == before)
                    again = makeError(ErrorCode::Offline, QStringLiteral("still on the old primary"));
                else
                    break;
            }
            if (!again)
                qDebug("%lld ms: %s", sinceFault.elapsed(), qPrintable(again.error().message));
            QThread::msleep(200);
        }
        const qint64 toSellAgain = sinceFault.elapsed();
        QVERIFY2(
            again && again.value().granted,
            qPrintable(QStringLiteral("no hold within 45 s after the kill: %1")
                           .arg(again ? QStringLiteral("refused")
                                      : again.error().message + QLatin1Char(' ') + again.error().detail)));
        const bool promoted = !where.startsWith(QString::number(primary));
        qInfo("time to sell again after kill -9 of the primary: %lld ms (%d attempts; %s)", toSellAgain,
              attempts, promoted ? "a standby was promoted" : "the node was restarted in place");
        QVERIFY2(where.contains(QLatin1String(" primary ")) && where != before, qPrintable(where));
        // 0 acknowledged bookings lost: the booking and its seats are there on the new primary.
        auto replay = store.confirm(request);
        QVERIFY2(replay, qPrintable(replay ? QString() : replay.error().detail));
        QVERIFY(replay.value().replayed);
        QCOMPARE(replay.value().code, code);
        // Read through the terminal: the test's owner settings name the old primary alone.
        auto map = store.seats(showtime);
        QVERIFY(map);
        int reserved = 0;
        for (const SeatState& seat : map.value())
            reserved += (seat.seatId == seats.at(0) || seat.seatId == seats.at(1)) &&
                        seat.status == SeatStatus::Reserved;
        QCOMPARE(reserved, 2);
    }

private:
    std::unique_ptr<TestCluster> m_cluster;
    std::unique_ptr<TestDatabase> m_db;
    ConnectionSettings m_terminal; ///< the terminal login through the multi-host string
};

QTEST_GUILESS_MAIN(TstFailover)
#include "tst_failover.moc"
