// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/terminalsbench.h"

#include <algorithm>
#include <cmath>
#include <csignal>

#include <sys/resource.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <spdlog/spdlog.h>

#include "app/common/logging.h"
#include "app/tools/bench/stopflag.h"
#include "app/tools/bench/terminalsrun.h"
#include "app/tools/bench/terminalssetup.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"

namespace bo::bench {
namespace {

struct Options
{
    int terminals = 500;
    int showtimes = 1;
    int seconds = 20;
    double rate = 10;
    int pool = 20;
    QStringList modes{QStringLiteral("pooled"), QStringLiteral("direct")};
    QString json;
    QString db;
    QString poolerScript = QStringLiteral(BOXOFFICE_POOLER_SCRIPT);
};

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

void onStopSignal(int)
{
    requestStop();
}

/// The options from the command line: 0, or the exit status of bad input (2).
int parseOptions(const QCommandLineParser& parser, Options& o)
{
    auto bad = [](const char* option, const QString& value, const QString& expected) {
        err() << "boxoffice-bench: --" << option << " '" << value << "' is not " << expected << '\n';
        return 2;
    };
    const struct
    {
        const char* name;
        int* target;
        int low;
        int high;
    } whole[] = {{"terminals", &o.terminals, 1, 5000},
                 {"showtimes", &o.showtimes, 1, 100},
                 {"seconds", &o.seconds, 1, 3600},
                 {"pool", &o.pool, 1, 1000}};
    bool ok = true;
    for (const auto& w : whole) {
        if (!parser.isSet(QLatin1String(w.name)))
            continue;
        const QString value = parser.value(QLatin1String(w.name));
        *w.target = value.toInt(&ok);
        if (!ok || *w.target < w.low || *w.target > w.high)
            return bad(w.name, value, QStringLiteral("a whole number from %1 to %2").arg(w.low).arg(w.high));
    }
    if (parser.isSet(QStringLiteral("rate"))) {
        o.rate = parser.value(QStringLiteral("rate")).toDouble(&ok);
        if (!ok || o.rate <= 0 || o.rate > 1000)
            return bad("rate", parser.value(QStringLiteral("rate")),
                       QStringLiteral("a number of sales per second above 0, at most 1000"));
    }
    if (o.showtimes > o.terminals)
        return bad("showtimes", QString::number(o.showtimes),
                   QStringLiteral("more than the terminals watching them (%1)").arg(o.terminals));
    if (parser.isSet(QStringLiteral("modes"))) {
        o.modes = parser.value(QStringLiteral("modes")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        if (o.modes == QStringList{QStringLiteral("both")})
            o.modes = QStringList{QStringLiteral("pooled"), QStringLiteral("direct")};
        o.modes.removeDuplicates();
        if (o.modes.isEmpty() || std::any_of(o.modes.cbegin(), o.modes.cend(), [](const QString& m) {
                return m != QLatin1String("pooled") && m != QLatin1String("direct");
            }))
            return bad("modes", parser.value(QStringLiteral("modes")),
                       QStringLiteral("pooled, direct or both"));
    }
    o.json = parser.value(QStringLiteral("json"));
    o.db = parser.value(QStringLiteral("db"));
    if (parser.isSet(QStringLiteral("pooler-script")))
        o.poolerScript = parser.value(QStringLiteral("pooler-script"));
    if (o.modes.contains(QLatin1String("pooled")) && !QFile::exists(o.poolerScript)) {
        err() << "boxoffice-bench: no pooler script at '" << o.poolerScript << "' (--pooler-script)\n";
        return 2;
    }
    return 0;
}

/// Every terminal keeps four sockets and two threads here: more files than the usual 1,024.
void raiseFileLimit()
{
    rlimit files{};
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        (void)setrlimit(RLIMIT_NOFILE, &files);
    }
}

QString ms(double v)
{
    return QString::number(v, 'f', 1);
}

void printRow(QTextStream& out, const TerminalsRunResult& r, qint64 violationCount)
{
    out << "| " << r.mode << " | " << r.terminals << " | " << r.peakSessions << " ("
        << QString::number(double(r.peakSessions) / r.terminals, 'f', 2) << ") | " << r.deliveriesReceived
        << " / " << r.deliveriesExpected << " | " << ms(r.fromSend.p50) << " / " << ms(r.fromSend.p95)
        << " / " << ms(r.fromSend.max) << " | " << ms(r.fromCommit.p50) << " / " << ms(r.fromCommit.p95)
        << " / " << ms(r.fromCommit.max) << " | " << QString::number(r.holdsPerSecond, 'f', 1) << " ("
        << r.holdsGranted << " of " << r.holdsSent << ", " << r.holdsFailed << " failed) | " << r.confirms
        << " (" << r.confirmsFailed << " failed) | " << violationCount << " |\n";
}

} // namespace

int runTerminalsCommand(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(QStringLiteral("boxoffice-bench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "boxoffice-bench terminals: a chain's terminals through a pooler. Each simulated "
        "terminal keeps its seat-map session (LISTEN) and one statement connection, through pgbouncer "
        "(pooled) or straight to the server (direct); one announcer publishes for the site, as the "
        "payment service runs it."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("terminals"), QStringLiteral("Simulated terminals (default 500, at most 5000)."),
         QStringLiteral("n")},
        {QStringLiteral("showtimes"),
         QStringLiteral("Showtimes the terminals watch, spread evenly (default 1: every change to every "
                        "terminal)."),
         QStringLiteral("k")},
        {QStringLiteral("seconds"), QStringLiteral("Selling time per mode (default 20)."),
         QStringLiteral("s")},
        {QStringLiteral("rate"), QStringLiteral("Sales per second over all terminals (default 10)."),
         QStringLiteral("r")},
        {QStringLiteral("pool"), QStringLiteral("The pooler's server sessions (--max-server, default 20)."),
         QStringLiteral("p")},
        {QStringLiteral("modes"), QStringLiteral("pooled, direct or both (default pooled,direct)."),
         QStringLiteral("list")},
        {QStringLiteral("json"), QStringLiteral("Write the figures as JSON to this file (- for stdout)."),
         QStringLiteral("file")},
        {QStringLiteral("db"),
         QStringLiteral("Use this server (libpq conninfo of a maintenance database, a superuser's) instead "
                        "of a private one."),
         QStringLiteral("conninfo")},
        {QStringLiteral("pooler-script"), QStringLiteral("packaging/pooler.sh (default: the source tree's)."),
         QStringLiteral("path")},
    });
    parser.addPositionalArgument(QStringLiteral("terminals"), QStringLiteral("this benchmark"));
    parser.process(app);
    if (parser.positionalArguments() != QStringList{QStringLiteral("terminals")}) {
        err() << "boxoffice-bench: terminals takes no other arguments\n";
        return 2;
    }
    Options o;
    if (const int bad = parseOptions(parser, o); bad != 0)
        return bad;

    setupLogging(QStringLiteral("boxoffice-bench"), false, true);
    // Hundreds of terminals share this process and one logger: warnings only.
    spdlog::set_level(spdlog::level::warn);
    raiseFileLimit();
    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);

    QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/boxoffice-bench-XXXXXX"));
    const bool own = o.db.isEmpty();
    ConnectionSettings server;
    if (own) {
        ClusterOptions cluster;
        // Per terminal: the backend's session and (direct) the statements; room to spare.
        cluster.maxConnections = 4 * o.terminals + 100;
        auto started = PrivatePostgres::ensureRunning(folder.path(), cluster);
        if (!started) {
            err() << "boxoffice-bench: " << started.error().message << '\n' << started.error().detail << '\n';
            return 1;
        }
        server = started.value();
    } else {
        auto parsed = ConnectionSettings::parse(o.db);
        if (!parsed) {
            err() << "boxoffice-bench: " << parsed.error().message << '\n';
            return 2;
        }
        server = parsed.value();
    }
    // As root pgbouncer runs as the postgres user, which must pass through to its folder.
    QFile::setPermissions(folder.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                             QFile::ExeGroup | QFile::ExeOther);
    const QString poolerDir = folder.filePath(QStringLiteral("pool"));
    bool poolerUp = false;
    const auto teardown = qScopeGuard([&] {
        QString output;
        if (poolerUp)
            (void)runPoolerScript(
                o.poolerScript, {QStringLiteral("down"), QDir(poolerDir).filePath(QStringLiteral("pooler"))},
                &output);
        if (own)
            (void)PrivatePostgres::stop(folder.path());
    });
    int poolerPort = 0;
    if (o.modes.contains(QLatin1String("pooled"))) {
        QDir().mkpath(poolerDir);
        int status = 0;
        QString message;
        poolerPort = startPooler(o.poolerScript, server, o.pool, poolerDir, &status, &message);
        if (!message.isEmpty())
            err() << "boxoffice-bench: " << message << '\n';
        poolerUp = poolerPort > 0 || status == 1;
        if (status == poolerSkipped && o.modes.size() == 1)
            return poolerSkipped;
        if (status == poolerSkipped) {
            err() << "boxoffice-bench: the pooled mode is left out\n";
            o.modes.removeAll(QStringLiteral("pooled"));
        } else if (poolerPort == 0) {
            return 1;
        }
    }

    QTextStream out(stdout);
    const int seatsPerShowtime = int(std::ceil(o.seconds * o.rate / o.showtimes)) * 2 + 50;
    out << "# boxoffice-bench terminals — " << QSysInfo::prettyProductName() << ", "
        << QThread::idealThreadCount() << " cores, " << o.terminals << " terminals on " << o.showtimes
        << " showtime(s) of " << seatsPerShowtime << " seats, " << o.rate << " sales/s for " << o.seconds
        << " s, pool " << o.pool << "\n\n";
    out.flush();
    int status = 0;
    QJsonArray runs;
    QString table = QStringLiteral(
        "| mode | terminals | server sessions (per terminal) | deliveries / expected | NOTIFY→map from send "
        "p50 / p95 / max ms | from writer's answer p50 / p95 / max ms | holds/s (granted of sent, failed) | "
        "confirms (failed) | violations |\n|---|---|---|---|---|---|---|---|---|\n");
    for (const QString& mode : std::as_const(o.modes)) {
        if (stopRequested())
            break;
        const QString name = QStringLiteral("bench_terms_%1")
                                 .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
        auto watched = createTerminalsDatabase(server, name, o.showtimes, seatsPerShowtime);
        const ConnectionSettings direct = server.withDatabase(name);
        const auto drop = qScopeGuard([&] {
            if (auto admin = DbConnection::open(server, QStringLiteral("bench-admin")))
                (void)admin.value()->execScript(
                    QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(name));
        });
        if (!watched) {
            err() << "boxoffice-bench: cannot prepare the bench database: " << watched.error().message << ' '
                  << watched.error().detail << '\n';
            status = 1;
            continue;
        }
        ConnectionSettings pooler;
        pooler.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
        pooler.setValue(QStringLiteral("port"), QString::number(poolerPort));
        const ConnectionSettings statements =
            mode == QLatin1String("pooled") ? direct.throughPooler(pooler) : direct;
        TerminalsRunOptions run;
        run.terminals = o.terminals;
        run.seconds = o.seconds;
        run.rate = o.rate;
        const TerminalsRunResult result = runTerminals(mode, direct, statements, watched.value(), run);
        QStringList details;
        const qint64 broken = terminalsViolations(direct, &details);
        printRow(out, result, broken);
        out.flush();
        QString line;
        QTextStream row(&line);
        printRow(row, result, broken);
        row.flush();
        table += line;
        QJsonObject json = result.toJson();
        json[QStringLiteral("violations")] = broken;
        json[QStringLiteral("violation_details")] = QJsonArray::fromStringList(details);
        runs.append(json);
        for (const QString& f : result.failures + details)
            err() << "boxoffice-bench: " << mode << ": " << f << '\n';
        out << "  sessions at the peak: " << result.sessionsByName << "; start " << ms(result.startSeconds)
            << " s; announcements of other showtimes: " << result.foreignDeliveries << "\n";
        out.flush();
        if (broken > 0 || !result.failures.isEmpty())
            status = 1;
    }
    out << '\n' << table;
    out.flush();
    if (!o.json.isEmpty()) {
        const QJsonObject figures{{QStringLiteral("terminals"), o.terminals},
                                  {QStringLiteral("showtimes"), o.showtimes},
                                  {QStringLiteral("seconds"), o.seconds},
                                  {QStringLiteral("rate"), o.rate},
                                  {QStringLiteral("pool"), o.pool},
                                  {QStringLiteral("seats_per_showtime"), seatsPerShowtime},
                                  {QStringLiteral("cores"), QThread::idealThreadCount()},
                                  {QStringLiteral("runs"), runs}};
        const QByteArray bytes = QJsonDocument(figures).toJson();
        if (o.json == QLatin1String("-")) {
            out << bytes;
        } else {
            QFile file(o.json);
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) < 0) {
                err() << "boxoffice-bench: cannot write " << o.json << '\n';
                status = 1;
            }
        }
    }
    return stopRequested() ? 130 : status;
}

} // namespace bo::bench
