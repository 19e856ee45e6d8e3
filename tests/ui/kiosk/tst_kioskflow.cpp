// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QDir>
#include <QPushButton>
#include <QTemporaryDir>

#include "app/common/queuethread.h"
#include "app/tickets/tillprinter.h"
#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/ticketstore.h"
#include "model/saleflow.h"
#include "model/simulatedpayments.h"
#include "tests/support/checked.h"
#include "tests/support/countertill.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testpaymentdesk.h"
#include "ui/kiosk/kioskwindow.h"

using namespace bo;
using namespace bo::test;

namespace {

/// One kiosk on a test database, wired as app/kiosk/main.cpp wires it: its backend (not a counter
/// till: it waits its turn), a payment desk paying through the in-process card simulator, the
/// queue on its own thread, PDF printing with its own key.
struct KioskRig
{
    KioskRig(const TestDatabase& db, const QString& pdfFolder, const QString& keyFile, KioskSettings settings)
        : backend(db.settings())
        , desk(makeTestPaymentDesk(db.settings(), cardService))
        , flow(&backend, desk.get(), QStringLiteral("kiosk-1"))
        , window(&backend, &flow, settings)
    {
        cardService.setDelayMs(20);
        const QUuid terminalId = QUuid::createUuid();
        flow.setTerminalId(terminalId);
        Error error;
        queue = QueueThread::open(db.settings(), &backend, 200, &error);
        window.setAdmissionWatch(queue ? queue->watch() : nullptr);
        TillPrintSetup setup;
        setup.database = db.settings();
        setup.keyFile = keyFile;
        setup.terminalId = terminalId;
        setup.terminal = QStringLiteral("kiosk-1");
        setup.output = {TicketOutput::Kind::Pdf, pdfFolder};
        setup.locale = QLocale(QLocale::English);
        setup.approve = [manager = db.managerSettings()](quint16 keyId) -> Status {
            auto c = DbConnection::open(manager, QStringLiteral("test-approve"));
            if (!c)
                return c.error();
            TicketStore store(*c.value());
            return store.approveTillKey(keyId);
        };
        printing = std::make_unique<TillTicketPrinter>(std::move(setup), nullptr);
        window.setTicketPrinting(printing.get());
        window.setLanguage(QStringLiteral("en"));
    }
    ~KioskRig()
    {
        window.close();
        queue.reset();
        backend.stop();
    }
    KioskRig(const KioskRig&) = delete;
    KioskRig& operator=(const KioskRig&) = delete;

    [[nodiscard]] QPushButton* button(const QString& name) const
    {
        return window.findChild<QPushButton*>(name);
    }

    PgTerminalBackend backend;
    SimulatedPaymentService cardService;
    std::unique_ptr<PaymentDesk> desk;
    SaleFlow flow;
    KioskWindow window;
    std::unique_ptr<QueueThread> queue;
    std::unique_ptr<TillTicketPrinter> printing;
};

/// Short times: nothing in these tests waits for a customer.
KioskSettings testSettings()
{
    KioskSettings s;
    s.doneMs = 60000;
    return s;
}

void startKiosk(KioskRig& k)
{
    k.backend.start();
    k.window.resize(1080, 1920);
    k.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&k.window));
    k.window.activateWindow();
    QApplication::setActiveWindow(&k.window);
    QTRY_VERIFY_WITH_TIMEOUT(k.backend.isOnline(), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("start"))->isEnabled(), dbTimeoutMs);
    QCOMPARE(k.window.screen(), KioskWindow::Screen::Attract);
}

void click(KioskRig& k, const QString& name)
{
    QPushButton* b = k.button(name);
    QVERIFY2(b, qPrintable(name));
    QTRY_VERIFY2_WITH_TIMEOUT(b->isVisible() && b->isEnabled(), qPrintable(name), dbTimeoutMs);
    QVERIFY2(b->height() >= 48 && b->width() >= 48, qPrintable(name));
    QTest::mouseClick(b, Qt::LeftButton);
}

void press(Qt::Key key)
{
    QWidget* focus = QApplication::focusWidget();
    QVERIFY(focus);
    QTest::keyClick(focus, key);
}

QStringList pdfsIn(const QString& folder)
{
    return QDir(folder).entryList({QStringLiteral("*.pdf")}, QDir::Files);
}

} // namespace

/// The kiosk's sale (issue 14) on a real database: by touch and by keypad alone, each to a
/// CONFIRMED booking and its PDF ticket.
class TstKioskFlow final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

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
        CHECKED(startKiosk(k));
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
        CHECKED(click(k, QStringLiteral("seatsNext")));
        QCOMPARE(k.window.screen(), KioskWindow::Screen::Summary);
        CHECKED(click(k, QStringLiteral("pay")));
        CHECKED(checkBooked(db, k, folder, 2));
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
