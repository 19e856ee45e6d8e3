// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QUuid>

#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo::bench {

/// What one client of a strategy saw, beyond holds and conflicts.
struct ClientCounters
{
    qint64 roundTrips = 0;    ///< statements sent to PostgreSQL (BEGIN and COMMIT included)
    qint64 redisCalls = 0;    ///< commands sent to Redis
    qint64 retries = 0;       ///< attempts made again (optimistic version misses, failed transactions)
    qint64 deadlocks = 0;     ///< 40P01 reported by the server
    qint64 serialization = 0; ///< 40001 reported by the server
};

/// Where a strategy's clients connect and which showtime they fight over.
struct StrategyContext
{
    ConnectionSettings database;
    int showtimeId = 0;
    int writeRows = 0; ///< rows of bench_write (the `limit` strategy's table)
    QString redisHost;
    int redisPort = 0;
};

/// One client of one strategy: its own connection(s), used from one thread only. Answers in the
/// model's terms: a seat taken, or a race lost after the strategy's own retries, is a
/// HoldDecision with `granted` false; an error means the attempt failed.
class StrategyClient
{
public:
    virtual ~StrategyClient() = default;
    /// Holds all of `seats` (sorted, distinct) for `token`, or none. Only `conditional` reads the
    /// database clock back (`heldUntil`, `dbNow`) and names the `unavailable` seats; the
    /// competitors fill `granted` alone, as their SQL decides nothing more.
    [[nodiscard]] virtual Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) = 0;
    /// Frees the token's seats; how many were freed.
    [[nodiscard]] virtual Result<int> release(const QList<int>& seats, const QUuid& token) = 0;
    /// Turns the token's held seats into a confirmed booking, once for `key`.
    [[nodiscard]] virtual Status confirm(const QList<int>& seats, const QUuid& token, const QUuid& key) = 0;
    /// The counters of this client (those of its connection included).
    [[nodiscard]] virtual ClientCounters counters() const = 0;
};

} // namespace bo::bench
