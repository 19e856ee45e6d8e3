// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdbench.h"

#include <algorithm>
#include <memory>

#include <QFile>
#include <QJsonArray>
#include <QSysInfo>
#include <QThread>

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/crowdadmission.h"
#include "app/tools/bench/crowdhall.h"
#include "app/tools/bench/crowdqueue.h"
#include "app/tools/bench/crowdrun.h"
#include "app/tools/bench/redisserver.h"
#include "app/tools/bench/stopflag.h"
#include "app/tools/bench/strategies.h"

namespace bo::bench {
namespace {

QString fixed(double v, int decimals)
{
    return QString::number(v, 'f', decimals);
}

QString milliseconds(double ms)
{
    return ms >= 100 ? fixed(ms, 0) : ms >= 10 ? fixed(ms, 1) : fixed(ms, 2);
}

/// What the report says of where it was measured: machine, server, load when it started.
QJsonObject conditions(BenchDatabase& database, const CrowdOptions& options, const QString& redisVersion)
{
    QJsonObject m = database.serverSettings();
    m[QStringLiteral("os")] = QSysInfo::prettyProductName();
    m[QStringLiteral("cores")] = QThread::idealThreadCount();
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        const QByteArray all = cpuinfo.readAll();
        const qsizetype at = all.indexOf("model name");
        if (at >= 0)
            m[QStringLiteral("cpu")] =
                QString::fromUtf8(all.mid(at, all.indexOf('\n', at) - at).split(':').value(1).trimmed());
    }
    QFile load(QStringLiteral("/proc/loadavg"));
    if (load.open(QIODevice::ReadOnly))
        m[QStringLiteral("load_average_at_start")] =
            QString::fromLatin1(load.readAll()).section(QLatin1Char(' '), 0, 2);
    if (!redisVersion.isEmpty())
        m[QStringLiteral("redis_version")] = redisVersion;
    m[QStringLiteral("arrival")] = arrivalCurveName(options.arrival);
    m[QStringLiteral("arrival_seconds")] = options.arrivalSeconds;
    m[QStringLiteral("think_scale")] = options.thinkScale;
    m[QStringLiteral("pool")] = options.pool;
    m[QStringLiteral("tries")] = options.tries;
    m[QStringLiteral("max_seconds")] = options.maxSeconds;
    m[QStringLiteral("poll_ms")] = options.pollMs;
    m[QStringLiteral("seed")] = qint64(options.seed);
    return m;
}

QString progressLine(const CrowdResult& r)
{
    return QStringLiteral("%1 customers %2: sold %3/%4 seats%5, last sale %6 s, %7 holds/s, hold p99 %8 ms, "
                          "%9 conflicts/sale, %10 gave up, PG CPU %11 s, %12 violations")
        .arg(r.customers)
        .arg(r.label())
        .arg(r.soldSeats)
        .arg(r.hallSeats)
        .arg(r.soldOut ? QStringLiteral(" (sold out)") : QString())
        .arg(fixed(r.lastSaleS, 2), fixed(r.holdsPerSecond(), 0), milliseconds(r.hold.p99),
             fixed(r.conflictsPerSale(), 2))
        .arg(r.gaveUp)
        .arg(r.serverCpuS ? fixed(*r.serverCpuS, 2) : QStringLiteral("–"))
        .arg(r.violations);
}

QString markdownOf(const QList<CrowdResult>& runs, const QJsonObject& machine, const QList<int>& crowds)
{
    QString md;
    md += QStringLiteral("# boxoffice-bench crowd\n\n");
    md += QStringLiteral("Machine: %1, %2 cores, %3; PostgreSQL %4 (synchronous_commit=%5, fsync=%6, "
                         "shared_buffers=%7); load average at the start: %8. Arrival: %9 over %10 s; think "
                         "scale %11; a pool of %12 threads and connections; %13 tries per customer.\n")
              .arg(machine.value(QStringLiteral("cpu")).toString())
              .arg(machine.value(QStringLiteral("cores")).toInt())
              .arg(machine.value(QStringLiteral("os")).toString(),
                   machine.value(QStringLiteral("server_version")).toString(),
                   machine.value(QStringLiteral("synchronous_commit")).toString(),
                   machine.value(QStringLiteral("fsync")).toString(),
                   machine.value(QStringLiteral("shared_buffers")).toString(),
                   machine.value(QStringLiteral("load_average_at_start")).toString(),
                   machine.value(QStringLiteral("arrival")).toString())
              .arg(machine.value(QStringLiteral("arrival_seconds")).toDouble())
              .arg(machine.value(QStringLiteral("think_scale")).toDouble())
              .arg(machine.value(QStringLiteral("pool")).toInt())
              .arg(machine.value(QStringLiteral("tries")).toInt());
    for (int crowd : crowds) {
        md += QStringLiteral("\n### %1 customers\n\n").arg(crowd);
        md += QStringLiteral(
            "| strategy | sold / hall | sold out | last sale s | holds/s | hold p50 ms | hold p99 ms "
            "| conflicts/sale | queue wait p50 ms | queue wait p99 ms | admitted out of turn "
            "| first hold before an earlier arrival | gave up | PG CPU s | violations |\n");
        md += QStringLiteral("|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (const CrowdResult& r : runs) {
            if (r.customers != crowd)
                continue;
            const bool queued = r.capacity > 0;
            md += QStringLiteral("| %1 | %2 / %3 | %4 | %5 | %6 | %7 | %8 | %9 | %10 | %11 | %12 | %13 | %14 "
                                 "| %15 | %16 |\n")
                      .arg(r.label())
                      .arg(r.soldSeats)
                      .arg(r.hallSeats)
                      .arg(r.soldOut ? QStringLiteral("yes") : QStringLiteral("no"), fixed(r.lastSaleS, 2),
                           fixed(r.holdsPerSecond(), 0), milliseconds(r.hold.p50), milliseconds(r.hold.p99),
                           fixed(r.conflictsPerSale(), 2),
                           queued ? milliseconds(r.queueWait.p50) : QStringLiteral("–"),
                           queued ? milliseconds(r.queueWait.p99) : QStringLiteral("–"),
                           queued ? QStringLiteral("%1 %").arg(fixed(100 * r.overtakenShare, 1))
                                  : QStringLiteral("–"))
                      .arg(QStringLiteral("%1 %").arg(fixed(100 * r.holdOvertakenShare, 1)))
                      .arg(r.gaveUp)
                      .arg(r.serverCpuS ? fixed(*r.serverCpuS, 2) : QStringLiteral("–"))
                      .arg(r.violations);
        }
    }
    return md;
}

} // namespace

QList<CrowdStrategy> crowdStrategies()
{
    QList<CrowdStrategy> all;
    for (const StrategyInfo& s : strategies()) {
        if (s.holdsSeats)
            all << CrowdStrategy{s.name, s.name, s.summary};
    }
    all << CrowdStrategy{QStringLiteral("conditional+localq"), QStringLiteral("conditional"),
                         QStringLiteral("conditional behind a FIFO admission queue inside the bench process "
                                        "(no round trip: the best a database queue can do)"),
                         CrowdStrategy::Queue::Local};
    all << CrowdStrategy{
        QStringLiteral("conditional+queue"), QStringLiteral("conditional"),
        QStringLiteral("conditional behind the product's admission queue (migrations 0014, "
                       "0048: join, heartbeat and leave through QueueStore; waiters ask every "
                       "--poll-ms)"),
        CrowdStrategy::Queue::Database};
    all << CrowdStrategy{QStringLiteral("conditional+queue+listen"), QStringLiteral("conditional"),
                         QStringLiteral("conditional behind the product's admission queue, its waiters told "
                                        "by the line's announcements (one LISTEN session, the announcer's "
                                        "publishing) and asking only when their turn came or every 5 s"),
                         CrowdStrategy::Queue::DatabaseListening};
    return all;
}

QString missingCrowdStrategyReason(const QString& name)
{
    return missingStrategyReason(name);
}

CrowdBenchReport runCrowdBenchmark(const ConnectionSettings& server, const CrowdOptions& options,
                                   const QString& serverData, const QString& folder, QTextStream& out)
{
    CrowdBenchReport report;
    QList<CrowdStrategy> chosen;
    for (const CrowdStrategy& s : crowdStrategies()) {
        if (options.strategies.isEmpty() || options.strategies.contains(s.name))
            chosen << s;
    }
    for (const QString& name : options.strategies) {
        if (std::none_of(chosen.cbegin(), chosen.cend(),
                         [&name](const CrowdStrategy& s) { return s.name == name; })) {
            const QString why = missingCrowdStrategyReason(name);
            report.failures << (why.isEmpty() ? QStringLiteral("unknown strategy '%1'").arg(name) : why);
        }
    }
    if (!report.failures.isEmpty())
        return report;
    auto created = BenchDatabase::create(server, BenchHall::DemoLargest);
    if (!created) {
        report.failures << QStringLiteral("cannot prepare the crowd database: %1 %2")
                               .arg(created.error().message, created.error().detail);
        return report;
    }
    std::unique_ptr<BenchDatabase> database = std::move(created).value();
    StrategyContext context = database->context();
    std::unique_ptr<RedisServer> redis;
    if (std::any_of(chosen.cbegin(), chosen.cend(),
                    [](const CrowdStrategy& s) { return s.client == QLatin1String("redis-multilock"); })) {
        auto started = RedisServer::start(folder);
        if (!started) {
            report.failures << started.error().message;
            return report;
        }
        redis = std::move(started).value();
        context.redisHost = redis->host();
        context.redisPort = redis->port();
    }
    const QJsonObject machine = conditions(*database, options, redis ? redis->version() : QString());
    if (machine.value(QStringLiteral("max_connections")).toString().toInt() < options.pool + 5) {
        report.failures << QStringLiteral("the server allows %1 connections; a pool of %2 needs %3")
                               .arg(machine.value(QStringLiteral("max_connections")).toString())
                               .arg(options.pool)
                               .arg(options.pool + 5);
        return report;
    }
    CrowdHall hall(database->seats());
    out << "# boxoffice-bench crowd — " << machine.value(QStringLiteral("cpu")).toString() << ", "
        << machine.value(QStringLiteral("cores")).toInt() << " cores, PostgreSQL "
        << machine.value(QStringLiteral("server_version")).toString() << ", hall of " << hall.size()
        << " seats, load " << machine.value(QStringLiteral("load_average_at_start")).toString() << "\n";
    out.flush();

    CrowdRun crowdRun(*database, hall, context, options, serverData);
    int runIndex = 0;
    for (int crowd : options.crowds) {
        for (const CrowdStrategy& strategy : chosen) {
            const bool queued = strategy.queue != CrowdStrategy::Queue::None;
            const QList<int> capacities = queued ? options.capacities : QList<int>{0};
            for (int capacity : capacities) {
                if (stopRequested())
                    break;
                std::unique_ptr<LocalAdmissionQueue> local;
                std::unique_ptr<QueueBroadcast> broadcast;
                CrowdAdmissionFactory admission;
                if (strategy.queue == CrowdStrategy::Queue::Local) {
                    local = std::make_unique<LocalAdmissionQueue>(capacity);
                    admission = local->factory();
                } else if (strategy.queue == CrowdStrategy::Queue::Database) {
                    admission = databaseAdmission(context.database, context.showtimeId);
                } else if (strategy.queue == CrowdStrategy::Queue::DatabaseListening) {
                    auto started = QueueBroadcast::start(context.database, context.showtimeId);
                    if (!started) {
                        report.failures << QStringLiteral("cannot listen to the queue: %1 %2")
                                               .arg(started.error().message, started.error().detail);
                        return report;
                    }
                    broadcast = std::move(started).value();
                    admission = listeningDatabaseAdmission(context.database, context.showtimeId, *broadcast);
                }
                const bool databaseQueue = strategy.queue == CrowdStrategy::Queue::Database ||
                                           strategy.queue == CrowdStrategy::Queue::DatabaseListening;
                CrowdResult r = crowdRun.measure(strategy.client, strategy.name, capacity, admission,
                                                 databaseQueue, crowd, ++runIndex);
                out << progressLine(r) << '\n';
                for (const QString& v : std::as_const(r.violationDetails))
                    out << "  VIOLATION: " << v << '\n';
                if (!r.firstError.isEmpty())
                    out << "  first error: " << r.firstError << '\n';
                out.flush();
                if (r.holds == 0 || r.errors * 100 > std::max<qint64>(r.holdAttempts, 1) || r.timedOut > 0)
                    report.failures << QStringLiteral(
                                           "%1 with %2 customers did not run properly: %3 holds, %4 "
                                           "errors, %5 still busy at the bound (%6)")
                                           .arg(r.label())
                                           .arg(crowd)
                                           .arg(r.holds)
                                           .arg(r.errors)
                                           .arg(r.timedOut)
                                           .arg(r.firstError);
                report.violations += r.violations;
                report.runs << r;
            }
        }
    }
    if (stopRequested())
        report.failures << QStringLiteral("interrupted: %1 runs measured").arg(report.runs.size());

    QJsonArray runs;
    report.csv = CrowdResult::csvHeader() + QLatin1Char('\n');
    for (const CrowdResult& r : std::as_const(report.runs)) {
        runs.append(r.toJson());
        report.csv += r.csvRow() + QLatin1Char('\n');
    }
    QJsonArray strategyList;
    for (const CrowdStrategy& s : std::as_const(chosen))
        strategyList.append(QJsonObject{
            {QStringLiteral("name"), s.name},
            {QStringLiteral("client"), s.client},
            {QStringLiteral("queue"), s.queue == CrowdStrategy::Queue::Local      ? QStringLiteral("local")
                                      : s.queue == CrowdStrategy::Queue::Database ? QStringLiteral("database")
                                      : s.queue == CrowdStrategy::Queue::DatabaseListening
                                          ? QStringLiteral("database, listening")
                                          : QStringLiteral("none")},
            {QStringLiteral("summary"), s.summary}});
    report.json = QJsonObject{{QStringLiteral("machine"), machine},
                              {QStringLiteral("hall_seats"), hall.size()},
                              {QStringLiteral("strategies"), strategyList},
                              {QStringLiteral("runs"), runs},
                              {QStringLiteral("violations"), report.violations}};
    report.markdown = markdownOf(report.runs, machine, options.crowds);
    report.caption =
        QStringLiteral("%1, %2 cores, PostgreSQL %3, load %4 at the start; hall of %5 seats; arrival %6 "
                       "over %7 s, think scale %8, pool %9, %10 tries. Indicative only on a shared machine.")
            .arg(machine.value(QStringLiteral("cpu")).toString())
            .arg(machine.value(QStringLiteral("cores")).toInt())
            .arg(machine.value(QStringLiteral("server_version")).toString(),
                 machine.value(QStringLiteral("load_average_at_start")).toString())
            .arg(hall.size())
            .arg(arrivalCurveName(options.arrival))
            .arg(options.arrivalSeconds)
            .arg(options.thinkScale)
            .arg(options.pool)
            .arg(options.tries);
    out << '\n' << report.markdown;
    out.flush();
    return report;
}

} // namespace bo::bench
