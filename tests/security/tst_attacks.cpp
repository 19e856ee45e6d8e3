// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The attacks of issue 36, each run with the credential that would have it (the terminal's or
// the manager's login, never the owner), asserting that the database refused it and changed
// nothing. docs/SECURITY.md lists them with what each credential can still do.
#include <QThread>
#include <QtTest>

#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// A refusal by what it says: the database's clear reason, or the raw message when it is not one.
QString refusal(const Error& e)
{
    return e.detail.contains(QLatin1String("has an unresolved payment")) ? QStringLiteral("unresolved")
                                                                         : e.detail;
}

} // namespace

class TstAttacks final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    }
    void cleanup() { m_db.reset(); }

    /// Finding 7: a manager made a temporary table of the name a SECURITY DEFINER function used,
    /// with a trigger; the function wrote into it and the trigger ran as the owner — it granted
    /// the manager UPDATE on staff. No definer function may use a name the caller can create,
    /// whatever the database's TEMPORARY privilege (given back to PUBLIC here: the function alone
    /// must hold, not setup-server's revoke).
    void managerCannotBecomeTheOwnerThroughATemporaryTable()
    {
        const int showtime = m_db->addShowtime();
        QVERIFY(showtime > 0);
        const QString login = m_db->managerLogin();
        // As every database has it until setup-server revokes it (PostgreSQL's default).
        QVERIFY(m_db->run(QStringLiteral("GRANT TEMPORARY ON DATABASE %1 TO PUBLIC").arg(m_db->name())));
        auto manager = m_db->connectAsManager();
        QVERIFY(manager);
        QVERIFY(manager->execScript(QStringLiteral(
            "CREATE TEMP TABLE bo_hall_block_seats (showtime_id integer, starts_at timestamptz, seat_id "
            "integer, "
            "  label text, status text, held_until timestamptz); "
            "GRANT ALL ON pg_temp.bo_hall_block_seats TO PUBLIC; "
            "CREATE FUNCTION pg_temp.seize() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "  EXECUTE format('GRANT UPDATE ON staff TO %I', session_user); RETURN NEW; END $$; "
            "CREATE TRIGGER seize BEFORE INSERT ON pg_temp.bo_hall_block_seats "
            "  FOR EACH ROW EXECUTE FUNCTION pg_temp.seize()")));
        auto blocked = manager->exec(QStringLiteral(
            "SELECT count(*) FROM bo_hall_seat_block('Test hall', ARRAY['A1'], 'broken armrest')"));
        QVERIFY2(blocked.ok(), qPrintable(blocked.ok() ? QString() : blocked.error().detail));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT has_table_privilege('%1', 'staff', 'UPDATE')").arg(login)),
            QStringLiteral("false"));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_temp_%1.bo_hall_block_seats")
                             .arg(m_db->scalar(QStringLiteral(
                                 "SELECT split_part(n.nspname, '_', 3) FROM pg_namespace n "
                                 "WHERE n.nspname LIKE 'pg\\_temp\\_%' AND EXISTS (SELECT 1 FROM pg_class c "
                                 "WHERE c.relnamespace = n.oid AND c.relname = 'bo_hall_block_seats')")))),
            QStringLiteral("0"));
        // The block itself did what it says.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM hall_seat_block WHERE label = 'A1'")),
                 QStringLiteral("1"));
    }

    /// Finding 10: bo_checkin called pg_notify itself again (a re-creation undid the outbox):
    /// only the announcer's publish sends notifications; every other function writes the outbox.
    void onlyTheAnnouncerNotifies()
    {
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT coalesce(string_agg(proname, ', ' ORDER BY proname), '') FROM pg_proc "
                     "WHERE pronamespace = 'public'::regnamespace AND prosrc LIKE '%pg_notify%' "
                     "AND proname <> 'bo_publish_announcements'")),
                 QString());
    }

    /// Finding 10: two payment requests for one booking at the same instant (different keys)
    /// gave the loser a raw unique violation (23505); now one wins and the others get the
    /// clear "unresolved payment" refusal, and exactly one intent exists.
    void concurrentPaymentsForOneBookingGiveOneIntent()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime).mid(0, 2);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        const QUuid token = QUuid::createUuid();
        auto begun = terminal->exec(
            QStringLiteral(
                "SELECT granted, booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'till-1')"),
            {showtime, QStringLiteral("{%1,%2}").arg(seats.at(0)).arg(seats.at(1)),
             token.toString(QUuid::WithoutBraces)});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next());
        QVERIFY(begun.value().value(0).toBool());
        const QString booking = begun.value().value(1).toString();

        // The owner holds the booking's row while the requests queue up behind it, so all of them
        // are released into the race together.
        auto gate = m_db->connectAsOwner();
        QVERIFY(gate);
        QVERIFY(gate->execScript(
            QStringLiteral("BEGIN; SELECT 1 FROM booking WHERE id = '%1' FOR UPDATE").arg(booking)));
        constexpr int requests = 4;
        QStringList outcomes;
        QMutex lock;
        QList<QThread*> threads;
        for (int i = 0; i < requests; ++i) {
            threads << QThread::create([&, i] {
                auto c = m_db->connect(QStringLiteral("race-%1").arg(i));
                QString outcome = QStringLiteral("no connection");
                if (c) {
                    auto r = c->exec(
                        QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, "
                                       "NULL, 'till-1', NULL, 'cash', 20000, 'KRW', 20000, NULL)"),
                        {QUuid::createUuid().toString(QUuid::WithoutBraces),
                         token.toString(QUuid::WithoutBraces), showtime, booking});
                    outcome = r.ok() ? QStringLiteral("created") : refusal(r.error());
                }
                QMutexLocker guard(&lock);
                outcomes << outcome;
            });
            threads.last()->start();
        }
        // Every request is waiting on the row before the gate opens.
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                               "AND usename = '%1'")
                    .arg(m_db->terminalLogin())),
            QString::number(requests), 10000);
        QVERIFY(gate->execScript(QStringLiteral("COMMIT")));
        for (QThread* t : threads) {
            QVERIFY(t->wait(30000));
            delete t;
        }
        outcomes.sort();
        QStringList expected{QStringLiteral("created"), QStringLiteral("unresolved"),
                             QStringLiteral("unresolved"), QStringLiteral("unresolved")};
        QCOMPARE(outcomes, expected);
        QCOMPARE(
            m_db->scalar(
                QStringLiteral("SELECT count(*) FROM payment_intent WHERE booking_id = '%1'").arg(booking)),
            QStringLiteral("1"));
    }

private:
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TstAttacks)
#include "tst_attacks.moc"
