// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <chrono>
#include <latch>
#include <memory>
#include <random>
#include <vector>

#include <QList>
#include <QString>

#include "app/tools/bench/strategies.h"
#include "app/tools/bench/strategyclient.h"
#include "app/tools/bench/workload.h"

namespace bo::bench {

using Clock = std::chrono::steady_clock;

/// What every client thread of one run shares: what to run, the seats, the ledger of who holds
/// which in this process, and the start line.
struct RunShared
{
    RunShared(int clientCount, qsizetype seatCount);

    StrategyInfo strategy;
    Workload workload;
    int clients = 0;
    int runIndex = 0;
    double confirmRatio = 0;
    StrategyContext context;
    QList<int> seatIds;                   ///< row-major, hallRows × seatsPerRow
    std::vector<std::atomic<int>> owners; ///< per hall position: the client (from 1) holding it, or 0
    std::latch ready;                     ///< counted down by each client once warmed up
    std::atomic<bool> go{false};
    std::atomic<qint64> deadlineNs{0}; ///< Clock's time since epoch
};

/// What one client thread did in one run.
struct ClientResult
{
    qint64 attempts = 0;
    qint64 granted = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirms = 0;
    qint64 confirmedSeats = 0;
    qint64 confirmFailures = 0;
    qint64 lostHolds = 0;    ///< a release that found fewer than k of our seats held by us
    qint64 doubleOwners = 0; ///< a grant of a seat another client still held
    qint64 holdTrips = 0;    ///< round trips (PostgreSQL and Redis) spent in holds
    qint64 confirmTrips = 0;
    std::vector<float> holdMicros;
    std::vector<float> confirmMicros;
    ClientCounters counters; ///< after the warm-up
    QString firstError;
    QString firstViolation;
    Clock::time_point finished;
};

/// One client thread of a run: connects, warms up, waits at the start line, then holds (and
/// confirms some, releases the rest) until the deadline, checking every grant against the ledger.
class ClientLoop final
{
public:
    ClientLoop(RunShared& shared, int index, ClientResult& result);
    ClientLoop(const ClientLoop&) = delete;
    ClientLoop& operator=(const ClientLoop&) = delete;

    /// The thread's body; counts `ready` down exactly once, connected or not.
    void run();

private:
    [[nodiscard]] QList<int> seatsOf(const QList<int>& positions) const;
    void noteError(const QString& what, const Error& error);
    void claim(const QList<int>& positions);
    void release(const QList<int>& positions, const QList<int>& seats, const QUuid& token);

    RunShared& m_shared;
    const int m_index;
    const int m_me; ///< the ledger's name of this client
    ClientResult& m_result;
    std::mt19937_64 m_random;
    std::unique_ptr<StrategyClient> m_client;
};

} // namespace bo::bench
