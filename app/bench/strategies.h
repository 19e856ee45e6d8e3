// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QList>
#include <QString>
#include <QStringList>
#include <QUuid>

#include "db/connectionsettings.h"
#include "model/result.h"

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

enum class HoldOutcome { Granted, Conflict, Failed };

/// Where a strategy's clients connect and which showtime they fight over.
struct StrategyContext
{
    ConnectionSettings database;
    int showtimeId = 0;
    int writeRows = 0; ///< rows of bench_write (the `limit` strategy's table)
    QString redisHost;
    int redisPort = 0;
};

/// One client of one strategy: its own connection(s), used from one thread only.
class StrategyClient
{
public:
    virtual ~StrategyClient() = default;
    /// Holds all of `seats` (sorted, distinct) for `token`, or none.
    [[nodiscard]] virtual HoldOutcome hold(const QList<int>& seats, const QUuid& token, QString* error) = 0;
    /// Frees the token's seats; returns how many were freed, or -1 on failure.
    [[nodiscard]] virtual int release(const QList<int>& seats, const QUuid& token, QString* error) = 0;
    /// Turns the token's held seats into a confirmed booking, once for `key`.
    [[nodiscard]] virtual bool confirm(const QList<int>& seats, const QUuid& token, const QUuid& key,
                                       QString* error) = 0;
    /// The counters of this client (those of its connection included).
    [[nodiscard]] virtual ClientCounters counters() const = 0;
};

struct StrategyInfo
{
    QString name;
    QString summary;
    bool holdsSeats = true; ///< false for `limit`: one row write per operation, no seats
};

/// Every strategy this build has, in the order a run measures them (`limit` first).
[[nodiscard]] QList<StrategyInfo> strategies();
/// Why a known strategy is missing from this build, or empty.
[[nodiscard]] QString missingStrategyReason(const QString& name);
[[nodiscard]] Result<std::unique_ptr<StrategyClient>>
connectClient(const QString& strategy, const StrategyContext& context, int clientIndex);

} // namespace bo::bench
