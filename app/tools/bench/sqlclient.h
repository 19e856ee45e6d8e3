// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Shared parts of the comparison strategies, which talk SQL to the seat table themselves
// (the `conditional` strategy does not: it goes through model/ and db/ like the app).
#pragma once

#include <functional>
#include <memory>

#include "app/tools/bench/strategyclient.h"
#include "db/dbconnection.h"

namespace bo::bench {

/// A client with one PostgreSQL connection, statement counting and a bounded transaction retry.
class SqlClient : public StrategyClient
{
public:
    SqlClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex);

    /// UPDATE … SET FREE for the token's listed seats, locked in seat order, one statement in
    /// autocommit (a plain UPDATE locks in plan order and deadlocks with ordered lockers).
    [[nodiscard]] Result<int> release(const QList<int>& seats, const QUuid& token) override;
    /// The confirm an application without server-side functions would send: claim the
    /// idempotency key, move the seats to RESERVED, write the booking and its seats, store the
    /// response, all in one client-driven transaction.
    [[nodiscard]] Status confirm(const QList<int>& seats, const QUuid& token, const QUuid& key) override;
    [[nodiscard]] ClientCounters counters() const override;

protected:
    /// What a transaction body decided: commit (true) or roll back (false).
    using Body = std::function<Result<bool>()>;

    /// Sends one statement, counting it.
    [[nodiscard]] Result<Rows> run(const QString& sql, const QVariantList& values = {});
    /// BEGIN, body, COMMIT or ROLLBACK: true once committed, false when the body rolled back or
    /// a race was still lost after the retries. A deadlock or serialization failure restarts the
    /// whole transaction (at most 5 times, counted as retries); other errors are returned.
    [[nodiscard]] Result<bool> transaction(const Body& body);

    DbConnection& db() { return *m_db; }
    const StrategyContext& context() const { return m_context; }
    ClientCounters m_counters;

private:
    std::unique_ptr<DbConnection> m_db;
    StrategyContext m_context;
    QString m_terminal;
};

/// A hold's answer from a competitor, which knows only whether it got every seat.
[[nodiscard]] HoldDecision decided(bool granted);
/// The seat ids as the text of a PostgreSQL integer array.
[[nodiscard]] QString seatArray(const QList<int>& seats);
[[nodiscard]] QString uuidText(const QUuid& id);

/// SQL: true when the row can be taken by owner `?` (free, expired, or already the owner's).
inline constexpr char takeableSql[] =
    "(status = 'FREE' OR (status = 'HELD' AND (held_until < clock_timestamp() OR held_by = ?::uuid)))";

} // namespace bo::bench
