// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>

#include "app/common/staffpin.h"
#include "db/pgstaffsession.h"
#include "db/staffstore.h"
#include "model/sale/salerules.h"
#include "model/sale/seatchoice.h"
#include "model/seats/seatholdings.h"
#include "tests/support/kioskrig.h"
#include "ui/common/staffsigninwidget.h"

using namespace bo;
using namespace bo::test;

/// The kiosk's ways off the happy path on a real database: the idle customer, the declined card,
/// the payment whose outcome stays unknown, the printer that fails, the seat taken meanwhile. Each
/// reaches its screen with a way on and leaves nothing held.
class TstKioskPaths final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    [[nodiscard]] QString folder(const QString& name) const { return m_dir.filePath(name); }

    static QString labelText(const KioskRig& k, const QString& name)
    {
        auto* label = k.window.findChild<QLabel*>(name);
        return label ? label->text() : QString();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// Without input: the prompt after idleMs, then after idlePromptMs the seats go back, the line
    /// is left and the attract screen shows nothing of the customer.
    void anIdleCustomerIsClearedAway()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        // The showing sells through a queue with room: the kiosk's ticket is admitted at once.
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET queue_capacity = 5")));
        KioskSettings settings = testSettings();
        settings.idleMs = 1500;
        settings.idlePromptMs = 1500;
        KioskRig k(db, folder(QStringLiteral("idle")), folder(QStringLiteral("idle.key")), settings);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        const QUuid token = k.flow.holdToken();
        QCOMPARE(heldCount(db), QStringLiteral("2"));
        QTRY_COMPARE_WITH_TIMEOUT(
            db.scalar(
                QStringLiteral("SELECT state FROM queue_ticket WHERE owner = '%1'").arg(ownerText(token))),
            QStringLiteral("ACTIVE"), dbTimeoutMs);
        auto* prompt = k.window.findChild<QWidget*>(QStringLiteral("idlePrompt"));
        QVERIFY(prompt);
        QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 5000);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Seats);
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Attract, 5000);
        QVERIFY(!prompt->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(db.scalar(QStringLiteral("SELECT state FROM queue_ticket WHERE owner = '%1'")
                                               .arg(ownerText(token))) != QLatin1String("ACTIVE"),
                                 dbTimeoutMs);
        QCOMPARE(k.window.ticketCount(), 0);
        QVERIFY(k.flow.selection().isEmpty());
        QVERIFY(!labelText(k, QStringLiteral("seatsChosen")).contains(QLatin1String("Seats")));
        QVERIFY(labelText(k, QStringLiteral("summaryText")).isEmpty());
        QCOMPARE(k.window.language(), QStringLiteral("ko"));
    }

    /// The one extension: offered before the hold ends with at least 20 s to answer and a visible
    /// countdown, granted by the server up to its cap (the sale's deadline plus hold_extension_s,
    /// checked in the database), the countdown moved to it; then never offered again, and asked
    /// anyway, refused by the server (max_hold_extensions 1) with nothing moved.
    void oneExtensionThenTheServerRefuses()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET selection_ttl_s = 25, hold_extension_s = 10, "
                                      "max_hold_extensions = 1")));
        KioskSettings settings = testSettings();
        settings.selectionTtlSeconds = 25;
        settings.extensionOfferMs = 22000; // the offer comes ~3 s after the hold, 22 s to answer
        KioskRig k(db, folder(QStringLiteral("extend")), folder(QStringLiteral("extend.key")), settings);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        const QString token = ownerText(k.flow.holdToken());
        auto* prompt = k.window.findChild<QWidget*>(QStringLiteral("extendPrompt"));
        QVERIFY(prompt);
        QVERIFY(!prompt->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 10000);
        QVERIFY2(k.flow.remainingMs() >= 20000, qPrintable(QString::number(k.flow.remainingMs())));
        QVERIFY(k.flow.remainingMs() <= 22000);
        // The prompt counts down where the customer reads it.
        const QString shown = labelText(k, QStringLiteral("extendText"));
        QVERIFY2(shown.contains(QLatin1String("00:2")) || shown.contains(QLatin1String("00:1")),
                 qPrintable(shown));
        QTRY_VERIFY_WITH_TIMEOUT(labelText(k, QStringLiteral("extendText")) != shown, 2000);

        QSignalSpy answers(&k.flow, &SaleFlow::extensionAnswered);
        CHECKED(click(k, QStringLiteral("extendYes")));
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 1, dbTimeoutMs);
        QCOMPARE(answers.at(0).at(0).toBool(), true);
        QCOMPARE(answers.at(0).at(1).toInt(), 0);
        QVERIFY(!prompt->isVisible());
        // The server's cap: both seats now end with the sale, 25 s + 10 s after its first hold.
        const QString capped =
            QStringLiteral(
                "SELECT count(*) FROM showtime_seat ss JOIN sale s ON s.hold_token = ss.held_by "
                "AND s.showtime_id = ss.showtime_id WHERE ss.held_by = '%1' AND ss.status = 'HELD' "
                "AND ss.held_until = s.selection_deadline "
                "AND s.selection_deadline = s.started_at + interval '35 seconds'")
                .arg(token);
        QCOMPARE(db.scalar(capped), QStringLiteral("2"));
        const QString extensions =
            QStringLiteral("SELECT extensions_used FROM sale WHERE hold_token = '%1'").arg(token);
        QCOMPARE(db.scalar(extensions), QStringLiteral("1"));
        // The countdown shows the database's deadline, never a later one.
        const QString dbLeftMs = QStringLiteral("SELECT (extract(epoch FROM max(held_until) - "
                                                "clock_timestamp()) * 1000)::bigint FROM showtime_seat "
                                                "WHERE held_by = '%1'")
                                     .arg(token);
        const qint64 kioskLeft = k.flow.remainingMs();
        const qint64 dbLeft = db.scalar(dbLeftMs).toLongLong();
        QVERIFY2(kioskLeft > 22000 && kioskLeft <= dbLeft + 250 && kioskLeft >= dbLeft - 2000,
                 qPrintable(QStringLiteral("kiosk %1 ms, database %2 ms").arg(kioskLeft).arg(dbLeft)));

        // None left: the offer does not come back as the new deadline nears.
        QTRY_VERIFY_WITH_TIMEOUT(k.flow.remainingMs() < 19000, 15000);
        QVERIFY(!prompt->isVisible());
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Seats);

        // Asked anyway, the server says no; nothing moves.
        const QString until =
            QStringLiteral("SELECT string_agg(held_until::text, ',' ORDER BY seat_id) FROM showtime_seat "
                           "WHERE held_by = '%1'")
                .arg(token);
        const QString before = db.scalar(until);
        const qint64 left = k.flow.remainingMs();
        k.flow.extendTime();
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 2, dbTimeoutMs);
        QCOMPARE(answers.at(1).at(0).toBool(), false);
        QVERIFY(k.flow.remainingMs() <= left);
        QCOMPARE(db.scalar(until), before);
        QCOMPARE(db.scalar(extensions), QStringLiteral("1"));
        QCOMPARE(db.scalar(capped), QStringLiteral("2"));
        QVERIFY(!prompt->isVisible());
        CHECKED(press(Qt::Key_Escape));
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
    }

    /// The offer unanswered: the hold runs out, the prompt goes with it, the seats go back, a calm
    /// notice, then the attract screen by itself.
    void anIgnoredOfferLetsTheHoldRunOut()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        KioskSettings settings = testSettings();
        settings.selectionTtlSeconds = 6;
        settings.extensionOfferMs = 4000;
        settings.doneMs = 1500;
        KioskRig k(db, folder(QStringLiteral("ignored")), folder(QStringLiteral("ignored.key")), settings);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        const QString token = ownerText(k.flow.holdToken());
        auto* prompt = k.window.findChild<QWidget*>(QStringLiteral("extendPrompt"));
        QTRY_VERIFY_WITH_TIMEOUT(prompt->isVisible(), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Notice, 8000);
        QVERIFY(!prompt->isVisible());
        const QString notice = labelText(k, QStringLiteral("noticeText"));
        QVERIFY2(notice.contains(QLatin1String("ran out")), qPrintable(notice));
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT extensions_used FROM sale WHERE hold_token = '%1'").arg(token)),
            QStringLiteral("0"));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Attract, 5000);
        QVERIFY(!prompt->isVisible());
        QCOMPARE(k.window.ticketCount(), 0);
        QCOMPARE(k.window.language(), QStringLiteral("ko"));
    }

    /// The database away: "out of service" at once, the sale in the seats step ended, nothing to
    /// sell; back by itself to the attract screen when the database returns, nothing left held.
    void outOfServiceWhileTheDatabaseIsAway()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        KioskRig k(db, folder(QStringLiteral("away")), folder(QStringLiteral("away.key")), testSettings());
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        QCOMPARE(heldCount(db), QStringLiteral("2"));
        // The kiosk's login may not connect, and its sessions end: the database is unreachable.
        const QString login = db.kioskLogin();
        QVERIFY(db.run(QStringLiteral("ALTER ROLE %1 NOLOGIN").arg(login)));
        QVERIFY(db.run(
            QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '%1'")
                .arg(login)));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::OutOfService, dbTimeoutMs);
        QVERIFY(!k.backend.isOnline());
        QCOMPARE(k.flow.state(), SaleFlow::State::Idle);
        QVERIFY(!labelText(k, QStringLiteral("outOfService")).isEmpty());
        // Nothing on the screen sells: no button of a sale is visible.
        auto* page = k.window.findChild<QWidget*>(QStringLiteral("outOfServicePage"));
        QVERIFY(page && page->isVisible());
        for (QPushButton* b : k.window.findChildren<QPushButton*>()) {
            const QString name = b->objectName();
            const bool sells = name == QLatin1String("start") || name.startsWith(QLatin1String("film-")) ||
                               name.startsWith(QLatin1String("showtime-")) ||
                               name.startsWith(QLatin1String("plus-")) ||
                               name == QLatin1String("ticketsNext") || name == QLatin1String("seatsNext") ||
                               name == QLatin1String("pay") || name == QLatin1String("extendYes");
            QVERIFY2(!(sells && b->isVisible()), qPrintable(name));
        }
        // It stays so while the database is away.
        QTest::qWait(3500);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::OutOfService);

        QVERIFY(db.run(QStringLiteral("ALTER ROLE %1 LOGIN").arg(login)));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Attract, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("start"))->isEnabled(), dbTimeoutMs);
        // The release owed since the connection went is sent once it is back.
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'PENDING'")),
                 QStringLiteral("0"));
    }

    /// A declined card: nothing charged, the seats still kept, try again or cancel; cancel gives
    /// the seats back.
    void aDeclinedCardKeepsTheSeatsUntilCancelled()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        KioskRig k(db, folder(QStringLiteral("declined")), folder(QStringLiteral("declined.key")),
                   testSettings());
        k.cardService.setBehaviour(SimulatedCard::Decline);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        CHECKED(click(k, QStringLiteral("seatsNext")));
        CHECKED(click(k, QStringLiteral("pay")));
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("paymentRetry"))->isVisible(), dbTimeoutMs);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Payment);
        QVERIFY2(labelText(k, QStringLiteral("paymentText")).contains(QLatin1String("Nothing was charged")),
                 qPrintable(labelText(k, QStringLiteral("paymentText"))));
        QCOMPARE(heldCount(db), QStringLiteral("2"));
        CHECKED(click(k, QStringLiteral("paymentCancel")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Attract);
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
    }

    /// A card terminal that never answers: "checking", then a calm notice — never a success; the
    /// sale ends and its seats go back.
    void anUnknownPaymentIsNeverASuccess()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        // The payment step's time on the server: the look-ups give up before it ends.
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET payment_ttl_s = 20")));
        PaymentTimings timings;
        timings.callTimeoutMs = 800;
        timings.lookupPauseMs = 200;
        timings.marginMs = 1000;
        KioskRig k(db, folder(QStringLiteral("unknown")), folder(QStringLiteral("unknown.key")),
                   testSettings(), timings);
        k.cardService.setBehaviour(SimulatedCard::NoAnswer);
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        CHECKED(click(k, QStringLiteral("seatsNext")));
        QSignalSpy phases(&k.flow, &SaleFlow::paymentPhase);
        CHECKED(click(k, QStringLiteral("pay")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Notice, 60000);
        QVERIFY(phases.contains(QVariantList{QVariant::fromValue(PaymentPhase::Checking)}));
        const QString notice = labelText(k, QStringLiteral("noticeText"));
        QVERIFY2(notice.contains(QLatin1String("Nothing is booked")), qPrintable(notice));
        QVERIFY(k.flow.lastBooking().code.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
        CHECKED(click(k, QStringLiteral("noticeAction")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Attract);
    }

    /// The printer fails: the booking stands, its code and QR are on the screen for the counter.
    void aFailedPrintShowsTheCodeAndItsQr()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        // A file where the folder should be: no folder can be made there, even as root.
        const QString blocker = folder(QStringLiteral("blocker"));
        {
            QFile file(blocker);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        KioskRig k(db, blocker + QStringLiteral("/tickets"), folder(QStringLiteral("failed.key")),
                   testSettings());
        k.window.setQrImage([](const QString&) {
            QImage image(29, 29, QImage::Format_Grayscale8);
            image.fill(Qt::black);
            return image;
        });
        CHECKED(startKiosk(k));
        CHECKED(touchToSeats(k, db, showtime));
        CHECKED(click(k, QStringLiteral("seatsNext")));
        CHECKED(click(k, QStringLiteral("pay")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Done, dbTimeoutMs);
        const QString code = k.flow.lastBooking().code;
        QTRY_VERIFY2_WITH_TIMEOUT(labelText(k, QStringLiteral("doneText")).contains(code),
                                  qPrintable(labelText(k, QStringLiteral("doneText"))), dbTimeoutMs);
        QVERIFY(labelText(k, QStringLiteral("doneText")).contains(QLatin1String("counter")));
        auto* qr = k.window.findChild<QLabel*>(QStringLiteral("doneQr"));
        QVERIFY(!qr->pixmap().isNull());
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("CONFIRMED"));
        QCOMPARE(heldCount(db), QStringLiteral("0"));
    }

    /// Seats taken by another terminal without this kiosk hearing of it: the hold is refused, the
    /// nearest seats together are offered and taken with one touch.
    void aSeatTakenMeanwhileOffersTheNearestBlock()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        KioskRig k(db, folder(QStringLiteral("taken")), folder(QStringLiteral("taken.key")), testSettings());
        CHECKED(startKiosk(k));
        const QString movie =
            db.scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime));
        CHECKED(click(k, QStringLiteral("start")));
        CHECKED(click(k, QStringLiteral("film-") + movie));
        CHECKED(click(k, QStringLiteral("showtime-%1").arg(showtime)));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
        CHECKED(click(k, QStringLiteral("plus-adult")));
        // The two seats the kiosk will choose, taken by another terminal without a word: the
        // kiosk's map still shows them free when it asks for them.
        const SeatHoldings none;
        const SaleRules rules;
        auto best = SeatChoice(k.flow.seatMap(), none, rules).best(2);
        QVERIFY(best);
        const QList<int> taken = best.value();
        QVERIFY(db.run(
            QStringLiteral(
                "BEGIN; ALTER TABLE showtime_seat DISABLE TRIGGER showtime_seat_notify; "
                "UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 AND seat_id IN (%2); "
                "ALTER TABLE showtime_seat ENABLE TRIGGER showtime_seat_notify; COMMIT")
                .arg(showtime)
                .arg(joined(taken))));
        CHECKED(click(k, QStringLiteral("ticketsNext")));
        QPushButton* take = k.button(QStringLiteral("takeSuggestion"));
        QTRY_VERIFY_WITH_TIMEOUT(take->isVisible(), dbTimeoutMs);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Seats);
        QVERIFY(labelText(k, QStringLiteral("seatsMessage")).contains(QLatin1String("someone else")));
        QCOMPARE(heldCount(db), QStringLiteral("0")); // all or nothing
        CHECKED(click(k, QStringLiteral("takeSuggestion")));
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("2"), dbTimeoutMs);
        for (int seat : k.flow.heldSeats())
            QVERIFY(!taken.contains(seat));
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("seatsNext"))->isEnabled(), dbTimeoutMs);
        // Back gives them up again.
        CHECKED(press(Qt::Key_Escape));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Tickets);
        QTRY_COMPARE_WITH_TIMEOUT(heldCount(db), QStringLiteral("0"), dbTimeoutMs);
    }

    /// No way out but staff's: a close request is refused; the chord or a long press in the corner
    /// opens the PIN screen; a wrong PIN does not close, the right one does.
    void onlyStaffWithThePinCloseTheKiosk()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        KioskRig k(db, folder(QStringLiteral("staff")), folder(QStringLiteral("staff.key")), testSettings());
        k.window.setStaffPinCheck([](const QString& pin) { return pin == QLatin1String("4321"); });
        QSignalSpy exits(&k.window, &KioskWindow::staffExit);
        CHECKED(startKiosk(k));
        QVERIFY(!k.window.close());
        QVERIFY(k.window.isVisible());
        QCOMPARE(k.window.contextMenuPolicy(), Qt::NoContextMenu);

        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F12,
                        Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Staff);
        // Opening the staff screen ends the sale and starts over in Korean; the texts below are
        // read in English.
        k.window.setLanguage(QStringLiteral("en"));
        auto* pin = k.window.findChild<QLineEdit*>(QStringLiteral("staffPin"));
        QVERIFY(pin);
        QCOMPARE(QApplication::focusWidget(), pin);
        QCOMPARE(pin->echoMode(), QLineEdit::Password);
        QTest::keyClicks(pin, QStringLiteral("1111"));
        QTest::keyClick(pin, Qt::Key_Return);
        QVERIFY(exits.isEmpty());
        QVERIFY(labelText(k, QStringLiteral("staffText")).contains(QLatin1String("Wrong PIN")));
        CHECKED(press(Qt::Key_Escape));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Attract);

        // The long press in the top-left corner.
        QTest::mousePress(&k.window, Qt::LeftButton, {}, QPoint(20, 20));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Staff, 5000);
        QTest::mouseRelease(&k.window, Qt::LeftButton, {}, QPoint(20, 20));
        QTest::keyClicks(pin, QStringLiteral("4321"));
        CHECKED(click(k, QStringLiteral("staffConfirm")));
        QCOMPARE(exits.size(), 1);
        QVERIFY(k.window.close());
    }

    /// With staff in the database the staff exit takes a supervisor's number and PIN
    /// (docs/KIOSK.md, "Staff exit"): no names listed, a cashier's right PIN is not enough, the
    /// kiosk's own PIN is not asked.
    void aSupervisorsNumberAndPinCloseTheKioskWhenThereIsStaff()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        int cashier = 0;
        int supervisor = 0;
        {
            auto manager = db.connectAsManager();
            QVERIFY(manager);
            StaffStore store(*manager);
            auto added =
                store.addStaff(QStringLiteral("Mina Park"), StaffRole::Cashier, QStringLiteral("482913"));
            QVERIFY(added);
            cashier = added.value();
            added =
                store.addStaff(QStringLiteral("Joon Lee"), StaffRole::Supervisor, QStringLiteral("730155"));
            QVERIFY(added);
            supervisor = added.value();
        }
        KioskRig k(db, folder(QStringLiteral("staff2")), folder(QStringLiteral("staff2.key")),
                   testSettings());
        k.window.setStaffPinCheck([](const QString& pin) { return pin == QLatin1String("4321"); });
        PgStaffSession session(db.kioskSettings(), QStringLiteral("kiosk-1"), QUuid::createUuid());
        k.window.setStaffSession(&session);
        QSignalSpy exits(&k.window, &KioskWindow::staffExit);
        CHECKED(startKiosk(k));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F12,
                        Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Staff);
        k.window.setLanguage(QStringLiteral("en"));
        StaffSignInWidget* signIn = k.window.staffSignIn();
        QTRY_VERIFY_WITH_TIMEOUT(signIn->isVisible(), dbTimeoutMs);
        QVERIFY(!k.window.findChild<QLineEdit*>(QStringLiteral("staffPin"))->isVisible());
        QVERIFY(!k.window.findChild<QPushButton*>(QStringLiteral("staffButton%1").arg(cashier))->isVisible());
        auto* number = signIn->findChild<QLineEdit*>(QStringLiteral("staffNumber"));
        auto* pin = signIn->findChild<QLineEdit*>(QStringLiteral("pinField"));

        number->setText(QString::number(cashier));
        QTest::keyClicks(pin, QStringLiteral("482913"));
        QTest::keyClick(pin, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(signIn->messageText(),
                                  QStringLiteral("Mina Park is a cashier: this needs a supervisor."),
                                  dbTimeoutMs);
        QVERIFY(exits.isEmpty());

        number->setText(QString::number(supervisor));
        QTest::keyClicks(pin, QStringLiteral("730155"));
        QTest::keyClick(pin, Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(exits.size(), 1, dbTimeoutMs);
        QVERIFY(k.window.close());
    }
};

QTEST_MAIN(TstKioskPaths)
#include "tst_kioskpaths.moc"
