// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/terminalstack.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

#include <spdlog/spdlog.h>

#include "app/adapters/payments/cardservice.h"
#include "app/adapters/payments/remotecardpayments.h"
#include "app/common/siteleads.h"
#ifdef BOXOFFICE_HAVE_TICKETS
#include "app/adapters/tickets/tillprinter.h"
#include "db/ticketstore.h"
#endif
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/paymentintentstore.h"
#include "db/pgterminalbackend.h"
#include "db/seatstore.h"
#include "model/payments/backgroundreconciler.h"
#include "model/payments/cardpayments.h"
#include "model/payments/threadedpaymentrecords.h"
#include "model/payments/threadedsalepayments.h"
#include "model/sale/saleflow.h"

namespace bo {

void addTerminalOptions(QCommandLineParser& parser, const char* context)
{
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("db"),
         QCoreApplication::translate(
             context, "libpq connection string or URI (else $BOXOFFICE_DB, else the settings)."),
         QCoreApplication::translate(context, "conninfo")},
        {QStringLiteral("db-pool"),
         QCoreApplication::translate(context,
                                     "A connection pooler (pgbouncer, transaction mode) for everything but "
                                     "the live seat map (else $BOXOFFICE_DB_POOL, else the settings)."),
         QCoreApplication::translate(context, "conninfo")},
        {QStringLiteral("demo"),
         QCoreApplication::translate(context,
                                     "Use the private demo database (the default when none is configured).")},
        {QStringLiteral("gateway"),
         QCoreApplication::translate(context,
                                     "The card payment service's URL (else $BOXOFFICE_GATEWAY, else the "
                                     "settings; the demo starts its own simulator)."),
         QStringLiteral("url")},
        {QStringLiteral("payment-service"),
         QCoreApplication::translate(context,
                                     "boxoffice-service's URL, which charges cards for this terminal (else "
                                     "$BOXOFFICE_PAYMENT_SERVICE, else the settings' payments/service_url)."),
         QStringLiteral("url")},
        {QStringLiteral("terminal"), QCoreApplication::translate(context, "This terminal's name."),
         QCoreApplication::translate(context, "name")},
        {QStringLiteral("lang"), QCoreApplication::translate(context, "Language: en or ko."),
         QCoreApplication::translate(context, "code")},
        {QStringLiteral("verbose"), QCoreApplication::translate(context, "Log details to the console.")},
        {QStringLiteral("quit-after"),
         QCoreApplication::translate(
             context, "Smoke test: quit after this many ms; exit 0 only if the board loaded online."),
         QCoreApplication::translate(context, "ms")},
    });
}

namespace {

/// The settings for the terminal's statements: through the pooler named by --db-pool,
/// $BOXOFFICE_DB_POOL or the settings' database/pool, with the terminal's own login; the direct
/// settings when none is named (and always in the demo). The pooler is tried once here, so a
/// wrong one stops the start with its reason instead of the first sale.
Result<ConnectionSettings> poolerSettings(const QCommandLineParser& parser, QSettings& preferences,
                                          const ConnectionSettings& direct, bool demo)
{
    QString conninfo = parser.value(QStringLiteral("db-pool"));
    if (conninfo.isEmpty())
        conninfo = qEnvironmentVariable("BOXOFFICE_DB_POOL");
    if (conninfo.isEmpty())
        conninfo = preferences.value(QStringLiteral("database/pool")).toString();
    if (conninfo.isEmpty() || demo)
        return direct;
    auto pooler = ConnectionSettings::parse(conninfo);
    if (!pooler)
        return pooler.error();
    const ConnectionSettings through = direct.throughPooler(pooler.value());
    auto connection = DbConnection::open(through, QStringLiteral("startup-pool"));
    if (!connection)
        return connection.error();
    if (auto probe = connection.value()->exec(QStringLiteral("SELECT 1")); !probe)
        return probe.error();
    spdlog::info("statements through the pooler at {}", through.describe().toStdString());
    return through;
}

} // namespace

TerminalStack::~TerminalStack()
{
    stop();
}

Result<CardPaymentsFactory> TerminalStack::cardPaymentsFor(const QCommandLineParser& parser,
                                                           const QSettings& preferences,
                                                           const DatabaseChoice& choice,
                                                           CardService& cardService)
{
    QString url = parser.isSet(QStringLiteral("payment-service"))
                      ? parser.value(QStringLiteral("payment-service"))
                      : QString();
    if (url.isEmpty())
        url = qEnvironmentVariable("BOXOFFICE_PAYMENT_SERVICE");
    if (url.isEmpty())
        url = preferences.value(QStringLiteral("payments/service_url")).toString();
    if (!url.trimmed().isEmpty()) {
        const QUrl service(url.trimmed());
        if (!service.isValid() ||
            (service.scheme() != QLatin1String("http") && service.scheme() != QLatin1String("https")))
            return makeError(ErrorCode::BadInput,
                             QCoreApplication::translate(
                                 "bo::TerminalStack", "The payment service URL '%1' is not an http(s) URL.")
                                 .arg(url));
        return RemoteCardPayments::factory(service);
    }
    if (!cardService.acceptsCards())
        return CardPaymentsFactory(); // cash only
    if (!choice.demo)
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate(
                             "bo::TerminalStack",
                             "Card payments go through the payment service: set payments/service_url (or "
                             "--payment-service URL) to boxoffice-service's address (docs/PAYMENTS.md)."));
    DatabaseChoice service = choice;
    service.kind = LoginRole::Service;
    auto login = resolveDatabase(service);
    if (!login)
        return login.error();
    // The demo starts boxoffice-service beside its simulator, as a site runs it; where it cannot
    // (Windows has no Qt HttpServer), the service's rules run in this process on its login.
    if (std::optional<QUrl> url =
            cardService.startPaymentService(login.value().toConninfo(), demoClusterFolder())) {
        spdlog::info("card payments through the demo's payment service {}", url->toString().toStdString());
        return RemoteCardPayments::factory(*url);
    }
    return LocalCardPayments::factory(PaymentIntentStore::factory(login.value(), QStringLiteral("service")),
                                      cardService.factory());
}

CardPaymentsFactory TerminalStack::cardPayments() const
{
    return m_cardPayments;
}

CardSimulator* TerminalStack::cardSimulator() const
{
    return m_cards ? m_cards->simulator() : nullptr;
}

std::unique_ptr<TerminalStack> TerminalStack::open(const QCommandLineParser& parser, QSettings& preferences,
                                                   const Setup& setup, Failure* failure)
{
    auto stack = std::make_unique<TerminalStack>();
    const auto fail = [&](const Error& error, int exitCode) {
        spdlog::error("cannot start: {} ({})", error.message.toStdString(), error.detail.toStdString());
        if (failure)
            *failure = Failure{error, exitCode};
        return std::unique_ptr<TerminalStack>();
    };

    DatabaseChoice& choice = stack->m_choice;
    choice = DatabaseChoice{parser.value(QStringLiteral("db")), parser.isSet(QStringLiteral("demo"))};
    // The demo hands a counter a till's login and a kiosk a kiosk's (docs/SECURITY.md).
    choice.kind = setup.counterTill ? LoginRole::Till : LoginRole::Kiosk;
    const bool configured = !choice.conninfo.isEmpty() || !qEnvironmentVariable("BOXOFFICE_DB").isEmpty() ||
                            preferences.contains(QStringLiteral("database/conninfo"));
    if (!configured)
        choice.demo = true;
    // Before any window: find (or start, for the demo) the database and check its schema.
    auto settings = resolveDatabase(choice);
    if (settings) {
        auto connection = DbConnection::open(settings.value(), QStringLiteral("startup"));
        if (!connection) {
            settings = connection.error();
        } else {
            Migrator migrator(*connection.value());
            if (Status compatible = migrator.checkCompatible(); !compatible)
                settings = compatible.error();
        }
    }
    if (!settings)
        return fail(settings.error(), 1);
    stack->m_database = settings.value();

    const QString requested = parser.isSet(QStringLiteral("terminal"))
                                  ? parser.value(QStringLiteral("terminal"))
                                  : setup.defaultTerminal;
    auto identity = claimTerminalIdentity(
        preferences, QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation), requested);
    if (!identity)
        return fail(identity.error(), 2);
    stack->m_identity = std::move(identity.value());
    const QString& terminal = stack->m_identity.name;
    spdlog::info("terminal {} starting on {}", terminal.toStdString(),
                 stack->m_database.describe().toStdString());

    // Card payments (docs/PAYMENTS.md): the configured gateway, or the demo's own simulator.
    auto cardConfig = CardServiceConfig::read(preferences, parser.value(QStringLiteral("gateway")));
    auto cards = cardConfig ? CardService::open(cardConfig.value(), choice.demo, demoClusterFolder(),
                                                CardService::simulatorBesideApplication())
                            : Result<std::unique_ptr<CardService>>(cardConfig.error());
    if (!cards)
        return fail(cards.error(), 2);
    stack->m_cards = std::move(cards.value());
    CardService& cardService = *stack->m_cards;
    spdlog::info("card payments: {}", cardService.describe().toStdString());
    // Only the payment service records what a card's gateway answered (migration 0044,
    // docs/SECURITY.md): a terminal asks boxoffice-service (payments/service_url); the demo runs
    // the service's rules in this process on the demo's own service login.
    auto cardPayments = cardPaymentsFor(parser, preferences, choice, cardService);
    if (!cardPayments)
        return fail(cardPayments.error(), 2);
    stack->m_cardPayments = cardPayments.value();

    const ConnectionSettings& db = stack->m_database;
    // A chain's terminals (docs/DECISIONS.md, "500 terminals: a pooler for the statements, a
    // session for LISTEN"): the live seat map (LISTEN) keeps a session of its own, the announcer
    // and the reconciler one while they lead (a session's advisory lock); everything else may go
    // through a pooler.
    auto pooled = poolerSettings(parser, preferences, db, choice.demo);
    if (!pooled)
        return fail(pooled.error(), 2);
    stack->m_statements = pooled.value();
    const ConnectionSettings& statements = stack->m_statements;
    stack->m_backend = std::make_unique<PgTerminalBackend>(db);
    // Every payment goes through a durable intent on the desk's own thread and connection; the
    // reconciler finishes whatever a crash or a lost connection left (this terminal's first).
    stack->m_desk = std::make_unique<ThreadedSalePayments>(
        PaymentIntentStore::factory(statements, QStringLiteral("payments")),
        SeatStore::factory(statements, QStringLiteral("payments")), cardPayments.value(),
        static_cast<bool>(cardPayments.value()), cardService.timings());
    BackgroundReconciler::Options reconcile;
    reconcile.terminal = terminal;
    // (everyTerminal stays off: the payment service's reconciler settles the other terminals'
    // payments; docs/SECURITY.md, finding 6.)
    stack->m_reconciler = std::make_unique<BackgroundReconciler>(
        PaymentIntentStore::factory(statements, db, QStringLiteral("reconciler")),
        SeatStore::factory(statements, QStringLiteral("reconciler")), cardPayments.value(), reconcile);
    stack->m_flow = std::make_unique<SaleFlow>(stack->m_backend.get(), stack->m_desk.get(), terminal);
    stack->m_flow->setTerminalId(stack->m_identity.id);
    // A counter till's sales join a showtime's admission queue as tills, admitted at once
    // (docs/DECISIONS.md, "Counter tills join the line"); a kiosk's wait their turn. Never a
    // default, so that no self-service terminal skips the line by omission.
    stack->m_flow->setJoinsQueueAsTill(setup.counterTill);
    // The site's leads (announcer, releaser, every terminal's payments in doubt) run only on the
    // payment service's login (docs/SECURITY.md): at a cinema in boxoffice-service; the demo, which
    // owns its database, runs them here on its service login as well (beside the demo's service
    // process where there is one: one of them leads).
    if (choice.demo) {
        DatabaseChoice service = choice;
        service.kind = LoginRole::Service;
        auto login = resolveDatabase(service);
        if (!login)
            return fail(login.error(), 1);
        stack->m_leads = std::make_unique<SiteLeads>(login.value(), cardService.factory());
    }
    // The money in doubt and a reconciler pass by hand, on a thread and connections of their own,
    // by the background reconciler's rules: this terminal's own payments; the rest are the
    // payment service's.
    stack->m_records = std::make_unique<ThreadedPaymentRecords>(
        PaymentIntentStore::factory(statements, db, QStringLiteral("payment-records")),
        SeatStore::factory(statements, QStringLiteral("payment-records")), cardPayments.value(), reconcile);
#ifdef BOXOFFICE_HAVE_TICKETS
    // Tickets (docs/DECISIONS.md, "Print on confirm"): this terminal's own key in its data folder,
    // PDF files in the demo and where no printer is configured. The demo approves the key with its
    // owner login; elsewhere a manager does (boxoffice-admin ticket-keys --approve).
    if (auto output = TicketOutput::read(preferences, choice.demo); !output) {
        spdlog::warn("no ticket printing: {}", output.error().message.toStdString());
    } else {
        TillPrintSetup print;
        print.database = statements;
        // One key file per login (a machine may serve more than one).
        QString login = db.value(QStringLiteral("user"));
        login.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_-]")), QStringLiteral("_"));
        print.keyFile = QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
                            .filePath(QStringLiteral("ticket-key-%1.bin")
                                          .arg(login.isEmpty() ? QStringLiteral("default") : login));
        print.terminalId = stack->m_identity.id;
        print.terminal = terminal;
        print.output = output.value();
        if (choice.demo) {
            print.approve = [choice](quint16 keyId) -> Status {
                DatabaseChoice ownerChoice = choice;
                ownerChoice.owner = true;
                auto owner = resolveDatabase(ownerChoice);
                if (!owner)
                    return owner.error();
                auto connection = DbConnection::open(owner.value(), QStringLiteral("ticket-key-approval"));
                if (!connection)
                    return connection.error();
                TicketStore store(*connection.value());
                return store.approveTillKey(keyId);
            };
        }
        auto printing = std::make_unique<TillTicketPrinter>(std::move(print), &preferences);
        spdlog::info("tickets: {}", printing->describeOutput().toStdString());
        stack->m_printing = std::move(printing);
    }
#endif
    return stack;
}

void TerminalStack::start()
{
    if (m_leads)
        m_leads->start();
    m_backend->start();
    m_reconciler->start();
}

void TerminalStack::stop()
{
    if (m_reconciler)
        m_reconciler->stop();
    if (m_backend)
        m_backend->stop();
    if (m_leads)
        m_leads->stop();
}

} // namespace bo
