// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// boxoffice-bench: measures the project's claims (docs/BENCHMARKS.md).
//   seats  the seat-hold strategies side by side against one PostgreSQL; with --cluster the same
//          workload on the single server and on the three-node synchronous cluster, alternately
//   gui    seat-map paint times, NOTIFY-to-repaint latency, resident memory
//   all    both (the default); the GUI part runs first so its memory figure is its own
//   audit  the invariant auditor's storm: sales, replays, cancels and sweeps with tiny
//          TTLs for --seconds (up to an hour), every invariant checked every second
//   crowd  a premiere going on sale: crowds of customers against one showtime of the
//          demo's largest hall, every strategy side by side (docs/BENCHMARKS.md, "The crowd")
#include <algorithm>
#include <csignal>

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include <spdlog/spdlog.h>

#include "app/common/logging.h"
#include "app/tools/audit/auditstorm.h"
#include "app/tools/bench/clusterbench.h"
#include "app/tools/bench/clusterserver.h"
#include "app/tools/bench/crowdbench.h"
#include "app/tools/bench/crowdplot.h"
#include "app/tools/bench/doorbench.h"
#include "app/tools/bench/guibench.h"
#include "app/tools/bench/seatbench.h"
#include "app/tools/bench/stopflag.h"
#include "app/tools/bench/strategies.h"
#include "app/tools/bench/terminalsbench.h"
#include "db/privatepostgres.h"

namespace {

/// Ctrl-C or a polite kill ends the benchmark early but still stops its private servers.
void onStopSignal(int)
{
    bo::bench::requestStop();
}

QTextStream& err()
{
    static QTextStream stream(stderr);
    return stream;
}

/// Parses "1,8,32" into numbers within [low, high]; false on anything else.
bool parseList(const QString& text, int low, int high, QList<int>* values)
{
    values->clear();
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (!ok || v < low || v > high)
            return false;
        *values << v;
    }
    return !values->isEmpty();
}

/// The GUI targets of docs/BENCHMARKS.md, checked against the figures.
QJsonArray guiTargets(const QJsonObject& gui, QTextStream& out)
{
    QJsonArray targets;
    auto add = [&targets](const QString& target, bool met, const QString& measured) {
        targets.append(QJsonObject{{QStringLiteral("target"), target},
                                   {QStringLiteral("met"), met},
                                   {QStringLiteral("measured"), measured}});
    };
    for (const auto& p : gui.value(QStringLiteral("paint")).toArray()) {
        const QJsonObject paint = p.toObject();
        if (paint.value(QStringLiteral("seats")).toInt() != 10000)
            continue;
        const double full = paint.value(QStringLiteral("full_paint_median_ms")).toDouble();
        const double one = paint.value(QStringLiteral("seat_repaint_median_ms")).toDouble();
        add(QStringLiteral("10,000-seat full paint ≤ 8 ms median"), full <= 8.0,
            QStringLiteral("%1 ms").arg(full, 0, 'f', 2));
        add(QStringLiteral("single-seat repaint ≤ 1 ms"), one <= 1.0,
            QStringLiteral("%1 ms").arg(one, 0, 'f', 3));
    }
    const QJsonObject latency = gui.value(QStringLiteral("notify_to_repaint")).toObject();
    if (latency.contains(QStringLiteral("since_send_p95_ms"))) {
        const double p95 = latency.value(QStringLiteral("since_send_p95_ms")).toDouble();
        add(QStringLiteral("NOTIFY-to-repaint ≤ 100 ms p95"), p95 <= 100.0,
            QStringLiteral("%1 ms p95 from the hold's send (%2 ms after its commit)")
                .arg(p95, 0, 'f', 2)
                .arg(latency.value(QStringLiteral("after_commit_p95_ms")).toDouble(), 0, 'f', 2));
    }
    const double rss = gui.value(QStringLiteral("rss_mb_with_10000_seat_map")).toDouble();
    add(QStringLiteral("RSS with a 10,000-seat map ≤ 150 MB"), rss > 0 && rss <= 150.0,
        QStringLiteral("%1 MB").arg(rss, 0, 'f', 1));
    out << "\n| GUI target | met | measured |\n|---|---|---|\n";
    for (const auto& t : std::as_const(targets)) {
        const QJsonObject o = t.toObject();
        out << "| " << o.value(QStringLiteral("target")).toString() << " | "
            << (o.value(QStringLiteral("met")).toBool() ? "yes" : "**no**") << " | "
            << o.value(QStringLiteral("measured")).toString() << " |\n";
    }
    return targets;
}

/// Writes `bytes` to `path`; false, after saying so, when it cannot.
bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) >= 0)
        return true;
    err() << "boxoffice-bench: cannot write " << path << '\n';
    return false;
}

/// Says what went wrong in a benchmark; 1 when anything did, else 0.
int judge(const QStringList& failures, qint64 violations, const char* violationMeaning)
{
    for (const QString& failure : failures)
        err() << "boxoffice-bench: " << failure << '\n';
    if (violations > 0)
        err() << "boxoffice-bench: FAILED: " << violations << " violations (" << violationMeaning << ")\n";
    return violations > 0 || !failures.isEmpty() ? 1 : 0;
}

/// The crowd's options from the command line: 0, or the exit status of bad input (2).
int parseCrowdOptions(const QCommandLineParser& parser, bo::bench::CrowdOptions& crowd)
{
    auto bad = [](const QString& option, const QString& value, const QString& expected) {
        err() << "boxoffice-bench: --" << option << " '" << value << "' is not " << expected << '\n';
        return 2;
    };
    auto value = [&parser](const char* name) { return parser.value(QLatin1String(name)); };
    auto isSet = [&parser](const char* name) { return parser.isSet(QLatin1String(name)); };
    if (isSet("strategies")) {
        crowd.strategies = value("strategies").split(QLatin1Char(','), Qt::SkipEmptyParts);
        const QList<bo::bench::CrowdStrategy> known = bo::bench::crowdStrategies();
        for (const QString& name : std::as_const(crowd.strategies)) {
            if (std::none_of(known.cbegin(), known.cend(),
                             [&name](const bo::bench::CrowdStrategy& s) { return s.name == name; })) {
                const QString why = bo::bench::missingCrowdStrategyReason(name);
                err() << "boxoffice-bench: "
                      << (why.isEmpty() ? QStringLiteral("unknown strategy '%1'").arg(name) : why) << '\n';
                return 2;
            }
        }
    }
    if (isSet("crowds") && !parseList(value("crowds"), 1, 5000, &crowd.crowds))
        return bad(QStringLiteral("crowds"), value("crowds"),
                   QStringLiteral("a list of crowd sizes from 1 to 5000"));
    if (isSet("capacities") && !parseList(value("capacities"), 1, 1000, &crowd.capacities))
        return bad(QStringLiteral("capacities"), value("capacities"),
                   QStringLiteral("a list of queue capacities from 1 to 1000"));
    if (isSet("arrival") && !bo::bench::parseArrivalCurve(value("arrival"), &crowd.arrival))
        return bad(QStringLiteral("arrival"), value("arrival"), QStringLiteral("uniform, front or burst"));
    bool ok = true;
    if (isSet("arrival-seconds")) {
        crowd.arrivalSeconds = value("arrival-seconds").toDouble(&ok);
        if (!ok || crowd.arrivalSeconds < 0 || crowd.arrivalSeconds > 600)
            return bad(QStringLiteral("arrival-seconds"), value("arrival-seconds"),
                       QStringLiteral("a number of seconds from 0 to 600"));
    }
    if (isSet("think-scale")) {
        crowd.thinkScale = value("think-scale").toDouble(&ok);
        if (!ok || crowd.thinkScale < 0 || crowd.thinkScale > 1)
            return bad(QStringLiteral("think-scale"), value("think-scale"),
                       QStringLiteral("a number from 0 to 1"));
    }
    const struct
    {
        const char* name;
        int* target;
        int low;
        int high;
    } whole[] = {{"pool", &crowd.pool, 1, 150},
                 {"tries", &crowd.tries, 1, 20},
                 {"max-seconds", &crowd.maxSeconds, 1, 3600},
                 {"poll-ms", &crowd.pollMs, 1, 60000}};
    for (const auto& w : whole) {
        if (!isSet(w.name))
            continue;
        *w.target = value(w.name).toInt(&ok);
        if (!ok || *w.target < w.low || *w.target > w.high)
            return bad(QLatin1String(w.name), value(w.name),
                       QStringLiteral("a whole number from %1 to %2").arg(w.low).arg(w.high));
    }
    if (isSet("seed")) {
        crowd.seed = value("seed").toUInt(&ok);
        if (!ok || crowd.seed == 0)
            return bad(QStringLiteral("seed"), value("seed"), QStringLiteral("a positive whole number"));
    }
    return 0;
}

} // namespace

int main(int argc, char* argv[])
{
    // A chain's terminals through a pooler: options and application of its own.
    if (argc > 1 && qstrcmp(argv[1], "terminals") == 0)
        return bo::bench::runTerminalsCommand(argc, argv);
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationName(QStringLiteral("boxoffice-bench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Box office benchmarks (docs/BENCHMARKS.md).\n"
        "  seats  seat-hold strategies side by side: limit, conditional, for-update, optimistic, "
        "redis-multilock\n"
        "  gui    seat-map paint, NOTIFY-to-repaint latency, memory\n"
        "  all    gui, then seats (default)\n"
        "  audit  the invariant auditor's storm: --seconds (default 60, at most 3600), --workers\n"
        "  crowd  a premiere going on sale: --crowds, --strategies, --capacities, --arrival, ...\n"
        "  door   scan to verdict at the door: Enter to the verdict painted, --tickets (default 200)"));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral(
             "Use this server (libpq conninfo of a maintenance database; the bench creates and drops "
             "its own database) instead of a private one."),
         QStringLiteral("conninfo")},
        {QStringLiteral("strategies"),
         QStringLiteral("Comma-separated strategies (default: all of this build)."), QStringLiteral("list")},
        {QStringLiteral("clients"), QStringLiteral("Client counts (default 1,8,32,64)."),
         QStringLiteral("list")},
        {QStringLiteral("k"), QStringLiteral("Seats per request (default 1,4)."), QStringLiteral("list")},
        {QStringLiteral("choice"), QStringLiteral("Seat choice: uniform, hotspot or both (default)."),
         QStringLiteral("list")},
        {QStringLiteral("seconds"), QStringLiteral("Length of each run (default 10)."), QStringLiteral("s")},
        {QStringLiteral("confirm-ratio"),
         QStringLiteral("Share of granted holds confirmed with an idempotency key (default 0)."),
         QStringLiteral("r")},
        {QStringLiteral("samples"), QStringLiteral("NOTIFY-to-repaint samples (default 300)."),
         QStringLiteral("n")},
        {QStringLiteral("workers"), QStringLiteral("audit: selling terminals (default 6, at most 20)."),
         QStringLiteral("n")},
        {QStringLiteral("seed"), QStringLiteral("audit: the random seed, to repeat a run."),
         QStringLiteral("n")},
        {QStringLiteral("crowds"), QStringLiteral("crowd: customers per run (default 64,256,1024)."),
         QStringLiteral("list")},
        {QStringLiteral("capacities"),
         QStringLiteral("crowd: admission-queue capacities of the queued strategies (default 8,16,32)."),
         QStringLiteral("list")},
        {QStringLiteral("arrival"),
         QStringLiteral("crowd: arrival curve, uniform, front or burst (default uniform)."),
         QStringLiteral("curve")},
        {QStringLiteral("arrival-seconds"), QStringLiteral("crowd: the arrival window (default 3)."),
         QStringLiteral("s")},
        {QStringLiteral("think-scale"),
         QStringLiteral("crowd: real think and payment times times this (default 0.01)."),
         QStringLiteral("f")},
        {QStringLiteral("pool"),
         QStringLiteral("crowd: threads and connections driving the customers (default 16)."),
         QStringLiteral("n")},
        {QStringLiteral("tries"),
         QStringLiteral("crowd: holds a customer tries before giving up (default 3)."), QStringLiteral("n")},
        {QStringLiteral("max-seconds"), QStringLiteral("crowd: bound of one run (default 60)."),
         QStringLiteral("s")},
        {QStringLiteral("poll-ms"),
         QStringLiteral("crowd: how often a waiting customer asks the queue (default 250)."),
         QStringLiteral("ms")},
        {QStringLiteral("tickets"), QStringLiteral("door: tickets scanned (default 200, at most 300)."),
         QStringLiteral("n")},
        {QStringLiteral("csv"), QStringLiteral("crowd: write the raw figures as CSV to this file."),
         QStringLiteral("file")},
        {QStringLiteral("plot"), QStringLiteral("crowd: draw the figures as a PNG to this file."),
         QStringLiteral("file")},
        {QStringLiteral("json"), QStringLiteral("Write the figures as JSON to this file."),
         QStringLiteral("file")},
        {QStringLiteral("markdown"), QStringLiteral("Write the tables as Markdown to this file."),
         QStringLiteral("file")},
        {QStringLiteral("cluster"),
         QStringLiteral("seats: the single server against the three-node synchronous cluster "
                        "(packaging/cluster.sh), alternately; defaults conditional, --clients 8,32, --k 1, "
                        "--choice uniform.")},
        {QStringLiteral("cluster-port"),
         QStringLiteral("seats --cluster: the cluster's port base, 20000 to 31799 (default: a free one)."),
         QStringLiteral("base")},
        {QStringLiteral("cluster-commit"),
         QStringLiteral("seats --cluster, a diagnostic: synchronous_commit of the bench's sessions on the "
                        "cluster (on, remote_write, local, off; the functions' own settings still apply)."),
         QStringLiteral("level")},
        {QStringLiteral("rounds"),
         QStringLiteral("seats --cluster: runs of each server per point, alternated (default 2)."),
         QStringLiteral("n")},
    });
    parser.addPositionalArgument(QStringLiteral("what"),
                                 QStringLiteral("seats, gui, all, audit, crowd or door"));
    parser.process(app);
    QTextStream out(stdout);

    const QStringList what = parser.positionalArguments();
    const QString which = what.isEmpty() ? QStringLiteral("all") : what.first();
    if (what.size() > 1 ||
        !QStringList{QStringLiteral("seats"), QStringLiteral("gui"), QStringLiteral("all"),
                     QStringLiteral("audit"), QStringLiteral("crowd"), QStringLiteral("door")}
             .contains(which)) {
        err() << "boxoffice-bench: unknown benchmark '" << what.join(QLatin1Char(' '))
              << "' (choose seats, gui, all, audit, crowd or door)\n";
        return 2;
    }
    const bool runAudit = which == QLatin1String("audit");
    const bool runCrowd = which == QLatin1String("crowd");
    const bool runDoor = which == QLatin1String("door");
    const bool runSeats = !runAudit && !runCrowd && !runDoor && which != QLatin1String("gui");
    const bool runGui = !runAudit && !runCrowd && !runDoor && which != QLatin1String("seats");

    bo::bench::SeatBenchOptions options;
    bool ok = true;
    auto bad = [](const QString& option, const QString& value, const QString& expected) {
        err() << "boxoffice-bench: --" << option << " '" << value << "' is not " << expected << '\n';
        return 2;
    };
    if (parser.isSet(QStringLiteral("strategies")) && !runCrowd) {
        options.strategies =
            parser.value(QStringLiteral("strategies")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        // Checked before any server starts: a typo costs nothing.
        const QList<bo::bench::StrategyInfo> known = bo::bench::strategies();
        for (const QString& name : std::as_const(options.strategies)) {
            if (std::none_of(known.cbegin(), known.cend(),
                             [&name](const bo::bench::StrategyInfo& s) { return s.name == name; })) {
                const QString why = bo::bench::missingStrategyReason(name);
                err() << "boxoffice-bench: "
                      << (why.isEmpty() ? QStringLiteral("unknown strategy '%1'").arg(name) : why) << '\n';
                return 2;
            }
        }
    }
    if (parser.isSet(QStringLiteral("clients")) &&
        !parseList(parser.value(QStringLiteral("clients")), 1, 256, &options.clients))
        return bad(QStringLiteral("clients"), parser.value(QStringLiteral("clients")),
                   QStringLiteral("a list of client counts from 1 to 256"));
    if (parser.isSet(QStringLiteral("k")) &&
        !parseList(parser.value(QStringLiteral("k")), 1, 10, &options.seatsPerRequest))
        return bad(QStringLiteral("k"), parser.value(QStringLiteral("k")),
                   QStringLiteral("a list of seat counts from 1 to 10"));
    if (parser.isSet(QStringLiteral("choice"))) {
        const QString choice = parser.value(QStringLiteral("choice"));
        options.choices = choice == QLatin1String("both")
                              ? QStringList{QStringLiteral("uniform"), QStringLiteral("hotspot")}
                              : choice.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (const QString& c : std::as_const(options.choices)) {
            if (c != QLatin1String("uniform") && c != QLatin1String("hotspot"))
                return bad(QStringLiteral("choice"), choice, QStringLiteral("uniform, hotspot or both"));
        }
    }
    if (parser.isSet(QStringLiteral("seconds"))) {
        options.seconds = parser.value(QStringLiteral("seconds")).toInt(&ok);
        if (!ok || options.seconds < 1 || options.seconds > 3600)
            return bad(QStringLiteral("seconds"), parser.value(QStringLiteral("seconds")),
                       QStringLiteral("a whole number of seconds from 1 to 3600"));
    }
    if (parser.isSet(QStringLiteral("confirm-ratio"))) {
        options.confirmRatio = parser.value(QStringLiteral("confirm-ratio")).toDouble(&ok);
        if (!ok || options.confirmRatio < 0 || options.confirmRatio > 1)
            return bad(QStringLiteral("confirm-ratio"), parser.value(QStringLiteral("confirm-ratio")),
                       QStringLiteral("a number from 0 to 1"));
    }
    bo::audit::AuditStormOptions audit;
    if (parser.isSet(QStringLiteral("seconds")))
        audit.seconds = options.seconds;
    if (parser.isSet(QStringLiteral("workers"))) {
        audit.workers = parser.value(QStringLiteral("workers")).toInt(&ok);
        if (!ok || audit.workers < 1 || audit.workers > 20)
            return bad(QStringLiteral("workers"), parser.value(QStringLiteral("workers")),
                       QStringLiteral("a number of workers from 1 to 20"));
    }
    if (parser.isSet(QStringLiteral("seed"))) {
        audit.seed = parser.value(QStringLiteral("seed")).toUInt(&ok);
        if (!ok || audit.seed == 0)
            return bad(QStringLiteral("seed"), parser.value(QStringLiteral("seed")),
                       QStringLiteral("a positive whole number"));
    }
    const int samples =
        parser.isSet(QStringLiteral("samples")) ? parser.value(QStringLiteral("samples")).toInt(&ok) : 300;
    if (!ok || samples < 1 || samples > 100000)
        return bad(QStringLiteral("samples"), parser.value(QStringLiteral("samples")),
                   QStringLiteral("a number from 1 to 100000"));

    const int doorTickets =
        parser.isSet(QStringLiteral("tickets")) ? parser.value(QStringLiteral("tickets")).toInt(&ok) : 200;
    if (!ok || doorTickets < 1 || doorTickets > 300)
        return bad(QStringLiteral("tickets"), parser.value(QStringLiteral("tickets")),
                   QStringLiteral("a number of tickets from 1 to 300"));

    bo::bench::ClusterBenchOptions clusterOptions;
    const bool againstCluster = parser.isSet(QStringLiteral("cluster"));
    if (const int bad = bo::bench::parseClusterOptions(parser, which, options, clusterOptions, err());
        bad != 0)
        return bad;

    bo::bench::CrowdOptions crowd;
    if (runCrowd) {
        if (const int bad = parseCrowdOptions(parser, crowd); bad != 0)
            return bad;
    }

    bo::setupLogging(QStringLiteral("boxoffice-bench"), false, true);
    // 64 simulated terminals share this one process and its one logger: logging every sale
    // would measure a shared mutex no real terminal has, so only warnings are kept here.
    spdlog::set_level(spdlog::level::warn);

    QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/boxoffice-bench-XXXXXX"));
    bo::ConnectionSettings server;
    const bool own = !parser.isSet(QStringLiteral("db"));
    if (own) {
        bo::ClusterOptions cluster;
        cluster.maxConnections = 200;
        auto started = bo::PrivatePostgres::ensureRunning(folder.path(), cluster);
        if (!started) {
            err() << "boxoffice-bench: " << started.error().message << '\n' << started.error().detail << '\n';
            return 1;
        }
        server = started.value();
    } else {
        auto parsed = bo::ConnectionSettings::parse(parser.value(QStringLiteral("db")));
        if (!parsed) {
            err() << "boxoffice-bench: " << parsed.error().message << '\n';
            return 2;
        }
        server = parsed.value();
    }

    std::signal(SIGINT, onStopSignal);
    std::signal(SIGTERM, onStopSignal);
    int status = 0;
    QJsonObject figures;
    QString markdown;
    if (runGui) {
        QString text;
        QTextStream gui(&text);
        gui << "# boxoffice-bench gui — " << QSysInfo::prettyProductName() << ", "
            << QThread::idealThreadCount() << " cores, Qt " << qVersion() << ", platform "
            << QGuiApplication::platformName() << "\n\n";
        QJsonObject guiFigures = bo::bench::runGuiBenchmarks(server, samples, gui);
        guiFigures[QStringLiteral("targets")] = guiTargets(guiFigures, gui);
        gui.flush();
        out << text << '\n';
        out.flush();
        markdown += text + QLatin1Char('\n');
        figures[QStringLiteral("gui")] = guiFigures;
        if (guiFigures.value(QStringLiteral("notify_to_repaint"))
                .toObject()
                .contains(QStringLiteral("error")))
            status = 1;
    }
    if (runDoor) {
        QString text;
        QTextStream door(&text);
        door << "# boxoffice-bench door — " << QSysInfo::prettyProductName() << ", "
             << QThread::idealThreadCount() << " cores, Qt " << qVersion() << ", platform "
             << QGuiApplication::platformName() << "\n\n";
        const QJsonObject doorFigures = bo::bench::runDoorBenchmark(server, doorTickets, door);
        door.flush();
        out << text << '\n';
        out.flush();
        markdown += text + QLatin1Char('\n');
        figures[QStringLiteral("door")] = doorFigures;
        if (doorFigures.contains(QStringLiteral("error")))
            status = 1;
    }
    if (runAudit) {
        out << "# boxoffice-bench audit — " << QSysInfo::prettyProductName() << ", "
            << QThread::idealThreadCount() << " cores, " << audit.workers << " workers, " << audit.seconds
            << " s\n";
        out.flush();
        const bo::audit::AuditStormReport report = bo::audit::runAuditStormOnServer(
            server, audit,
            [&out](const QString& line) {
                out << line << '\n';
                out.flush();
            },
            audit.seconds >= 600 ? 60 : 10, [] { return bo::bench::stopRequested(); });
        out << report.text();
        out.flush();
        markdown +=
            QStringLiteral("# boxoffice-bench audit\n\n```\n") + report.text() + QStringLiteral("```\n");
        figures[QStringLiteral("audit")] = report.toJson();
        if (!report.failure.isEmpty())
            err() << "boxoffice-bench: audit could not run: " << report.failure << '\n';
        if (report.totalViolations() > 0)
            err() << "boxoffice-bench: FAILED: " << report.totalViolations() << " invariant violations\n";
        if (report.totalErrors() > 0)
            err() << "boxoffice-bench: FAILED: " << report.totalErrors() << " unexpected errors\n";
        if (!report.failure.isEmpty() || report.totalViolations() > 0 || report.totalErrors() > 0)
            status = 1;
    }
    if (runCrowd) {
        const QString serverData = own ? QDir(folder.path()).filePath(QStringLiteral("data")) : QString();
        const bo::bench::CrowdBenchReport report =
            bo::bench::runCrowdBenchmark(server, crowd, serverData, folder.path(), out);
        figures[QStringLiteral("crowd")] = report.json;
        markdown += report.markdown;
        status =
            std::max(status, judge(report.failures, report.violations,
                                   "a seat held or sold twice, or reserved without exactly one booking"));
        if (parser.isSet(QStringLiteral("csv")) &&
            !writeFile(parser.value(QStringLiteral("csv")), report.csv.toUtf8()))
            status = 1;
        if (parser.isSet(QStringLiteral("plot")) && !bo::bench::plotCrowd(report.runs, report.caption)
                                                         .save(parser.value(QStringLiteral("plot")), "PNG")) {
            err() << "boxoffice-bench: cannot write " << parser.value(QStringLiteral("plot")) << '\n';
            status = 1;
        }
    }
    if (runSeats && againstCluster && !bo::bench::stopRequested()) {
        bo::bench::ComparedServer single;
        single.name = QStringLiteral("single");
        single.server = server;
        if (own)
            single.dataFolders << QDir(folder.path()).filePath(QStringLiteral("data"));
        single.description = own ? QStringLiteral("the bench's private server, one node") : server.describe();
        int clusterStatus = 0;
        const bo::bench::SeatBenchReport report = bo::bench::compareWithCluster(
            single, options, clusterOptions, folder.path(), out, err(), &clusterStatus);
        figures[QStringLiteral("seats_cluster")] = report.json;
        markdown += report.markdown;
        status = clusterStatus == bo::bench::ClusterServer::missingPackagesExit
                     ? clusterStatus
                     : std::max(status, judge(report.failures, report.violations,
                                              "a seat held or sold twice, or a partial hold"));
    } else if (runSeats && !bo::bench::stopRequested()) {
        const bo::bench::SeatBenchReport report =
            bo::bench::runSeatBenchmarks(server, options, folder.path(), out);
        figures[QStringLiteral("seats")] = report.json;
        markdown += report.markdown;
        status = std::max(status, judge(report.failures, report.violations,
                                        "a seat held or sold twice, or a partial hold"));
    }
    if (parser.isSet(QStringLiteral("json")) &&
        !writeFile(parser.value(QStringLiteral("json")), QJsonDocument(figures).toJson()))
        status = 1;
    if (parser.isSet(QStringLiteral("markdown")) &&
        !writeFile(parser.value(QStringLiteral("markdown")), markdown.toUtf8()))
        status = 1;
    if (own)
        (void)bo::PrivatePostgres::stop(folder.path());
    return bo::bench::stopRequested() ? 130 : status;
}
