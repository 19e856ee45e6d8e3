// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The attacks a hostile review found (docs/SECURITY.md names them by number), each run with the
// credential that would have it (the terminal's or the manager's login, never the owner), asserting
// that the database refused it and changed nothing. SECURITY.md also says what each credential
// can still do.
#include <tuple>

#include <QSqlDriver>
#include <QThread>
#include <QtTest>

#include "db/dbconnection.h"
#include "tests/support/paidsale.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// A refusal by what it says: the database's clear reason, or the raw message when it is not one.
/// The server names this refusal (db/functions' hints); any other is shown whole.
QString refusal(const Error& e)
{
    return e.refusal == Refusal::UnresolvedPayment ? QStringLiteral("unresolved") : e.detail;
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
        // Cash is taken at a staffed till with its shift open.
        const QUuid tillId = QUuid::createUuid();
        QVERIFY(bo::test::staffTill(*terminal, tillId, QStringLiteral("till-1")).ok());
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
                // The racers wait at the gate until the last of them has arrived, however slowly a
                // loaded machine connects them: the session's 3 s lock_timeout (and its statement
                // timeout) would otherwise end the first wait before the last racer is queued.
                if (c &&
                    !c->execScript(QStringLiteral("SET lock_timeout = '60s'; SET statement_timeout = '60s'")))
                    outcome = QStringLiteral("no timeouts set");
                else if (c) {
                    auto r = c->exec(
                        QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, "
                                       "NULL, 'till-1', ?::uuid, 'cash', 20000, 'KRW', 20000, NULL)"),
                        {QUuid::createUuid().toString(QUuid::WithoutBraces),
                         token.toString(QUuid::WithoutBraces), showtime, booking,
                         tillId.toString(QUuid::WithoutBraces)});
                    outcome = r.ok() ? QStringLiteral("created") : refusal(r.error());
                }
                QMutexLocker guard(&lock);
                outcomes << outcome;
            });
            threads.last()->start();
        }
        // Whatever fails below, the gate opens and the racers end before their shared state does.
        auto joinRacers = qScopeGuard([&] {
            (void)gate->execScript(QStringLiteral("COMMIT"));
            for (QThread* t : threads) {
                t->wait(60000);
                delete t;
            }
            threads.clear();
        });
        // Every request is waiting on the row before the gate opens.
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                               "AND usename = '%1'")
                    .arg(m_db->terminalLogin())),
            QString::number(requests), 10000);
        QVERIFY(gate->execScript(QStringLiteral("COMMIT")));
        for (QThread* t : std::as_const(threads))
            QVERIFY(t->wait(30000));
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
            QStringLiteral("SELECT * FROM bo_audit_chain_rows(0, 10)"),
            // The trust model's own helpers: claiming a till id, the sale rules, the payment rows,
            // the refund sums are run only inside the functions that need them.
            QStringLiteral("SELECT bo_terminal_claim('%1')").arg(till),
            QStringLiteral("SELECT bo_terminal_mine('%1')").arg(till),
            QStringLiteral("SELECT bo_sale_gate(1, '%1', 1)").arg(till),
            QStringLiteral("SELECT * FROM bo_payment_seen(ARRAY['%1'::uuid])").arg(till),
            QStringLiteral("SELECT bo_refunded_before('%1')").arg(till),
            // The payment service's: who made a payment, who may move it, a pass spent, a refund read.
            QStringLiteral("SELECT bo_payment_made_by('%1')").arg(till),
            QStringLiteral("SELECT bo_payment_may_write('%1', 'card', 'NEW', 'AUTHORISING')").arg(till),
            QStringLiteral("SELECT * FROM bo_service_pass_redeem('%1', '%1')").arg(till),
            QStringLiteral("SELECT * FROM bo_refund_find('%1')").arg(till)};
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
        for (const QString& sql :
             {QStringLiteral("SELECT * FROM bo_audit_head()"),
              QStringLiteral("SELECT bo_announce('bo_seats', '1|F1')"),
              QStringLiteral("SELECT bo_payment_made_by('%1')").arg(till),
              QStringLiteral("SELECT bo_payment_may_write('%1', 'card', 'NEW', 'AUTHORISED')").arg(till),
              QStringLiteral("SELECT * FROM bo_service_pass_redeem('%1', '%1')").arg(till),
              QStringLiteral("SELECT * FROM bo_refund_find('%1')").arg(till)}) {
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

    /// The online box office's one login (boxoffice_web, migration 0049) serves every customer of
    /// the website and must be assumed stolen: it reads the seat map, holds, releases and waits in
    /// the queue as a customer, and nothing else. Its sales are capped one by one (one token holds
    /// at most a sale's seats, however many calls it makes), since a cap on the login would be a
    /// cap on the whole site.
    void aWebsiteLoginBrowsesAndHoldsOnly()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        QCOMPARE(seats.size(), 30);
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET max_seats_per_sale = 4")));
        auto web = m_db->connectAsWeb();
        QVERIFY(web);
        const auto hold = [&](const QList<int>& ids, const QString& token) {
            QStringList list;
            for (int id : ids)
                list << QString::number(id);
            auto r = web->exec(
                QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                {showtime, QLatin1Char('{') + list.join(QLatin1Char(',')) + QLatin1Char('}'), token});
            if (!r.ok())
                return r.error().detail;
            return r.value().next() && r.value().value(0).toBool() ? QStringLiteral("granted")
                                                                   : QStringLiteral("not granted");
        };
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);

        // Browsing: the seat map and the catalogue, the seats without their holders.
        auto map =
            web->exec(QStringLiteral("SELECT count(*) FROM bo_seat_map(?, ?::uuid)"), {showtime, token});
        QVERIFY2(map.ok() && map.value().next() && map.value().value(0).toInt() == 30,
                 qPrintable(map.ok() ? QStringLiteral("no row") : map.error().detail));
        QVERIFY(web->exec(QStringLiteral("SELECT m.title, s.starts_at FROM showtime s JOIN movie m ON "
                                         "m.id = s.movie_id"))
                    .ok());
        QVERIFY(web->exec(QStringLiteral("SELECT status, held_until FROM showtime_seat")).ok());

        // A customer holds two seats and lets them go.
        QCOMPARE(hold(seats.mid(0, 2), token), QStringLiteral("granted"));
        QCOMPARE(m_db->heldSeats(showtime, QUuid::fromString(token)), bo::test::joined(seats.mid(0, 2)));
        QVERIFY(web->exec(QStringLiteral("SELECT * FROM bo_release(?, ?::uuid)"), {showtime, token}).ok());
        QCOMPARE(m_db->heldSeats(showtime, QUuid::fromString(token)), QString());

        // More than one sale's seats are refused, asked at once or one call after another.
        QVERIFY(hold(seats.mid(0, 5), token).contains(QLatin1String("too many seats")));
        QCOMPARE(hold(seats.mid(0, 3), token), QStringLiteral("granted"));
        QCOMPARE(hold({seats.at(3)}, token), QStringLiteral("granted"));
        const QString grown = hold({seats.at(4)}, token);
        QVERIFY2(grown.contains(QLatin1String("too many seats")), qPrintable(grown));
        QCOMPARE(m_db->heldSeats(showtime, QUuid::fromString(token)), bo::test::joined(seats.mid(0, 4)));
        QVERIFY(web->exec(QStringLiteral("SELECT * FROM bo_release(?, ?::uuid)"), {showtime, token}).ok());

        // Everything else is refused before it runs, and changes nothing.
        const QString before = m_db->snapshot();
        const QString seat = QString::number(seats.at(0));
        const QStringList attempts{
            QStringLiteral("SELECT * FROM bo_begin_payment(%1, '{%2}', '%3', 'web', NULL, NULL)")
                .arg(QString::number(showtime), seat, token),
            QStringLiteral("SELECT * FROM bo_confirm('k1', '%1'::uuid, %2, NULL::uuid, '{%3}'::integer[], "
                           "NULL::text[], NULL::jsonb, NULL::uuid)")
                .arg(token, QString::number(showtime), seat),
            QStringLiteral("SELECT * FROM bo_payment_create(gen_random_uuid(), NULL::uuid, %1, '%2'::uuid, "
                           "'card', 'web', NULL::uuid, 'KRW', 10000::bigint, NULL::text, NULL::bigint, "
                           "NULL::text)")
                .arg(QString::number(showtime), token),
            QStringLiteral("SELECT * FROM bo_payment_list(NULL::boolean, NULL::text, 10, NULL::integer)"),
            QStringLiteral("SELECT * FROM bo_service_pass('%1')").arg(token),
            QStringLiteral("SELECT * FROM bo_ticket_list('ABCD-EFGH')"),
            QStringLiteral("SELECT * FROM bo_ticket_keys()"),
            QStringLiteral("SELECT * FROM bo_staff_list()"),
            QStringLiteral("SELECT bo_staff_pin_attempt(101, '1234', 'sign_in', 'web', '%1'::uuid)")
                .arg(token),
            QStringLiteral("SELECT * FROM bo_help_call('web')"),
            QStringLiteral("SELECT * FROM bo_door_checkin('%1'::uuid, %2, 'x', 'Door A', NULL::integer)")
                .arg(token, QString::number(showtime)),
            QStringLiteral("SELECT * FROM bo_checkin(%1, 'x', 'Door A', NULL)").arg(showtime),
            QStringLiteral("SELECT * FROM bo_refund_quote('ABCD-EFGH', NULL::text[], '%1'::uuid)").arg(token),
            QStringLiteral("SELECT * FROM bo_refund_begin(gen_random_uuid(), 'ABCD-EFGH', NULL::text[], "
                           "'Wrong day', 'web', '%1'::uuid, NULL::integer, NULL::text)")
                .arg(token),
            QStringLiteral("SELECT * FROM bo_sweep(10)"),
            QStringLiteral("SELECT held_by FROM showtime_seat"),
            QStringLiteral("SELECT owner FROM queue_ticket"),
            QStringLiteral("SELECT * FROM booking"),
            QStringLiteral("SELECT * FROM sale"),
            QStringLiteral("SELECT * FROM staff"),
            QStringLiteral("SELECT pg_notify('bo_seats', '%1|F%2')").arg(QString::number(showtime), seat),
            QStringLiteral("SELECT pg_advisory_lock(1)")};
        for (const QString& sql : attempts) {
            auto r = web->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(sql + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT (SELECT count(*) FROM payment_intent) + "
                                        "(SELECT count(*) FROM help_call) + (SELECT count(*) FROM pg_locks "
                                        "WHERE locktype = 'advisory' AND database = (SELECT oid FROM "
                                        "pg_database WHERE datname = current_database()))")),
            QStringLiteral("0"));

        // In the queue it is a customer: saying "counter" does not admit it, as it does a till.
        auto manager = m_db->connectAsManager();
        auto till = m_db->connect();
        QVERIFY(manager && till);
        QVERIFY(manager->exec(QStringLiteral("SELECT * FROM bo_queue_set_capacity(?, 0)"), {showtime}).ok());
        const auto join = [&](DbConnection& c) {
            auto r = c.exec(QStringLiteral("SELECT state FROM bo_queue_join(?, ?::uuid, true)"),
                            {showtime, QUuid::createUuid().toString(QUuid::WithoutBraces)});
            return r.ok() && r.value().next() ? r.value().value(0).toString() : QStringLiteral("error");
        };
        QCOMPARE(join(*web), QStringLiteral("WAITING"));
        QCOMPARE(join(*till), QStringLiteral("ADMITTED"));
    }

    /// Finding 10, hoarding: with a kiosk's credential a script held seats under one new token
    /// after another, taking each seat again the instant its hold lapsed, so they never went on
    /// sale. A kiosk holds one sale's seats at a time, over all its sales and showtimes; a
    /// till, staffed, is not capped.
    void aKioskHoldsOneSalesSeatsAtATime()
    {
        const int showtime = m_db->addShowtime();
        const int other = m_db->addShowtime(3, 10, QStringLiteral("Hall 2"));
        const QList<int> seats = m_db->seatIds(showtime);
        const QList<int> otherSeats = m_db->seatIds(other);
        QVERIFY(seats.size() == 30 && otherSeats.size() == 30);
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET max_seats_per_sale = 4")));
        auto kiosk = m_db->connectAsKiosk();
        auto till = m_db->connect();
        QVERIFY(kiosk && till);
        const auto hold = [](DbConnection& c, int show, const QList<int>& ids, const QString& token) {
            QStringList list;
            for (int id : ids)
                list << QString::number(id);
            auto r = c.exec(QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                            {show, QLatin1Char('{') + list.join(QLatin1Char(',')) + QLatin1Char('}'), token});
            if (!r.ok())
                return r.error().detail;
            return r.value().next() && r.value().value(0).toBool() ? QStringLiteral("granted")
                                                                   : QStringLiteral("not granted");
        };
        const QString first = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QString second = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QCOMPARE(hold(*kiosk, showtime, seats.mid(0, 3), first), QStringLiteral("granted"));
        // The same sale may change and grow to its limit.
        QCOMPARE(hold(*kiosk, showtime, {seats.at(3)}, first), QStringLiteral("granted"));
        // Another sale of the same kiosk, in this showtime or another: refused while the first holds.
        const QString refused = hold(*kiosk, showtime, {seats.at(10)}, second);
        QVERIFY2(refused.contains(QLatin1String("a kiosk holds at most 4 at a time")), qPrintable(refused));
        QVERIFY(hold(*kiosk, other, {otherSeats.at(0)}, second).contains(QLatin1String("at most 4")));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("4"));
        // Once the first sale lets go (released, or its hold lapsed), the next is held.
        QVERIFY(kiosk->exec(QStringLiteral("SELECT * FROM bo_release(?, ?::uuid)"), {showtime, first}).ok());
        QCOMPARE(hold(*kiosk, other, otherSeats.mid(0, 4), second), QStringLiteral("granted"));
        const QString third = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET held_until = clock_timestamp() - "
                                         "interval '1 second' WHERE status = 'HELD'")));
        QCOMPARE(hold(*kiosk, showtime, seats.mid(0, 4), third), QStringLiteral("granted"));
        // A till holds for as many sales as it has open.
        for (int i = 0; i < 3; ++i)
            QCOMPARE(hold(*till, showtime, seats.mid(10 + 4 * i, 4),
                          QUuid::createUuid().toString(QUuid::WithoutBraces)),
                     QStringLiteral("granted"));
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

    /// The website's per-sale cap (bo_web_hold_cap) runs inside bo_hold only: no login calls it
    /// by itself, to ask whether a token it names holds seats (an oracle on someone else's sale)
    /// or to probe the cap. Each login's direct call is refused; bo_hold still applies it.
    void noLoginCallsTheWebsitesHoldCapByItself()
    {
        const int showtime = m_db->addShowtime();
        const QString call = QStringLiteral("SELECT bo_web_hold_cap(%1, '%2'::uuid, ARRAY[1])")
                                 .arg(showtime)
                                 .arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
        for (const auto& login : {std::pair{QStringLiteral("till"), m_db->connect()},
                                  std::pair{QStringLiteral("kiosk"), m_db->connectAsKiosk()},
                                  std::pair{QStringLiteral("door"), m_db->connectAsDoor()},
                                  std::pair{QStringLiteral("web"), m_db->connectAsWeb()},
                                  std::pair{QStringLiteral("manager"), m_db->connectAsManager()}}) {
            QVERIFY(login.second);
            auto r = login.second->exec(call);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(login.first + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
    }

    /// The admission line moves only through the functions a terminal is granted: no till, kiosk
    /// or door may take a line's lock and sit on it (every join and sale of that showtime would
    /// wait), run the triggers that keep its counts, change a capacity, or write the line or a
    /// ticket by hand to jump it. Each attempt is refused and the line is as it was.
    void noTerminalMovesTheAdmissionLineByHand()
    {
        const int showtime = m_db->addShowtime();
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE showtime SET queue_capacity = 1 WHERE id = %1").arg(showtime)));
        auto first = m_db->connectAsKiosk(QStringLiteral("first"));
        auto second = m_db->connectAsKiosk(QStringLiteral("second"));
        QVERIFY(first && second);
        const QString secondOwner = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(first
                    ->exec(QStringLiteral("SELECT state FROM bo_queue_join(?, ?::uuid)"),
                           {showtime, QUuid::createUuid().toString(QUuid::WithoutBraces)})
                    .ok());
        auto waiting = second->exec(QStringLiteral("SELECT state FROM bo_queue_join(?, ?::uuid)"),
                                    {showtime, secondOwner});
        QVERIFY2(waiting.ok(), qPrintable(waiting.ok() ? QString() : waiting.error().detail));
        const QString lineSql =
            QStringLiteral("SELECT issued || '/' || admitted_up_to || '/' || waiting FROM queue_line "
                           "WHERE showtime_id = %1")
                .arg(showtime);
        const QString before = m_db->scalar(lineSql);
        QCOMPARE(before, QStringLiteral("2/1/1"));

        const QStringList attempts{
            QStringLiteral("SELECT bo_queue_line_lock(%1)").arg(showtime),
            QStringLiteral("SELECT bo_queue_sale_moved()"),
            QStringLiteral("SELECT bo_queue_sale_ended()"),
            QStringLiteral("SELECT bo_queue_set_capacity(%1, 100)").arg(showtime),
            QStringLiteral("UPDATE queue_line SET admitted_up_to = issued WHERE showtime_id = %1")
                .arg(showtime),
            QStringLiteral("UPDATE queue_ticket SET line_no = 0 WHERE owner = '%1'").arg(secondOwner),
            QStringLiteral("INSERT INTO queue_ticket (showtime_id, owner) VALUES (%1, gen_random_uuid())")
                .arg(showtime),
            QStringLiteral("DELETE FROM queue_ticket WHERE showtime_id = %1").arg(showtime)};
        for (const auto& login : {std::pair{QStringLiteral("till"), m_db->connect()},
                                  std::pair{QStringLiteral("kiosk"), m_db->connectAsKiosk()},
                                  std::pair{QStringLiteral("door"), m_db->connectAsDoor()}}) {
            QVERIFY(login.second);
            for (const QString& sql : attempts) {
                auto r = login.second->exec(sql);
                QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                         qPrintable(login.first + QStringLiteral(": ") + sql + QStringLiteral(" -> ") +
                                    (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
            }
        }
        QCOMPARE(m_db->scalar(lineSql), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")),
                 QStringLiteral("0"));
        // The second customer still waits their turn, as the line says.
        auto status =
            second->exec(QStringLiteral("SELECT state FROM bo_queue_heartbeat(?::uuid)"), {secondOwner});
        QVERIFY2(status.ok(), qPrintable(status.ok() ? QString() : status.error().detail));
        QVERIFY(status.value().next());
        QCOMPARE(status.value().value(0).toString(), QStringLiteral("WAITING"));
    }

    /// Finding 6, the leads: any terminal could take the announcer's or the reconciler's lead
    /// (a session advisory lock) and sit on it, freezing every seat map and leaving every payment
    /// in doubt unsettled. Only the payment service's login may lead, publish or sweep now: every
    /// terminal's attempt is refused and leaves no lock; the service's own announcer keeps
    /// publishing a kiosk's hold meanwhile.
    void noTerminalTakesTheSiteLeads()
    {
        const int showtime = m_db->addShowtime();
        const QStringList leads{QStringLiteral("SELECT bo_announcer_try_lead()"),
                                QStringLiteral("SELECT bo_announcer_step_down()"),
                                QStringLiteral("SELECT bo_publish_announcements()"),
                                QStringLiteral("SELECT bo_payment_try_lead()"),
                                QStringLiteral("SELECT bo_payment_step_down()"),
                                QStringLiteral("SELECT bo_announcer_led()"),
                                QStringLiteral("SELECT bo_payment_led()")};
        const QStringList sweeps{QStringLiteral("SELECT count(*) FROM bo_sweep(100)"),
                                 QStringLiteral("SELECT bo_purge_keys(100)")};
        struct Login
        {
            const char* name;
            std::unique_ptr<DbConnection> connection;
            bool maySweep;
        };
        Login logins[] = {{"kiosk", m_db->connectAsKiosk(), false},
                          {"till", m_db->connect(), false},
                          {"door", m_db->connectAsDoor(), false},
                          {"manager", m_db->connectAsManager(), true}};
        for (Login& login : logins) {
            QVERIFY(login.connection);
            for (const QString& sql : leads + sweeps) {
                if (login.maySweep && sweeps.contains(sql))
                    continue;
                auto r = login.connection->exec(sql);
                QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                         qPrintable(QStringLiteral("%1: %2 -> %3")
                                        .arg(QLatin1String(login.name), sql,
                                             r.ok() ? QStringLiteral("allowed") : r.error().detail)));
            }
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory'")),
                 QStringLiteral("0"));

        // The service leads both and publishes what a kiosk's hold changed.
        auto service = m_db->connectAsService();
        QVERIFY(service);
        const auto one = [&](const QString& sql) {
            auto r = service->exec(sql);
            return r.ok() && r.value().next() ? r.value().value(0).toString()
                                              : (r.ok() ? QStringLiteral("none") : r.error().detail);
        };
        QCOMPARE(one(QStringLiteral("SELECT bo_announcer_try_lead() AND bo_payment_try_lead()")),
                 QStringLiteral("true"));
        auto listener = m_db->connect(QStringLiteral("listener"));
        QVERIFY(listener);
        QSqlDriver* driver = listener->database().driver();
        QVERIFY(driver->subscribeToNotification(QStringLiteral("bo_seats")));
        QStringList heard;
        connect(driver, &QSqlDriver::notification, this,
                [&heard](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                    heard << payload.toString();
                });
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const QString seat = QString::number(m_db->seatIds(showtime).at(0));
        auto held = kiosk->exec(
            QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
            {showtime, QStringLiteral("{%1}").arg(seat), QUuid::createUuid().toString(QUuid::WithoutBraces)});
        QVERIFY2(held.ok() && held.value().next() && held.value().value(0).toBool(),
                 qPrintable(held.ok() ? QStringLiteral("refused") : held.error().detail));
        QVERIFY(one(QStringLiteral("SELECT bo_publish_announcements()")).toInt() >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(!heard.isEmpty(), 10000);
        QVERIFY2(heard.first().startsWith(QStringLiteral("%1|").arg(showtime)), qPrintable(heard.first()));
        QCOMPARE(one(QStringLiteral("SELECT bo_announcer_step_down() AND bo_payment_step_down()")),
                 QStringLiteral("true"));
    }

    /// Finding 3 at a till: a till's login looked any booking up by its code (its seats, its amount
    /// and its payment's key) with nobody signed in, and listed every refund with its code. The
    /// look-up now needs a member the server signed in at that till, as the refund and the
    /// exchange it prepares already did, and a till lists one booking's refunds or its own; a
    /// manager's pages look up and list any.
    void aTillLooksUpABookingOnlyWithAMember()
    {
        const int cashier =
            addStaff(QStringLiteral("Yuna Seo"), QStringLiteral("cashier"), QStringLiteral("614253"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        auto till = m_db->connect();
        auto manager = m_db->connectAsManager();
        QVERIFY(till && manager);
        const QUuid saleTill = QUuid::createUuid();
        const QString code = bo::test::paidSale(*till, showtime, m_db->seatIds(showtime).mid(0, 1),
                                                QStringLiteral("till-a"), saleTill);
        QVERIFY(!code.isEmpty());
        const QString unstaffed = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const auto quote = [&](DbConnection& c, const QVariant& tillId) {
            auto r =
                tillId.isNull()
                    ? c.exec(QStringLiteral("SELECT booking_code FROM bo_refund_quote(?, NULL)"), {code})
                    : c.exec(QStringLiteral("SELECT booking_code FROM bo_refund_quote(?, NULL, ?::uuid)"),
                             {code, tillId});
            if (!r.ok())
                return r.error().detail;
            return r.value().next() ? r.value().value(0).toString() : QStringLiteral("none");
        };
        const QString before = m_db->snapshot();
        for (const QVariant& tillId : {QVariant(), QVariant(unstaffed)}) {
            const QString outcome = quote(*till, tillId);
            QVERIFY2(outcome.contains(QLatin1String("signed in")) ||
                         outcome.contains(QLatin1String("missing")),
                     qPrintable(outcome));
        }
        QCOMPARE(m_db->snapshot(), before);
        QVERIFY(signIn(*till, cashier, QStringLiteral("614253"), unstaffed));
        QCOMPARE(quote(*till, unstaffed), code);
        QCOMPARE(quote(*manager, QVariant()), code);

        // The refund list names each refund's booking code and payment key: a till lists one
        // booking's, whose code it has, or its own tills' refunds; the manager's pages list all.
        // Each till refunds a booking it sold, at its own till (cash, out of the drawer it went into).
        auto other = m_db->connectAsOtherTill();
        QVERIFY(other);
        const QUuid otherTill = QUuid::createUuid();
        const QString otherCode = bo::test::paidSale(*other, showtime, m_db->seatIds(showtime).mid(1, 1),
                                                     QStringLiteral("till-b"), otherTill);
        QVERIFY(!otherCode.isEmpty());
        for (const auto& [c, booking, at] :
             {std::tuple{till.get(), code, saleTill}, std::tuple{other.get(), otherCode, otherTill}}) {
            auto refunded = c->exec(
                QStringLiteral("SELECT state FROM bo_refund_begin(gen_random_uuid(), ?, NULL, 'Wrong day', "
                               "'till', ?::uuid, NULL, NULL)"),
                {booking, at.toString(QUuid::WithoutBraces)});
            QVERIFY2(refunded.ok(), qPrintable(refunded.ok() ? QString() : refunded.error().detail));
        }
        const auto listed = [&](DbConnection& c, const QVariant& which) {
            auto r = c.exec(QStringLiteral("SELECT count(*) FROM bo_refund_list(?, NULL, false)"), {which});
            if (!r.ok())
                return r.error().detail;
            return r.value().next() ? r.value().value(0).toString() : QStringLiteral("none");
        };
        const QVariant everyCode(QMetaType::fromType<QString>());
        QCOMPARE(listed(*till, everyCode), QStringLiteral("1")); // its own, not the other till's
        QCOMPARE(listed(*till, otherCode), QStringLiteral("1")); // a code it was given
        QCOMPARE(listed(*manager, everyCode), QStringLiteral("2"));
    }

    /// Finding 4, between tills: the till functions took any till id, so one counter's login
    /// could close another counter's shift on a blind count of 0, pay out of its drawer, lock it or
    /// sign its member out. A till id belongs to the login that first used it (migration 0043):
    /// every attempt of the other till's login is refused and the first till is as it was.
    void aTillRunsOnlyItsOwnTill()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        const QString seat = QString::number(m_db->seatIds(showtime).at(0));
        auto mine = m_db->connect();
        QVERIFY(mine);
        const QString till = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(signIn(*mine, cashier, QStringLiteral("482913"), till));
        auto opened = mine->exec(QStringLiteral("SELECT bo_shift_open(?::uuid, 'till-a', 50000)"), {till});
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
        const auto state = [&] {
            return m_db->scalar(
                QStringLiteral(
                    "SELECT concat_ws('|', (SELECT count(*) FROM shift WHERE closed_at IS NULL), "
                    "(SELECT count(*) FROM drawer_move), (SELECT string_agg(concat_ws(':', staff_id, "
                    "locked_at IS "
                    "NULL), ',') FROM till_session), (SELECT failed_pins FROM staff WHERE id = %1), "
                    "(SELECT count(*) FROM booking), (SELECT count(*) FROM audit_log))")
                    .arg(cashier));
        };
        const QString before = state();
        QCOMPARE(before.section(QLatin1Char('|'), 0, 2), QStringLiteral("1|0|%1:t").arg(cashier));

        auto other = m_db->connectAsOtherTill();
        QVERIFY(other);
        const QStringList attempts{
            QStringLiteral("SELECT * FROM bo_shift_close('%1', 0, '{}')").arg(till),
            QStringLiteral("SELECT bo_drawer_move('%1', 'pay_out', 5000, 'float back')").arg(till),
            QStringLiteral("SELECT bo_shift_open('%1', 'till-b', 100)").arg(till),
            QStringLiteral("SELECT bo_till_lock('%1')").arg(till),
            QStringLiteral("SELECT bo_till_sign_out('%1')").arg(till),
            QStringLiteral("SELECT * FROM bo_till_staff('%1')").arg(till),
            QStringLiteral("SELECT * FROM bo_shift_current('%1')").arg(till),
            QStringLiteral("SELECT bo_staff_pin_attempt(%1, '000000', 'sign_in', 'till-b', '%2')")
                .arg(cashier)
                .arg(till),
            QStringLiteral("SELECT * FROM bo_refund_finish('%1', true, 'ref', NULL, '%2')")
                .arg(QUuid::createUuid().toString(QUuid::WithoutBraces), till),
            QStringLiteral("SELECT * FROM bo_begin_payment(%1, '{%2}', '%3', 'till-b', NULL, '%4')")
                .arg(showtime)
                .arg(seat, QUuid::createUuid().toString(QUuid::WithoutBraces), till)};
        for (const QString& sql : attempts) {
            auto r = other->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("belongs to another login")),
                     qPrintable(sql + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
        QCOMPARE(state(), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status <> 'FREE'")),
                 QStringLiteral("0"));
        // Its own till is its own: the same calls on an id of its own go through.
        const QString its = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto own = other->exec(QStringLiteral("SELECT count(*) FROM bo_shift_current(?::uuid)"), {its});
        QVERIFY2(own.ok(), qPrintable(own.ok() ? QString() : own.error().detail));
    }

    /// Finding 5: bo_begin_payment took seats without asking the on-sale window, the late cut-off
    /// or the queue: a kiosk held and paid for seats of a showtime that opened tomorrow, with its
    /// line closed, and after its sale had closed. One gate (bo_sale_gate) judges every path.
    void aKioskCannotSkipTheSaleRules()
    {
        const int showtime = m_db->addShowtime();
        const QString seat = QString::number(m_db->seatIds(showtime).at(0));
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const auto beginPayment = [&] {
            auto r = kiosk->exec(
                QStringLiteral("SELECT granted FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'kiosk-1')"),
                {showtime, QStringLiteral("{%1}").arg(seat),
                 QUuid::createUuid().toString(QUuid::WithoutBraces)});
            return r.ok() ? (r.value().next() && r.value().value(0).toBool() ? QStringLiteral("granted")
                                                                             : QStringLiteral("refused"))
                          : r.error().detail;
        };
        const QList<QPair<QString, QString>> rules{
            {QStringLiteral("UPDATE showtime SET sale_opens_at = now() + interval '1 day'"),
             QStringLiteral("goes on sale at")},
            {QStringLiteral(
                 "UPDATE showtime SET sale_opens_at = NULL, sale_closes_at = now() - interval '1 minute'"),
             QStringLiteral("is not on sale")},
            {QStringLiteral("UPDATE showtime SET sale_closes_at = NULL, queue_capacity = 0"),
             QStringLiteral("not admitted")}};
        for (const auto& [change, refusal] : rules) {
            QVERIFY(m_db->run(change + QStringLiteral(" WHERE id = %1").arg(showtime)));
            const QString before = m_db->snapshot();
            const QString outcome = beginPayment();
            QVERIFY2(outcome.contains(refusal), qPrintable(change + QStringLiteral(" -> ") + outcome));
            QCOMPARE(m_db->snapshot(), before);
        }

        // A sale begun while the showtime sold is not confirmed after its sale closed.
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET queue_capacity = NULL WHERE id = %1").arg(showtime)));
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto held = kiosk->exec(QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                                {showtime, QStringLiteral("{%1}").arg(seat), token});
        QVERIFY(held.ok() && held.value().next() && held.value().value(0).toBool());
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET sale_closes_at = now() - interval '1 second' WHERE id = %1")
                .arg(showtime)));
        auto confirmed = kiosk->exec(
            QStringLiteral(
                "SELECT * FROM bo_confirm('kiosk-1', ?::uuid, ?, ?::uuid, NULL, NULL, '{}'::jsonb)"),
            {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token});
        QVERIFY2(!confirmed.ok() && confirmed.error().detail.contains(QLatin1String("is not on sale")),
                 qPrintable(confirmed.ok() ? QStringLiteral("confirmed") : confirmed.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
    }

    /// Finding 1, the parts that need no gateway's proof: bo_confirm took an intent still NEW
    /// (never sent to a gateway), one that does not exist, or another booking's. Now the payment a
    /// confirm carries is this booking's, with money taken.
    void aConfirmCarriesMoneyTakenForItsOwnBooking()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const auto uuid = [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); };
        const auto begin = [&](int seat, const QString& token) {
            auto r = kiosk->exec(QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], "
                                                "?::uuid, 'kiosk-1')"),
                                 {showtime, QStringLiteral("{%1}").arg(seat), token});
            return r.ok() && r.value().next() ? r.value().value(0).toString() : QString();
        };
        const auto card = [&](const QString& token, const QString& booking) {
            const QString key = uuid();
            auto r = kiosk->exec(
                QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, "
                               "?::uuid, NULL, 'kiosk-1', NULL, 'card', 10000, 'KRW', NULL, 'sim')"),
                {key, token, showtime, booking});
            return r.ok() && r.value().next() ? key : QString();
        };
        // Their payment authorised as the payment service records it (the only login that may).
        auto service = m_db->connectAsService();
        QVERIFY(service);
        const auto advance = [&](const QString& key, const char* from, const char* to) {
            auto r =
                service->exec(QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, ?, ?, 'ref-1')"),
                              {key, QString::fromLatin1(from), QString::fromLatin1(to)});
            return r.ok() ? QString() : r.error().detail;
        };
        const QString mine = uuid();
        const QString theirs = uuid();
        const QString myBooking = begin(seats.at(0), mine);
        const QString theirBooking = begin(seats.at(1), theirs);
        QVERIFY(!myBooking.isEmpty() && !theirBooking.isEmpty());
        const QString myIntent = card(mine, myBooking);
        const QString theirIntent = card(theirs, theirBooking);
        QVERIFY(!myIntent.isEmpty() && !theirIntent.isEmpty());
        QCOMPARE(advance(theirIntent, "NEW", "AUTHORISING"), QString());
        QCOMPARE(advance(theirIntent, "AUTHORISING", "AUTHORISED"), QString());

        const auto confirm = [&](const QString& token, const QString& intent) {
            auto r = kiosk->exec(
                QStringLiteral("SELECT * FROM bo_confirm('kiosk-1', ?::uuid, ?, ?::uuid, NULL, NULL, "
                               "jsonb_build_object('method', 'card', 'intent', ?::text))"),
                {uuid(), showtime, token, intent});
            return r.ok() ? QStringLiteral("confirmed") : r.error().detail;
        };
        const QString before = m_db->snapshot();
        const QList<QPair<QString, QString>> carried{{myIntent, QStringLiteral("no money is taken yet")},
                                                     {uuid(), QStringLiteral("there is no payment")},
                                                     {theirIntent, QStringLiteral("is not this booking's")}};
        for (const auto& [intent, refusal] : carried) {
            const QString outcome = confirm(mine, intent);
            QVERIFY2(outcome.contains(refusal), qPrintable(outcome));
            QCOMPARE(m_db->snapshot(), before);
        }

        // Their booking, confirmed on its own authorised payment: still one that can be.
        QCOMPARE(confirm(theirs, theirIntent), QStringLiteral("confirmed"));
    }

    /// Finding 1, the walk: any terminal moved its own card payment NEW -> AUTHORISING ->
    /// AUTHORISED -> CAPTURING -> CAPTURED with a reference it made up, never calling a gateway,
    /// and the database said "paid". Only the payment service's login records what a gateway
    /// answered (migration 0044); a terminal proves who it is to the service with a one-time pass
    /// the service spends, for that payment only; the service takes no cash.
    void onlyThePaymentServiceSaysACardWasPaid()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        auto kiosk = m_db->connectAsKiosk();
        auto till = m_db->connect();
        auto service = m_db->connectAsService();
        QVERIFY(kiosk && till && service);
        const auto uuid = [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); };
        const auto cardPayment = [&](DbConnection& c, int seat, const QString& terminal) {
            const QString token = uuid();
            auto begun =
                c.exec(QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, ?)"),
                       {showtime, QStringLiteral("{%1}").arg(seat), token, terminal});
            if (!begun.ok() || !begun.value().next())
                return QString();
            const QString key = uuid();
            auto made =
                c.exec(QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, "
                                      "NULL, ?, NULL, 'card', 10000, 'KRW', NULL, 'sim')"),
                       {key, token, showtime, begun.value().value(0).toString(), terminal});
            return made.ok() ? key : QString();
        };
        const QString kioskCard = cardPayment(*kiosk, seats.at(0), QStringLiteral("kiosk-1"));
        const QString tillCard = cardPayment(*till, seats.at(1), QStringLiteral("till-1"));
        QVERIFY(!kioskCard.isEmpty() && !tillCard.isEmpty());
        const auto advance = [&](DbConnection& c, const QString& key, const char* from, const char* to) {
            auto r = c.exec(QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, ?, ?, 'made-up')"),
                            {key, QString::fromLatin1(from), QString::fromLatin1(to)});
            return r.ok() ? QStringLiteral("moved") : r.error().detail;
        };
        const auto events = [&] {
            return m_db->scalar(QStringLiteral("SELECT count(*) FROM payment_event"));
        };
        const QString before = m_db->snapshot();
        const QString eventsBefore = events();

        // The walk, by each terminal on its own payment: refused at the first step.
        for (auto [c, key] : {std::pair{kiosk.get(), kioskCard}, std::pair{till.get(), tillCard}}) {
            const QString walked = advance(*c, key, "NEW", "AUTHORISING");
            QVERIFY2(walked.contains(QLatin1String("only the payment service")), qPrintable(walked));
            auto noted = c->exec(
                QStringLiteral("SELECT state FROM bo_payment_note_unknown(?::uuid, 'timeout')"), {key});
            QVERIFY(!noted.ok());
            QVERIFY2(noted.error().detail.contains(QLatin1String("only the payment service")),
                     qPrintable(noted.error().detail));
        }
        // Nor gives up another login's payment: only its own, never sent.
        QVERIFY2(
            advance(*kiosk, tillCard, "NEW", "ABANDONED").contains(QLatin1String("only the payment service")),
            qPrintable(advance(*kiosk, tillCard, "NEW", "ABANDONED")));
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(events(), eventsBefore);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(state, ',') FROM payment_intent")),
                 QStringLiteral("NEW,NEW"));

        // A pass: taken by a terminal, spent once by the service, for that payment only.
        const auto pass = [&](DbConnection& c, const QString& key) {
            auto r = c.exec(QStringLiteral("SELECT bo_service_pass(?::uuid)"), {key});
            return r.ok() && r.value().next() ? r.value().value(0).toString() : QString();
        };
        const auto redeem = [&](DbConnection& c, const QString& p, const QString& key) {
            auto r = c.exec(QStringLiteral("SELECT login || ':' || kind || ':' || made_it::text "
                                           "FROM bo_service_pass_redeem(?::uuid, ?::uuid)"),
                            {p, key});
            if (!r.ok())
                return r.error().detail;
            return r.value().next() ? r.value().value(0).toString() : QStringLiteral("refused");
        };
        const QString kioskPass = pass(*kiosk, kioskCard);
        QVERIFY(!kioskPass.isEmpty());
        QVERIFY2(redeem(*kiosk, kioskPass, kioskCard).contains(QLatin1String("permission denied")),
                 "a terminal cannot spend a pass");
        QCOMPARE(redeem(*service, uuid(), kioskCard), QStringLiteral("refused"));   // made up
        QCOMPARE(redeem(*service, kioskPass, tillCard), QStringLiteral("refused")); // another payment's
        const QString tillPass = pass(*kiosk, tillCard);
        QCOMPARE(redeem(*service, tillPass, tillCard), m_db->kioskLogin() + QStringLiteral(":kiosk:false"));
        QCOMPARE(redeem(*service, tillPass, tillCard), QStringLiteral("refused")); // spent
        const QString ownPass = pass(*till, tillCard);
        QCOMPARE(redeem(*service, ownPass, tillCard), m_db->terminalLogin() + QStringLiteral(":till:true"));

        // The service records what the gateway answered, and takes no cash.
        QCOMPARE(advance(*service, tillCard, "NEW", "AUTHORISING"), QStringLiteral("moved"));
        QCOMPARE(advance(*service, tillCard, "AUTHORISING", "AUTHORISED"), QStringLiteral("moved"));
        auto cash =
            service->exec(QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, NULL, "
                                         "NULL, 'svc', NULL, 'cash', 10000, 'KRW', 10000, NULL)"),
                          {uuid(), uuid(), showtime});
        QVERIFY(!cash.ok());
        QVERIFY2(cash.error().detail.contains(QLatin1String("permission denied")),
                 qPrintable(cash.error().detail));
    }

    /// Finding 1, the booking without payment, for the public credential: a kiosk confirmed a hold
    /// carrying no payment at all. Its confirm now needs its card payment with money taken (which
    /// only the payment service records); the same sale confirms once the service authorised it.
    void aKioskConfirmsOnlyOnItsCardPayment()
    {
        const int showtime = m_db->addShowtime();
        const int seat = m_db->seatIds(showtime).at(0);
        auto kiosk = m_db->connectAsKiosk();
        auto service = m_db->connectAsService();
        QVERIFY(kiosk && service);
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = kiosk->exec(
            QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'kiosk-1')"),
            {showtime, QStringLiteral("{%1}").arg(seat), token});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next());
        const QString booking = begun.value().value(0).toString();
        const qint64 total = 10'000; // one adult seat of addShowtime()
        const auto confirm = [&](const QString& payment) {
            auto r =
                kiosk->exec(QStringLiteral("SELECT * FROM bo_confirm('kiosk-1', ?::uuid, ?, ?::uuid, NULL, "
                                           "NULL, ?::jsonb)"),
                            {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token, payment});
            return r.ok() ? QStringLiteral("confirmed") : r.error().detail;
        };
        const QString before = m_db->snapshot();
        for (const QString& payment : {QStringLiteral("{}"), QStringLiteral("{\"method\": \"card\"}")}) {
            const QString outcome = confirm(payment);
            QVERIFY2(outcome.contains(QLatin1String("pay first")), qPrintable(outcome));
            QCOMPARE(m_db->snapshot(), before);
        }

        const QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(kiosk
                    ->exec(QStringLiteral(
                               "SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, NULL, "
                               "'kiosk-1', NULL, 'card', ?, 'KRW', NULL, 'sim')"),
                           {key, token, showtime, booking, total})
                    .ok());
        for (const auto& [from, to] :
             {std::pair{"NEW", "AUTHORISING"}, std::pair{"AUTHORISING", "AUTHORISED"}})
            QVERIFY(service
                        ->exec(QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, ?, ?, 'ref-1')"),
                               {key, QString::fromLatin1(from), QString::fromLatin1(to)})
                        .ok());
        QCOMPARE(confirm(QStringLiteral("{\"method\": \"card\", \"intent\": \"%1\"}").arg(key)),
                 QStringLiteral("confirmed"));
    }

    /// Finding 1 at a till: a till's or a manager's confirm booked seats on no payment at all, and
    /// any till login could say cash was taken. A sale that costs something is confirmed only on
    /// its payment; cash is taken only at a till with a member the server signed in and its shift
    /// open, so a copied till credential alone books nothing.
    void aTillConfirmsOnlyOnMoneyTaken()
    {
        const int showtime = m_db->addShowtime();
        const int seat = m_db->seatIds(showtime).at(0);
        auto till = m_db->connect();
        auto manager = m_db->connectAsManager();
        QVERIFY(till && manager);
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QString tillId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun =
            till->exec(QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, "
                                      "'till-1', NULL, ?::uuid)"),
                       {showtime, QStringLiteral("{%1}").arg(seat), token, tillId});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next());
        const QString booking = begun.value().value(0).toString();
        const auto confirm = [&](DbConnection& c, const QString& payment) {
            auto r =
                c.exec(QStringLiteral("SELECT * FROM bo_confirm('till-1', ?::uuid, ?, ?::uuid, NULL, NULL, "
                                      "?::jsonb, ?::uuid)"),
                       {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token, payment,
                        &c == till.get() ? QVariant(tillId) : QVariant()});
            return r.ok() ? QStringLiteral("confirmed") : r.error().detail;
        };
        const QString before = m_db->snapshot();
        for (DbConnection* c : {till.get(), manager.get()}) {
            for (const QString& payment : {QStringLiteral("{}"), QStringLiteral("{\"method\": \"cash\"}")}) {
                const QString outcome = confirm(*c, payment);
                QVERIFY2(outcome.contains(QLatin1String("pay first")), qPrintable(outcome));
                QCOMPARE(m_db->snapshot(), before);
            }
        }

        // Cash from a till nobody is signed in at, then from one signed in without a shift.
        QString refused = takeCashRefusal(*till, showtime, token, booking, tillId);
        QVERIFY2(refused.contains(QLatin1String("nobody is signed in")), qPrintable(refused));
        QCOMPARE(m_db->snapshot(), before);
        auto cashier = bo::test::fixtureCashier(m_db->settings());
        QVERIFY(cashier.ok());
        QVERIFY(signIn(*till, cashier.value(), bo::test::fixtureCashierPin(), tillId));
        refused = takeCashRefusal(*till, showtime, token, booking, tillId);
        QVERIFY2(refused.contains(QLatin1String("open a shift")), qPrintable(refused));

        // A manager's login takes cash the same way, at a till of its own with its shift open: no
        // till named, or one nobody is signed in at, takes none (cash outside a shift is in no
        // blind count).
        refused = takeCashRefusal(*manager, showtime, token, booking, QString());
        QVERIFY2(refused.contains(QLatin1String("missing")), qPrintable(refused));
        refused = takeCashRefusal(*manager, showtime, token, booking,
                                  QUuid::createUuid().toString(QUuid::WithoutBraces));
        QVERIFY2(refused.contains(QLatin1String("nobody is signed in")), qPrintable(refused));
        QCOMPARE(m_db->snapshot(), before);

        // Staffed, with its shift open: the cash is taken and the sale confirmed on it.
        QVERIFY(bo::test::staffTill(*till, QUuid(tillId), QStringLiteral("till-1")).ok());
        const QString cash = takeCash(*till, showtime, token, booking, tillId, 10'000);
        QVERIFY(!cash.isEmpty());
        QCOMPARE(confirm(*till, QStringLiteral("{\"method\": \"cash\", \"intent\": \"%1\"}").arg(cash)),
                 QStringLiteral("confirmed"));
    }

    /// The confirm an exchange makes for its new booking (paid by the old one) needs no payment
    /// of its own: a kiosk or a till calling it directly, naming any exchange, would book unpaid
    /// seats. Nobody but the owner's functions may call it; the seats stay held, nothing booked.
    void nobodyConfirmsAsAnExchange()
    {
        const int showtime = m_db->addShowtime();
        const int seat = m_db->seatIds(showtime).at(0);
        auto kiosk = m_db->connectAsKiosk();
        auto till = m_db->connect();
        QVERIFY(kiosk && till);
        for (DbConnection* c : {kiosk.get(), till.get()}) {
            const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
            QVERIFY(c->exec(QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                            {showtime, QStringLiteral("{%1}").arg(seat), token})
                        .ok());
            const QString before = m_db->snapshot();
            auto r =
                c->exec(QStringLiteral("SELECT * FROM bo_confirm_sale('t', ?::uuid, ?, ?::uuid, NULL, NULL, "
                                       "'{}', NULL, ?::uuid)"),
                        {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token,
                         QUuid::createUuid().toString(QUuid::WithoutBraces)});
            QVERIFY(!r.ok());
            QVERIFY2(r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(r.error().detail));
            QCOMPARE(m_db->snapshot(), before);
            QVERIFY(c->exec(QStringLiteral("SELECT bo_release(?, ?::uuid)"), {showtime, token}).ok());
        }
    }

    /// Finding 4, the refund: a till marked a card refund done (bo_refund_finish) without the
    /// gateway ever paying it back. A card refund's answer is the payment service's to record, as
    /// the card's own states are; the till still records its cash refunds.
    void aTillCannotSayACardRefundWasPaid()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        auto till = m_db->connect();
        QVERIFY(till);
        const QUuid tillId = QUuid::createUuid();
        bo::test::ScriptedGateway gateway;
        gateway.authorises << bo::test::ScriptedGateway::reply(GatewayOutcome::Done,
                                                               GatewayPaymentState::Authorised);
        gateway.captures << bo::test::ScriptedGateway::reply(GatewayOutcome::Done,
                                                             GatewayPaymentState::Captured);
        const QString code = bo::test::paidSale(*till, showtime, m_db->seatIds(showtime).mid(0, 1),
                                                QStringLiteral("till-a"), tillId, &gateway);
        QVERIFY(!code.isEmpty());
        QVERIFY(signIn(*till, cashier, QStringLiteral("482913"), tillId.toString(QUuid::WithoutBraces)));
        const QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = till->exec(
            QStringLiteral("SELECT method, state FROM bo_refund_begin(?::uuid, ?, NULL, 'Feels unwell', "
                           "'till-a', ?::uuid, NULL, NULL)"),
            {key, code, tillId.toString(QUuid::WithoutBraces)});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next());
        QCOMPARE(begun.value().value(0).toString() + QLatin1Char(':') + begun.value().value(1).toString(),
                 QStringLiteral("card:REFUNDING"));

        const auto refundState = [&] {
            return m_db->scalar(QStringLiteral("SELECT state FROM refund WHERE key = '%1'").arg(key));
        };
        for (const bool ok : {true, false}) {
            auto finished = till->exec(
                QStringLiteral("SELECT state FROM bo_refund_finish(?::uuid, ?, 'made-up', NULL, ?::uuid)"),
                {key, ok, tillId.toString(QUuid::WithoutBraces)});
            QVERIFY(!finished.ok());
            QVERIFY2(finished.error().detail.contains(QLatin1String("only the payment service")),
                     qPrintable(finished.error().detail));
            QCOMPARE(refundState(), QStringLiteral("REFUNDING"));
        }
        // The service records the gateway's answer.
        auto service = m_db->connectAsService();
        QVERIFY(service);
        QVERIFY(service
                    ->exec(QStringLiteral(
                               "SELECT state FROM bo_refund_finish(?::uuid, true, 'ref-9', NULL, NULL)"),
                           {key})
                    .ok());
        QCOMPARE(refundState(), QStringLiteral("REFUNDED"));
    }

    /// Finding 9: the approval limit was judged per call, so a booking above it was refunded seat by
    /// seat without a supervisor. It counts what was already given back on the booking now. And
    /// finding 8: a booking refunded through the refund table still had its payment intent, which
    /// could be moved on to REFUNDED — the money paid back a second time.
    void aBookingsMoneyGoesBackOnceWithinTheApprovalLimit()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime).mid(0, 3);
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 15000")));
        auto till = m_db->connect();
        QVERIFY(till);
        const QString tillId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(signIn(*till, cashier, QStringLiteral("482913"), tillId));
        QVERIFY(till->exec(QStringLiteral("SELECT bo_shift_open(?::uuid, 'till-a', 50000)"), {tillId}).ok());

        // Three seats at 10,000, paid in cash: 30,000, above the limit of 15,000.
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = till->exec(
            QStringLiteral("SELECT booking_id, booking_code FROM bo_begin_payment(?, "
                           "?::integer[], ?::uuid, 'till-a', NULL, ?::uuid)"),
            {showtime, QStringLiteral("{%1,%2,%3}").arg(seats.at(0)).arg(seats.at(1)).arg(seats.at(2)), token,
             tillId});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QVERIFY(begun.value().next());
        const QString booking = begun.value().value(0).toString();
        const QString code = begun.value().value(1).toString();
        const QString cash = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto paid =
            till->exec(QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, "
                                      "NULL, 'till-a', ?::uuid, 'cash', 30000, 'KRW', 30000, NULL)"),
                       {cash, token, showtime, booking, tillId});
        QVERIFY2(paid.ok(), qPrintable(paid.ok() ? QString() : paid.error().detail));
        auto confirmed =
            till->exec(QStringLiteral("SELECT * FROM bo_confirm('till-a', ?::uuid, ?, ?::uuid, NULL, NULL, "
                                      "jsonb_build_object('method', 'cash', 'intent', ?::text), ?::uuid)"),
                       {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, token, cash, tillId});
        QVERIFY2(confirmed.ok(), qPrintable(confirmed.ok() ? QString() : confirmed.error().detail));
        QVERIFY(till->exec(QStringLiteral(
                               "SELECT state FROM bo_payment_advance(?::uuid, 'AUTHORISED', 'CAPTURED')"),
                           {cash})
                    .ok());

        const auto refundSeat = [&](const QString& label) {
            auto r = till->exec(QStringLiteral("SELECT state FROM bo_refund_begin(?::uuid, ?, ARRAY[?], "
                                               "'changed their mind', 'till-a', ?::uuid, NULL, NULL)"),
                                {QUuid::createUuid().toString(QUuid::WithoutBraces), code, label, tillId});
            return r.ok() ? QStringLiteral("refunded") : r.error().detail;
        };
        QCOMPARE(refundSeat(QStringLiteral("A1")), QStringLiteral("refunded"));
        const QString second = refundSeat(QStringLiteral("A2"));
        QVERIFY2(second.contains(QLatin1String("needs a supervisor's approval")), qPrintable(second));
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT count(*) FROM booking_seat WHERE booking_id = '%1' AND active")
                         .arg(booking)),
                 QStringLiteral("2"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT sum(amount_minor) FROM refund")),
                 QStringLiteral("10000"));

        // With the limit raised, the rest goes back through the refund table: the booking is
        // refunded, and its payment is not given back again by moving it.
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 1000000")));
        QCOMPARE(refundSeat(QStringLiteral("A2")), QStringLiteral("refunded"));
        QCOMPARE(refundSeat(QStringLiteral("A3")), QStringLiteral("refunded"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking WHERE id = '%1'").arg(booking)),
                 QStringLiteral("REFUNDED"));
        auto again = till->exec(
            QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, 'CAPTURED', 'REFUNDED')"), {cash});
        QVERIFY2(!again.ok() &&
                     again.error().detail.contains(QLatin1String("through a refund of the booking")),
                 qPrintable(again.ok() ? QStringLiteral("moved") : again.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT state || ' ' || (SELECT sum(amount_minor) FROM refund) "
                                             "FROM payment_intent WHERE key = '%1'")
                                  .arg(cash)),
                 QStringLiteral("CAPTURED 30000"));
    }

    /// Finding 8, the exchange: a refund went back the way of the booking's own newest payment
    /// only. After an equal exchange of a card-paid booking it gave back nothing ("none") while the
    /// card stayed charged; after a dearer one it paid the whole price in cash, the card's part
    /// included. The payment ledger carries the old booking's card payment to the new booking and
    /// a refund splits over what backs it: the card first, then the cash the exchange added.
    void anExchangedBookingsRefundGoesBackToTheCardThatPaid()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 1000000")));
        auto till = m_db->connect();
        QVERIFY(till);
        const QUuid tillUuid = QUuid::createUuid();
        const QString tillId = tillUuid.toString(QUuid::WithoutBraces);
        // A1 and A2 paid by card: 20,000 captured.
        bo::test::ScriptedGateway gateway;
        gateway.authorises << bo::test::ScriptedGateway::reply(GatewayOutcome::Done,
                                                               GatewayPaymentState::Authorised);
        gateway.captures << bo::test::ScriptedGateway::reply(GatewayOutcome::Done,
                                                             GatewayPaymentState::Captured);
        const QString code = bo::test::paidSale(*till, showtime, seats.mid(0, 2), QStringLiteral("till-a"),
                                                tillUuid, &gateway);
        QVERIFY(!code.isEmpty());
        const QString card = m_db->scalar(
            QStringLiteral("SELECT key FROM payment_intent WHERE booking_code = '%1' AND state = 'CAPTURED'")
                .arg(code));
        QVERIFY(!card.isEmpty());
        QVERIFY(signIn(*till, cashier, QStringLiteral("482913"), tillId));
        QVERIFY(till->exec(QStringLiteral("SELECT bo_shift_open(?::uuid, 'till-a', 50000)"), {tillId}).ok());
        const auto drawer = [&] {
            return m_db
                ->scalar(
                    QStringLiteral("SELECT bo_shift_expected_cash(id) FROM shift WHERE closed_at IS NULL"))
                .toLongLong();
        };

        // Exchanges one seat of `from` for `newSeats`; the new booking's code.
        const auto exchange = [&](const QString& from, const QString& label, const QList<int>& newSeats) {
            const QString owner = QUuid::createUuid().toString(QUuid::WithoutBraces);
            QStringList ids;
            for (int id : newSeats)
                ids << QString::number(id);
            const QString array = QLatin1Char('{') + ids.join(QLatin1Char(',')) + QLatin1Char('}');
            auto held = till->exec(QStringLiteral("SELECT * FROM bo_hold(?, ?::integer[], ?::uuid)"),
                                   {showtime, array, owner});
            if (!held.ok())
                return QStringLiteral("hold: ") + held.error().detail;
            auto x = till->exec(QStringLiteral("SELECT response ->> 'new_code' FROM bo_exchange(?::uuid, ?, "
                                               "ARRAY[?], ?, ?::uuid, ?::integer[], NULL, 'Better view', "
                                               "'till-a', ?::uuid, NULL)"),
                                {QUuid::createUuid().toString(QUuid::WithoutBraces), from, label, showtime,
                                 owner, array, tillId});
            if (!x.ok())
                return QStringLiteral("exchange: ") + x.error().detail;
            return x.value().next() ? x.value().value(0).toString() : QString();
        };
        // Refunds a whole booking; its parts as "method amount state" in order.
        const auto refund = [&](const QString& booking) {
            auto r = till->exec(QStringLiteral("SELECT method || ' ' || amount_minor || ' ' || state FROM "
                                               "bo_refund_begin(?::uuid, ?, NULL, 'Feels unwell', 'till-a', "
                                               "?::uuid, NULL, NULL)"),
                                {QUuid::createUuid().toString(QUuid::WithoutBraces), booking, tillId});
            if (!r.ok())
                return QStringList{r.error().detail};
            QStringList parts;
            while (r.value().next())
                parts << r.value().value(0).toString();
            return parts;
        };

        // An equal exchange (A1 for C1), then the new booking refunded: its 10,000 goes back to
        // the card that paid for A1; it used to answer "none" and give back nothing.
        const QString equal = exchange(code, QStringLiteral("A1"), {seats.at(20)});
        QVERIFY2(equal.size() == 9, qPrintable(equal));
        QCOMPARE(refund(equal), QStringList{QStringLiteral("card 10000 REFUNDING")});
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT payment_key FROM refund WHERE booking_code = '%1'").arg(equal)),
                 card);

        // A dearer exchange (A2 for C2 and C3): 10,000 more taken in cash; the refund gives back
        // 10,000 to the card and 10,000 in cash, not 20,000 out of the drawer.
        const QString dearer = exchange(code, QStringLiteral("A2"), {seats.at(21), seats.at(22)});
        QVERIFY2(dearer.size() == 9, qPrintable(dearer));
        QCOMPARE(drawer(), qint64(60000));
        QCOMPARE(refund(dearer), (QStringList{QStringLiteral("card 10000 REFUNDING"),
                                              QStringLiteral("cash 10000 REFUNDED")}));
        QCOMPARE(drawer(), qint64(50000));

        // The card is given back exactly what it paid, and never again: the service cannot move
        // its capture to REFUNDING on top of the refunds drawn on it.
        QCOMPARE(
            m_db->scalar(
                QStringLiteral("SELECT sum(amount_minor) FROM refund WHERE payment_key = '%1'").arg(card)),
            QStringLiteral("20000"));
        auto service = m_db->connectAsService();
        QVERIFY(service);
        auto twice = service->exec(
            QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, 'CAPTURED', 'REFUNDING')"), {card});
        QVERIFY2(!twice.ok(), "the capture was moved to REFUNDING");
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'").arg(card)),
                 QStringLiteral("CAPTURED"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(status, ',' ORDER BY code) FROM booking "
                                             "WHERE code IN ('%1', '%2', '%3')")
                                  .arg(code, equal, dearer)),
                 QStringLiteral("REFUNDED,REFUNDED,REFUNDED"));
    }

    /// Finding 8, the drawer: a cash payment given back whole (a cancelled booking's) was still
    /// counted as cash in the drawer that took it.
    void aCashPaymentGivenBackLeavesTheDrawer()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        const int showtime = m_db->addShowtime();
        auto till = m_db->connect();
        QVERIFY(till);
        const QUuid tillUuid = QUuid::createUuid();
        const QString tillId = tillUuid.toString(QUuid::WithoutBraces);
        QVERIFY(signIn(*till, cashier, QStringLiteral("482913"), tillId));
        QVERIFY(till->exec(QStringLiteral("SELECT bo_shift_open(?::uuid, 'till-a', 50000)"), {tillId}).ok());
        const QString code = bo::test::paidSale(*till, showtime, m_db->seatIds(showtime).mid(0, 1),
                                                QStringLiteral("till-a"), tillUuid);
        QVERIFY(!code.isEmpty());
        const auto drawer = [&] {
            return m_db
                ->scalar(
                    QStringLiteral("SELECT bo_shift_expected_cash(id) FROM shift WHERE closed_at IS NULL"))
                .toLongLong();
        };
        QCOMPARE(drawer(), qint64(60000));
        auto manager = m_db->connectAsManager();
        QVERIFY(manager);
        QVERIFY(manager->exec(QStringLiteral("SELECT * FROM bo_cancel_booking(?)"), {code}).ok());
        const QString cash = m_db->scalar(
            QStringLiteral("SELECT key FROM payment_intent WHERE booking_code = '%1' AND state = 'CAPTURED'")
                .arg(code));
        auto back = till->exec(
            QStringLiteral("SELECT state FROM bo_payment_advance(?::uuid, 'CAPTURED', 'REFUNDED')"), {cash});
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().detail));
        QCOMPARE(drawer(), qint64(50000));
    }

    /// Finding 2, attribution: sales and audit rows named whoever `SET bo.staff` named. A terminal's
    /// sale is attributed to the member signed in at its own till, or to nobody.
    void aTerminalCannotNameWhoSold()
    {
        const int manager =
            addStaff(QStringLiteral("Hana Choi"), QStringLiteral("manager"), QStringLiteral("3333"));
        QVERIFY(manager > 0);
        const int showtime = m_db->addShowtime();
        auto till = m_db->connect();
        QVERIFY(till);
        QVERIFY(
            till->exec(QStringLiteral("SELECT set_config('bo.staff', ?, false)"), {QString::number(manager)})
                .ok());
        const QString token = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = till->exec(
            QStringLiteral("SELECT granted FROM bo_begin_payment(?, ?::integer[], ?::uuid, 'till-a', NULL, "
                           "?::uuid)"),
            {showtime, QStringLiteral("{%1}").arg(m_db->seatIds(showtime).at(0)), token,
             QUuid::createUuid().toString(QUuid::WithoutBraces)});
        QVERIFY2(begun.ok(), qPrintable(begun.ok() ? QString() : begun.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT coalesce(staff_id::text, 'nobody') FROM booking")),
                 QStringLiteral("nobody"));
    }

    /// Finding 2, guessing: any terminal could try PINs as fast as it could call. A login tries at
    /// most 20 in ten minutes; a refused attempt counts against no member.
    void aTerminalGuessesPinsSlowly()
    {
        QList<int> members;
        for (int i = 0; i < 6; ++i) {
            members << addStaff(QStringLiteral("Member %1").arg(i), QStringLiteral("cashier"),
                                QStringLiteral("482913"));
            QVERIFY(members.last() > 0);
        }
        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        const auto guess = [&](int member) {
            auto r = kiosk->exec(
                QStringLiteral("SELECT bo_staff_pin_attempt(?, '000000', 'approve', 'kiosk-1', NULL)"),
                {member});
            return r.ok() ? QString() : r.error().detail;
        };
        for (int i = 0; i < 20; ++i)
            QCOMPARE(guess(members.at(i / 4)), QString());
        const QString refused = guess(members.at(5));
        QVERIFY2(refused.contains(QLatin1String("too many PINs")), qPrintable(refused));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT failed_pins FROM staff WHERE id = %1").arg(members.at(5))),
            QStringLiteral("0"));
    }

    /// Finding 3: hold tokens and booking codes were readable (showtime_seat.held_by, booking), and
    /// with them a kiosk released, paid for or confirmed another customer's seats, and read every
    /// ticket's payload. The screens read seat states now, "mine" only for a token the caller has;
    /// a sweep names no hold; a ticket's payload goes only to the terminal that sold it; a payment
    /// list shows a kiosk or a till only the payments its own login made.
    void aKioskReadsNoOtherSalesCapabilities()
    {
        const int showtime = m_db->addShowtime();
        const QList<int> seats = m_db->seatIds(showtime);
        auto till = m_db->connect();
        QVERIFY(till);
        const QString theirs = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QString tillId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto begun = till->exec(
            QStringLiteral("SELECT booking_code, booking_id FROM bo_begin_payment(?, ?::integer[], "
                           "?::uuid, 'till-a', NULL, ?::uuid)"),
            {showtime, QStringLiteral("{%1}").arg(seats.at(0)), theirs, tillId});
        QVERIFY(begun.ok() && begun.value().next());
        const QString code = begun.value().value(0).toString();
        QVERIFY(bo::test::staffTill(*till, QUuid(tillId), QStringLiteral("till-a")).ok());
        const QString paid =
            takeCash(*till, showtime, theirs, begun.value().value(1).toString(), tillId, 10'000);
        QVERIFY(!paid.isEmpty());
        auto confirmed = till->exec(
            QStringLiteral(
                "SELECT * FROM bo_confirm('till-a', ?::uuid, ?, ?::uuid, NULL, NULL, ?::jsonb, ?::uuid)"),
            {QUuid::createUuid().toString(QUuid::WithoutBraces), showtime, theirs,
             QStringLiteral("{\"method\": \"cash\", \"intent\": \"%1\"}").arg(paid), tillId});
        QVERIFY2(confirmed.ok(), qPrintable(confirmed.ok() ? QString() : confirmed.error().detail));
        auto manager = m_db->connectAsManager();
        QVERIFY(manager);
        QVERIFY(manager->exec(QStringLiteral("SELECT * FROM bo_ticket_issue(?, false)"), {code}).ok());
        const QString other = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(till->exec(QStringLiteral("SELECT granted FROM bo_hold(?, ?::integer[], ?::uuid)"),
                           {showtime, QStringLiteral("{%1}").arg(seats.at(1)), other})
                    .ok());
        QVERIFY(m_db->expireHoldsOf(QUuid::fromString(other)) == 1);

        auto kiosk = m_db->connectAsKiosk();
        QVERIFY(kiosk);
        for (const QString& sql : {QStringLiteral("SELECT held_by FROM showtime_seat"),
                                   QStringLiteral("SELECT hold_token, code FROM booking"),
                                   QStringLiteral("SELECT hold_token FROM sale")}) {
            auto r = kiosk->exec(sql);
            QVERIFY2(!r.ok() && r.error().detail.contains(QLatin1String("permission denied")),
                     qPrintable(sql + QStringLiteral(" -> ") +
                                (r.ok() ? QStringLiteral("allowed") : r.error().detail)));
        }
        const auto count = [&](DbConnection& c, const QString& sql) {
            auto r = c.exec(sql);
            return r.ok() && r.value().next() ? r.value().value(0).toString() : QStringLiteral("error");
        };
        QCOMPARE(count(*kiosk,
                       QStringLiteral("SELECT count(*) FILTER (WHERE mine) || '/' || count(*) FILTER (WHERE "
                                      "status = 'RESERVED') FROM bo_seat_map(%1, '%2')")
                           .arg(showtime)
                           .arg(QUuid::createUuid().toString(QUuid::WithoutBraces))),
                 QStringLiteral("0/1"));
        // The sweep is the payment service's (finding 6), and even it learns which seats were
        // freed, not whose they were.
        auto service = m_db->connectAsService();
        QVERIFY(service);
        QCOMPARE(
            count(*service, QStringLiteral("SELECT count(*) || '/' || count(hold_token) FROM bo_sweep(100)")),
            QStringLiteral("1/0"));
        QCOMPARE(count(*kiosk, QStringLiteral("SELECT count(*) FROM bo_ticket_list('%1')").arg(code)),
                 QStringLiteral("0"));
        QCOMPARE(count(*till, QStringLiteral("SELECT count(*) FROM bo_ticket_list('%1')").arg(code)),
                 QStringLiteral("1"));

        // A payment the till is taking: the kiosk's payment list shows it without its sale's token.
        const QString paying = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto pending =
            till->exec(QStringLiteral("SELECT booking_id FROM bo_begin_payment(?, ?::integer[], ?::uuid, "
                                      "'till-a', NULL, ?::uuid)"),
                       {showtime, QStringLiteral("{%1}").arg(seats.at(2)), paying, tillId});
        QVERIFY(pending.ok() && pending.value().next());
        auto cash =
            till->exec(QStringLiteral("SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, "
                                      "NULL, 'till-a', ?::uuid, 'cash', 10000, 'KRW', 10000, NULL)"),
                       {QUuid::createUuid().toString(QUuid::WithoutBraces), paying, showtime,
                        pending.value().value(0), tillId});
        QVERIFY2(cash.ok(), qPrintable(cash.ok() ? QString() : cash.error().detail));
        const QString listed = QStringLiteral("SELECT count(*) || '/' || count(hold_token) FROM "
                                              "bo_payment_list(false, NULL, NULL, 100)");
        // Two: the first sale's cash and this one's. The till lists its own with their tokens; the
        // kiosk lists none of them — a row names a booking's code and leads to its payment's key —
        // and the manager and the service list them all, without the sale's token.
        QCOMPARE(count(*till, listed), QStringLiteral("2/2"));
        QCOMPARE(count(*kiosk, listed), QStringLiteral("0/0"));
        QCOMPARE(count(*manager, listed), QStringLiteral("2/2"));
        QCOMPARE(count(*service, listed), QStringLiteral("2/0"));
    }

    /// Finding 10: the functions that record money or admissions did not all force a durable
    /// commit, so a till or a door that turned synchronous_commit off for its session could have
    /// a shift, a pay-out or an admission lost by a crash after it was answered.
    void moneyAndAdmissionsAreDurableWhateverTheSessionSays()
    {
        const int cashier =
            addStaff(QStringLiteral("Mina Park"), QStringLiteral("cashier"), QStringLiteral("482913"));
        QVERIFY(cashier > 0);
        auto till = m_db->connect();
        auto door = m_db->connectAsDoor();
        QVERIFY(till && door);
        const QString tillId = QUuid::createUuid().toString(QUuid::WithoutBraces);
        QVERIFY(signIn(*till, cashier, QStringLiteral("482913"), tillId));
        const auto durable = [](DbConnection& c, const QString& call, const QVariantList& values) {
            if (!c.execScript(QStringLiteral("BEGIN; SET LOCAL synchronous_commit = off")))
                return QStringLiteral("no transaction");
            auto r = c.exec(call, values);
            auto setting = c.exec(QStringLiteral("SELECT current_setting('synchronous_commit')"));
            QString answer = !r.ok()                                  ? r.error().detail
                             : setting.ok() && setting.value().next() ? setting.value().value(0).toString()
                                                                      : QStringLiteral("no setting");
            (void)c.execScript(QStringLiteral("COMMIT"));
            return answer;
        };
        QCOMPARE(durable(*till, QStringLiteral("SELECT bo_shift_open(?::uuid, 'till-a', 50000)"), {tillId}),
                 QStringLiteral("on"));
        QCOMPARE(durable(*till,
                         QStringLiteral("SELECT bo_drawer_move(?::uuid, 'pay_out', 1000, 'float back')"),
                         {tillId}),
                 QStringLiteral("on"));
        QCOMPARE(
            durable(*till, QStringLiteral("SELECT * FROM bo_shift_close(?::uuid, 49000, '{}')"), {tillId}),
            QStringLiteral("on"));
        QCOMPARE(
            durable(*door, QStringLiteral("SELECT verdict FROM bo_checkin(999999, 'x', 'Door A', NULL)"), {}),
            QStringLiteral("on"));
        QCOMPARE(durable(*door, QStringLiteral("SELECT bo_checkin_undo(999999, 'Door A', 60)"), {}),
                 QStringLiteral("on"));
    }

private:
    /// Cash for the sale `token`'s pending booking at the till `tillId`: the payment's key, or ""
    /// (with the reason as a warning) when the till may not take it.
    static QString takeCash(DbConnection& till, int showtime, const QString& token, const QString& booking,
                            const QString& tillId, qint64 amount)
    {
        QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
        auto made =
            till.exec(QStringLiteral(
                          "SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, NULL, 'till-1', "
                          "?::uuid, 'cash', ?, 'KRW', ?, NULL)"),
                      {key, token, showtime, booking, tillId, amount, amount});
        if (!made.ok()) {
            qWarning("%s", qPrintable(made.error().detail));
            return {};
        }
        return key;
    }
    /// Why the till may not take cash for the sale `token`, or "" when it took it.
    static QString takeCashRefusal(DbConnection& till, int showtime, const QString& token,
                                   const QString& booking, const QString& tillId)
    {
        auto made =
            till.exec(QStringLiteral(
                          "SELECT state FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, NULL, 'till-1', "
                          "?::uuid, 'cash', 10000, 'KRW', 10000, NULL)"),
                      {QUuid::createUuid().toString(QUuid::WithoutBraces), token, showtime, booking,
                       tillId.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(tillId)});
        return made.ok() ? QString() : made.error().detail;
    }

    /// Signs `staff` in at `till` on `connection` the two-step way a till does; true when in.
    static bool signIn(DbConnection& connection, int staff, const QString& pin, const QString& till)
    {
        auto attempt =
            connection.exec(QStringLiteral("SELECT bo_staff_pin_attempt(?, ?, 'sign_in', 'till-a', ?::uuid)"),
                            {staff, pin, till});
        if (!attempt.ok() || !attempt.value().next())
            return false;
        auto outcome = connection.exec(QStringLiteral("SELECT outcome FROM bo_staff_pin_outcome(?)"),
                                       {attempt.value().value(0)});
        return outcome.ok() && outcome.value().next() &&
               outcome.value().value(0).toString() == QLatin1String("ok");
    }

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
