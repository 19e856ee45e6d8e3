// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QTemporaryDir>

#include "tests/support/kioskrig.h"

using namespace bo;
using namespace bo::test;

/// The kiosk's sale on a real database: by touch and by keypad alone, each to a
/// CONFIRMED booking and its PDF ticket.
class TstKioskFlow final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// With $BOXOFFICE_SNAPSHOT_DIR set, saves the window there (the README's screenshots: run
    /// under Xvfb at 1080×1920, docs/KIOSK.md).
    static void snapshot(QWidget& widget, const QString& name)
    {
        const QString dir = qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR");
        if (!dir.isEmpty())
            QVERIFY(widget.grab().save(dir + QLatin1Char('/') + name));
    }

    void checkBooked(const TestDatabase& db, KioskRig& k, const QString& folder, int tickets)
    {
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Done, dbTimeoutMs);
        const QString code = k.flow.lastBooking().code;
        QVERIFY(!code.isEmpty());
        QCOMPARE(db.scalar(QStringLiteral("SELECT status FROM booking WHERE code = '%1'").arg(code)),
                 QStringLiteral("CONFIRMED"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = "
                                          "bs.booking_id WHERE b.code = '%1'")
                               .arg(code)),
                 QString::number(tickets));
        QTRY_COMPARE_WITH_TIMEOUT(pdfsIn(folder).size(), 1, dbTimeoutMs);
        auto* text = k.window.findChild<QLabel*>(QStringLiteral("doneText"));
        QTRY_VERIFY2_WITH_TIMEOUT(text->text().contains(QLatin1String("take your tickets")),
                                  qPrintable(text->text()), dbTimeoutMs);
        // The booking code stays on the done screen with the printed tickets.
        QVERIFY2(text->text().contains(code), qPrintable(text->text()));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("0"));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    /// Touch: start, film, time, two adults, the best seats as chosen, summary, card, ticket.
    void aPurchaseByTouch()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString folder = m_dir.filePath(QStringLiteral("touch"));
        KioskRig k(db, folder, m_dir.filePath(QStringLiteral("touch.key")), testSettings());
        QVERIFY(k.queue);
        const bool snapshots = !qEnvironmentVariable("BOXOFFICE_SNAPSHOT_DIR").isEmpty();
        if (snapshots)
            k.cardService.setDelayMs(1500); // time to see the payment screen
        CHECKED(startKiosk(k));
        CHECKED(snapshot(k.window, QStringLiteral("kiosk-attract.png")));
        const QString movie =
            db.scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime));
        CHECKED(click(k, QStringLiteral("start")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        CHECKED(click(k, QStringLiteral("film-") + movie));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Showtimes);
        CHECKED(click(k, QStringLiteral("showtime-%1").arg(showtime)));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
        CHECKED(click(k, QStringLiteral("plus-adult")));
        QCOMPARE(k.window.ticketCount(), 2);
        CHECKED(click(k, QStringLiteral("ticketsNext")));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Seats, dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(k.flow.heldSeats().size(), 2, dbTimeoutMs);
        QCOMPARE(heldSeats(db, showtime, k.flow.holdToken()), joined(k.flow.heldSeats()));
        QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("seatsNext"))->isEnabled(), dbTimeoutMs);
        CHECKED(snapshot(k.window, QStringLiteral("kiosk-seats.png")));
        CHECKED(click(k, QStringLiteral("seatsNext")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Summary);
        QElapsedTimer sinceOk;
        sinceOk.start();
        CHECKED(click(k, QStringLiteral("pay")));
        if (snapshots) {
            QTRY_COMPARE_WITH_TIMEOUT(k.flow.state(), SaleFlow::State::Confirming, dbTimeoutMs);
            QTest::qWait(300);
            CHECKED(snapshot(k.window, QStringLiteral("kiosk-payment.png")));
        }
        CHECKED(checkBooked(db, k, folder, 2));
        // The wait a customer sees: OK on the summary to the done screen with the ticket printed.
        qInfo("summary OK to done (ticket printed): %lld ms", sinceOk.elapsed());
        CHECKED(snapshot(k.window, QStringLiteral("kiosk-done.png")));
    }

    /// The keypad alone: arrows, OK (Enter) — no touch.
    void aPurchaseByKeypadOnly()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = addTodaysShowtime(db);
        QVERIFY(showtime > 0);
        const QString folder = m_dir.filePath(QStringLiteral("keypad"));
        KioskRig k(db, folder, m_dir.filePath(QStringLiteral("keypad.key")), testSettings());
        CHECKED(startKiosk(k));
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("start")));
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Films);
        CHECKED(press(Qt::Key_Enter)); // the first (only) film
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Showtimes);
        CHECKED(press(Qt::Key_Return)); // the first time
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("plus-adult")));
        CHECKED(press(Qt::Key_Return)); // two adults
        QCOMPARE(k.window.ticketCount(), 2);
        // Down through the rows to "Continue": a bounded walk in reading order.
        for (int i = 0; i < 20 && QApplication::focusWidget() != k.button(QStringLiteral("ticketsNext")); ++i)
            CHECKED(press(Qt::Key_Down));
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("ticketsNext")));
        CHECKED(press(Qt::Key_Return));
        QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Seats, dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(QApplication::focusWidget(), k.button(QStringLiteral("seatsNext")),
                                  dbTimeoutMs);
        CHECKED(press(Qt::Key_Return));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Summary);
        QCOMPARE(QApplication::focusWidget(), k.button(QStringLiteral("pay")));
        CHECKED(press(Qt::Key_Return));
        CHECKED(checkBooked(db, k, folder, 2));
    }
};

QTEST_MAIN(TstKioskFlow)
#include "tst_kioskflow.moc"
