// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <optional>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QHostAddress>
#include <QSettings>
#include <QTcpServer>

#include <spdlog/spdlog.h>

#include "app/adapters/payments/cardservice.h"
#include "app/adapters/payments/httppaymentgateway.h"
#include "app/common/logging.h"
#include "app/common/loopbackdaemon.h"
#include "app/common/siteleads.h"
#include "app/service/cardserviceserver.h"
#include "db/paymentintentstore.h"

namespace {

using bo::LoopbackDaemon;

constexpr int defaultPort = 8790;
constexpr int maxWorkers = 64;

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QString description = QStringLiteral(
        "Box office payment service: the only program that calls the card gateway and records what it\n"
        "answered (docs/SECURITY.md, \"Who vouches for a card payment\"). Terminals take a one-time pass\n"
        "from the database and ask it over HTTP/JSON:\n\n"
        "  POST /v1/card/{authorise|lookup|capture|void}\n"
        "       {\"key\": UUID, \"pass\": UUID, \"timeout_ms\": 1..120000, \"abandon_unseen\": bool, "
        "\"why\": text}\n"
        "  GET  /health\n\n"
        "It also runs the site's background leads, which only its login may take: the announcer (seat\n"
        "maps change live on every terminal), the release of lapsed holds, and the reconciler of every\n"
        "terminal's payments in doubt. Run at least one per site; two or more elect one leader each.\n\n"
        "The database login (--db or $BOXOFFICE_SERVICE_DB, a libpq connection string) must be in role\n"
        "boxoffice_service; a password is better kept in $BOXOFFICE_SERVICE_DB or ~/.pgpass than on the\n"
        "command line, which other users of the machine can read. The gateway's URL comes from --gateway,\n"
        "$BOXOFFICE_GATEWAY or the settings' payments/gateway_url; its API key only from\n"
        "$BOXOFFICE_GATEWAY_KEY.\n\n"
        "Exit status: 0 stopped by SIGTERM or SIGINT, 2 bad input, 1 other failure (the port, the "
        "database).");
    QCommandLineParser parser;
    LoopbackDaemon::describe(parser, QStringLiteral("boxoffice-service"), description, defaultPort);
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("The database login of role boxoffice_service (default $BOXOFFICE_SERVICE_DB)."),
         QStringLiteral("conninfo")},
        {QStringLiteral("gateway"), QStringLiteral("The card gateway's URL (default $BOXOFFICE_GATEWAY)."),
         QStringLiteral("url")},
        {QStringLiteral("config"),
         QStringLiteral("An INI file with a [payments] section (terminal_id, ca_file, timeouts)."),
         QStringLiteral("path")},
        {QStringLiteral("workers"), QStringLiteral("Calls served at once (default 4)."), QStringLiteral("N")},
        LoopbackDaemon::parentPidOption(),
        {QStringLiteral("verbose"), QStringLiteral("Log details.")},
    });
    if (const std::optional<int> done = LoopbackDaemon::parseArguments(parser))
        return *done;

    const QHostAddress address = LoopbackDaemon::listenAddress(parser);
    if (address.isNull()) // only a given --listen can be wrong
        return LoopbackDaemon::badInput(QStringLiteral("--listen needs an IP address, not '%1'")
                                            .arg(parser.value(QStringLiteral("listen"))));
    const std::optional<int> port = LoopbackDaemon::port(parser, defaultPort);
    if (!port)
        return LoopbackDaemon::badInput(QStringLiteral("--port needs a number from 0 to 65535, not '%1'")
                                            .arg(parser.value(QStringLiteral("port"))));
    const std::optional<int> workerCount =
        LoopbackDaemon::number(parser, QStringLiteral("workers"), 4, 1, maxWorkers);
    if (!workerCount)
        return LoopbackDaemon::badInput(QStringLiteral("--workers needs a number from 1 to %1, not '%2'")
                                            .arg(maxWorkers)
                                            .arg(parser.value(QStringLiteral("workers"))));
    const int workers = *workerCount;
    const std::optional<qint64> parentPid = LoopbackDaemon::parentPid(parser);
    if (!parentPid)
        return LoopbackDaemon::badInput(QStringLiteral("--parent-pid needs a process id"));

    const QString conninfo = parser.isSet(QStringLiteral("db"))
                                 ? parser.value(QStringLiteral("db"))
                                 : qEnvironmentVariable("BOXOFFICE_SERVICE_DB");
    if (conninfo.trimmed().isEmpty())
        return LoopbackDaemon::badInput(
            QStringLiteral("no database: give --db CONNINFO or set BOXOFFICE_SERVICE_DB"));
    bo::Result<bo::ConnectionSettings> database = bo::ConnectionSettings::parse(conninfo);
    if (!database)
        return LoopbackDaemon::badInput(
            QStringLiteral("--db is not a connection string: %1").arg(database.error().message));
    database.value().applicationName = QStringLiteral("boxoffice-service");

    // The gateway as a till reads it (app/adapters/payments/cardservice): the settings file is optional;
    // a missing user file reads as empty and nothing is ever written to it.
    std::unique_ptr<QSettings> settings;
    if (parser.isSet(QStringLiteral("config"))) {
        const QString path = parser.value(QStringLiteral("config"));
        if (!QFileInfo(path).isReadable())
            return LoopbackDaemon::badInput(QStringLiteral("--config '%1' cannot be read").arg(path));
        settings = std::make_unique<QSettings>(path, QSettings::IniFormat);
    } else {
        settings =
            std::make_unique<QSettings>(QSettings::IniFormat, QSettings::UserScope,
                                        QStringLiteral("boxoffice"), QStringLiteral("boxoffice-service"));
    }
    bo::Result<bo::CardServiceConfig> gateway =
        bo::CardServiceConfig::read(*settings, parser.value(QStringLiteral("gateway")));
    if (!gateway)
        return LoopbackDaemon::badInput(gateway.error().message);
    const bool takesCards = !gateway.value().http.baseUrl.isEmpty();
    if (takesCards)
        if (const QString why = bo::HttpPaymentGateway(gateway.value().http).configurationError();
            !why.isEmpty())
            return LoopbackDaemon::badInput(QStringLiteral("the card gateway cannot be used: %1").arg(why));

    bo::setupLogging(QStringLiteral("boxoffice-service"), parser.isSet(QStringLiteral("verbose")), false);
    // Started by an application (a demo, a test): it ends with it, even one killed outright.
    if (!LoopbackDaemon::followParent(*parentPid))
        return LoopbackDaemon::failure(QStringLiteral("the parent process %1 is gone").arg(*parentPid));

    // The login is tried once at the start, so that a wrong one is said now and not at the first sale.
    {
        bo::Result<std::unique_ptr<bo::PaymentIntents>> probe =
            bo::PaymentIntentStore::open(database.value(), QStringLiteral("service-start"));
        if (!probe) {
            spdlog::error("the database cannot be opened ({}): {}", database.value().describe().toStdString(),
                          probe.error().detail.toStdString());
            return LoopbackDaemon::failure(QStringLiteral("the database cannot be opened (%1): %2")
                                               .arg(database.value().describe(), probe.error().message));
        }
    }

    // SIGTERM and SIGINT end the event loop; the calls in flight are finished and recorded first.
    LoopbackDaemon daemon;
    if (!daemon.stopOnSignals())
        return LoopbackDaemon::failure(QStringLiteral("no signal pipe"));

    bo::CardServiceServerSettings serverSettings;
    serverSettings.database = database.value();
    serverSettings.gateway = gateway.value().http;
    serverSettings.workers = workers;
    bo::CardServiceServer server(serverSettings);
    auto* tcp = new QTcpServer(&server);
    if (!tcp->listen(address, static_cast<quint16>(*port))) {
        spdlog::error("cannot listen on {} port {}: {}", address.toString().toStdString(), *port,
                      tcp->errorString().toStdString());
        return LoopbackDaemon::failure(QStringLiteral("cannot listen on %1 port %2: %3")
                                           .arg(address.toString())
                                           .arg(*port)
                                           .arg(tcp->errorString()));
    }
    server.startWorkers();
    server.bind(tcp);
    const bo::HttpGatewaySettings gatewaySettings = gateway.value().http;
    bo::PaymentGatewayFactory gateways;
    if (takesCards)
        gateways = [gatewaySettings]() -> std::unique_ptr<bo::PaymentGateway> {
            return std::make_unique<bo::HttpPaymentGateway>(gatewaySettings);
        };
    else
        spdlog::warn("no card gateway (--gateway, $BOXOFFICE_GATEWAY): card calls are refused; the "
                     "site's leads run");
    bo::SiteLeads leads(database.value(), gateways);
    leads.start();
    const quint16 bound = tcp->serverPort();
    if (QString error; !LoopbackDaemon::writePortFile(parser, bound, &error))
        return LoopbackDaemon::failure(QStringLiteral("cannot write the port file: %1").arg(error));
    if (!address.isLoopback())
        spdlog::warn("listening on {}, not a loopback address: plain HTTP, keep it on a trusted network",
                     address.toString().toStdString());
    spdlog::info("listening on {} port {}; database {}; gateway {}; {} workers",
                 address.toString().toStdString(), bound, database.value().describe().toStdString(),
                 gateway.value().http.baseUrl.toString(QUrl::RemoveUserInfo).toStdString(), workers);

    const int status = QCoreApplication::exec();
    leads.stop();
    tcp->close();
    server.stopWorkers();
    spdlog::info("stopped");
    return status == 0 ? LoopbackDaemon::exitOk : LoopbackDaemon::exitFailure;
}
