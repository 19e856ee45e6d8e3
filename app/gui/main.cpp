// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>
#include <cstdlib>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <spdlog/spdlog.h>

#include "app/common/databasesetup.h"
#include "app/common/logging.h"
#include "app/common/terminalidentity.h"
#include "app/payments/cardservice.h"
#ifdef BOXOFFICE_HAVE_TICKETS
#include "app/tickets/tillprinter.h"
#include "db/ticketstore.h"
#endif
#include "boxoffice/version.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/paymentintentstore.h"
#include "db/pgterminalbackend.h"
#include "db/seatstore.h"
#include "model/backgroundreconciler.h"
#include "model/expiryreleaser.h"
#include "model/paymentdesk.h"
#include "model/paymentrecordsservice.h"
#include "model/saleflow.h"
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
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("db"),
         QCoreApplication::translate(
             "bo::CounterMain", "libpq connection string or URI (else $BOXOFFICE_DB, else the settings)."),
         QCoreApplication::translate("bo::CounterMain", "conninfo")},
        {QStringLiteral("demo"),
         QCoreApplication::translate("bo::CounterMain",
                                     "Use the private demo database (the default when none is configured).")},
        {QStringLiteral("gateway"),
         QCoreApplication::translate("bo::CounterMain",
                                     "The card payment service's URL (else $BOXOFFICE_GATEWAY, else the "
                                     "settings; the demo starts its own simulator)."),
         QStringLiteral("url")},
        {QStringLiteral("terminal"), QCoreApplication::translate("bo::CounterMain", "This terminal's name."),
         QCoreApplication::translate("bo::CounterMain", "name")},
        {QStringLiteral("lang"), QCoreApplication::translate("bo::CounterMain", "Language: en or ko."),
         QCoreApplication::translate("bo::CounterMain", "code")},
        {QStringLiteral("verbose"),
         QCoreApplication::translate("bo::CounterMain", "Log details to the console.")},
        {QStringLiteral("quit-after"),
         QCoreApplication::translate(
             "bo::CounterMain",
             "Smoke test: quit after this many ms; exit 0 only if the board loaded online."),
         QCoreApplication::translate("bo::CounterMain", "ms")},
    });
    parser.process(app);
    bo::setupLogging(QStringLiteral("boxoffice"), parser.isSet(QStringLiteral("verbose")), false);

    bo::DatabaseChoice choice{parser.value(QStringLiteral("db")), parser.isSet(QStringLiteral("demo"))};
    const bool configured = !choice.conninfo.isEmpty() || !qEnvironmentVariable("BOXOFFICE_DB").isEmpty() ||
                            QSettings().contains(QStringLiteral("database/conninfo"));
    if (!configured)
        choice.demo = true;
    // Start-up, before any window: find (or start, for the demo) the database and check its schema.
    auto settings = bo::resolveDatabase(choice);
    if (settings) {
        auto connection = bo::DbConnection::open(settings.value(), QStringLiteral("startup"));
        if (!connection) {
            settings = connection.error();
        } else {
            bo::Migrator migrator(*connection.value());
            if (bo::Status compatible = migrator.checkCompatible(); !compatible)
                settings = compatible.error();
        }
    }
    if (!settings) {
        spdlog::error("cannot start: {} ({})", settings.error().message.toStdString(),
                      settings.error().detail.toStdString());
        QMessageBox::critical(nullptr, QCoreApplication::translate("bo::CounterMain", "Box office"),
                              settings.error().message);
        return 1;
    }
    QSettings preferences;
    auto identity = bo::claimTerminalIdentity(
        preferences, QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation),
        parser.isSet(QStringLiteral("terminal")) ? parser.value(QStringLiteral("terminal")) : QString());
    if (!identity) {
        spdlog::error("cannot start: {}", identity.error().message.toStdString());
        QMessageBox::critical(nullptr, QCoreApplication::translate("bo::CounterMain", "Box office"),
                              identity.error().message);
        return 2;
    }
    const QString terminal = identity.value().name;
    const QUuid terminalId = identity.value().id;
    spdlog::info("terminal {} starting on {}", terminal.toStdString(),
                 settings.value().describe().toStdString());

    // Card payments (docs/PAYMENTS.md): the configured gateway, or the demo's own simulator.
    auto cardConfig = bo::CardServiceConfig::read(preferences, parser.value(QStringLiteral("gateway")));
    auto cards = cardConfig ? bo::CardService::open(cardConfig.value(), choice.demo, bo::demoClusterFolder(),
                                                    bo::CardService::simulatorBesideApplication())
                            : bo::Result<std::unique_ptr<bo::CardService>>(cardConfig.error());
    if (!cards) {
        spdlog::error("cannot start: {}", cards.error().message.toStdString());
        QMessageBox::critical(nullptr, QCoreApplication::translate("bo::CounterMain", "Box office"),
                              cards.error().message);
        return 2;
    }
    bo::CardService& cardService = *cards.value();
    spdlog::info("card payments: {}", cardService.describe().toStdString());

    bo::PgTerminalBackend backend(settings.value());
    // A counter till: its sales join a showtime's admission queue as tills, admitted at once
    // (docs/DECISIONS.md, "Counter tills join the line"). A kiosk's composition root leaves it off.
    backend.setCounterTill(true);
    // Every payment goes through a durable intent on the desk's own thread and connection; the
    // reconciler finishes whatever a crash or a lost connection left (this till's first).
    bo::PaymentDesk desk(bo::PaymentIntentStore::factory(settings.value(), QStringLiteral("payments")),
                         bo::SeatStore::factory(settings.value(), QStringLiteral("payments")),
                         cardService.factory(), cardService.acceptsCards(), cardService.timings());
    bo::BackgroundReconciler::Options reconcile;
    reconcile.terminal = terminal;
    bo::BackgroundReconciler reconciler(
        bo::PaymentIntentStore::factory(settings.value(), QStringLiteral("reconciler")),
        bo::SeatStore::factory(settings.value(), QStringLiteral("reconciler")), cardService.factory(),
        reconcile);
    bo::SaleFlow flow(&backend, &desk, terminal);
    flow.setTerminalId(terminalId);
    bo::ExpiryReleaser releaser(bo::SeatStore::factory(settings.value(), QStringLiteral("releaser")), {});
    // The title bar shows the terminal's name and the start of its permanent id.
    bo::CounterWindow window(
        &backend, &flow,
        QStringLiteral("%1 · %2").arg(terminal, terminalId.toString(QUuid::WithoutBraces).left(8)));
    QString language = parser.value(QStringLiteral("lang"));
    if (language.isEmpty())
        language =
            QSettings().value(QStringLiteral("ui/language"), QLocale::system().name().left(2)).toString();
    window.setLanguage(language);
    if (cardService.simulator())
        window.setCardSimulator(cardService.simulator());
    // Payments → Unresolved payments… (Ctrl+U): the money in doubt and a reconciler pass by hand,
    // on a thread and connections of its own, by the background reconciler's rules. When another
    // reconciler leads (often this till's own), that one is asked for its pass now.
    bo::PaymentRecordsService paymentRecords(
        bo::PaymentIntentStore::factory(settings.value(), QStringLiteral("payment-records")),
        bo::SeatStore::factory(settings.value(), QStringLiteral("payment-records")), cardService.factory(),
        reconcile);
    QObject::connect(&paymentRecords, &bo::PaymentRecords::checkFinished, &reconciler,
                     [&reconciler](int, const bo::PaymentCheck& check) {
                         if (!check.othersChecked)
                             reconciler.reconcileNow();
                     });
    window.setPaymentRecords(&paymentRecords);
#ifdef BOXOFFICE_HAVE_TICKETS
    // Tickets (docs/DECISIONS.md, "Print on confirm"): this till's own key in its data folder,
    // PDF files in the demo and where no printer is configured. The demo approves the till's key
    // with its owner login; elsewhere a manager does (boxoffice-admin ticket-keys --approve).
    std::unique_ptr<bo::TillTicketPrinter> printing;
    if (auto output = bo::TicketOutput::read(preferences, choice.demo); !output) {
        spdlog::warn("no ticket printing: {}", output.error().message.toStdString());
    } else {
        bo::TillPrintSetup setup;
        setup.database = settings.value();
        // One key file per login (a machine may serve more than one).
        QString login = settings.value().value(QStringLiteral("user"));
        login.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
        setup.keyFile = QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
                            .filePath(QStringLiteral("ticket-key-%1.bin")
                                          .arg(login.isEmpty() ? QStringLiteral("default") : login));
        setup.terminalId = terminalId;
        setup.terminal = terminal;
        setup.output = output.value();
        if (choice.demo) {
            setup.approve = [choice](quint16 keyId) -> bo::Status {
                bo::DatabaseChoice ownerChoice = choice;
                ownerChoice.owner = true;
                auto owner = bo::resolveDatabase(ownerChoice);
                if (!owner)
                    return owner.error();
                auto connection =
                    bo::DbConnection::open(owner.value(), QStringLiteral("ticket-key-approval"));
                if (!connection)
                    return connection.error();
                bo::TicketStore store(*connection.value());
                return store.approveTillKey(keyId);
            };
        }
        printing = std::make_unique<bo::TillTicketPrinter>(std::move(setup), &preferences);
        spdlog::info("tickets: {}", printing->describeOutput().toStdString());
        window.setTicketPrinting(printing.get());
    }
#endif
    backend.start();
    releaser.start();
    reconciler.start();
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
    reconciler.stop();
    releaser.stop();
    backend.stop();
    return rc;
#endif
}
