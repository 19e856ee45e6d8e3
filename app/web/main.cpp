// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <optional>
#include <string>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostAddress>

#include <spdlog/spdlog.h>

#include "app/common/logging.h"
#include "app/common/loopbackdaemon.h"
#include "app/web/httpserver.h"
#include "app/web/showtimefeed.h"
#include "app/web/webapi.h"
#include "db/dbconnection.h"

namespace {

using bo::LoopbackDaemon;

constexpr int defaultPort = 8780;
constexpr int maxWorkers = 64;

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QString description = QStringLiteral(
        "Box office website: the online box office's JSON API (docs/API.md) on the same seats as the\n"
        "tills and kiosks. Put it behind nginx for TLS and HTTP/2 (packaging/linux/nginx-boxoffice.conf);\n"
        "run two or more against one database for more customers: it keeps nothing between requests.\n\n"
        "  GET    /api/showtimes[?day=YYYY-MM-DD]   what is on sale\n"
        "  GET    /api/showtimes/{id}               a showtime, its prices\n"
        "  GET    /api/showtimes/{id}/seats         its seat map, the customer's own seats marked\n"
        "  GET    /api/showtimes/{id}/events        its seats' changes and its line's moves, live (SSE)\n"
        "  POST   /api/showtimes/{id}/queue         {}: join its waiting room (GET: the place, DELETE: "
        "leave)\n"
        "  PUT    /api/showtimes/{id}/hold          {\"seats\": [\"F12\", \"F13\"]}: hold exactly these\n"
        "  DELETE /api/showtimes/{id}/hold          give them back\n"
        "  GET    /healthz\n\n"
        "The database login (--db or $BOXOFFICE_WEB_DB, a libpq connection string) must be in role\n"
        "boxoffice_web (`boxoffice-admin create-login NAME --role web`); keep its password in\n"
        "$BOXOFFICE_WEB_DB or ~/.pgpass, not on the command line.\n\n"
        "Exit status: 0 stopped by SIGTERM or SIGINT, 2 bad input, 1 other failure (the port, the "
        "database).");
    QCommandLineParser parser;
    LoopbackDaemon::describe(parser, QStringLiteral("boxoffice-web"), description, defaultPort);
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("The database login of role boxoffice_web (default $BOXOFFICE_WEB_DB)."),
         QStringLiteral("conninfo")},
        {QStringLiteral("workers"),
         QStringLiteral("Requests served at once, each with its own database connection (default 4)."),
         QStringLiteral("N")},
        {QStringLiteral("rate"),
         QStringLiteral(
             "Requests a second one client address may make on average (default 20; 0: no limit)."),
         QStringLiteral("N")},
        {QStringLiteral("trusted-proxy"),
         QStringLiteral("The address of a proxy (nginx) whose X-Forwarded-For names the customer; repeat for "
                        "more."),
         QStringLiteral("address")},
        {QStringLiteral("origin"),
         QStringLiteral("The site's origin (https://tickets.example.org) changing requests must come from; "
                        "repeat for more (default: the request's Host)."),
         QStringLiteral("url")},
        {QStringLiteral("insecure-cookies"),
         QStringLiteral("Send the sale's cookie over plain HTTP too (the demo and tests on loopback only).")},
        LoopbackDaemon::parentPidOption(),
        {QStringLiteral("verbose"), QStringLiteral("Log details.")},
    });
    if (const std::optional<int> done = LoopbackDaemon::parseArguments(parser))
        return *done;

    const QHostAddress address = LoopbackDaemon::listenAddress(parser);
    if (address.isNull())
        return LoopbackDaemon::badInput(QStringLiteral("--listen needs an IP address, not '%1'")
                                            .arg(parser.value(QStringLiteral("listen"))));
    const std::optional<int> port = LoopbackDaemon::port(parser, defaultPort);
    if (!port)
        return LoopbackDaemon::badInput(QStringLiteral("--port needs a number from 0 to 65535, not '%1'")
                                            .arg(parser.value(QStringLiteral("port"))));
    const std::optional<int> workers =
        LoopbackDaemon::number(parser, QStringLiteral("workers"), 4, 1, maxWorkers);
    if (!workers)
        return LoopbackDaemon::badInput(QStringLiteral("--workers needs a number from 1 to %1, not '%2'")
                                            .arg(maxWorkers)
                                            .arg(parser.value(QStringLiteral("workers"))));
    const std::optional<int> rate = LoopbackDaemon::number(parser, QStringLiteral("rate"), 20, 0, 100000);
    if (!rate)
        return LoopbackDaemon::badInput(QStringLiteral("--rate needs a number from 0 to 100000, not '%1'")
                                            .arg(parser.value(QStringLiteral("rate"))));
    std::vector<std::string> proxies;
    for (const QString& proxy : parser.values(QStringLiteral("trusted-proxy"))) {
        const QHostAddress proxyAddress(proxy);
        if (proxyAddress.isNull())
            return LoopbackDaemon::badInput(
                QStringLiteral("--trusted-proxy needs an IP address, not '%1'").arg(proxy));
        proxies.push_back(proxyAddress.toString().toStdString());
    }
    for (const QString& origin : parser.values(QStringLiteral("origin"))) {
        if (!origin.startsWith(QLatin1String("https://")) && !origin.startsWith(QLatin1String("http://")))
            return LoopbackDaemon::badInput(
                QStringLiteral(
                    "--origin needs a scheme and host such as https://tickets.example.org, not '%1'")
                    .arg(origin));
    }
    const std::optional<qint64> parentPid = LoopbackDaemon::parentPid(parser);
    if (!parentPid)
        return LoopbackDaemon::badInput(QStringLiteral("--parent-pid needs a process id"));

    const QString conninfo = parser.isSet(QStringLiteral("db")) ? parser.value(QStringLiteral("db"))
                                                                : qEnvironmentVariable("BOXOFFICE_WEB_DB");
    if (conninfo.trimmed().isEmpty())
        return LoopbackDaemon::badInput(
            QStringLiteral("no database: give --db CONNINFO or set BOXOFFICE_WEB_DB"));
    bo::Result<bo::ConnectionSettings> database = bo::ConnectionSettings::parse(conninfo);
    if (!database)
        return LoopbackDaemon::badInput(
            QStringLiteral("--db is not a connection string: %1").arg(database.error().message));
    database.value().applicationName = QStringLiteral("boxoffice-web");

    bo::setupLogging(QStringLiteral("boxoffice-web"), parser.isSet(QStringLiteral("verbose")), false);
    if (!LoopbackDaemon::followParent(*parentPid))
        return LoopbackDaemon::failure(QStringLiteral("the parent process %1 is gone").arg(*parentPid));
    // The login is tried once at the start, so that a wrong one is said now, not to the first customer.
    if (auto probe = bo::DbConnection::open(database.value(), QStringLiteral("web-start")); !probe) {
        spdlog::error("the database cannot be opened ({}): {}", database.value().describe().toStdString(),
                      probe.error().detail.toStdString());
        return LoopbackDaemon::failure(QStringLiteral("the database cannot be opened (%1): %2")
                                           .arg(database.value().describe(), probe.error().message));
    }

    LoopbackDaemon daemon;
    if (!daemon.stopOnSignals())
        return LoopbackDaemon::failure(QStringLiteral("no signal pipe"));

    bo::web::WebApiOptions apiOptions;
    apiOptions.secureCookies = !parser.isSet(QStringLiteral("insecure-cookies"));
    apiOptions.allowedOrigins = parser.values(QStringLiteral("origin"));
    bo::web::WebApi api(database.value(), apiOptions);
    bo::web::HttpServerOptions options;
    options.address = address.toString().toStdString();
    options.port = static_cast<std::uint16_t>(*port);
    options.workers = *workers;
    options.ratePerSecond = *rate;
    options.rateBurst = *rate * 2.0;
    options.trustedProxies = proxies;
    bo::web::HttpServer server(options, [&api](const bo::web::HttpRequest& r) { return api.handle(r); });
    if (std::string error; !server.start(&error)) {
        spdlog::error("{}", error);
        return LoopbackDaemon::failure(QString::fromStdString(error));
    }
    // One LISTEN for the whole process, fanned out to every customer's event stream.
    bo::web::ShowtimeFeed feed(
        database.value(),
        [&server](const std::string& topic, std::string event) { server.publish(topic, std::move(event)); },
        [&server](std::string event) { server.publishAll(std::move(event)); });
    feed.start();
    if (QString error; !LoopbackDaemon::writePortFile(parser, server.port(), &error))
        return LoopbackDaemon::failure(QStringLiteral("cannot write the port file: %1").arg(error));
    spdlog::info("listening on {} port {}; database {}; {} workers", options.address, server.port(),
                 database.value().describe().toStdString(), *workers);

    const int status = QCoreApplication::exec();
    feed.stop();
    server.stop();
    const bo::web::HttpServerStats stats = server.stats();
    spdlog::info("stopped after {} connections, {} requests ({} rate-limited, {} busy)", stats.connections,
                 stats.requests, stats.rateLimited, stats.busy);
    return status == 0 ? LoopbackDaemon::exitOk : LoopbackDaemon::exitFailure;
}
