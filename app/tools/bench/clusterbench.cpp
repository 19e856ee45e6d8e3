// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/clusterbench.h"

#include <algorithm>
#include <memory>

#include <QFile>
#include <QJsonArray>
#include <QSysInfo>
#include <QThread>

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/clusterserver.h"
#include "app/tools/bench/seatreport.h"
#include "app/tools/bench/seatrun.h"
#include "app/tools/bench/serverprobe.h"
#include "app/tools/bench/stopflag.h"

namespace bo::bench {
namespace {

constexpr int targetClients = 32;
constexpr double targetRatio = 0.7;

struct Measured
{
    QString server;
    int round = 0;
    RunResult run;
    ServerActivity activity;
};

struct Side
{
    const ComparedServer* compared = nullptr;
    std::unique_ptr<BenchDatabase> database;
    std::unique_ptr<SeatRun> seatRun;
    QJsonObject settings;
};

QString number(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

QString loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    return file.open(QIODevice::ReadOnly)
               ? QString::fromLatin1(file.readAll()).section(QLatin1Char(' '), 0, 2)
               : QStringLiteral("unknown");
}

double confirmsPerSecond(const RunResult& r)
{
    return r.seconds > 0 ? double(r.confirms - r.confirmFailures) / r.seconds : 0;
}

double perSecond(qint64 count, const ServerActivity& a)
{
    return a.seconds > 0 ? double(count) / a.seconds : 0;
}

QString lag(double ms)
{
    return ms < 0 ? QStringLiteral("—") : number(ms, 2);
}

QString activityLine(const ServerActivity& a)
{
    return QStringLiteral(
               "    server: %1 commits/s, %2 WAL fsyncs/s, %3 MB WAL/s, waiting: standby %4 WAL %5 "
               "lock %6, running %7; flush lag %8 ms (max %9); CPU %10 cores (standbys %11)")
        .arg(number(perSecond(a.commits, a), 0), number(perSecond(a.walSyncs, a), 0),
             number(perSecond(a.walBytes, a) / 1e6, 2), number(a.syncRepWaiting, 1), number(a.walWaiting, 1),
             number(a.lockWaiting, 1), number(a.running, 1), lag(a.flushLagMs), lag(a.flushLagMaxMs))
        .arg(a.serverCores < 0 ? QStringLiteral("?") : number(a.serverCores, 2),
             a.standbyCores < 0 ? QStringLiteral("—") : number(a.standbyCores, 2));
}

QString runRow(const Measured& m)
{
    const RunResult& r = m.run;
    const ServerActivity& a = m.activity;
    return QStringLiteral(
               "| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 | %12 | %13 | %14 | %15 | %16 "
               "| %17 | %18 | %19 | %20 |\n")
        .arg(QString::number(r.clients), m.server, QString::number(m.round), number(r.holdsPerSecond(), 0),
             number(confirmsPerSecond(r), 1), number(r.hold.p50, 2), number(r.hold.p99, 2),
             r.confirms > 0 ? number(r.confirm.p50, 2) : QStringLiteral("—"),
             r.confirms > 0 ? number(r.confirm.p99, 2) : QStringLiteral("—"))
        .arg(number(perSecond(a.commits, a), 0), number(perSecond(a.walSyncs, a), 0),
             number(perSecond(a.walBytes, a) / 1e6, 2), number(a.syncRepWaiting, 2), number(a.walWaiting, 2),
             lag(a.flushLagMs), a.serverCores < 0 ? QStringLiteral("?") : number(a.serverCores, 2),
             a.standbyCores < 0 ? QStringLiteral("—") : number(a.standbyCores, 2), number(r.machineCpu, 2),
             QString::number(r.errors))
        .arg(r.violations);
}

double meanHolds(const QList<const Measured*>& runs)
{
    double sum = 0;
    for (const Measured* m : runs)
        sum += m->run.holdsPerSecond();
    return runs.isEmpty() ? 0 : sum / double(runs.size());
}

double meanConfirms(const QList<const Measured*>& runs)
{
    double sum = 0;
    for (const Measured* m : runs)
        sum += confirmsPerSecond(m->run);
    return runs.isEmpty() ? 0 : sum / double(runs.size());
}

} // namespace

SeatBenchReport runClusterComparison(const ComparedServer& single, const ComparedServer& cluster,
                                     const SeatBenchOptions& options, int rounds, QTextStream& out)
{
    SeatBenchReport report;
    QList<StrategyInfo> chosen;
    const QStringList wanted =
        options.strategies.isEmpty() ? QStringList{QStringLiteral("conditional")} : options.strategies;
    for (const StrategyInfo& s : strategies()) {
        if (wanted.contains(s.name))
            chosen << s;
    }
    Side sides[2];
    sides[0].compared = &single;
    sides[1].compared = &cluster;
    const int maxClients = *std::max_element(options.clients.cbegin(), options.clients.cend());
    for (Side& side : sides) {
        auto created = BenchDatabase::create(side.compared->server);
        if (!created) {
            report.failures << QStringLiteral("cannot prepare the benchmark database on the %1: %2 %3")
                                   .arg(side.compared->name, created.error().message, created.error().detail);
            return report;
        }
        side.database = std::move(created).value();
        StrategyContext context = side.database->context();
        // A diagnostic only: the clients' sessions' synchronous_commit (the functions' own
        // set_config still decides for the holds, releases and confirms they commit alone).
        if (!side.compared->synchronousCommit.isEmpty())
            context.database.setValue(QStringLiteral("options"), QStringLiteral("-c synchronous_commit=") +
                                                                     side.compared->synchronousCommit);
        side.seatRun =
            std::make_unique<SeatRun>(*side.database, context, options.seconds, options.confirmRatio);
        side.settings = side.database->serverSettings();
        side.settings[QStringLiteral("server")] = side.compared->description;
        if (!side.compared->synchronousCommit.isEmpty())
            side.settings[QStringLiteral("bench_sessions_synchronous_commit")] =
                side.compared->synchronousCommit;
        if (side.settings.value(QStringLiteral("max_connections")).toString().toInt() < maxClients + 5)
            report.failures << QStringLiteral("the %1 allows %2 connections; %3 clients need %4")
                                   .arg(side.compared->name,
                                        side.settings.value(QStringLiteral("max_connections")).toString())
                                   .arg(maxClients)
                                   .arg(maxClients + 5);
    }
    if (!report.failures.isEmpty())
        return report;

    QJsonObject machine{{QStringLiteral("os"), QSysInfo::prettyProductName()},
                        {QStringLiteral("cores"), QThread::idealThreadCount()},
                        {QStringLiteral("load_before"), loadAverage()},
                        {QStringLiteral("seconds_per_run"), options.seconds},
                        {QStringLiteral("rounds"), rounds},
                        {QStringLiteral("confirm_ratio"), options.confirmRatio}};
    out << "# boxoffice-bench seats --cluster — " << QThread::idealThreadCount() << " cores, load "
        << loadAverage() << ", " << rounds << " rounds of " << options.seconds << " s, confirm ratio "
        << options.confirmRatio << "\n";
    for (const Side& side : sides)
        out << "#   " << side.compared->name << ": " << side.compared->description << ", PostgreSQL "
            << side.settings.value(QStringLiteral("server_version")).toString()
            << ", synchronous_commit=" << side.settings.value(QStringLiteral("synchronous_commit")).toString()
            << (side.compared->synchronousCommit.isEmpty()
                    ? QString()
                    : QStringLiteral(" (the bench's sessions: %1, a diagnostic)")
                          .arg(side.compared->synchronousCommit))
            << "\n";
    out.flush();

    QList<Measured> measured;
    int runIndex = 0;
    for (int k : options.seatsPerRequest) {
        for (const QString& choice : options.choices) {
            const Workload workload{k, choice == QLatin1String("hotspot")};
            for (int clients : options.clients) {
                for (const StrategyInfo& strategy : chosen) {
                    // Alternately, so that both servers see the same machine load over the point.
                    for (int round = 1; round <= rounds && !stopRequested(); ++round) {
                        for (Side& side : sides) {
                            if (stopRequested())
                                break;
                            ServerProbe probe(side.database->context().database, side.compared->dataFolders,
                                              side.compared->standbyFolders);
                            Measured m;
                            m.server = side.compared->name;
                            m.round = round;
                            m.run =
                                side.seatRun->measure(strategy, workload, clients, ++runIndex,
                                                      RunHooks{[&probe] { probe.start(); },
                                                               [&probe, &m] { m.activity = probe.stop(); }});
                            // A run cut short by Ctrl-C is no figure: the pair would compare unequal times.
                            if (stopRequested())
                                break;
                            out << side.compared->name << " r" << round << ": "
                                << SeatReport::progressLine(m.run) << '\n'
                                << activityLine(m.activity) << '\n';
                            for (auto it = m.activity.syncRepStatements.cbegin();
                                 it != m.activity.syncRepStatements.cend(); ++it)
                                out << "    seen waiting for the standby " << it.value() << "×: " << it.key()
                                    << '\n';
                            for (const QString& v : std::as_const(m.run.violationDetails))
                                out << "  VIOLATION: " << v << '\n';
                            if (!m.run.firstError.isEmpty())
                                out << "  first error: " << m.run.firstError << '\n';
                            out.flush();
                            const RunResult& r = m.run;
                            if (r.attempts == 0 || r.errors * 100 > r.attempts || r.granted == 0)
                                report.failures
                                    << QStringLiteral("%1 on the %2, %3 c=%4 did not run properly: "
                                                      "%5 attempts, %6 holds, %7 errors (%8)")
                                           .arg(strategy.name, side.compared->name, workload.name())
                                           .arg(clients)
                                           .arg(r.attempts)
                                           .arg(r.granted)
                                           .arg(r.errors)
                                           .arg(r.firstError);
                            report.violations += int(r.violations);
                            measured << m;
                        }
                    }
                }
            }
        }
    }
    if (stopRequested())
        report.failures
            << QStringLiteral("interrupted: %1 runs measured, the rest not started").arg(measured.size());
    machine[QStringLiteral("load_after")] = loadAverage();

    // The report: every run, then each point's ratio of the means.
    QString md;
    QTextStream text(&md);
    text << "Load average (1, 5, 15 min) before " << machine.value(QStringLiteral("load_before")).toString()
         << ", after " << machine.value(QStringLiteral("load_after")).toString() << "; " << options.seconds
         << " s per run, " << rounds << " rounds, confirm ratio " << options.confirmRatio << ".\n\n";
    text << "| clients | server | round | holds/s | confirms/s | hold p50 ms | hold p99 ms | confirm p50 ms "
            "| confirm p99 ms | commits/s | WAL fsyncs/s | WAL MB/s | waiting for standby | waiting for WAL "
            "| flush lag ms | primary CPU | standbys CPU | machine CPU | errors | violations |\n"
            "|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
    QJsonArray runs;
    for (const Measured& m : std::as_const(measured)) {
        text << runRow(m);
        QJsonObject o = m.run.toJson();
        o[QStringLiteral("server")] = m.server;
        o[QStringLiteral("round")] = m.round;
        o[QStringLiteral("confirms_per_s")] = confirmsPerSecond(m.run);
        o[QStringLiteral("activity")] = m.activity.toJson();
        runs.append(o);
    }
    text << "\n| strategy | k | choice | clients | single holds/s | cluster holds/s | cluster / single | per "
            "round "
            "| single confirms/s | cluster confirms/s |\n|---|--:|---|--:|--:|--:|--:|---|--:|--:|\n";
    QJsonArray points;
    QStringList missed;
    int targetPoints = 0;
    for (int i = 0; i < measured.size(); ++i) {
        const RunResult& first = measured.at(i).run;
        const bool seen = std::any_of(measured.cbegin(), measured.cbegin() + i, [&first](const Measured& m) {
            return m.run.strategy == first.strategy && m.run.samePoint(first);
        });
        if (seen)
            continue;
        QList<const Measured*> singles;
        QList<const Measured*> clusters;
        for (const Measured& m : std::as_const(measured)) {
            if (m.run.strategy == first.strategy && m.run.samePoint(first))
                (m.server == single.name ? singles : clusters) << &m;
        }
        if (singles.isEmpty() || clusters.isEmpty())
            continue; // interrupted before both servers ran this point
        const double s = meanHolds(singles);
        const double c = meanHolds(clusters);
        const double ratio = s > 0 ? c / s : 0;
        QStringList perRound;
        for (qsizetype r = 0; r < std::min(singles.size(), clusters.size()); ++r) {
            const double one = singles.at(r)->run.holdsPerSecond();
            perRound << number(one > 0 ? clusters.at(r)->run.holdsPerSecond() / one : 0, 2);
        }
        text << "| " << first.strategy << " | " << first.workload.k << " | "
             << (first.workload.hotspot ? "hotspot" : "uniform") << " | " << first.clients << " | "
             << number(s, 0) << " | " << number(c, 0) << " | **" << number(ratio, 2) << "×** | "
             << perRound.join(QStringLiteral(" · ")) << " | " << number(meanConfirms(singles), 1) << " | "
             << number(meanConfirms(clusters), 1) << " |\n";
        points.append(QJsonObject{{QStringLiteral("strategy"), first.strategy},
                                  {QStringLiteral("k"), first.workload.k},
                                  {QStringLiteral("choice"), first.workload.name()},
                                  {QStringLiteral("clients"), first.clients},
                                  {QStringLiteral("single_holds_per_s"), s},
                                  {QStringLiteral("cluster_holds_per_s"), c},
                                  {QStringLiteral("ratio"), ratio},
                                  {QStringLiteral("single_confirms_per_s"), meanConfirms(singles)},
                                  {QStringLiteral("cluster_confirms_per_s"), meanConfirms(clusters)}});
        if (first.clients == targetClients) {
            ++targetPoints;
            if (ratio < targetRatio)
                missed << QStringLiteral("%1 %2: %3×")
                              .arg(first.strategy, first.workload.name(), number(ratio, 2));
        }
    }
    const QString target =
        QStringLiteral("cluster ≥ %1 × the single server at %2 clients").arg(targetRatio).arg(targetClients);
    if (targetPoints > 0)
        text << "\nTarget " << target << ": "
             << (missed.isEmpty() ? QStringLiteral("met")
                                  : QStringLiteral("**missed** (%1)").arg(missed.join(QStringLiteral(", "))))
             << ".\n";
    text.flush();
    out << '\n' << md;
    out.flush();

    QJsonObject servers;
    for (const Side& side : sides)
        servers[side.compared->name] = side.settings;
    report.json = QJsonObject{{QStringLiteral("machine"), machine},
                              {QStringLiteral("servers"), servers},
                              {QStringLiteral("runs"), runs},
                              {QStringLiteral("points"), points}};
    if (targetPoints > 0)
        report.json[QStringLiteral("target")] =
            QJsonObject{{QStringLiteral("target"), target}, {QStringLiteral("met"), missed.isEmpty()}};
    report.markdown = QStringLiteral("# boxoffice-bench seats --cluster\n\n") + md;
    return report;
}

SeatBenchReport compareWithCluster(const ComparedServer& single, const SeatBenchOptions& options,
                                   const ClusterBenchOptions& clusterOptions, const QString& folder,
                                   QTextStream& out, QTextStream& err, int* exitStatus)
{
    SeatBenchReport report;
    // As root the cluster's servers run as the postgres user, which must reach its folder.
    QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadGroup |
                                      QFile::ExeGroup | QFile::ReadOther | QFile::ExeOther);
    ClusterServer server(clusterOptions.script, folder + QStringLiteral("/cluster"), clusterOptions.admin);
    out << "# starting the three-node cluster (packaging/cluster.sh up) ...\n";
    out.flush();
    switch (server.start(clusterOptions.portBase)) {
    case ClusterServer::Start::PackagesMissing:
        err << "boxoffice-bench: the cluster cannot run here: " << server.error() << '\n';
        *exitStatus = ClusterServer::missingPackagesExit;
        return report;
    case ClusterServer::Start::Failed:
        report.failures << server.error();
        *exitStatus = 1;
        return report;
    case ClusterServer::Start::Up:
        break;
    }
    auto primary = server.primary();
    if (!primary) {
        report.failures << primary.error().message;
        *exitStatus = 1;
        return report;
    }
    ComparedServer cluster;
    cluster.name = QStringLiteral("cluster");
    cluster.server = primary.value();
    cluster.dataFolders = QStringList{server.primaryFolder()};
    cluster.standbyFolders = server.standbyFolders();
    cluster.synchronousCommit = clusterOptions.synchronousCommit;
    cluster.description = QStringLiteral("three nodes, Patroni strict synchronous mode, primary on port %1")
                              .arg(primary.value().value(QStringLiteral("port")));
    report = runClusterComparison(single, cluster, options, clusterOptions.rounds, out);
    *exitStatus = report.failures.isEmpty() && report.violations == 0 ? 0 : 1;
    return report; // ~ClusterServer: cluster.sh down
}

} // namespace bo::bench
