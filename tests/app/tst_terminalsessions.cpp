// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <memory>

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testpooler.h"

using namespace bo;
using bo::test::TestDatabase;
using bo::test::TestPooler;

/// How many server sessions one real counter terminal keeps (docs/DECISIONS.md, "500 terminals"):
/// the counter is started as a process against a test database, once straight and once with
/// --db-pool, and the sessions of its login are counted while it runs.
class TstTerminalSessions final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        QVERIFY(m_db->addShowtime(3, 10) > 0);
        // One server session for the pooler, whatever the terminal sends through it.
        m_pooler = std::make_unique<TestPooler>(m_db->ownerSettings(),
                                                QList<ConnectionSettings>{m_db->settings()}, 1, 1);
        if (m_pooler->skipped())
            QSKIP(qPrintable(m_pooler->error()));
        QVERIFY2(m_pooler->ok(), qPrintable(m_pooler->error()));
    }

    void cleanupTestCase()
    {
        m_pooler.reset();
        m_db.reset();
    }

    /// Straight, a counter keeps a few sessions at start (more once it takes payments): the seat
    /// map, the help calls, its own reconciler's and its payment records'. It leads nothing (the
    /// site's leads are the payment service's). Through the pooler 2 of its own stay (the seat map
    /// and the help calls, which LISTEN), and the rest share the pooler's one session.
    void aFollowingCounterThroughThePoolerKeepsTwoSessionsOfItsOwn()
    {
        const int direct = peakSessions({});
        const int pooled = peakSessions(
            {QStringLiteral("--db-pool"), QStringLiteral("host=127.0.0.1 port=%1").arg(m_pooler->port())});
        qInfo(
            "server sessions of one following counter: %d straight, %d through the pooler (2 own + 1 pooled)",
            direct, pooled);
        QVERIFY2(pooled >= 1 && pooled <= 4, qPrintable(QString::number(pooled)));
        QVERIFY2(direct > pooled,
                 qPrintable(QStringLiteral("%1 straight, %2 pooled").arg(direct).arg(pooled)));
    }

    /// A pooler that cannot be reached stops the start with its reason (exit 2), not the first sale.
    void aWrongPoolerStopsTheStart()
    {
        QProcess counter;
        start(counter,
              {QStringLiteral("--db-pool"), QStringLiteral("host=127.0.0.1 port=1 connect_timeout=2")});
        QVERIFY(counter.waitForFinished(60000));
        QCOMPARE(counter.exitCode(), 2);
        const QString output = QString::fromUtf8(counter.readAll());
        QVERIFY2(output.contains(QLatin1String("127.0.0.1")), qPrintable(output.right(800)));
    }

private:
    void start(QProcess& counter, const QStringList& extra)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("BOXOFFICE_DB"), m_db->settings().toConninfo());
        env.remove(QStringLiteral("BOXOFFICE_DB_POOL"));
        counter.setProcessEnvironment(env);
        counter.setProcessChannelMode(QProcess::MergedChannels);
        counter.start(QStringLiteral(BOXOFFICE_COUNTER_PATH),
                      QStringList{QStringLiteral("--terminal"), QStringLiteral("till-sessions"),
                                  QStringLiteral("--quit-after"), QStringLiteral("6000")} +
                          extra);
    }

    /// The most sessions the terminal login had while the counter ran; -1 when it failed.
    int peakSessions(const QStringList& extra)
    {
        QProcess counter;
        start(counter, extra);
        int peak = 0;
        QElapsedTimer clock;
        clock.start();
        while (!counter.waitForFinished(100) && clock.elapsed() < 60000) {
            const QString count =
                m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE usename = '%1'")
                                 .arg(m_db->terminalLogin()));
            peak = std::max(peak, count.toInt());
        }
        const QString output = QString::fromUtf8(counter.readAll());
        // The board shows today and the test's showtime is tomorrow: online is what counts here.
        if (counter.state() != QProcess::NotRunning ||
            !output.contains(QLatin1String("smoke test: online true"))) {
            qWarning("the counter failed: %s", qPrintable(output.right(1500)));
            return -1;
        }
        return peak;
    }

    QTemporaryDir m_home;
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<TestPooler> m_pooler;
};

QTEST_GUILESS_MAIN(TstTerminalSessions)
#include "tst_terminalsessions.moc"
