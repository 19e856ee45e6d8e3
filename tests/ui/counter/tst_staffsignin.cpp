// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The tills' staff sign-in on the counter, real widgets on a real database: the
// keypad's clicks and the keyboard's digits, a wrong PIN counted down to the lock, a supervisor's
// unlock, the right PIN signing the member in at the till's id (till_session), F12 locking the
// till on the server and a PIN opening it (another member's taking the till over), sign-out
// ending the session; a sale stamped with the member; a restarted till opening locked on its
// member; the manager's pages asking a manager's PIN first; the demo's three members; and a counter
// whose database has no staff selling as before, with no sign-in.
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "app/common/demostaff.h"
#include "db/dbconnection.h"
#include "db/pgstaffsession.h"
#include "db/staffstore.h"
#include "tests/support/countertill.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"
#include "ui/common/pinpad.h"
#include "ui/common/staffsigninwidget.h"
#include "ui/counter/counterwindow.h"
#include "ui/counter/managersignindialog.h"

using namespace bo;
using namespace bo::test;

namespace {

const QString cashierPin = QStringLiteral("482913");
const QString supervisorPin = QStringLiteral("730155");
const QString terminal = QStringLiteral("Counter 7");
const QString managerPin = QStringLiteral("905172");

/// The manager's screens without windows: which member opened what.
class RecordingScreens final : public ManagerScreens
{
public:
    void open(Screen, const QString&, const QString& password, int staffId, QObject*, Opened done) override
    {
        if (password != u"right") {
            done(makeError(ErrorCode::BadInput, QStringLiteral("wrong password")));
            return;
        }
        openedBy << staffId;
        done(true);
    }

    QList<int> openedBy;
};

/// With $BOXOFFICE_SCREENSHOT_DIR set, saves the widget there (README screenshots, under Xvfb).
void snapshot(QWidget& widget, const QString& name)
{
    const QString dir = qEnvironmentVariable("BOXOFFICE_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class TstStaffSignIn final : public QObject
{
    Q_OBJECT

private:
    /// Adds a member as the manager login; 0 on failure.
    int addMember(const TestDatabase& db, const QString& name, StaffRole role, const QString& pin)
    {
        auto manager = db.connectAsManager();
        if (!manager)
            return 0;
        StaffStore store(*manager);
        auto id = store.addStaff(name, role, pin);
        return id ? id.value() : 0;
    }

    static void startTill(CounterTill& c)
    {
        c.backend.start();
        c.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&c.window));
        c.window.activateWindow();
        QApplication::setActiveWindow(&c.window);
        QTRY_VERIFY_WITH_TIMEOUT(c.backend.isOnline(), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!c.settingsLoaded.isEmpty(), dbTimeoutMs);
    }

    /// Types `pin` on the on-screen keypad and presses OK.
    static void tapPin(CounterTill& c, const QString& pin)
    {
        for (QChar digit : pin) {
            auto* key = c.find<QPushButton>(QStringLiteral("pinKey") + digit);
            QVERIFY(key);
            QTest::mouseClick(key, Qt::LeftButton);
        }
        QCOMPARE(c.find<QLineEdit>(QStringLiteral("pinField"))->text().size(), pin.size());
        QTest::mouseClick(c.button(QStringLiteral("pinOk")), Qt::LeftButton);
        // The widget keeps no PIN once it was handed on.
        QVERIFY(c.find<QLineEdit>(QStringLiteral("pinField"))->text().isEmpty());
    }

    /// Types `pin` on the keyboard into the PIN field and presses Enter.
    static void typePin(CounterTill& c, const QString& pin)
    {
        auto* field = c.find<QLineEdit>(QStringLiteral("pinField"));
        QVERIFY(field);
        QTest::keyClicks(field, pin);
        QTest::keyClick(field, Qt::Key_Return);
    }

    static QString message(CounterTill& c) { return c.window.signInWidget()->messageText(); }

private slots:
    void counterWithoutStaffSellsUnsigned()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        CounterTill c(db.settings(), terminal);
        PgStaffSession session(db.settings(), terminal, QUuid::createUuid());
        c.window.setStaffSession(&session);
        QSignalSpy listed(c.window.signInWidget(), &StaffSignInWidget::staffListed);
        startTill(c);
        QTRY_COMPARE_WITH_TIMEOUT(listed.size(), 1, dbTimeoutMs);
        QCOMPARE(listed.at(0).at(0).toInt(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(c.table()->model()->rowCount() > 0, dbTimeoutMs);
        QVERIFY(c.window.isShowingBoard());
        QVERIFY(!c.window.isShowingSignIn());
        QVERIFY(!c.find<QAction>(QStringLiteral("lockTillAction"))->isEnabled());
        QTest::keyClick(&c.window, Qt::Key_F12);
        QVERIFY(c.window.isShowingBoard());
    }

    void signInLockUnlockAndSignOut()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        const int cashier = addMember(db, QStringLiteral("Mina Park"), StaffRole::Cashier, cashierPin);
        const int supervisor =
            addMember(db, QStringLiteral("Joon Lee"), StaffRole::Supervisor, supervisorPin);
        QVERIFY(cashier > 0 && supervisor > 0);
        const QUuid tillId = QUuid::createUuid();
        const QString tillSql = tillId.toString(QUuid::WithoutBraces);
        CounterTill c(db.settings(), terminal);
        // English as the till shows it: the count's plural comes from the translation.
        c.window.setLanguage(QStringLiteral("en"));
        c.flow.setTerminalId(tillId);
        PgStaffSession session(db.settings(), terminal, tillId);
        c.window.setStaffSession(&session);
        startTill(c);

        // Staff in the database: the counter opens on the sign-in, with a button per member.
        QTRY_VERIFY_WITH_TIMEOUT(c.window.isShowingSignIn(), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(c.button(QStringLiteral("staffButton%1").arg(cashier)), dbTimeoutMs);
        QVERIFY(c.button(QStringLiteral("staffButton%1").arg(supervisor)));
        QCOMPARE(c.label(QStringLiteral("signedInLabel"))->text(), QStringLiteral("Nobody signed in"));

        // A PIN without a member picked is not sent anywhere.
        tapPin(c, QStringLiteral("1111"));
        QVERIFY(message(c).contains(QStringLiteral("Pick your name")));

        // Wrong PINs, by keypad and by keyboard, counted down by the server.
        QTest::mouseClick(c.button(QStringLiteral("staffButton%1").arg(cashier)), Qt::LeftButton);
        QCOMPARE(c.window.signInWidget()->selectedStaff(), cashier);
        tapPin(c, QStringLiteral("1111"));
        QTRY_COMPARE_WITH_TIMEOUT(message(c),
                                  QStringLiteral("Wrong PIN for Mina Park: 4 more tries before the lock."),
                                  dbTimeoutMs);
        snapshot(c.window, QStringLiteral("staff-sign-in.png"));
        typePin(c, QStringLiteral("2222"));
        QTRY_COMPARE_WITH_TIMEOUT(message(c),
                                  QStringLiteral("Wrong PIN for Mina Park: 3 more tries before the lock."),
                                  dbTimeoutMs);
        QVERIFY(c.button(QStringLiteral("unlockButton"))->isHidden());
        tapPin(c, QStringLiteral("3333"));
        QTRY_COMPARE_WITH_TIMEOUT(message(c),
                                  QStringLiteral("Wrong PIN for Mina Park: 2 more tries before the lock."),
                                  dbTimeoutMs);
        tapPin(c, QStringLiteral("4444"));
        QTRY_COMPARE_WITH_TIMEOUT(
            message(c), QStringLiteral("Wrong PIN for Mina Park: 1 more try before the lock."), dbTimeoutMs);
        tapPin(c, QStringLiteral("5555"));
        QTRY_VERIFY_WITH_TIMEOUT(message(c).contains(QStringLiteral("Mina Park is locked")), dbTimeoutMs);
        QVERIFY(!c.button(QStringLiteral("unlockButton"))->isHidden());
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT locked_at IS NOT NULL FROM staff WHERE id = %1").arg(cashier)),
            QStringLiteral("true"));
        // Locked, even the right PIN is refused.
        tapPin(c, cashierPin);
        QTRY_VERIFY_WITH_TIMEOUT(c.button(QStringLiteral("pinOk"))->isEnabled(), dbTimeoutMs);
        QVERIFY(message(c).contains(QStringLiteral("Mina Park is locked")));
        QVERIFY(c.window.isShowingSignIn());

        // A supervisor unlocks: picks their name, types their PIN; a wrong one is counted too.
        QTest::mouseClick(c.button(QStringLiteral("unlockButton")), Qt::LeftButton);
        QVERIFY(c.window.signInWidget()->isUnlocking());
        QTest::mouseClick(c.button(QStringLiteral("staffButton%1").arg(supervisor)), Qt::LeftButton);
        tapPin(c, QStringLiteral("9999"));
        QTRY_COMPARE_WITH_TIMEOUT(
            message(c), QStringLiteral("Wrong PIN for Joon Lee: 4 more tries before the lock."), dbTimeoutMs);
        QVERIFY(c.window.signInWidget()->isUnlocking());
        tapPin(c, supervisorPin);
        QTRY_COMPARE_WITH_TIMEOUT(message(c), QStringLiteral("Mina Park is unlocked: type your PIN."),
                                  dbTimeoutMs);
        QVERIFY(!c.window.signInWidget()->isUnlocking());
        QCOMPARE(c.window.signInWidget()->selectedStaff(), cashier);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT locked_at IS NULL AND failed_pins = 0 FROM staff WHERE id = %1")
                          .arg(cashier)),
            QStringLiteral("true"));
        // The supervisor's approval did not sign them in here.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM till_session")), QStringLiteral("0"));

        // The right PIN signs the cashier in: the board, their name, the server's session.
        tapPin(c, cashierPin);
        QTRY_VERIFY_WITH_TIMEOUT(c.window.isShowingBoard(), dbTimeoutMs);
        QCOMPARE(c.window.signedInStaff(), cashier);
        QCOMPARE(c.label(QStringLiteral("signedInLabel"))->text(),
                 QStringLiteral("Signed in: Mina Park (%1)").arg(cashier));
        QCOMPARE(db.scalar(QStringLiteral("SELECT staff_id || ' ' || terminal || ' ' || (locked_at IS NULL) "
                                          "FROM till_session WHERE terminal_id = '%1'")
                               .arg(tillSql)),
                 QStringLiteral("%1 Counter 7 true").arg(cashier));

        // The cashier opens the till's shift before the first cash sale, as at any counter (the
        // signed-in member stays theirs).
        {
            auto till = db.connect();
            QVERIFY(till);
            const Status staffed = staffTill(*till, tillId, terminal);
            QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().detail));
        }

        // A sale by keys is stamped by the server with the member signed in at the till's id.
        QTRY_VERIFY_WITH_TIMEOUT(c.table()->model()->rowCount() > 0, dbTimeoutMs);
        const auto press = [&c](Qt::Key key) {
            QWidget* focus = QApplication::focusWidget();
            QTest::keyClick(focus ? focus : static_cast<QWidget*>(&c.window), key);
        };
        press(Qt::Key_N);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Selecting, dbTimeoutMs);
        press(Qt::Key_2);
        QTRY_VERIFY_WITH_TIMEOUT(c.flow.selection().size() == 2 && !c.flow.isBusy(), dbTimeoutMs);
        press(Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Payment, dbTimeoutMs);
        press(Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(c.flow.state(), SaleFlow::State::Completed, dbTimeoutMs);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(b.staff_id || ' ' || p.staff_id, ',') FROM booking b "
                                     "JOIN payment_intent p ON p.booking_code = b.code "
                                     "WHERE b.status = 'CONFIRMED'")),
            QStringLiteral("%1 %1").arg(cashier));

        // F12 locks the till: the lock screen names the member, the server says locked.
        QTest::keyClick(&c.window, Qt::Key_F12);
        QVERIFY(c.window.isShowingSignIn());
        QVERIFY(
            c.find<QLabel>(QStringLiteral("signInHeading"))->text().contains(QStringLiteral("Mina Park")));
        QCOMPARE(c.window.signInWidget()->selectedStaff(), cashier);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(
                QStringLiteral("SELECT locked_at IS NOT NULL FROM till_session WHERE terminal_id = '%1'")
                    .arg(tillSql)),
            QStringLiteral("true"), dbTimeoutMs);
        QVERIFY(!c.find<QAction>(QStringLiteral("lockTillAction"))->isEnabled());
        QVERIFY(!c.find<QAction>(QStringLiteral("signOutAction"))->isEnabled());

        // Their PIN, on the keyboard, opens it again, on the page it was locked on.
        typePin(c, cashierPin);
        QTRY_VERIFY_WITH_TIMEOUT(!c.window.isShowingSignIn(), dbTimeoutMs);
        QVERIFY(!c.window.isShowingBoard());
        QCOMPARE(c.flow.state(), SaleFlow::State::Completed);
        QCOMPARE(db.scalar(QStringLiteral("SELECT staff_id || ' ' || (locked_at IS NULL) FROM till_session "
                                          "WHERE terminal_id = '%1'")
                               .arg(tillSql)),
                 QStringLiteral("%1 true").arg(cashier));

        // Locked again, another member's PIN opens it and takes the till over.
        c.find<QAction>(QStringLiteral("lockTillAction"))->trigger();
        QVERIFY(c.window.isShowingSignIn());
        QTest::mouseClick(c.button(QStringLiteral("staffButton%1").arg(supervisor)), Qt::LeftButton);
        tapPin(c, supervisorPin);
        QTRY_VERIFY_WITH_TIMEOUT(!c.window.isShowingSignIn(), dbTimeoutMs);
        QCOMPARE(c.window.signedInStaff(), supervisor);
        QCOMPARE(c.label(QStringLiteral("signedInLabel"))->text(),
                 QStringLiteral("Signed in: Joon Lee (%1)").arg(supervisor));
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(QStringLiteral("SELECT staff_id || ' ' || (locked_at IS NULL) FROM "
                                     "till_session WHERE terminal_id = '%1'")
                          .arg(tillSql)),
            QStringLiteral("%1 true").arg(supervisor), dbTimeoutMs);

        // Sign out: back to the sign-in, the server's session ended.
        c.find<QAction>(QStringLiteral("signOutAction"))->trigger();
        QVERIFY(c.window.isShowingSignIn());
        QCOMPARE(c.window.signedInStaff(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(
                QStringLiteral("SELECT count(*) FROM till_session WHERE terminal_id = '%1'").arg(tillSql)),
            QStringLiteral("0"), dbTimeoutMs);
        // And the audit log has the day's events of this till, without a PIN.
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(DISTINCT action, ',' ORDER BY action) FROM audit_log "
                                     "WHERE action LIKE 'staff.%' OR action LIKE 'till.%'")),
            QStringLiteral(
                "staff.add,staff.approve,staff.lockout,staff.pin_wrong,staff.refused_locked,staff.sign_in,"
                "staff.unlock,till.lock,till.sign_out"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE after::text LIKE '%%1%' "
                                          "OR before::text LIKE '%%1%'")
                               .arg(cashierPin)),
                 QStringLiteral("0"));
    }

    /// A till restarted while the server still has a member signed in at it opens locked on them.
    void aRestartedTillOpensLockedOnItsMember()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        const int cashier = addMember(db, QStringLiteral("Mina Park"), StaffRole::Cashier, cashierPin);
        QVERIFY(cashier > 0);
        const QUuid tillId = QUuid::createUuid();
        {
            auto till = db.connect();
            QVERIFY(till);
            StaffStore store(*till);
            StaffSignIn signIn(store, terminal, tillId);
            auto checked = signIn.check(cashier, cashierPin, PinPurpose::SignIn);
            QVERIFY(checked && checked.value().ok());
        }
        CounterTill c(db.settings(), terminal);
        c.window.setLanguage(QStringLiteral("en"));
        c.flow.setTerminalId(tillId);
        PgStaffSession session(db.settings(), terminal, tillId);
        c.window.setStaffSession(&session);
        startTill(c);
        QTRY_VERIFY_WITH_TIMEOUT(c.find<QLabel>(QStringLiteral("signInHeading"))
                                     ->text()
                                     .startsWith(QStringLiteral("Till locked: Mina Park")),
                                 dbTimeoutMs);
        QVERIFY(c.window.isShowingSignIn());
        QCOMPARE(c.window.signInWidget()->selectedStaff(), cashier);
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(
                QStringLiteral("SELECT locked_at IS NOT NULL FROM till_session WHERE terminal_id = '%1'")
                    .arg(tillId.toString(QUuid::WithoutBraces))),
            QStringLiteral("true"), dbTimeoutMs);
        typePin(c, cashierPin);
        QTRY_VERIFY_WITH_TIMEOUT(c.window.isShowingBoard(), dbTimeoutMs);
        QCOMPARE(c.window.signedInStaff(), cashier);
    }

    /// The demo's staff: added once, their PINs as the server's bcrypt hashes that check (README's
    /// PINs).
    void theDemoHasThreeMembersWithTheReadmesPins()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        auto owner = db.connectAsOwner();
        QVERIFY(owner);
        auto added = seedDemoStaff(*owner);
        QVERIFY(added);
        QCOMPARE(added.value(), 3);
        // A demo database upgraded to server-checked PINs (migration 0040 clears them) gets the
        // README's PINs back at the next start; nobody is added twice.
        QVERIFY(db.run(QStringLiteral("UPDATE staff SET pin_hash = NULL WHERE name = 'Demo Cashier'")));
        auto again = seedDemoStaff(*owner);
        QVERIFY(again);
        QCOMPARE(again.value(), 0);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM staff WHERE pin_hash IS NULL")),
                 QStringLiteral("0"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(name || ':' || role, ',' ORDER BY id) FROM staff")),
            QStringLiteral("Demo Cashier:cashier,Demo Supervisor:supervisor,Demo Manager:manager"));
        auto till = db.connect();
        QVERIFY(till);
        StaffStore store(*till);
        const QList<std::pair<QString, QString>> pins = {
            {QStringLiteral("Demo Cashier"), QStringLiteral("1111")},
            {QStringLiteral("Demo Supervisor"), QStringLiteral("2222")},
            {QStringLiteral("Demo Manager"), QStringLiteral("3333")}};
        for (const auto& [name, pin] : pins) {
            const int id =
                db.scalar(QStringLiteral("SELECT id FROM staff WHERE name = '%1'").arg(name)).toInt();
            QCOMPARE(
                db.scalar(QStringLiteral("SELECT pin_hash LIKE '$2a$10$%' FROM staff WHERE id = %1").arg(id)),
                QStringLiteral("true"));
            auto checked = store.checkPin(id, pin, PinPurpose::Manager, terminal, QUuid::createUuid());
            QVERIFY(checked);
            QCOMPARE(checked.value().outcome, PinOutcome::Ok);
        }
    }

    void managerPagesAskAManagersPinFirst()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int cashier = addMember(db, QStringLiteral("Mina Park"), StaffRole::Cashier, cashierPin);
        const int manager = addMember(db, QStringLiteral("Hana Choi"), StaffRole::Manager, managerPin);
        QVERIFY(cashier > 0 && manager > 0);
        PgStaffSession session(db.settings(), terminal, QUuid::createUuid());
        RecordingScreens screens;
        ManagerSignInDialog dialog(screens, ManagerScreens::Screen::Films, &session);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        StaffSignInWidget* signIn = dialog.staffSignIn();
        QVERIFY(signIn);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.findChild<QPushButton*>(QStringLiteral("staffButton%1").arg(manager)),
                                 dbTimeoutMs);
        auto* user = dialog.findChild<QLineEdit*>(QStringLiteral("managerUser"));
        QVERIFY(!user->isVisible());

        // A cashier's right PIN is not a manager's.
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("staffButton%1").arg(cashier)),
                          Qt::LeftButton);
        QTest::keyClicks(dialog.findChild<QLineEdit*>(QStringLiteral("pinField")), cashierPin);
        QTest::keyClick(dialog.findChild<QLineEdit*>(QStringLiteral("pinField")), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(signIn->messageText(),
                                  QStringLiteral("Mina Park is a cashier: this needs a manager."),
                                  dbTimeoutMs);
        QVERIFY(!user->isVisible());

        // The manager's PIN leads on to the database's login, which then names them.
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("staffButton%1").arg(manager)),
                          Qt::LeftButton);
        for (QChar digit : managerPin)
            QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("pinKey") + digit),
                              Qt::LeftButton);
        QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("pinOk")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(user->isVisible(), dbTimeoutMs);
        QCOMPARE(dialog.staffId(), manager);
        user->setText(QStringLiteral("hana"));
        dialog.findChild<QLineEdit*>(QStringLiteral("managerPassword"))->setText(QStringLiteral("right"));
        dialog.signIn();
        QCOMPARE(screens.openedBy, QList<int>{manager});
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'staff.manager' "
                                          "AND staff_id = %1")
                               .arg(manager)),
                 QStringLiteral("1"));
    }
};

QTEST_MAIN(TstStaffSignIn)
#include "tst_staffsignin.moc"
