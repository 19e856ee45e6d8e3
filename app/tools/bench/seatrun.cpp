// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/seatrun.h"

#include <algorithm>
#include <thread>
#include <vector>

#include <QFile>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/clientloop.h"
#include "app/tools/bench/stopflag.h"
#include "db/announcer.h"

namespace bo::bench {
namespace {

struct CpuSample
{
    double process = 0; ///< seconds of CPU used by this process
    double busy = 0;    ///< seconds of CPU busy on the machine (all cores)
};

CpuSample sampleCpu()
{
    CpuSample s;
#ifdef Q_OS_LINUX
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        s.process = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    QFile stat(QStringLiteral("/proc/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> fields = stat.readLine().simplified().split(' ');
        // cpu user nice system idle iowait irq softirq steal ...
        double busy = 0;
        for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) {
            if (i != 4 && i != 5)
                busy += fields.at(i).toDouble();
        }
        s.busy = busy / 100.0; // USER_HZ
    }
#endif
    return s;
}

} // namespace

SeatRun::SeatRun(BenchDatabase& database, StrategyContext context, int seconds, double confirmRatio)
    : m_database(database)
    , m_context(std::move(context))
    , m_seconds(seconds)
    , m_confirmRatio(confirmRatio)
{}

RunResult SeatRun::measure(const StrategyInfo& strategy, const Workload& workload, int clientCount,
                           int runIndex, const RunHooks& hooks)
{
    RunResult result;
    result.strategy = strategy.name;
    result.holdsSeats = strategy.holdsSeats;
    result.workload = workload;
    result.clients = clientCount;
    if (Status s = m_database.reset(); !s) {
        result.firstError = QStringLiteral("reset failed: ") + s.error().message;
        return result;
    }

    RunShared shared(clientCount, m_database.seatIds().size());
    shared.strategy = strategy;
    shared.workload = workload;
    shared.runIndex = runIndex;
    shared.confirmRatio = m_confirmRatio;
    shared.context = m_context;
    shared.seatIds = m_database.seatIds();
    std::vector<ClientResult> results(static_cast<size_t>(clientCount));

    // The seat changes of every strategy are announced (showtime_seat's trigger, the project's
    // functions) and, since migration 0013, published by the announcer every terminal runs: one
    // runs here too, so that each run pays for its announcements as a site would.
    Announcer announcer(m_context.database);
    if (strategy.holdsSeats)
        announcer.start();

    std::vector<std::thread> threads;
    threads.reserve(size_t(clientCount));
    for (int i = 0; i < clientCount; ++i)
        threads.emplace_back([&shared, &results, i] {
            ClientLoop loop(shared, i, results[size_t(i)]);
            loop.run();
        });
    shared.ready.wait();

    const CpuSample cpuBefore = sampleCpu();
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::seconds(m_seconds);
    shared.deadlineNs.store(deadline.time_since_epoch().count());
    shared.go.store(true);
    shared.go.notify_all();
    if (hooks.started)
        hooks.started();

    // While the clients run, look for partial holds in committed state every 100 ms: each hold
    // commits all its seats at once, so a token holding some other number of seats is a bug.
    qint64 partialSeen = 0;
    while (strategy.holdsSeats && !stopRequested() &&
           Clock::now() + std::chrono::milliseconds(100) < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (const Result<qint64> partial = m_database.partialHolds(workload.k))
            partialSeen += partial.value();
    }
    for (auto& t : threads)
        t.join();
    const CpuSample cpuAfter = sampleCpu();
    if (hooks.ended)
        hooks.ended();
    announcer.stop();

    Clock::time_point last = deadline;
    std::vector<float> holdMicros;
    std::vector<float> confirmMicros;
    qint64 holdTrips = 0;
    qint64 confirmTrips = 0;
    qint64 confirmedSeats = 0;
    for (const ClientResult& r : results) {
        last = std::max(last, r.finished);
        result.attempts += r.attempts;
        result.granted += r.granted;
        result.conflicts += r.conflicts;
        result.errors += r.errors;
        result.confirms += r.confirms;
        result.confirmFailures += r.confirmFailures;
        holdTrips += r.holdTrips;
        confirmTrips += r.confirmTrips;
        confirmedSeats += r.confirmedSeats;
        result.counters.roundTrips += r.counters.roundTrips;
        result.counters.redisCalls += r.counters.redisCalls;
        result.counters.retries += r.counters.retries;
        result.counters.deadlocks += r.counters.deadlocks;
        result.counters.serialization += r.counters.serialization;
        holdMicros.insert(holdMicros.end(), r.holdMicros.begin(), r.holdMicros.end());
        confirmMicros.insert(confirmMicros.end(), r.confirmMicros.begin(), r.confirmMicros.end());
        if (result.firstError.isEmpty() && !r.firstError.isEmpty())
            result.firstError = r.firstError;
    }
    result.seconds = std::chrono::duration<double>(last - start).count();
    result.hold = percentilesOf(holdMicros);
    result.confirm = percentilesOf(confirmMicros);
    result.tripsPerHold = result.attempts > 0 ? double(holdTrips) / double(result.attempts) : 0;
    result.tripsPerConfirm = result.confirms > 0 ? double(confirmTrips) / double(result.confirms) : 0;
    result.clientCpu = (cpuAfter.process - cpuBefore.process) / std::max(result.seconds, 0.001);
    result.machineCpu = (cpuAfter.busy - cpuBefore.busy) / std::max(result.seconds, 0.001);
    if (strategy.holdsSeats) {
        if (partialSeen > 0) {
            result.violations += partialSeen;
            result.violationDetails << QStringLiteral("%1 partial holds seen while running").arg(partialSeen);
        }
        for (const ClientResult& r : results) {
            if (r.doubleOwners + r.lostHolds > 0) {
                result.violations += r.doubleOwners + r.lostHolds;
                result.violationDetails << r.firstViolation;
            }
        }
        SeatCheck checked = m_database.check(workload.k, confirmedSeats);
        result.violations += checked.violations;
        result.violationDetails += checked.details;
        result.leftHeld = checked.leftHeld;
    }
    return result;
}

} // namespace bo::bench
