// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <memory>

#include <QSemaphore>
#include <QThread>
#include <QtTest>

#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/errorcodename.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::codeName;
using bo::test::TestDatabase;

namespace {

/// A table whose rows are refused only when their transaction commits: a deferred constraint
/// trigger raises `sqlState` with `message` then. Rows with `v < 0` pass.
QString refusedAtCommitTable(const QString& sqlState, const QString& message)
{
    return QStringLiteral("CREATE TABLE late (id serial PRIMARY KEY, v integer NOT NULL); "
                          "CREATE FUNCTION late_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ "
                          "BEGIN IF NEW.v >= 0 THEN RAISE EXCEPTION '%1' USING ERRCODE = '%2'; END IF; "
                          "RETURN NULL; END $$; "
                          "CREATE CONSTRAINT TRIGGER late_refuse AFTER INSERT ON late "
                          "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION late_refuse();")
        .arg(message, sqlState);
}

QString describe(const Result<Rows>& r)
{
    return r.ok() ? QStringLiteral("succeeded") : r.error().detail;
}

} // namespace

/// DbConnection reports the final status of every statement: an error the server sends after
/// rows (a failure part-way through, or at the commit of an autocommit statement) is an error
/// of the statement, mapped like any other, and never a success with some rows.
class TstDbConnection final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_connection = m_db->connectAsOwner(); // tables of its own: DbConnection is under test, not grants
        QVERIFY(m_connection);
    }

    void cleanup()
    {
        m_connection.reset();
        m_db.reset();
    }

    void rowsAreReadInOrder()
    {
        auto r = m_connection->exec(QStringLiteral("SELECT g, 'row ' || g, NULL::integer "
                                                   "FROM generate_series(1, ?) g ORDER BY g"),
                                    {3});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        Rows& rows = r.value();
        for (int i = 1; i <= 3; ++i) {
            QVERIFY(rows.next());
            QCOMPARE(rows.value(0).toInt(), i);
            QCOMPARE(rows.value(1).toString(), QStringLiteral("row %1").arg(i));
            QVERIFY(rows.value(2).isNull());
        }
        QVERIFY(!rows.next());
        QVERIFY(!rows.next());
    }

    void rowsStayValidWhenTheStatementRunsAgain()
    {
        const QString sql = QStringLiteral("SELECT ?::integer");
        auto first = m_connection->exec(sql, {1});
        auto second = m_connection->exec(sql, {2});
        QVERIFY(first.ok() && second.ok());
        QVERIFY(second.value().next());
        QCOMPARE(second.value().value(0).toInt(), 2);
        QVERIFY(first.value().next());
        QCOMPARE(first.value().value(0).toInt(), 1);
    }

    void rowsAffectedAreCounted()
    {
        QVERIFY(m_db->run(QStringLiteral("CREATE TABLE counted (v integer)")));
        auto inserted = m_connection->exec(
            QStringLiteral("INSERT INTO counted SELECT generate_series(1, 4) RETURNING v"));
        QVERIFY2(inserted.ok(), qPrintable(describe(inserted)));
        QCOMPARE(inserted.value().numRowsAffected(), 4);
        auto updated = m_connection->exec(QStringLiteral("UPDATE counted SET v = v + 1 WHERE v > ?"), {2});
        QVERIFY2(updated.ok(), qPrintable(describe(updated)));
        QCOMPARE(updated.value().numRowsAffected(), 2);
        QVERIFY(!updated.value().next());
    }

    void errorAfterTheFirstRowsIsAnError()
    {
        // Rows 1 and 2 are produced before row 3 divides by zero. (QPSQL runs prepared statements
        // through EXECUTE, which the server materialises before sending a row, so this one fails
        // first; a driver that streams rows would see it after two rows.)
        auto r = m_connection->exec(
            QStringLiteral("SELECT CASE WHEN g < 3 THEN g ELSE 1 / (g - g) END FROM generate_series(1, ?) g"),
            {5});
        QVERIFY2(!r.ok(), "an error after two rows was reported as a success");
        QCOMPARE(codeName(r.error().code), QStringLiteral("internal"));
        QVERIFY2(r.error().detail.contains(QStringLiteral("22012")), qPrintable(r.error().detail));
        // The session is usable afterwards.
        auto after = m_connection->exec(QStringLiteral("SELECT 7"));
        QVERIFY(after.ok() && after.value().next());
        QCOMPARE(after.value().value(0).toInt(), 7);
    }

    void errorAtTheCommitOfAStatementIsAnError_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::newRow("returning rows") << QStringLiteral("INSERT INTO late (v) VALUES (?) RETURNING id");
        QTest::newRow("without rows") << QStringLiteral("INSERT INTO late (v) VALUES (?)");
    }

    void errorAtTheCommitOfAStatementIsAnError()
    {
        QFETCH(QString, sql);
        QVERIFY(
            m_db->run(refusedAtCommitTable(QStringLiteral("BO409"), QStringLiteral("unavailable:{4,5}"))));
        auto r = m_connection->exec(sql, {1});
        QVERIFY2(!r.ok(), "a statement refused at commit was reported as a success");
        // Mapped like any other error: BO409 names the seats.
        QCOMPARE(codeName(r.error().code), QStringLiteral("conflict"));
        QCOMPARE(r.error().seats, (QList<int>{4, 5}));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM late")), QStringLiteral("0"));
        auto passing = m_connection->exec(sql, {-1});
        QVERIFY2(passing.ok(), qPrintable(describe(passing)));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM late")), QStringLiteral("1"));
    }

    void serializationFailureAtCommitIsRetried()
    {
        // Fails at commit with 40001 twice (a sequence counts the attempts whatever rolls back).
        QVERIFY(m_db->run(QStringLiteral(
            "CREATE SEQUENCE attempts; "
            "CREATE TABLE flaky (id serial PRIMARY KEY, v integer NOT NULL); "
            "CREATE FUNCTION flaky_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN IF nextval('attempts') <= 2 THEN "
            "RAISE EXCEPTION 'could not serialize' USING ERRCODE = '40001'; END IF; RETURN NULL; END $$; "
            "CREATE CONSTRAINT TRIGGER flaky_refuse AFTER INSERT ON flaky "
            "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION flaky_refuse();")));
        auto r = m_connection->exec(QStringLiteral("INSERT INTO flaky (v) VALUES (?) RETURNING v"), {42});
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY(r.value().next());
        QCOMPARE(r.value().value(0).toInt(), 42);
        QCOMPARE(m_connection->serializationFailuresSeen(), 2);
        QCOMPARE(m_connection->retriesSeen(), 2);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) || ' ' || min(v) FROM flaky")),
                 QStringLiteral("1 42"));
    }

    void statementOnASessionTheServerEndedIsSentAgain_data()
    {
        QTest::addColumn<bool>("waiting"); // killed while its statement waits for a lock, else idle
        QTest::newRow("idle") << false;
        QTest::newRow("waiting for a lock") << true;
    }

    void statementOnASessionTheServerEndedIsSentAgain()
    {
        // pg_terminate_backend (an administrator, a failover, a restart): the server ends the
        // session with 57P01 before libpq has seen the socket close. The statement is sent again
        // on a new session (the class's contract) rather than failing once as Offline.
        QFETCH(bool, waiting);
        QVERIFY(m_db->run(QStringLiteral("CREATE TABLE locked (id integer PRIMARY KEY, v integer); "
                                         "INSERT INTO locked VALUES (1, 0)")));
        auto pid = m_connection->exec(QStringLiteral("SELECT pg_backend_pid()"));
        QVERIFY(pid && pid.value().next());
        const int before = pid.value().value(0).toInt();
        const int sessions = m_connection->sessionsOpened();
        QVERIFY(sessions >= 1);

        std::unique_ptr<QThread> killer;
        if (waiting) {
            // On a thread of its own: hold the row, kill the session once its statement waits for
            // it, then let go (so the statement sent again waits no longer than that).
            QSemaphore locked;
            const ConnectionSettings settings = m_db->ownerSettings();
            killer.reset(QThread::create([settings, before, &locked] {
                auto owner = DbConnection::open(settings, QStringLiteral("killer"));
                if (!owner || !owner.value()->begin() ||
                    !owner.value()->exec(QStringLiteral("SELECT v FROM locked WHERE id = 1 FOR UPDATE"))) {
                    locked.release();
                    return;
                }
                locked.release();
                for (int i = 0; i < 500; ++i) {
                    auto rows = owner.value()->exec(
                        QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                       "WHERE pid = ? AND wait_event_type = 'Lock'"),
                        {before});
                    if (rows && rows.value().next())
                        break;
                    QThread::msleep(10);
                }
                (void)owner.value()->commit();
            }));
            killer->start();
            QVERIFY(locked.tryAcquire(1, 10'000));
        } else {
            auto owner = m_db->connectAsOwner(QStringLiteral("killer"));
            QVERIFY(owner);
            auto killed = owner->exec(QStringLiteral("SELECT pg_terminate_backend(?)"), {before});
            QVERIFY(killed && killed.value().next() && killed.value().value(0).toBool());
            QTRY_COMPARE_WITH_TIMEOUT(
                m_db->scalar(
                    QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE pid = %1").arg(before)),
                QStringLiteral("0"), 5'000);
        }
        auto r = m_connection->exec(QStringLiteral("UPDATE locked SET v = v + 1 WHERE id = 1 RETURNING v, "
                                                   "pg_backend_pid()"));
        QVERIFY2(r.ok(), qPrintable(describe(r)));
        QVERIFY(r.value().next());
        QCOMPARE(r.value().value(0).toInt(), 1);
        QVERIFY(r.value().value(1).toInt() != before);
        // The replaced session is counted: a LISTEN of the old one is gone (PgTerminalBackend).
        QCOMPARE(m_connection->sessionsOpened(), sessions + 1);
        if (killer)
            QVERIFY(killer->wait(10'000));
    }

    /// A round trip that cannot wait for a standby gets the short deadline (a hung server is
    /// noticed sooner): past it the session is dropped, not cancelled, and the outcome is unknown
    /// (Offline), also for the one resend on a new session. The commit deadline is not shortened.
    void shortRoundTripPastItsDeadlineIsDropped()
    {
        ConnectionSettings settings = m_db->ownerSettings();
        settings.shortDeadlineMs = 500;
        auto opened = DbConnection::open(settings, QStringLiteral("short-deadline"));
        QVERIFY(opened);
        DbConnection& connection = *opened.value();
        const int sessions = connection.sessionsOpened();
        auto dropped =
            connection.exec(QStringLiteral("SELECT pg_sleep(5)"), {}, DbConnection::RoundTrip::Short);
        QVERIFY2(!dropped.ok(), "a round trip past the short deadline was answered");
        QCOMPARE(codeName(dropped.error().code), codeName(ErrorCode::Offline));
        QCOMPARE(connection.deadlinesPassed(), 2);
        QVERIFY(connection.sessionsOpened() > sessions);
        // Longer than the short deadline, answered under the commit deadline (the default).
        auto answered = connection.exec(QStringLiteral("SELECT pg_sleep(1)"));
        QVERIFY2(answered.ok(), qPrintable(describe(answered)));
        QCOMPARE(connection.deadlinesPassed(), 2);
    }

    void failingCommitOfATransactionIsAnError()
    {
        QVERIFY(m_db->run(refusedAtCommitTable(QStringLiteral("P0001"), QStringLiteral("refused"))));
        QVERIFY(m_connection->begin().ok());
        auto inserted =
            m_connection->exec(QStringLiteral("INSERT INTO late (v) VALUES (?) RETURNING id"), {1});
        QVERIFY2(inserted.ok(), qPrintable(describe(inserted)));
        const Status committed = m_connection->commit();
        QVERIFY2(!committed.ok(), "a refused COMMIT was reported as a success");
        QCOMPARE(codeName(committed.error().code), QStringLiteral("internal"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM late")), QStringLiteral("0"));
        // The session is out of its transaction and usable.
        auto after = m_connection->exec(QStringLiteral("INSERT INTO late (v) VALUES (?) RETURNING id"), {-1});
        QVERIFY2(after.ok(), qPrintable(describe(after)));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM late")), QStringLiteral("1"));
    }

    void commitOfAFailedTransactionIsAnError()
    {
        QVERIFY(m_db->run(QStringLiteral("CREATE TABLE kept (v integer)")));
        QVERIFY(m_connection->begin().ok());
        QVERIFY(m_connection->exec(QStringLiteral("INSERT INTO kept VALUES (?)"), {1}).ok());
        QVERIFY(!m_connection->exec(QStringLiteral("SELECT 1 / ?"), {0}).ok());
        // The server answers COMMIT of a failed transaction with ROLLBACK, not with an error.
        const Status committed = m_connection->commit();
        QVERIFY2(!committed.ok(), "COMMIT of a failed transaction was reported as a success");
        QCOMPARE(codeName(committed.error().code), QStringLiteral("internal"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept")), QStringLiteral("0"));
        auto after = m_connection->exec(QStringLiteral("INSERT INTO kept VALUES (?)"), {2});
        QVERIFY2(after.ok(), qPrintable(describe(after)));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM kept")), QStringLiteral("1"));
    }

    void failingCommitOfAScriptIsAnError()
    {
        QVERIFY(m_db->run(refusedAtCommitTable(QStringLiteral("P0001"), QStringLiteral("refused"))));
        const Status s = m_connection->execScript(
            QStringLiteral("BEGIN; INSERT INTO late (v) VALUES (1); SELECT 1; COMMIT; SELECT 2;"));
        QVERIFY2(!s.ok(), "a script whose COMMIT failed was reported as a success");
        QCOMPARE(codeName(s.error().code), QStringLiteral("internal"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM late")), QStringLiteral("0"));
    }

    void confirmRefusedAtCommitIsAnErrorAndBooksNothing()
    {
        const int showtime = m_db->addShowtime(1, 4);
        QVERIFY(showtime > 0);
        const QList<int> seats = m_db->seatIds(showtime);
        // A check that only runs when the confirm's transaction commits.
        QVERIFY(m_db->run(QStringLiteral(
            "CREATE FUNCTION test_refuse_booking() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'refused at commit'; END $$; "
            "CREATE CONSTRAINT TRIGGER test_refuse_booking AFTER INSERT OR UPDATE ON booking "
            "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_refuse_booking();")));
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(showtime, {seats[0], seats[1]}, me).value().granted);
        const QString before = m_db->snapshot();
        auto r = store.confirm({QStringLiteral("till-1"),
                                QUuid::createUuid(),
                                showtime,
                                me,
                                {seats[0], seats[1]},
                                {},
                                QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}}});
        QVERIFY2(!r.ok(), qPrintable(QStringLiteral("confirm refused at commit reported %1 %2")
                                         .arg(r.ok() ? r.value().status : QString(),
                                              r.ok() ? r.value().code : QString())));
        QCOMPARE(codeName(r.error().code), QStringLiteral("internal"));
        QVERIFY2(r.error().detail.contains(QStringLiteral("P0001")), qPrintable(r.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED'")),
                 QStringLiteral("0"));
        QCOMPARE(m_db->snapshot(), before);
    }

    /// A login the server refuses is told from a server that cannot be reached: the sentence
    /// names the login, a program reads Refusal::LoginRefused; neither says the password.
    void aRefusedLoginIsToldFromAServerNotReached_data()
    {
        QTest::addColumn<QString>("user"); // empty: the test's own login
        QTest::addColumn<QString>("passwordSuffix");
        QTest::addColumn<QString>("port"); // empty: the test server's
        QTest::addColumn<QString>("refusal");
        QTest::newRow("a wrong password")
            << QString() << QStringLiteral("x") << QString() << QStringLiteral("login-refused");
        QTest::newRow("a login that does not exist")
            << QStringLiteral("bo_nobody_here") << QString() << QString() << QStringLiteral("login-refused");
        // Port 1 on the loopback: nothing listens, the connection is refused at once.
        QTest::newRow("no server") << QString() << QString() << QStringLiteral("1")
                                   << QStringLiteral("cannot-connect");
    }

    void aRefusedLoginIsToldFromAServerNotReached()
    {
        QFETCH(QString, user);
        QFETCH(QString, passwordSuffix);
        QFETCH(QString, port);
        QFETCH(QString, refusal);
        ConnectionSettings settings = m_db->settings();
        if (user.isEmpty())
            user = settings.value(QStringLiteral("user"));
        const QString password = settings.value(QStringLiteral("password")) + passwordSuffix;
        QVERIFY(!user.isEmpty() && !password.isEmpty());
        settings.setValue(QStringLiteral("user"), user);
        settings.setValue(QStringLiteral("password"), password);
        if (!port.isEmpty())
            settings.setValue(QStringLiteral("port"), port);
        auto opened = DbConnection::open(settings, QStringLiteral("test-login"));
        QVERIFY(!opened);
        const Error& e = opened.error();
        QCOMPARE(QString::fromLatin1(refusalName(e.refusal)), refusal);
        QCOMPARE(codeName(e.code), QStringLiteral("offline"));
        QVERIFY2(!e.message.contains(password), qPrintable(e.message));
        QVERIFY2(!e.detail.contains(password), qPrintable(e.detail));
        if (e.refusal == Refusal::LoginRefused) {
            QCOMPARE(e.args, QStringList{user});
            QCOMPARE(e.message, refusalSentence(Refusal::LoginRefused, {user}));
        }
    }

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_connection;
};

QTEST_GUILESS_MAIN(TstDbConnection)
#include "tst_dbconnection.moc"
