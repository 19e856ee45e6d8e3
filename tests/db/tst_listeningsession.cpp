// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The session the terminal's, the door's and the help desk's workers LISTEN on, against a real
// PostgreSQL: online and hearing a NOTIFY, listening again on the session that replaced one the
// server ended, and offline without waiting past the connect timeout while the server refuses.
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTcpServer>
#include <QtTest>

#include <memory>

#include "db/dbconnection.h"
#include "db/listeningsession.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

const QString seats = QStringLiteral("bo_test_seats");
const QString calls = QStringLiteral("bo_test_calls");

} // namespace

class TstListeningSession final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_owner = m_db->connectAsOwner();
        QVERIFY(m_owner);
    }

    void cleanup()
    {
        m_owner.reset();
        m_db.reset();
    }

    void goesOnlineAndHearsANotify()
    {
        ListeningSession session(m_db->settings(), QStringLiteral("test-listener"), {seats, calls});
        QSignalSpy online(&session, &ListeningSession::onlineChanged);
        QSignalSpy heard(&session, &ListeningSession::notified);
        QSignalSpy reconnected(&session, &ListeningSession::reconnected);
        session.start();
        QVERIFY(session.isOnline());
        QCOMPARE(online.size(), 1);
        QCOMPARE(online.at(0).at(0).toBool(), true);
        QCOMPARE(online.at(0).at(1).toString(), QString());
        QCOMPARE(listening(session), QStringLiteral("bo_test_calls,bo_test_seats"));

        QVERIFY(notify(seats, QStringLiteral("7|1,2")));
        QVERIFY(notify(QStringLiteral("bo_test_other"), QStringLiteral("not ours")));
        QVERIFY(notify(calls, QStringLiteral("42")));
        QTRY_COMPARE_WITH_TIMEOUT(heard.size(), 2, 5000);
        QCOMPARE(heard.at(0).at(0).toString(), seats);
        QCOMPARE(heard.at(0).at(1).toString(), QStringLiteral("7|1,2"));
        QCOMPARE(heard.at(1).at(0).toString(), calls);
        QCOMPARE(heard.at(1).at(1).toString(), QStringLiteral("42"));
        // A quiet heartbeat or two: nothing changes.
        QTest::qWait(300);
        session.check();
        QCOMPARE(online.size(), 1);
        QCOMPARE(reconnected.size(), 0);
        QVERIFY(session.ensureOnline());
    }

    /// The server ends the session (an administrator, a failover, a restart) and stays up: the
    /// next check's round trip goes out on a new session, which listens to nothing until it
    /// LISTENs again, and what was announced in between is lost (reconnected: reload). The
    /// terminal is never seen offline.
    void aCheckAfterTheServerEndedTheSessionListensOnANewOne()
    {
        ListeningSession session(m_db->settings(), QStringLiteral("test-listener"), {seats, calls});
        QSignalSpy online(&session, &ListeningSession::onlineChanged);
        QSignalSpy heard(&session, &ListeningSession::notified);
        QSignalSpy reconnected(&session, &ListeningSession::reconnected);
        session.check(); // no watch: only this test's checks
        QVERIFY(session.isOnline());
        const int before = backendPid(session);
        QVERIFY(before > 0);

        QVERIFY(endSession(before));
        QVERIFY(notify(seats, QStringLiteral("lost while away")));
        session.check();
        QVERIFY(session.isOnline());
        QCOMPARE(reconnected.size(), 1);
        QCOMPARE(online.size(), 1); // online all along
        const int after = backendPid(session);
        QVERIFY(after > 0 && after != before);
        QCOMPARE(listening(session), QStringLiteral("bo_test_calls,bo_test_seats"));

        QVERIFY(notify(calls, QStringLiteral("heard again")));
        QTRY_COMPARE_WITH_TIMEOUT(heard.size(), 1, 5000);
        QCOMPARE(heard.at(0).at(1).toString(), QStringLiteral("heard again"));
        session.check();
        QCOMPARE(reconnected.size(), 1);
    }

    /// The watch notices an ended session by itself, without a request or a check called.
    void theWatchListensAgainAfterTheServerEndedTheSession()
    {
        ListeningSession session(m_db->settings(), QStringLiteral("test-listener"), {seats});
        QSignalSpy heard(&session, &ListeningSession::notified);
        QSignalSpy reconnected(&session, &ListeningSession::reconnected);
        session.start();
        QVERIFY(session.isOnline());
        const int before = backendPid(session);
        QVERIFY(endSession(before));
        QTRY_COMPARE_WITH_TIMEOUT(reconnected.size(), 1, 10000);
        QVERIFY(session.isOnline());
        QVERIFY(notify(seats, QStringLiteral("after the watch")));
        QTRY_COMPARE_WITH_TIMEOUT(heard.size(), 1, 5000);
    }

    /// A request whose statement re-opened the session by itself: the new session LISTENs as
    /// the request ends, after its own answer, not a heartbeat later.
    void aRequestOnAReplacedSessionListensAgainAsItEnds()
    {
        ListeningSession session(m_db->settings(), QStringLiteral("test-listener"), {seats});
        QSignalSpy heard(&session, &ListeningSession::notified);
        QSignalSpy reconnected(&session, &ListeningSession::reconnected);
        session.check();
        const int before = backendPid(session);
        QVERIFY(endSession(before));
        {
            const ListeningSession::ListenAfterwards listen(session);
            QVERIFY(session.ensureOnline());
            auto answer = session.connection().exec(QStringLiteral("SELECT 41 + 1"));
            QVERIFY(answer && answer.value().next());
            QCOMPARE(answer.value().value(0).toInt(), 42);
            QCOMPARE(reconnected.size(), 0); // not before the request's answer
        }
        QCOMPARE(reconnected.size(), 1);
        QVERIFY(notify(seats, QStringLiteral("after the request")));
        QTRY_COMPARE_WITH_TIMEOUT(heard.size(), 1, 5000);
    }

    void whileTheServerRefusesItStaysOffline_data()
    {
        QTest::addColumn<bool>("silent"); // a server that never answers, else a closed port
        QTest::newRow("closed port") << false;
        QTest::newRow("silent server") << true;
    }

    /// Offline from the first check, reported once with the reason; neither a check nor a
    /// request waits longer than the connect timeout (2 s here), and the watch keeps trying
    /// without reporting again.
    void whileTheServerRefusesItStaysOffline()
    {
        QFETCH(bool, silent);
        // A port of our own: listening (the kernel completes the handshake, nobody answers), or
        // closed again (refused).
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const quint16 port = server.serverPort();
        if (!silent)
            server.close();
        ConnectionSettings settings = m_db->settings();
        settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
        settings.setValue(QStringLiteral("port"), QString::number(port));
        settings.setValue(QStringLiteral("connect_timeout"), QStringLiteral("2"));
        constexpr qint64 connectTimeoutMs = 2000;
        constexpr qint64 slackMs = 1500;

        ListeningSession session(settings, QStringLiteral("test-listener"), {seats});
        QSignalSpy online(&session, &ListeningSession::onlineChanged);
        QSignalSpy reconnected(&session, &ListeningSession::reconnected);
        QElapsedTimer took;
        took.start();
        session.start();
        const qint64 firstCheckMs = took.elapsed();
        QVERIFY2(firstCheckMs < connectTimeoutMs + slackMs, qPrintable(QString::number(firstCheckMs)));
        QVERIFY(!session.isOnline());
        QCOMPARE(online.size(), 1);
        QCOMPARE(online.at(0).at(0).toBool(), false);
        QVERIFY(!online.at(0).at(1).toString().isEmpty());
        qInfo("offline after %lld ms: %s", firstCheckMs, qPrintable(online.at(0).at(1).toString()));

        took.restart();
        QVERIFY(!session.ensureOnline());
        QVERIFY2(took.elapsed() < connectTimeoutMs + slackMs, qPrintable(QString::number(took.elapsed())));
        // The watch tries again (every second while offline) and says nothing new.
        QTest::qWait(silent ? 3000 : 1500);
        QVERIFY(!session.isOnline());
        QCOMPARE(online.size(), 1);
        QCOMPARE(reconnected.size(), 0);
        session.stop();
    }

private:
    bool notify(const QString& channel, const QString& payload) const
    {
        return m_owner->exec(QStringLiteral("SELECT pg_notify(?, ?)"), {channel, payload}).ok();
    }

    static int backendPid(ListeningSession& session)
    {
        auto pid = session.connection().exec(QStringLiteral("SELECT pg_backend_pid()"));
        return pid && pid.value().next() ? pid.value().value(0).toInt() : 0;
    }

    /// What the session's current server session LISTENs on, sorted.
    static QString listening(ListeningSession& session)
    {
        auto channels = session.connection().exec(
            QStringLiteral("SELECT string_agg(c, ',' ORDER BY c) FROM pg_listening_channels() c"));
        return channels && channels.value().next() ? channels.value().value(0).toString() : QString();
    }

    /// pg_terminate_backend, and wait until the server has ended it.
    [[nodiscard]] bool endSession(int pid) const
    {
        auto killed = m_owner->exec(QStringLiteral("SELECT pg_terminate_backend(?)"), {pid});
        if (!killed || !killed.value().next() || !killed.value().value(0).toBool())
            return false;
        const QString gone = QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1").arg(pid);
        return QTest::qWaitFor([&] { return m_db->scalar(gone) == QLatin1String("0"); }, 5000);
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_owner;
};

QTEST_MAIN(TstListeningSession)
#include "tst_listeningsession.moc"
