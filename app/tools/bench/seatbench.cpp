// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/seatbench.h"

#include <algorithm>

#include <QFile>
#include <QSysInfo>
#include <QThread>

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/redisserver.h"
#include "app/tools/bench/seatreport.h"
#include "app/tools/bench/seatrun.h"
#include "app/tools/bench/stopflag.h"

namespace bo::bench {

SeatBench::SeatBench(SeatBenchOptions options, QTextStream& out)
    : m_options(std::move(options))
    , m_out(out)
{}

SeatBench::~SeatBench() = default;

QStringList SeatBench::choose(QList<StrategyInfo>& chosen)
{
    QStringList failures;
    const QList<StrategyInfo> available = strategies();
    QStringList wanted = m_options.strategies;
    if (wanted.isEmpty()) {
        for (const StrategyInfo& s : available)
            wanted << s.name;
        const QString missing = missingStrategyReason(QStringLiteral("redis-multilock"));
        if (!missing.isEmpty())
            m_out << "note: " << missing << '\n';
    }
    for (const StrategyInfo& s : available) {
        if (wanted.contains(s.name))
            chosen << s;
    }
    for (const QString& name : wanted) {
        if (std::none_of(chosen.cbegin(), chosen.cend(),
                         [&name](const StrategyInfo& s) { return s.name == name; })) {
            const QString why = missingStrategyReason(name);
            failures << (why.isEmpty() ? QStringLiteral("unknown strategy '%1'").arg(name) : why);
        }
    }
    return failures;
}

QJsonObject SeatBench::machine()
{
    QJsonObject m = m_database->serverSettings();
    m[QStringLiteral("os")] = QSysInfo::prettyProductName();
    m[QStringLiteral("cores")] = QThread::idealThreadCount();
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : cpuinfo.readAll().split('\n')) {
            if (line.startsWith("model name")) {
                m[QStringLiteral("cpu")] = QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
                break;
            }
        }
    }
    if (m_redis)
        m[QStringLiteral("redis_version")] = m_redis->version();
    m[QStringLiteral("seconds_per_run")] = m_options.seconds;
    m[QStringLiteral("confirm_ratio")] = m_options.confirmRatio;
    return m;
}

SeatBenchReport SeatBench::run(const ConnectionSettings& server, const QString& folder)
{
    SeatBenchReport report;
    QList<StrategyInfo> chosen;
    report.failures = choose(chosen);
    if (!report.failures.isEmpty())
        return report;

    // From here on the benchmark's database goes with m_database, whatever happens (it may be
    // on a server of the user's, given with --db).
    auto created = BenchDatabase::create(server);
    if (!created) {
        report.failures << QStringLiteral("cannot prepare the benchmark database: %1 %2")
                               .arg(created.error().message, created.error().detail);
        return report;
    }
    m_database = std::move(created).value();
    StrategyContext context = m_database->context();
    const bool wantsRedis = std::any_of(chosen.cbegin(), chosen.cend(), [](const StrategyInfo& s) {
        return s.name == QLatin1String("redis-multilock");
    });
    if (wantsRedis) {
        auto redis = RedisServer::start(folder);
        if (!redis) {
            report.failures << redis.error().message;
        } else {
            m_redis = std::move(redis).value();
            context.redisHost = m_redis->host();
            context.redisPort = m_redis->port();
        }
    }
    const QJsonObject machineInfo = machine();
    const int maxClients = *std::max_element(m_options.clients.cbegin(), m_options.clients.cend());
    if (machineInfo.value(QStringLiteral("max_connections")).toString().toInt() < maxClients + 5)
        report.failures << QStringLiteral("the server allows %1 connections; %2 clients need %3")
                               .arg(machineInfo.value(QStringLiteral("max_connections")).toString())
                               .arg(maxClients)
                               .arg(maxClients + 5);
    if (!report.failures.isEmpty())
        return report;

    m_out << "# boxoffice-bench seats — " << machineInfo.value(QStringLiteral("cpu")).toString() << ", "
          << machineInfo.value(QStringLiteral("cores")).toInt() << " cores, PostgreSQL "
          << machineInfo.value(QStringLiteral("server_version")).toString()
          << ", synchronous_commit=" << machineInfo.value(QStringLiteral("synchronous_commit")).toString()
          << "\n";
    m_out.flush();

    SeatRun seatRun(*m_database, context, m_options.seconds, m_options.confirmRatio);
    QList<RunResult> runs;
    int runIndex = 0;
    for (int k : m_options.seatsPerRequest) {
        for (const QString& choice : m_options.choices) {
            const Workload workload{k, choice == QLatin1String("hotspot")};
            for (int clients : m_options.clients) {
                // One block per point: `limit` first, then each strategy, back to back, so the
                // ratios compare figures measured within a minute of each other.
                for (const StrategyInfo& strategy : chosen) {
                    if (stopRequested())
                        break;
                    RunResult r = seatRun.measure(strategy, workload, clients, ++runIndex);
                    m_out << SeatReport::progressLine(r) << '\n';
                    for (const QString& v : std::as_const(r.violationDetails))
                        m_out << "  VIOLATION: " << v << '\n';
                    if (!r.firstError.isEmpty())
                        m_out << "  first error: " << r.firstError << '\n';
                    m_out.flush();
                    if (r.attempts == 0 || r.errors * 100 > r.attempts || (r.holdsSeats && r.granted == 0))
                        report.failures << QStringLiteral("%1 %2 c=%3 did not run properly: %4 attempts, %5 "
                                                          "holds, %6 errors (%7)")
                                               .arg(strategy.name, workload.name())
                                               .arg(clients)
                                               .arg(r.attempts)
                                               .arg(r.granted)
                                               .arg(r.errors)
                                               .arg(r.firstError);
                    report.violations += int(r.violations);
                    runs << r;
                }
            }
        }
    }

    if (stopRequested())
        report.failures
            << QStringLiteral("interrupted: %1 runs measured, the rest not started").arg(runs.size());

    SeatReport::setRatios(runs);
    const SeatReport written(runs, machineInfo, m_options);
    report.json = written.json();
    report.markdown = written.markdown();
    m_out << '\n' << report.markdown;
    m_out.flush();
    return report;
}

SeatBenchReport runSeatBenchmarks(const ConnectionSettings& server, const SeatBenchOptions& options,
                                  const QString& folder, QTextStream& out)
{
    SeatBench bench(options, out);
    return bench.run(server, folder);
}

} // namespace bo::bench
