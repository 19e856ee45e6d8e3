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

    /// Finding 2: every member's PIN hash was readable by any terminal (bo_staff_pin), and a 4 to
    /// 6 digit PIN falls to an offline search in minutes. No function an application role may run
    /// answers with a hash, and the table itself is closed.
    void noApplicationRoleReadsAPinHash()
    {
        QVERIFY(addStaff(QStringLiteral("Hana Choi"), QStringLiteral("manager"), QStringLiteral("3333")) > 0);
        for (const QString& role :
             {QStringLiteral("boxoffice_terminal"), QStringLiteral("boxoffice_manager")}) {
            QCOMPARE(m_db->scalar(
                         QStringLiteral(
                             "SELECT coalesce(string_agg(oid::regprocedure::text, ', '), '') FROM pg_proc "
                             "WHERE pronamespace = 'public'::regnamespace AND has_function_privilege('%1', "
                             "oid, 'EXECUTE') "
                             "AND EXISTS (SELECT 1 FROM unnest(proargnames) n WHERE n LIKE '%%pin%%hash%%')")
                             .arg(role)),
                     QString());
        }
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        QVERIFY(!terminal->exec(QStringLiteral("SELECT pin_hash FROM staff")).ok());
        QVERIFY(!terminal->exec(QStringLiteral("SELECT * FROM staff_pin_attempt")).ok());
    }

    /// Finding 2: a terminal told the server "this member's PIN was right" (bo_staff_pin_result)
    /// and the server signed a manager in at any till. Without the PIN nothing signs anyone in.
    void aTerminalCannotSignAMemberInWithoutTheirPin()
    {
        const int manager =
            addStaff(QStringLiteral("Hana Choi"), QStringLiteral("manager"), QStringLiteral("3333"));
        QVERIFY(manager > 0);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        const QString till = QUuid::createUuid().toString(QUuid::WithoutBraces);
        // The old way, where it still exists: declare the PIN right.
        if (!m_db
                 ->scalar(QStringLiteral(
                     "SELECT to_regprocedure('bo_staff_pin_result(integer, boolean, text, text, uuid)')"))
                 .isEmpty())
            (void)terminal->exec(
                QStringLiteral("SELECT * FROM bo_staff_pin_result(?, true, 'sign_in', 'till-9', ?::uuid)"),
                {manager, till});
        // The way there is: a guess.
        if (!m_db
                 ->scalar(QStringLiteral(
                     "SELECT to_regprocedure('bo_staff_pin_attempt(integer, text, text, text, uuid)')"))
                 .isEmpty()) {
            auto attempt = terminal->exec(
                QStringLiteral("SELECT bo_staff_pin_attempt(?, '1234', 'sign_in', 'till-9', ?::uuid)"),
                {manager, till});
            QVERIFY(attempt.ok() && attempt.value().next());
            auto outcome = terminal->exec(QStringLiteral("SELECT outcome FROM bo_staff_pin_outcome(?)"),
                                          {attempt.value().value(0)});
            QVERIFY(outcome.ok() && outcome.value().next());
            QCOMPARE(outcome.value().value(0).toString(), QStringLiteral("wrong_pin"));
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM till_session")), QStringLiteral("0"));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT approved_at IS NULL FROM staff WHERE id = %1").arg(manager)),
            QStringLiteral("true"));
    }

    /// The rollback trap (docs/SECURITY.md): inside one transaction a right PIN and a wrong one
    /// look the same to the caller, the outcome cannot be read before the attempt committed, and a
    /// committed wrong PIN stays counted.
    void aRolledBackAttemptRevealsNothing()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        const QString till = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QStringList seen;
        for (const QString& pin : {QStringLiteral("482913"), QStringLiteral("482914")}) {
            QVERIFY(terminal->execScript(QStringLiteral("BEGIN")));
            auto attempt = terminal->exec(
                QStringLiteral("SELECT bo_staff_pin_attempt(?, ?, 'sign_in', 'till-1', ?::uuid)"),
                {cashier, pin, till});
            QVERIFY2(attempt.ok(), qPrintable(attempt.ok() ? QString() : attempt.error().detail));
            QVERIFY(attempt.value().next());
            const QVariant id = attempt.value().value(0);
            auto visible = terminal->exec(
                QStringLiteral(
                    "SELECT (SELECT concat_ws('|', active, locked, failed_pins, last_sign_in_at) FROM "
                    "bo_staff_list() "
                    "        WHERE id = ?) || '|' || (SELECT count(*) FROM bo_till_staff(?::uuid))"),
                {cashier, till});
            QVERIFY(visible.ok() && visible.value().next());
            seen << visible.value().value(0).toString();
            QVERIFY(!terminal->exec(QStringLiteral("SELECT * FROM bo_staff_pin_outcome(?)"), {id}).ok());
            QVERIFY(terminal->execScript(QStringLiteral("ROLLBACK")));
        }
        QCOMPARE(seen.at(0), seen.at(1));
        QCOMPARE(seen.at(0), QStringLiteral("t|f|1|0"));

        auto committed = terminal->exec(
            QStringLiteral("SELECT bo_staff_pin_attempt(?, '000000', 'sign_in', 'till-1', ?::uuid)"),
            {cashier, till});
        QVERIFY(committed.ok() && committed.value().next());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT failed_pins FROM staff WHERE id = %1").arg(cashier)),
                 QStringLiteral("1"));
        // Rolling the reading back does not give the try back either.
        QVERIFY(terminal->execScript(QStringLiteral("BEGIN")));
        auto outcome =
            terminal->exec(QStringLiteral("SELECT outcome, failures_left FROM bo_staff_pin_outcome(?)"),
                           {committed.value().value(0)});
        QVERIFY(outcome.ok() && outcome.value().next());
        QCOMPARE(outcome.value().value(0).toString(), QStringLiteral("wrong_pin"));
        QCOMPARE(outcome.value().value(1).toInt(), 4);
        QVERIFY(terminal->execScript(QStringLiteral("ROLLBACK")));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT failed_pins FROM staff WHERE id = %1").arg(cashier)),
                 QStringLiteral("1"));
    }

    /// Finding 2: bo_staff_unlock believed the supervisor's number it was given. Now it needs that
    /// supervisor's approval, which only their PIN checked by the server records.
    void anUnlockNeedsTheSupervisorsPin()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        const int supervisor =
            addStaff(QStringLiteral("Joon Lee"), QStringLiteral("supervisor"), QStringLiteral("730155"));
        QVERIFY(cashier > 0 && supervisor > 0);
        QVERIFY(m_db->run(QStringLiteral("UPDATE staff SET locked_at = now(), failed_pins = 5 WHERE id = %1")
                              .arg(cashier)));
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        auto unlocked =
            terminal->exec(QStringLiteral("SELECT bo_staff_unlock(?, ?, 'till-1')"), {cashier, supervisor});
        QVERIFY(!unlocked.ok());
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT locked_at IS NOT NULL FROM staff WHERE id = %1").arg(cashier)),
                 QStringLiteral("true"));
    }

    /// Findings 1 and 4: with the kiosk's credential (public) a "cash" payment confirmed a booking
    /// nobody paid for. Cash is a staffed till's: the kiosk is refused and nothing is recorded.
    void aKioskTakesNoCash()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime).mid(0, 1);
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = kiosk->exec(
            QStringLiteral(
                "SELECT granted, booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'kiosk-1')"),
            {showtime, QStringLiteral("{%1}").arg(seats.at(0)), token});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next() && begun.value().value(0).toBool());
        const QString booking = begun.value().value(1).toString();
        auto cash = kiosk->exec(
            QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, NULL, "
                           "'kiosk-1', NULL, 'cash', 10000, 'KRW', 10000, NULL)"),
            {QUuid::createUuid().toString(QUuid::WithoutBraces), token, showtime, booking});
        QVERIFY(!cash.ok());
        QVERIFY2(cash.error().detail.contains(QLatin1String("staffed till")),
                 qPrintable(cash.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM payment_intent")), QStringLiteral("0"));
    }

    /// Finding 4: a kiosk opened a shift with a float of 100,000,000,000, could close a real till's
    /// shift, mark a refund done, exchange, answer help calls as a till and admit at the door.
    /// None of the till's, the door's or the manager's functions is a kiosk's.
    void aKioskRunsNoTillNorDoor()
    {
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const QString till = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QStringList attempts{
            QStringLiteral("SELECT * FROM bo_shift_open('%1', 'till-1', 100000000000)").arg(till),
            QStringLiteral("SELECT * FROM bo_drawer_move('%1', 'PAY_OUT', 5000, 'x')").arg(till),
            QStringLiteral("SELECT * FROM bo_shift_close('%1', 0, '{}')").arg(till),
            QStringLiteral("SELECT * FROM bo_refund_finish('%1', true, 'ref', 'till-1', '%1')").arg(till),
            QStringLiteral("SELECT * FROM bo_refund_quote('ABCD-EFGH', NULL)"),
            QStringLiteral("SELECT bo_till_lock('%1')").arg(till),
            QStringLiteral("SELECT bo_staff_unlock(101, 102, 'till-1')"),
            QStringLiteral("SELECT * FROM bo_help_calls()"),
            QStringLiteral("SELECT * FROM bo_checkin(1, 'x', 'Door A', NULL)"),
            QStringLiteral("SELECT * FROM bo_report_context()"),
            QStringLiteral("SELECT * FROM bo_queue_set_capacity(1, 0)"),
            // The owner's own helpers and the manager's audit reads: no terminal runs them.
            QStringLiteral("SELECT bo_announce('bo_seats', '1|F1')"),
            QStringLiteral("SELECT bo_announcer_leads()"),
            QStringLiteral("SELECT bo_approval_check(101, 'till-1')"),
            QStringLiteral("SELECT * FROM bo_audit_head()"),
            QStringLiteral("SELECT * FROM bo_audit_chain_rows(0, 10)")};
        for (const QString& sql : attempts) {
            auto r = kiosk->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(sql + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM shift")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM announcement")), QStringLiteral("0"));
        // A till reads no audit chain either (the manager's, to verify).
        auto tillLogin = m_db->connect();
        QVERIFY(tillLogin);
        for (const QString& sql : {QStringLiteral("SELECT * FROM bo_audit_head()"),
                                   QStringLiteral("SELECT bo_announce('bo_seats', '1|F1')")}) {
            auto r = tillLogin->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(sql));
        }
    }

    /// Finding 5: bo_queue_join(..., p_counter => true) believed the caller was a counter and let a
    /// kiosk past a closed line. "Counter" is the role's now: the kiosk waits, the till does not.
    void aKioskThatSaysItIsACounterStillWaits()
    {
        const int showtime = m_db->addShowtime();
        auto manager = m_db->connectAsManager();
        QVERIFY(manager);
        QVERIFY(manager->exec(QStringLiteral("SELECT * FROM bo_queue_set_capacity(?, 0)"), {showtime}).ok());
        auto kiosk = m_db->connectAsKiosk();
        auto till = m_db->connect();
        QVERIFY(kiosk && till);
        const auto join = [&](DbConnection& c) {
            auto r = c.exec(QStringLiteral("SELECT state FROM bo_queue_join(?, ?::uuid, true)"),
                            {showtime, QUuid::createUuid().toString(QUuid::WithoutBraces)});
            return r.ok() && r.value().next() ? r.value().value(0).toString() : QStringLiteral("error");
        };
        QCOMPARE(join(*kiosk), QStringLiteral("WAITING"));
        QCOMPARE(join(*till), QStringLiteral("ADMITTED"));
    }

    /// A door scanner's credential admits and undoes; it holds, sells and pays nothing.
    void aDoorSellsNothing()
    {
        const int showtime = m_db->addShowtime();
        auto door = m_db->connectAsDoor();
        QVERIFY(door);
        auto held = door->exec(QStringLiteral("SELECT * FROM bo_hold(?, ?::integer[], ?::uuid)"),
                               {showtime, QStringLiteral("{%1}").arg(m_db->seatIds(showtime).at(0)),
                                QUuid::createUuid().toString(QUuid::WithoutBraces)});
        QVERIFY(!held.ok());
        QVERIFY2(held.error().detail.contains(QLatin1String("permission denied")),
                 qPrintable(held.error().detail));
        QVERIFY(!door->exec(QStringLiteral("SELECT code FROM booking")).ok());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status <> 'FREE'")),
                 QStringLiteral("0"));
    }

    /// Finding 6: any login could take the queue's line lock (every join, heartbeat and leave then
    /// waited), sit on the announcer's or the reconciler's lead lock, fill the lock table, or send
    /// notifications that look like the announcer's. Those functions are the owner's now.
    void aKioskTakesNoAdvisoryLockAndSendsNoNotification()
    {
        const int showtime = m_db->addShowtime();
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const QStringList attempts{QStringLiteral("SELECT pg_advisory_lock(1112494421, %1)").arg(showtime),
                                   QStringLiteral("SELECT pg_try_advisory_lock(4778125971265110561)"),
                                   QStringLiteral("SELECT pg_advisory_xact_lock(4778125971265045827)"),
                                   QStringLiteral("SELECT pg_notify('bo_seats', '%1|F1')").arg(showtime),
                                   QStringLiteral("SELECT lo_create(0)")};
        for (const QString& sql : attempts) {
            auto r = kiosk->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(sql + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")),
                 QStringLiteral("0"));
        // The queue still takes its own lock: a join goes through.
        auto joined = kiosk->exec(QStringLiteral("SELECT state FROM bo_queue_join(?, ?::uuid)"),
                                  {showtime, QUuid::createUuid().toString(QUuid::WithoutBraces)});
        QVERIFY2(joined.ok(), qPrintable(joined.ok() ? QString() : joined.error().detail));
    }

private:
    /// A member added as the manager's login would (the PIN hashed by the server); 0 on failure.
    int addStaff(const QString& name, const QString& role, const QString& pin) const
    {
        auto manager = m_db->connectAsManager();
        if (!manager)
            return 0;
        auto added = manager->exec(QStringLiteral("SELECT bo_staff_add(?, ?, ?)"), {name, role, pin});
        return added.ok() && added.value().next() ? added.value().value(0).toInt() : 0;
    }

    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TstAttacks)
#include "tst_attacks.moc"
