// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/bench/strategies.h"

#include <QRandomGenerator>

#include "app/bench/sqlclient.h"
#include "db/seatstore.h"
#include "model/seatservice.h"

namespace bo::bench {

#ifdef BOXOFFICE_HAVE_HIREDIS
// redisstrategy.cpp
Result<std::unique_ptr<StrategyClient>> connectRedisLockClient(std::unique_ptr<DbConnection> connection,
                                                               const StrategyContext& context,
                                                               int clientIndex);
#endif

namespace {

/// The project's own code path: SeatService (model/) over SeatStore (db/), one round trip per
/// hold, release and confirm, exactly as the counter app sends them.
class ConditionalClient final : public StrategyClient
{
public:
    ConditionalClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex)
        : m_db(std::move(connection))
        , m_store(*m_db)
        , m_service(m_store, 10)
        , m_context(std::move(context))
        , m_terminal(QStringLiteral("bench-%1").arg(clientIndex))
    {}

    HoldOutcome hold(const QList<int>& seats, const QUuid& token, QString* error) override
    {
        ++m_roundTrips;
        auto held = m_service.hold(m_context.showtimeId, seats, token);
        if (!held) {
            // Deadlocks or serialization failures that outlasted the retries come back as Conflict.
            if (held.error().code == ErrorCode::Conflict)
                return HoldOutcome::Conflict;
            *error = held.error().message + QLatin1Char(' ') + held.error().detail;
            return HoldOutcome::Failed;
        }
        return held.value().granted ? HoldOutcome::Granted : HoldOutcome::Conflict;
    }

    int release(const QList<int>& seats, const QUuid& token, QString* error) override
    {
        ++m_roundTrips;
        auto freed = m_service.release(m_context.showtimeId, token, seats);
        if (!freed) {
            *error = freed.error().message;
            return -1;
        }
        return freed.value();
    }

    bool confirm(const QList<int>& seats, const QUuid& token, const QUuid& key, QString* error) override
    {
        ConfirmRequest request;
        request.terminal = m_terminal;
        request.key = key;
        request.showtimeId = m_context.showtimeId;
        request.owner = token;
        request.seatIds = seats;
        request.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}};
        ++m_roundTrips;
        auto confirmed = m_service.confirm(request);
        if (!confirmed) {
            *error = confirmed.error().message;
            return false;
        }
        return true;
    }

    ClientCounters counters() const override
    {
        ClientCounters c;
        c.roundTrips = m_roundTrips;
        c.retries = m_db->retriesSeen();
        c.deadlocks = m_db->deadlocksSeen();
        c.serialization = m_db->serializationFailuresSeen();
        return c;
    }

private:
    std::unique_ptr<DbConnection> m_db;
    SeatStore m_store;
    SeatService m_service;
    StrategyContext m_context;
    QString m_terminal;
    qint64 m_roundTrips = 0;
};

/// Pessimistic: lock the rows in seat order with SELECT … FOR UPDATE (waiting for other
/// holders), check them on the client, UPDATE, COMMIT.
class ForUpdateClient final : public SqlClient
{
public:
    using SqlClient::SqlClient;

    HoldOutcome hold(const QList<int>& seats, const QUuid& token, QString* error) override
    {
        const QString locking = QStringLiteral("SELECT seat_id, %1 FROM showtime_seat WHERE showtime_id = ? "
                                               "AND seat_id = ANY (?::integer[]) ORDER BY seat_id FOR UPDATE")
                                    .arg(QLatin1String(takeableSql));
        return transaction(
            [&]() -> Result<bool> {
                auto rows = run(locking, {uuidText(token), context().showtimeId, seatArray(seats)});
                if (!rows)
                    return rows.error();
                int takeable = 0;
                while (rows.value().next())
                    takeable += rows.value().value(1).toBool() ? 1 : 0;
                if (takeable != seats.size())
                    return false;
                auto held = run(QStringLiteral("UPDATE showtime_seat SET status = 'HELD', held_by = ?::uuid, "
                                               "held_until = clock_timestamp() + interval '300 seconds' "
                                               "WHERE showtime_id = ? AND seat_id = ANY (?::integer[])"),
                                {uuidText(token), context().showtimeId, seatArray(seats)});
                if (!held)
                    return held.error();
                return held.value().numRowsAffected() == seats.size();
            },
            error);
    }
};

/// Optimistic: read status and version without a lock, then UPDATE … WHERE version = the one
/// read; fewer rows than seats means someone came in between: roll back and try again (3 tries).
class OptimisticClient final : public SqlClient
{
public:
    using SqlClient::SqlClient;

    HoldOutcome hold(const QList<int>& seats, const QUuid& token, QString* error) override
    {
        const QString reading = QStringLiteral("SELECT seat_id, %1, bench_version FROM showtime_seat "
                                               "WHERE showtime_id = ? AND seat_id = ANY (?::integer[]) "
                                               "ORDER BY seat_id")
                                    .arg(QLatin1String(takeableSql));
        constexpr int tries = 3;
        for (int attempt = 1; attempt <= tries; ++attempt) {
            auto rows = run(reading, {uuidText(token), context().showtimeId, seatArray(seats)});
            if (!rows) {
                *error = rows.error().message;
                return HoldOutcome::Failed;
            }
            QList<int> ids;
            QList<int> versions;
            bool takeable = true;
            while (rows.value().next()) {
                ids << rows.value().value(0).toInt();
                takeable = takeable && rows.value().value(1).toBool();
                versions << rows.value().value(2).toInt();
            }
            if (!takeable || ids.size() != seats.size())
                return HoldOutcome::Conflict; // taken: a conflict, not a reason to retry
            bool versionMoved = false;
            const HoldOutcome outcome = transaction(
                [&]() -> Result<bool> {
                    auto held =
                        run(QStringLiteral("UPDATE showtime_seat ss SET status = 'HELD', held_by = ?::uuid, "
                                           "held_until = clock_timestamp() + interval '300 seconds', "
                                           "bench_version = ss.bench_version + 1 "
                                           "FROM unnest(?::integer[], ?::integer[]) AS v(seat, version) "
                                           "WHERE ss.showtime_id = ? AND ss.seat_id = v.seat "
                                           "AND ss.bench_version = v.version"),
                            {uuidText(token), seatArray(ids), seatArray(versions), context().showtimeId});
                    if (!held)
                        return held.error();
                    versionMoved = held.value().numRowsAffected() != seats.size();
                    return !versionMoved;
                },
                error);
            if (outcome != HoldOutcome::Conflict || !versionMoved)
                return outcome;
            if (attempt < tries)
                ++m_counters.retries;
        }
        return HoldOutcome::Conflict;
    }
};

/// The machine's write ceiling: one single-row UPDATE of a random row per transaction.
class LimitClient final : public SqlClient
{
public:
    LimitClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex)
        : SqlClient(std::move(connection), std::move(context), clientIndex)
        , m_random(quint32(clientIndex) * 7919u + 17u)
    {}

    HoldOutcome hold(const QList<int>&, const QUuid&, QString* error) override
    {
        const int row = int(m_random.bounded(quint32(context().writeRows))) + 1;
        auto written = run(QStringLiteral("UPDATE bench_write SET n = n + 1 WHERE id = ?"), {row});
        if (!written) {
            *error = written.error().message;
            return HoldOutcome::Failed;
        }
        return written.value().numRowsAffected() == 1 ? HoldOutcome::Granted : HoldOutcome::Conflict;
    }
    int release(const QList<int>& seats, const QUuid&, QString*) override { return int(seats.size()); }
    bool confirm(const QList<int>&, const QUuid&, const QUuid&, QString* error) override
    {
        *error = QStringLiteral("limit has no confirm");
        return false;
    }

private:
    QRandomGenerator m_random;
};

} // namespace

QList<StrategyInfo> strategies()
{
    QList<StrategyInfo> all{
        {QStringLiteral("limit"), QStringLiteral("one single-row UPDATE per transaction (the write ceiling)"),
         false},
        {QStringLiteral("conditional"),
         QStringLiteral("the project's hold: SeatService → bo_hold(), one round trip, SKIP LOCKED"), true},
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
        return connectRedisLockClient(std::move(db), context, clientIndex);
#endif
    return makeError(ErrorCode::BadInput, QStringLiteral("unknown strategy '%1'").arg(strategy));
}

} // namespace bo::bench
