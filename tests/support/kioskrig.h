// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QtTest>

#include <QDir>
#include <QPushButton>

#include "app/adapters/tickets/tillprinter.h"
#include "app/common/queuethread.h"
#include "db/announcer.h"
#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/ticketstore.h"
#include "model/payments/simulatedpayments.h"
#include "model/sale/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/countertill.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testthreadedsalepayments.h"
#include "ui/kiosk/kioskwindow.h"

/// A kiosk against a test database, as the kiosk tests drive it (tests/ui/kiosk).
namespace bo::test {

/// One kiosk on a test database, wired as app/kiosk/main.cpp wires it: its backend (not a counter
/// till: it waits its turn), a payment desk paying through the in-process card simulator, the
/// queue on its own thread, PDF printing with its own key.
struct KioskRig
{
    KioskRig(const TestDatabase& db, const QString& pdfFolder, const QString& keyFile, KioskSettings settings,
             const PaymentTimings& timings = {})
        : announcer(db.serviceSettings())
        , backend(db.kioskSettings())
        , desk(makeTestThreadedSalePayments(db.kioskSettings(), cardService, timings))
        , flow(&backend, desk.get(), QStringLiteral("kiosk-1"))
        , window(&backend, &flow, settings)
    {
        cardService.setDelayMs(20);
        const QUuid terminalId = QUuid::createUuid();
        flow.setTerminalId(terminalId);
        Error error;
        queue = QueueThread::open(db.kioskSettings(), &backend, 200, &error);
        window.setAdmissionWatch(queue ? queue->watch() : nullptr);
        TillPrintSetup setup;
        setup.database = db.kioskSettings();
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

    Announcer announcer; ///< the site's, as the payment service runs it: the kiosk only listens
    PgTerminalBackend backend;
    SimulatedPaymentService cardService;
    std::unique_ptr<ThreadedSalePayments> desk;
    SaleFlow flow;
    KioskWindow window;
    std::unique_ptr<QueueThread> queue;
    std::unique_ptr<TillTicketPrinter> printing;
};

/// Short times: nothing in these tests waits for a customer.
inline KioskSettings testSettings()
{
    KioskSettings s;
    s.doneMs = 60000;
    return s;
}

inline void startKiosk(KioskRig& k)
{
    k.announcer.start();
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

inline void click(KioskRig& k, const QString& name)
{
    QPushButton* b = k.button(name);
    QVERIFY2(b, qPrintable(name));
    QTRY_VERIFY2_WITH_TIMEOUT(b->isVisible() && b->isEnabled(), qPrintable(name), dbTimeoutMs);
    QVERIFY2(b->height() >= 48 && b->width() >= 48, qPrintable(name));
    QTest::mouseClick(b, Qt::LeftButton);
}

inline void press(Qt::Key key)
{
    QWidget* focus = QApplication::focusWidget();
    QVERIFY(focus);
    QTest::keyClick(focus, key);
}

/// By touch from the attract screen to the seats, `tickets` adults held (best available).
inline void touchToSeats(KioskRig& k, TestDatabase& db, int showtime, int tickets = 2)
{
    const QString movie =
        db.scalar(QStringLiteral("SELECT movie_id FROM showtime WHERE id = %1").arg(showtime));
    CHECKED(click(k, QStringLiteral("start")));
    CHECKED(click(k, QStringLiteral("film-") + movie));
    CHECKED(click(k, QStringLiteral("showtime-%1").arg(showtime)));
    QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Tickets, dbTimeoutMs);
    for (int n = 1; n < tickets; ++n)
        CHECKED(click(k, QStringLiteral("plus-adult")));
    QCOMPARE(k.window.ticketCount(), tickets);
    CHECKED(click(k, QStringLiteral("ticketsNext")));
    QTRY_COMPARE_WITH_TIMEOUT(k.window.screen(), KioskWindow::Screen::Seats, dbTimeoutMs);
    QTRY_COMPARE_WITH_TIMEOUT(k.flow.heldSeats().size(), qsizetype(tickets), dbTimeoutMs);
    QTRY_VERIFY_WITH_TIMEOUT(k.button(QStringLiteral("seatsNext"))->isEnabled(), dbTimeoutMs);
}

/// A hold token as the database's text.
inline QString ownerText(const QUuid& owner)
{
    return owner.toString(QUuid::WithoutBraces);
}

/// How many seats are held on the whole database.
inline QString heldCount(const TestDatabase& db)
{
    return db.scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'"));
}

inline QStringList pdfsIn(const QString& folder)
{
    return QDir(folder).entryList({QStringLiteral("*.pdf")}, QDir::Files);
}

} // namespace bo::test
