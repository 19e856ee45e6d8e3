// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Staff and the audit log on PostgreSQL (migrations 0034, 0040): a PIN checked by the server
// against its bcrypt hash, wrong PINs counted there and a lockout
// after the configured number (also when the wrong PINs come from several tills at once), a
// supervisor's PIN unlocks and a cashier's does not; the member signed in at a till is stamped on
// its sales; the PIN and its hash never reach the audit log; no application login can change or
// remove an audit row; the hash chain stays whole under a storm of writers, and shows a row the
// owner removed, changed or cut off the end.
#include <QtTest>

#include <latch>
#include <thread>

#include "db/auditlogstore.h"
#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "db/staffstore.h"
#include "model/sale/checkedseatcommands.h"
#include "model/staff/auditlog.h"
#include "model/staff/staffsignin.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

const QString cashierPin = QStringLiteral("482913");
const QString supervisorPin = QStringLiteral("730155");
const QString till = QStringLiteral("Counter 1");

} // namespace

class TstStaff final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    int m_cashier = 0;
    int m_supervisor = 0;

    /// Adds a member as the manager login; 0 on failure.
    int addMember(const QString& name, StaffRole role, const QString& pin)
    {
        auto manager = m_db->connectAsManager();
        if (!manager)
            return 0;
        StaffStore store(*manager);
        auto id = store.addStaff(name, role, pin);
        return id ? id.value() : 0;
    }

    [[nodiscard]] Result<AuditVerdict> verifyAsManager() const
    {
        auto manager = m_db->connectAsManager();
        if (!manager)
            return makeError(ErrorCode::Offline, QStringLiteral("no manager connection"));
        AuditLogStore log(*manager);
        return AuditChainCheck::verify(log);
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_cashier = addMember(QStringLiteral("Mina Park"), StaffRole::Cashier, cashierPin);
        m_supervisor = addMember(QStringLiteral("Joon Lee"), StaffRole::Supervisor, supervisorPin);
        QVERIFY(m_cashier > 0);
        QVERIFY(m_supervisor > 0);
    }

    void cleanup() { m_db.reset(); }

    void rightPinSignsInAndWrongPinIsRefused()
    {
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        StaffStore store(*terminal);
        const QUuid tillId = QUuid::createUuid();
        StaffSignIn signIn(store, till, tillId);

        auto wrong = signIn.check(m_cashier, QStringLiteral("482914"), PinPurpose::SignIn);
        QVERIFY(wrong.ok());
        QCOMPARE(wrong.value().outcome, PinOutcome::WrongPin);
        QCOMPARE(wrong.value().failuresLeft, 4);
        QVERIFY(!store.tillStaff(tillId).value().has_value());

        auto right = signIn.check(m_cashier, cashierPin, PinPurpose::SignIn);
        QVERIFY(right.ok());
        QVERIFY2(right.value().ok(), qPrintable(right.value().message));
        QCOMPARE(right.value().name, QStringLiteral("Mina Park"));
        auto atTill = store.tillStaff(tillId);
        QVERIFY(atTill.ok() && atTill.value());
        QCOMPARE(atTill.value()->staffId, m_cashier);
        QVERIFY(!atTill.value()->locked);
        // A right PIN clears the count.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT failed_pins FROM staff WHERE id = %1").arg(m_cashier)),
                 QStringLiteral("0"));

        // Lock (one key) and sign out.
        QVERIFY(store.lockTill(tillId).value());
        QVERIFY(store.tillStaff(tillId).value()->locked);
        QVERIFY(signIn.check(m_cashier, cashierPin, PinPurpose::SignIn).value().ok());
        QVERIFY(!store.tillStaff(tillId).value()->locked);
        QVERIFY(store.signOutTill(tillId).value());
        QVERIFY(!store.tillStaff(tillId).value().has_value());
        QVERIFY(!store.signOutTill(tillId).value());

        // Unknown numbers and PINs of the wrong form (refused before they are sent: not counted).
        QCOMPARE(signIn.check(9999, cashierPin, PinPurpose::SignIn).value().outcome, PinOutcome::Unknown);
        QCOMPARE(signIn.check(m_cashier, QStringLiteral("12ab"), PinPurpose::SignIn).value().outcome,
                 PinOutcome::WrongPin);

        // Every event is in the log, in order.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(action, ',' ORDER BY seq) FROM audit_log "
                                             "WHERE action LIKE 'staff.%' OR action LIKE 'till.%'")),
                 QStringLiteral("staff.add,staff.add,staff.pin_wrong,staff.sign_in,till.lock,staff.sign_in,"
                                "till.sign_out"));
    }

    void lockoutAfterTheConfiguredWrongPinsAndASupervisorUnlocks()
    {
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        StaffStore store(*terminal);
        StaffSignIn signIn(store, till, QUuid::createUuid());
        for (int i = 1; i <= 4; ++i) {
            auto r = signIn.check(m_cashier, QStringLiteral("000000"), PinPurpose::SignIn);
            QCOMPARE(r.value().outcome, PinOutcome::WrongPin);
            QCOMPARE(r.value().failuresLeft, 5 - i);
        }
        auto fifth = signIn.check(m_cashier, QStringLiteral("000000"), PinPurpose::SignIn);
        QCOMPARE(fifth.value().outcome, PinOutcome::Locked);
        // Locked: the right PIN does not open it.
        auto right = signIn.check(m_cashier, cashierPin, PinPurpose::SignIn);
        QCOMPARE(right.value().outcome, PinOutcome::Locked);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM till_session")), QStringLiteral("0"));

        // A cashier's PIN does not unlock; a supervisor's wrong PIN neither; nobody unlocks themselves.
        const int colleague =
            addMember(QStringLiteral("Ara Kim"), StaffRole::Cashier, QStringLiteral("5566"));
        QVERIFY(colleague > 0);
        auto byCashier = signIn.unlockWith(m_cashier, colleague, QStringLiteral("5566"));
        QVERIFY(byCashier.ok());
        QVERIFY(!byCashier.value().ok());
        auto wrongSupervisor = signIn.unlockWith(m_cashier, m_supervisor, QStringLiteral("111111"));
        QCOMPARE(wrongSupervisor.value().outcome, PinOutcome::WrongPin);
        QVERIFY(!store.unlock(m_cashier, m_cashier, till).ok());
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT locked_at IS NOT NULL FROM staff WHERE id = %1").arg(m_cashier)),
                 QStringLiteral("true"));
        // A terminal cannot unlock without a supervisor.
        auto bare = store.unlock(m_cashier, std::nullopt, till);
        QVERIFY(!bare.ok());

        auto unlocked = signIn.unlockWith(m_cashier, m_supervisor, supervisorPin);
        QVERIFY(unlocked.ok());
        QVERIFY2(unlocked.value().ok(), qPrintable(unlocked.value().message));
        QVERIFY(signIn.check(m_cashier, cashierPin, PinPurpose::SignIn).value().ok());
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'staff.lockout' AND "
                                        "subject = '%1'")
                             .arg(m_cashier)),
            QStringLiteral("1"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT (after->>'by')::int FROM audit_log WHERE action = "
                                             "'staff.unlock'")),
                 QString::number(m_supervisor));
    }

    void wrongPinsFromManyTillsAtOnceAreAllCounted()
    {
        // 4 tills, 3 wrong PINs each, at once: the server counts 12, locks at the fifth, and every
        // attempt after the lock is told so.
        constexpr int tills = 4;
        constexpr int each = 3;
        std::latch start(tills);
        std::atomic<int> locked{0};
        std::atomic<int> failures{0};
        std::vector<std::thread> workers;
        workers.reserve(tills);
        for (int t = 0; t < tills; ++t) {
            workers.emplace_back([&, t] {
                auto c = m_db->connect(QStringLiteral("till-%1").arg(t));
                start.arrive_and_wait();
                if (!c) {
                    ++failures;
                    return;
                }
                StaffStore store(*c);
                for (int i = 0; i < each; ++i) {
                    auto r = store.checkPin(m_cashier, QStringLiteral("000000"), PinPurpose::SignIn,
                                            QStringLiteral("till-%1").arg(t), QUuid::createUuid());
                    if (!r)
                        ++failures;
                    else if (r.value().outcome == PinOutcome::Locked)
                        ++locked;
                }
            });
        }
        for (std::thread& w : workers)
            w.join();
        QCOMPARE(failures.load(), 0);
        // Five wrong PINs lock; the other seven attempts meet the lock.
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT failed_pins FROM staff WHERE id = %1").arg(m_cashier)),
                 QStringLiteral("5"));
        QCOMPARE(locked.load(), tills * each - 4);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'staff.pin_wrong'")),
            QStringLiteral("5"));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'staff.lockout'")),
            QStringLiteral("1"));
    }

    void theMemberAtTheTillIsStampedOnItsSales()
    {
        const int showtime = m_db->addShowtime(2, 10);
        const QList<int> seats = m_db->seatIds(showtime);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        StaffStore staff(*terminal);
        const QUuid tillId = QUuid::createUuid();
        QVERIFY(
            StaffSignIn(staff, till, tillId).check(m_cashier, cashierPin, PinPurpose::SignIn).value().ok());

        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(showtime, {seats[0], seats[1]}, owner).value().granted);
        auto started = store.beginPayment(showtime, {seats[0], seats[1]}, owner, till, std::nullopt, tillId);
        QVERIFY2(started.ok(), qPrintable(started.ok() ? QString() : started.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT staff_id FROM booking WHERE hold_token = '%1'")
                                  .arg(owner.toString(QUuid::WithoutBraces))),
                 QString::number(m_cashier));

        // The supervisor takes over the till: the confirm is theirs, and a sale at another till is
        // nobody's.
        QVERIFY(StaffSignIn(staff, till, tillId)
                    .check(m_supervisor, supervisorPin, PinPurpose::SignIn)
                    .value()
                    .ok());
        ConfirmRequest request;
        request.terminal = till;
        request.key = QUuid::createUuid();
        request.showtimeId = showtime;
        request.owner = owner;
        request.terminalId = tillId;
        QVERIFY_PAID(*terminal, request); // the supervisor takes the cash, into the till's open shift
        auto confirmed = store.confirm(request);
        QVERIFY2(confirmed.ok(), qPrintable(confirmed.ok() ? QString() : confirmed.error().detail));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT staff_id FROM booking WHERE hold_token = '%1'")
                                  .arg(owner.toString(QUuid::WithoutBraces))),
                 QString::number(m_cashier)); // the booking keeps the member who made it

        const QUuid other = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(showtime, {seats[5]}, other).value().granted);
        QVERIFY(store
                    .beginPayment(showtime, {seats[5]}, other, QStringLiteral("Kiosk 2"), std::nullopt,
                                  QUuid::createUuid())
                    .ok());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT coalesce(staff_id::text, 'nobody') FROM booking WHERE "
                                             "hold_token = '%1'")
                                  .arg(other.toString(QUuid::WithoutBraces))),
                 QStringLiteral("nobody"));
    }

    void thePinAndItsHashNeverReachTheLog()
    {
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        StaffStore store(*terminal);
        StaffSignIn signIn(store, till, QUuid::createUuid());
        QVERIFY(signIn.check(m_cashier, cashierPin, PinPurpose::SignIn).value().ok());
        QVERIFY(!signIn.check(m_cashier, QStringLiteral("999111"), PinPurpose::SignIn).value().ok());
        auto manager = m_db->connectAsManager();
        StaffStore managerStore(*manager);
        QVERIFY(managerStore.setPin(m_cashier, QStringLiteral("246810")).ok());
        const QString everything =
            m_db->scalar(QStringLiteral("SELECT string_agg(concat_ws('|', login, terminal, action, subject, "
                                        "before, after), E'\\n') FROM audit_log"));
        QVERIFY(everything.contains(QStringLiteral("staff.pin_changed")));
        for (const QString& secret : {cashierPin, supervisorPin, QStringLiteral("999111"),
                                      QStringLiteral("246810"), QStringLiteral("$2a$")})
            QVERIFY2(!everything.contains(secret), qPrintable(secret));
    }

    void noApplicationLoginChangesTheLog()
    {
        QVERIFY(m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log")).toInt() >= 2);
        for (const auto& [who, connection] :
             {std::pair{"terminal", m_db->connect()}, std::pair{"manager", m_db->connectAsManager()}}) {
            QVERIFY2(connection, who);
            for (const QString& sql :
                 {QStringLiteral("UPDATE audit_log SET action = 'staff.add'"),
                  QStringLiteral("DELETE FROM audit_log"), QStringLiteral("TRUNCATE audit_log"),
                  QStringLiteral("DELETE FROM audit_chain"), QStringLiteral("UPDATE audit_head SET pos = 0"),
                  QStringLiteral("INSERT INTO audit_log (action) VALUES ('x.y')")}) {
                const Status done = connection->execScript(sql);
                QVERIFY2(!done.ok(), qPrintable(QStringLiteral("%1 may: %2").arg(QLatin1String(who), sql)));
                QVERIFY2(done.error().detail.contains(QLatin1String("42501")),
                         qPrintable(done.error().detail));
            }
        }
        // The terminal may not read it either; the manager may.
        auto terminal = m_db->connect();
        AuditLogStore terminalLog(*terminal);
        QVERIFY(!terminalLog.entries({}, 10).ok());
        auto manager = m_db->connectAsManager();
        AuditLogStore managerLog(*manager);
        auto entries = managerLog.entries({}, 10);
        QVERIFY(entries.ok());
        QCOMPARE(entries.value().first().action, QStringLiteral("staff.add"));
        // Even the owner's UPDATE and DELETE meet the trigger.
        QVERIFY(!m_db->run(QStringLiteral("DELETE FROM audit_log")));
        QVERIFY(!m_db->run(QStringLiteral("UPDATE audit_log SET subject = 'x'")));
        QVERIFY(verifyAsManager().value().whole());
    }

    void theChainStaysWholeUnderAStormOfWriters()
    {
        // 4 tills signing in and out and mistyping, and a manager adding staff, all at once.
        constexpr int writers = 4;
        constexpr int rounds = 25;
        const qint64 before = m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log")).toLongLong();
        std::latch start(writers + 1);
        std::atomic<int> failures{0};
        std::vector<std::thread> threads;
        threads.reserve(writers + 1);
        for (int w = 0; w < writers; ++w) {
            threads.emplace_back([&, w] {
                auto c = m_db->connect(QStringLiteral("till-%1").arg(w));
                start.arrive_and_wait();
                if (!c) {
                    ++failures;
                    return;
                }
                StaffStore store(*c);
                const QUuid tillId = QUuid::createUuid();
                for (int i = 0; i < rounds; ++i) {
                    auto signedIn = store.checkPin(m_supervisor, supervisorPin, PinPurpose::SignIn,
                                                   QStringLiteral("till-%1").arg(w), tillId);
                    if (!signedIn || signedIn.value().outcome != PinOutcome::Ok)
                        ++failures;
                    if (!store.lockTill(tillId))
                        ++failures;
                }
            });
        }
        threads.emplace_back([&] {
            auto c = m_db->connectAsManager();
            start.arrive_and_wait();
            if (!c) {
                ++failures;
                return;
            }
            StaffStore store(*c);
            const QString pin = QStringLiteral("1357");
            for (int i = 0; i < rounds; ++i)
                if (!store.addStaff(QStringLiteral("Temp %1").arg(i), StaffRole::Cashier, pin))
                    ++failures;
        });
        for (std::thread& t : threads)
            t.join();
        QCOMPARE(failures.load(), 0);
        const qint64 after = m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log")).toLongLong();
        QCOMPARE(after - before, qint64(writers * rounds * 2 + rounds));
        // Every row has one place, the places run 1..n without a gap, and the chain verifies.
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) = max(pos) AND count(DISTINCT seq) = count(*) FROM "
                                        "audit_chain")),
            QStringLiteral("true"));
        auto verdict = verifyAsManager();
        QVERIFY(verdict.ok());
        QVERIFY2(verdict.value().whole(), qPrintable(verdict.value().problems.join(QLatin1Char('\n'))));
        QCOMPARE(verdict.value().rows, after);
    }

    void verifyShowsWhatTheOwnerRemovedOrChanged_data()
    {
        QTest::addColumn<QString>("tampering");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a row removed")
            << QStringLiteral("DELETE FROM audit_log WHERE seq = (SELECT max(seq) - 1 "
                              "FROM audit_log)")
            << QStringLiteral("has lost its row");
        QTest::newRow("a row and its place removed")
            << QStringLiteral(
                   "DELETE FROM audit_chain WHERE pos = 2; DELETE FROM audit_log a WHERE NOT EXISTS "
                   "(SELECT 1 FROM audit_chain c WHERE c.seq = a.seq)")
            << QStringLiteral("Places 2 to 2 of the chain are missing");
        QTest::newRow("a row changed")
            << QStringLiteral(
                   "UPDATE audit_log SET after = '{\"role\": \"manager\"}' WHERE action = 'staff.add'")
            << QStringLiteral("does not match its hash");
        QTest::newRow("the last rows cut off")
            << QStringLiteral(
                   "DELETE FROM audit_chain WHERE pos > 1; DELETE FROM audit_log a WHERE NOT EXISTS "
                   "(SELECT 1 FROM audit_chain c WHERE c.seq = a.seq)")
            << QStringLiteral("the last rows were removed");
        QTest::newRow("a row written around the log")
            << QStringLiteral("ALTER TABLE audit_log DISABLE TRIGGER audit_log_chain; INSERT INTO audit_log "
                              "(action) VALUES ('staff.add')")
            << QStringLiteral("has no place in the chain");
    }

    void verifyShowsWhatTheOwnerRemovedOrChanged()
    {
        QFETCH(QString, tampering);
        QFETCH(QString, expected);
        QVERIFY(addMember(QStringLiteral("Ara Kim"), StaffRole::Cashier, QStringLiteral("5566")) > 0);
        QVERIFY(addMember(QStringLiteral("Dae Han"), StaffRole::Manager, QStringLiteral("7788")) > 0);
        auto whole = verifyAsManager();
        QVERIFY(whole.ok());
        QVERIFY2(whole.value().whole(), qPrintable(whole.value().problems.join(QLatin1Char('\n'))));
        // The owner can switch the triggers off: what it does then shows.
        QVERIFY(
            m_db->run(QStringLiteral("BEGIN; ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only; "
                                     "ALTER TABLE audit_chain DISABLE TRIGGER audit_chain_append_only; %1; "
                                     "ALTER TABLE audit_log ENABLE TRIGGER USER; "
                                     "ALTER TABLE audit_chain ENABLE TRIGGER USER; COMMIT")
                          .arg(tampering)));
        auto verdict = verifyAsManager();
        QVERIFY(verdict.ok());
        QVERIFY(!verdict.value().whole());
        QVERIFY2(verdict.value().problems.join(QLatin1Char('\n')).contains(expected),
                 qPrintable(verdict.value().problems.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TstStaff)
#include "tst_staff.moc"
