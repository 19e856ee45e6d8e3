// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>
#include <cstdlib>

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>
#include <QUuid>

#include <spdlog/spdlog.h>

#include "app/common/logging.h"
#include "app/common/terminalstack.h"
#include "app/counter/pgmanagerscreens.h"
#include "boxoffice/version.h"
#include "db/pghelpdesk.h"
#include "db/pgstaffsession.h"
#include "db/pgterminalbackend.h"
#include "db/pgtilldesk.h"
#include "model/help/helpcallboard.h"
#include "model/payments/threadedpaymentrecords.h"
#include "model/sale/saleflow.h"
#include "ui/counter/counterwindow.h"
#include "ui/counter/showtimeboard.h"

int main(int argc, char* argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    QApplication::setApplicationDisplayName(QCoreApplication::translate("bo::CounterMain", "Box office"));
    // The installed desktop entry and icon (packaging/linux): the shell matches the window to them.
    QApplication::setDesktopFileName(QStringLiteral("org.boxoffice.Counter"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.boxoffice.Counter")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("bo::CounterMain", "Cinema box office: the counter application."));
    bo::addTerminalOptions(parser, "bo::CounterMain");
    parser.process(app);
    bo::setupLogging(QStringLiteral("boxoffice"), parser.isSet(QStringLiteral("verbose")), false);

    // Start-up, before any window: the database, the identity, the card service and the workers,
    // wired as every selling shell has them (app/common/terminalstack.h). A counter till joins the
    // admission queue as a till (docs/DECISIONS.md, "Counter tills join the line").
    QSettings preferences;
    bo::TerminalStack::Failure failure;
    auto stack = bo::TerminalStack::open(parser, preferences, {true, QString()}, &failure);
    if (!stack) {
        // A smoke test (--quit-after) has nobody to close a dialog: the log says why.
        if (!parser.isSet(QStringLiteral("quit-after")))
            QMessageBox::critical(nullptr, QCoreApplication::translate("bo::CounterMain", "Box office"),
                                  failure.error.message);
        return failure.exitCode;
    }
    bo::PgTerminalBackend& backend = stack->backend();
    // The title bar shows the terminal's name and the start of its permanent id.
    bo::CounterWindow window(
        &backend, &stack->flow(),
        QStringLiteral("%1 · %2").arg(stack->terminal(),
                                      stack->terminalId().toString(QUuid::WithoutBraces).left(8)));
    QString language = parser.value(QStringLiteral("lang"));
    if (language.isEmpty())
        language =
            QSettings().value(QStringLiteral("ui/language"), QLocale::system().name().left(2)).toString();
    window.setLanguage(language);
    if (stack->cardSimulator())
        window.setCardSimulator(stack->cardSimulator());
    // Payments → Unresolved payments… (Ctrl+U): the money in doubt and a reconciler pass by hand.
    window.setPaymentRecords(&stack->paymentRecords());
    if (stack->ticketPrinting())
        window.setTicketPrinting(stack->ticketPrinting());
    // The kiosks' calls for help: a notice with "On my way" on this till's window.
    bo::PgHelpDesk helpDesk(stack->database());
    bo::HelpCallBoard helpCalls(&helpDesk, stack->terminal());
    helpDesk.start();
    window.setHelpCalls(&helpCalls);
    // Catalogue → Hall layouts… and Week planner…: a manager signs in on a connection of their
    // own to the same database (docs/DECISIONS.md, "Manager screens").
    bo::PgManagerScreens managerScreens(stack->database());
    window.setManagerScreens(&managerScreens);
    // The staff sign-in: with the till's permanent id, the one its sales carry, so that
    // the server stamps each sale with the member signed in here.
    bo::PgStaffSession staffSession(stack->database(), stack->terminal(), stack->terminalId());
    window.setStaffSession(&staffSession);
    // Till → shift, drawer, blind count and refunds, on a thread of their own.
    // The till's shift, drawer and refunds are plain statements: through the pooler when there is one.
    bo::PgTillDesk tillDesk(stack->statements(), stack->terminal(), stack->terminalId(),
                            stack->cardPayments());
    window.setTillDesk(&tillDesk, stack->terminal(), stack->terminalId());
    stack->start();
    window.show();
    if (parser.isSet(QStringLiteral("quit-after"))) {
        bool ok = false;
        const int quitAfter = parser.value(QStringLiteral("quit-after")).toInt(&ok);
        if (!ok || quitAfter < 0) {
            spdlog::error("--quit-after '{}' is not a number of milliseconds",
                          parser.value(QStringLiteral("quit-after")).toStdString());
            return 2;
        }
        QTimer::singleShot(quitAfter, &app, [&app, &backend, &window] {
            const bool loaded = backend.isOnline() && window.board()->rowCount() > 0;
            spdlog::info("smoke test: online {}, showtimes on the board {}", backend.isOnline(),
                         window.board()->rowCount());
            app.exit(loaded ? 0 : 1);
        });
    }
    const int rc = app.exec();
    QSettings().setValue(QStringLiteral("ui/language"), window.language());
#ifdef Q_OS_WIN
    // Windows: the process ends here without ending its worker threads. A thread that used a
    // QRegularExpression (the workers do, through their database connections) runs Qt Core's
    // thread_local JIT-stack destructor when it ends, and with MinGW's emulated TLS that
    // destructor reads memory already freed: the thread's teardown crashes (under wine the
    // process then hangs). Ending the process stops the threads without that teardown; the
    // server rolls back whatever their connections had open, as after a power cut.
    // docs/DECISIONS.md, "The counter ends without joining its threads on Windows".
    spdlog::shutdown();
    std::fflush(nullptr);
    std::_Exit(rc);
#else
    stack->stop();
    return rc;
#endif
}
