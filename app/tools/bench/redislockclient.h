// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The Redis per-seat lock design (like a multi-lock's tryLock): built only with hiredis.
#pragma once

#include <memory>

#include <QByteArray>

#include "app/tools/bench/sqlclient.h"

struct redisContext;

namespace bo::bench {

/// SET lock NX PX 10000 per seat in seat order (all or nothing), then the conditional UPDATE in
/// its own transaction, then a compare-and-delete of the locks.
class RedisLockClient final : public SqlClient
{
public:
    /// Connects to the Redis of `context` (5 s timeout) for a client on `connection`.
    [[nodiscard]] static Result<std::unique_ptr<StrategyClient>>
    connect(std::unique_ptr<DbConnection> connection, const StrategyContext& context, int clientIndex);

    [[nodiscard]] Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) override;

private:
    struct ContextDeleter
    {
        void operator()(redisContext* context) const;
    };

    RedisLockClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex,
                    redisContext* redis);
    [[nodiscard]] QByteArray lockKey(int seat) const;
    void unlock(const QList<QByteArray>& keys, const QByteArray& owner);

    std::unique_ptr<redisContext, ContextDeleter> m_redis;
};

} // namespace bo::bench
