// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/clientloop.h"

#include <QUuid>

#include "app/tools/bench/stopflag.h"
#include "app/tools/bench/strategies.h"

namespace bo::bench {
namespace {

constexpr qsizetype maxSamples = 2000000; // latency samples kept per run (bounded memory)

qint64 trips(const ClientCounters& c)
{
    return c.roundTrips + c.redisCalls;
}

} // namespace

RunShared::RunShared(int clientCount, qsizetype seatCount)
    : clients(clientCount)
    , owners(size_t(seatCount))
    , ready(clientCount)
{
    for (auto& o : owners)
        o.store(0);
}

ClientLoop::ClientLoop(RunShared& shared, int index, ClientResult& result)
    : m_shared(shared)
    , m_index(index)
    , m_me(index + 1)
    , m_result(result)
    , m_random(quint64(shared.runIndex) * 100003u + quint64(index) * 7919u + 1u)
{}

void ClientLoop::run()
{
    ClientResult& mine = m_result;
    const Workload workload = m_shared.workload;
    std::uniform_real_distribution<double> unit(0.0, 1.0);

    auto connected = connectClient(m_shared.strategy.name, m_shared.context, m_index);
    if (!connected) {
        mine.firstError = connected.error().message;
        mine.errors = 1;
        m_shared.ready.count_down();
        return;
    }
    m_client = std::move(connected).value();
    QList<int> positions;
    {
        // Warm up: statements prepared, caches filled; the seats end free again.
        workload.pick(m_random, positions);
        const QList<int> seats = seatsOf(positions);
        const QUuid token = QUuid::createUuid();
        const Result<HoldDecision> held = m_client->hold(seats, token);
        if (held && held.value().granted)
            (void)m_client->release(seats, token);
    }
    const ClientCounters warm = m_client->counters();
    mine.holdMicros.reserve(65536);
    m_shared.ready.count_down();
    m_shared.go.wait(false);
    const Clock::time_point deadline{Clock::duration(m_shared.deadlineNs.load())};
    const qsizetype samplesKept = maxSamples / qMax(1, m_shared.clients);
    while (Clock::now() < deadline && !stopRequested()) {
        workload.pick(m_random, positions);
        const QList<int> seats = seatsOf(positions);
        const QUuid token = QUuid::createUuid();
        const qint64 tripsBefore = trips(m_client->counters());
        const auto started = Clock::now();
        const Result<HoldDecision> held = m_client->hold(seats, token);
        const auto took = std::chrono::duration<float, std::micro>(Clock::now() - started).count();
        mine.holdTrips += trips(m_client->counters()) - tripsBefore;
        ++mine.attempts;
        if (qsizetype(mine.holdMicros.size()) < samplesKept)
            mine.holdMicros.push_back(took);
        if (!held) {
            ++mine.errors;
            noteError(QString(), held.error());
            continue;
        }
        if (!held.value().granted) {
            ++mine.conflicts;
            continue;
        }
        ++mine.granted;
        if (!m_shared.strategy.holdsSeats)
            continue;
        claim(positions);
        if (m_shared.confirmRatio > 0 && unit(m_random) < m_shared.confirmRatio) {
            const qint64 before = trips(m_client->counters());
            const auto confirmStarted = Clock::now();
            const Status confirmed = m_client->confirm(seats, token, QUuid::createUuid());
            mine.confirmMicros.push_back(
                std::chrono::duration<float, std::micro>(Clock::now() - confirmStarted).count());
            mine.confirmTrips += trips(m_client->counters()) - before;
            ++mine.confirms;
            if (confirmed) {
                mine.confirmedSeats += seats.size();
                continue; // sold: the seats keep their owner in the ledger for good
            }
            ++mine.confirmFailures;
            noteError(QStringLiteral("confirm: "), confirmed.error());
        }
        release(positions, seats, token);
    }
    mine.finished = Clock::now();
    ClientCounters c = m_client->counters();
    c.roundTrips -= warm.roundTrips;
    c.redisCalls -= warm.redisCalls;
    c.retries -= warm.retries;
    c.deadlocks -= warm.deadlocks;
    c.serialization -= warm.serialization;
    mine.counters = c;
    m_client.reset(); // its connection belongs to this thread: closed here
}

QList<int> ClientLoop::seatsOf(const QList<int>& positions) const
{
    QList<int> ids;
    for (int p : positions)
        ids << m_shared.seatIds.at(p);
    return ids;
}

void ClientLoop::noteError(const QString& what, const Error& error)
{
    if (!m_result.firstError.isEmpty())
        return;
    m_result.firstError = what + error.message;
    if (!error.detail.isEmpty())
        m_result.firstError += QLatin1Char(' ') + error.detail;
}

void ClientLoop::claim(const QList<int>& positions)
{
    // The ledger: every seat granted must have had no other owner in this process.
    for (int p : positions) {
        int expected = 0;
        if (!m_shared.owners[size_t(p)].compare_exchange_strong(expected, m_me)) {
            ++m_result.doubleOwners;
            if (m_result.firstViolation.isEmpty())
                m_result.firstViolation =
                    QStringLiteral("seat %1 granted to client %2 while client %3 held it")
                        .arg(m_shared.seatIds.at(p))
                        .arg(m_me)
                        .arg(expected);
        }
    }
}

void ClientLoop::release(const QList<int>& positions, const QList<int>& seats, const QUuid& token)
{
    // Clear the ledger before the release is sent: until it commits nobody can take them.
    for (int p : positions)
        m_shared.owners[size_t(p)].store(0);
    const Result<int> freed = m_client->release(seats, token);
    if (!freed) {
        ++m_result.errors;
        noteError(QStringLiteral("release: "), freed.error());
    } else if (freed.value() != seats.size()) {
        ++m_result.lostHolds;
        if (m_result.firstViolation.isEmpty())
            m_result.firstViolation = QStringLiteral("release of a %1-seat hold found %2 seats still held")
                                          .arg(seats.size())
                                          .arg(freed.value());
    }
}

} // namespace bo::bench
