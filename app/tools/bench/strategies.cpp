// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/strategies.h"

#include "app/tools/bench/conditionalclient.h"
#include "app/tools/bench/forupdateclient.h"
#include "app/tools/bench/limitclient.h"
#include "app/tools/bench/optimisticclient.h"
#include "db/dbconnection.h"

#ifdef BOXOFFICE_HAVE_HIREDIS
#include "app/tools/bench/redislockclient.h"
#endif

namespace bo::bench {

QList<StrategyInfo> strategies()
{
    QList<StrategyInfo> all{
        {QStringLiteral("limit"), QStringLiteral("one single-row UPDATE per transaction (the write ceiling)"),
         false},
        {QStringLiteral("conditional"),
         QStringLiteral("the project's hold: CheckedSeatCommands → bo_hold(), one round trip, SKIP LOCKED"),
         true},
        {QStringLiteral("for-update"),
         QStringLiteral("BEGIN; SELECT … ORDER BY seat_id FOR UPDATE; check; UPDATE; COMMIT"), true},
        {QStringLiteral("optimistic"),
         QStringLiteral("read versions; BEGIN; UPDATE … WHERE version = v; COMMIT or retry (3 tries)"), true},
    };
#ifdef BOXOFFICE_HAVE_HIREDIS
    all << StrategyInfo{QStringLiteral("redis-multilock"),
                        QStringLiteral("SET lock NX PX 10000 per seat in Redis, then BEGIN; UPDATE; COMMIT; "
                                       "then unlock"),
                        true};
#endif
    return all;
}

QString missingStrategyReason(const QString& name)
{
#ifndef BOXOFFICE_HAVE_HIREDIS
    if (name == QLatin1String("redis-multilock"))
        return QStringLiteral("redis-multilock is left out: this build found no hiredis "
                              "(install libhiredis-dev and configure again)");
#endif
    Q_UNUSED(name);
    return {};
}

Result<std::unique_ptr<StrategyClient>> connectClient(const QString& strategy, const StrategyContext& context,
                                                      int clientIndex)
{
    auto connection = DbConnection::open(context.database, QStringLiteral("bench-%1").arg(strategy));
    if (!connection)
        return connection.error();
    std::unique_ptr<DbConnection> db = std::move(connection).value();
    if (strategy == QLatin1String("conditional"))
        return std::unique_ptr<StrategyClient>(new ConditionalClient(std::move(db), context, clientIndex));
    if (strategy == QLatin1String("for-update"))
        return std::unique_ptr<StrategyClient>(new ForUpdateClient(std::move(db), context, clientIndex));
    if (strategy == QLatin1String("optimistic"))
        return std::unique_ptr<StrategyClient>(new OptimisticClient(std::move(db), context, clientIndex));
    if (strategy == QLatin1String("limit"))
        return std::unique_ptr<StrategyClient>(new LimitClient(std::move(db), context, clientIndex));
#ifdef BOXOFFICE_HAVE_HIREDIS
    if (strategy == QLatin1String("redis-multilock"))
        return RedisLockClient::connect(std::move(db), context, clientIndex);
#endif
    return makeError(ErrorCode::BadInput, QStringLiteral("unknown strategy '%1'").arg(strategy));
}

} // namespace bo::bench
