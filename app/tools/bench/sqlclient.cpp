// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/sqlclient.h"

namespace bo::bench {

HoldDecision decided(bool granted)
{
    HoldDecision decision;
    decision.granted = granted;
    return decision;
}

QString seatArray(const QList<int>& seats)
{
    return toPgIntArray(seats);
}

QString uuidText(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces);
}

SqlClient::SqlClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex)
    : m_db(std::move(connection))
    , m_context(std::move(context))
    , m_terminal(QStringLiteral("bench-%1").arg(clientIndex))
{}

Result<Rows> SqlClient::run(const QString& sql, const QVariantList& values)
{
    ++m_counters.roundTrips;
    return m_db->exec(sql, values);
}

Result<bool> SqlClient::transaction(const Body& body)
{
    constexpr int maxAttempts = 5;
    for (int attempt = 1;; ++attempt) {
        const int failuresBefore = m_db->deadlocksSeen() + m_db->serializationFailuresSeen();
        ++m_counters.roundTrips;
        if (Status begun = m_db->begin(); !begun)
            return begun.error();
        Result<bool> decided = body();
        if (decided && decided.value()) {
            ++m_counters.roundTrips;
            if (Status committed = m_db->commit(); committed)
                return true;
            else
                decided = committed.error();
        } else if (decided) {
            ++m_counters.roundTrips;
            m_db->rollback();
            return false;
        }
        if (m_db->isConnected()) {
            ++m_counters.roundTrips;
            m_db->rollback();
        }
        const bool raceLost = m_db->deadlocksSeen() + m_db->serializationFailuresSeen() > failuresBefore;
        if (raceLost && attempt < maxAttempts) {
            ++m_counters.retries;
            continue;
        }
        if (raceLost)
            return false;
        return decided.error();
    }
}

Result<int> SqlClient::release(const QList<int>& seats, const QUuid& token)
{
    auto freed =
        run(QStringLiteral("WITH mine AS (SELECT seat_id FROM showtime_seat WHERE showtime_id = ? "
                           "AND seat_id = ANY (?::integer[]) AND status = 'HELD' AND held_by = ?::uuid "
                           "ORDER BY seat_id FOR UPDATE) "
                           "UPDATE showtime_seat ss SET status = 'FREE', held_by = NULL, held_until = NULL, "
                           "bench_version = ss.bench_version + 1 FROM mine "
                           "WHERE ss.showtime_id = ? AND ss.seat_id = mine.seat_id"),
            {m_context.showtimeId, seatArray(seats), uuidText(token), m_context.showtimeId});
    if (!freed)
        return freed.error();
    return freed.value().numRowsAffected();
}

Status SqlClient::confirm(const QList<int>& seats, const QUuid& token, const QUuid& key)
{
    const QUuid booking = QUuid::createUuid();
    const QString fingerprint =
        QStringLiteral("confirm|%1|%2|%3").arg(m_context.showtimeId).arg(uuidText(token), seatArray(seats));
    const Result<bool> committed = transaction([&]() -> Result<bool> {
        auto claimed = run(QStringLiteral("INSERT INTO idempotency_key (scope, key, operation, fingerprint) "
                                          "VALUES (?, ?::uuid, 'confirm', ?) ON CONFLICT DO NOTHING"),
                           {m_terminal, uuidText(key), fingerprint});
        if (!claimed)
            return claimed.error();
        if (claimed.value().numRowsAffected() == 0) {
            // A repeat: the stored response stands (the bench never repeats, but the path is real).
            auto stored = run(QStringLiteral("SELECT fingerprint = ? FROM idempotency_key "
                                             "WHERE scope = ? AND key = ?::uuid"),
                              {fingerprint, m_terminal, uuidText(key)});
            if (!stored)
                return stored.error();
            return stored.value().next() && stored.value().value(0).toBool();
        }
        auto created =
            run(QStringLiteral("INSERT INTO booking (id, code, showtime_id, status, hold_token, total_minor, "
                               "currency, terminal, confirmed_at) VALUES (?::uuid, bo_new_booking_code(), ?, "
                               "'CONFIRMED', ?::uuid, ?, 'KRW', ?, clock_timestamp())"),
                {uuidText(booking), m_context.showtimeId, uuidText(token), qint64(12000) * seats.size(),
                 m_terminal});
        if (!created)
            return created.error();
        auto reserved =
            run(QStringLiteral(
                    "UPDATE showtime_seat SET status = 'RESERVED', booking_id = ?::uuid, held_by = NULL, "
                    "held_until = NULL, bench_version = bench_version + 1 "
                    "WHERE showtime_id = ? AND seat_id = ANY (?::integer[]) AND status = 'HELD' "
                    "AND held_by = ?::uuid AND held_until >= clock_timestamp()"),
                {uuidText(booking), m_context.showtimeId, seatArray(seats), uuidText(token)});
        if (!reserved)
            return reserved.error();
        if (reserved.value().numRowsAffected() != seats.size())
            return false;
        auto lines =
            run(QStringLiteral("INSERT INTO booking_seat (booking_id, showtime_id, seat_id, tier_code, "
                               "price_minor) SELECT ?::uuid, ?, s, 'adult', 12000 "
                               "FROM unnest(?::integer[]) s"),
                {uuidText(booking), m_context.showtimeId, seatArray(seats)});
        if (!lines)
            return lines.error();
        auto stored =
            run(QStringLiteral("UPDATE idempotency_key SET response = jsonb_build_object('booking', "
                               "?::text) WHERE scope = ? AND key = ?::uuid"),
                {uuidText(booking), m_terminal, uuidText(key)});
        if (!stored)
            return stored.error();
        return true;
    });
    if (!committed)
        return committed.error();
    if (!committed.value())
        return makeError(ErrorCode::Expired, QStringLiteral("the hold was no longer there"));
    return success();
}

ClientCounters SqlClient::counters() const
{
    ClientCounters c = m_counters;
    c.retries += m_db->retriesSeen();
    c.deadlocks += m_db->deadlocksSeen();
    c.serialization += m_db->serializationFailuresSeen();
    return c;
}

} // namespace bo::bench
