// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/redislockclient.h"

#include <hiredis/hiredis.h>

namespace bo::bench {
namespace {

struct ReplyDeleter
{
    void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

/// Compare-and-delete of every key given: a lock is removed only while it is still ours.
constexpr char unlockScript[] = "for _, k in ipairs(KEYS) do "
                                "if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end end "
                                "return 0";

} // namespace

void RedisLockClient::ContextDeleter::operator()(redisContext* context) const
{
    redisFree(context);
}

Result<std::unique_ptr<StrategyClient>> RedisLockClient::connect(std::unique_ptr<DbConnection> connection,
                                                                 const StrategyContext& context,
                                                                 int clientIndex)
{
    const QByteArray host = context.redisHost.toLatin1();
    timeval timeout{5, 0};
    redisContext* redis = redisConnectWithTimeout(host.constData(), context.redisPort, timeout);
    if (!redis || redis->err) {
        const QString why = redis ? QString::fromLocal8Bit(redis->errstr) : QStringLiteral("out of memory");
        if (redis)
            redisFree(redis);
        return makeError(ErrorCode::Offline, QStringLiteral("cannot connect to Redis at %1:%2: %3")
                                                 .arg(context.redisHost)
                                                 .arg(context.redisPort)
                                                 .arg(why));
    }
    (void)redisSetTimeout(redis, timeout);
    return std::unique_ptr<StrategyClient>(
        new RedisLockClient(std::move(connection), context, clientIndex, redis));
}

RedisLockClient::RedisLockClient(std::unique_ptr<DbConnection> connection, StrategyContext context,
                                 int clientIndex, redisContext* redis)
    : SqlClient(std::move(connection), std::move(context), clientIndex)
    , m_redis(redis)
{}

Result<HoldDecision> RedisLockClient::hold(const QList<int>& seats, const QUuid& token)
{
    const QByteArray owner = uuidText(token).toLatin1();
    QList<QByteArray> taken;
    // One SET NX PX per seat, in seat order, all or nothing.
    for (int seat : seats) {
        const QByteArray key = lockKey(seat);
        ++m_counters.redisCalls;
        Reply reply(static_cast<redisReply*>(redisCommand(m_redis.get(), "SET %b %b NX PX 10000",
                                                          key.constData(), size_t(key.size()),
                                                          owner.constData(), size_t(owner.size()))));
        if (!reply) {
            unlock(taken, owner);
            return makeError(ErrorCode::Offline,
                             QStringLiteral("redis: %1").arg(QString::fromLocal8Bit(m_redis->errstr)));
        }
        if (reply->type == REDIS_REPLY_NIL) {
            unlock(taken, owner); // another sale is writing this seat right now
            return decided(false);
        }
        if (reply->type != REDIS_REPLY_STATUS) {
            unlock(taken, owner);
            return makeError(ErrorCode::Internal,
                             QStringLiteral("redis: %1").arg(QString::fromUtf8(reply->str, int(reply->len))));
        }
        taken << key;
    }
    // The database write, still conditional: the Redis lock covers the write, not the
    // minutes a seat stays held, which only the seat row knows.
    const Result<bool> committed = transaction([&]() -> Result<bool> {
        auto held = run(QStringLiteral("UPDATE showtime_seat SET status = 'HELD', held_by = ?::uuid, "
                                       "held_until = clock_timestamp() + interval '300 seconds' "
                                       "WHERE showtime_id = ? AND seat_id = ANY (?::integer[]) AND %1")
                            .arg(QLatin1String(takeableSql)),
                        {uuidText(token), context().showtimeId, seatArray(seats), uuidText(token)});
        if (!held)
            return held.error();
        return held.value().numRowsAffected() == seats.size();
    });
    unlock(taken, owner);
    if (!committed)
        return committed.error();
    return decided(committed.value());
}

QByteArray RedisLockClient::lockKey(int seat) const
{
    return QByteArrayLiteral("lock:") + QByteArray::number(context().showtimeId) + ':' +
           QByteArray::number(seat);
}

void RedisLockClient::unlock(const QList<QByteArray>& keys, const QByteArray& owner)
{
    if (keys.isEmpty())
        return;
    QList<const char*> argv{"EVAL", unlockScript};
    QList<size_t> lengths{4, sizeof(unlockScript) - 1};
    const QByteArray count = QByteArray::number(keys.size());
    argv << count.constData();
    lengths << size_t(count.size());
    for (const QByteArray& key : keys) {
        argv << key.constData();
        lengths << size_t(key.size());
    }
    argv << owner.constData();
    lengths << size_t(owner.size());
    ++m_counters.redisCalls;
    Reply reply(static_cast<redisReply*>(
        redisCommandArgv(m_redis.get(), int(argv.size()), argv.data(), lengths.data())));
    // A lost unlock only delays others by the lock's 10 s expiry; the seat row stays right.
    Q_UNUSED(reply);
}

} // namespace bo::bench
