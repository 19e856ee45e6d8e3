// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The `conditional` strategy is the project's own code path, not a competitor: it must reach the
// database only through the one sale workflow (CheckedSeatCommands over SeatStore), never with SQL of
// its own (tests/architecture/checkbenchconditional.cmake guards this).
#pragma once

#include <memory>

#include "app/tools/bench/strategyclient.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"

namespace bo {
class DbConnection;
}

namespace bo::bench {

/// The project's hold: CheckedSeatCommands (model/) over SeatStore (db/), one round trip per hold,
/// release and confirm, exactly as the counter app sends them.
class ConditionalClient final : public StrategyClient
{
public:
    ConditionalClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex);
    ~ConditionalClient() override;
    ConditionalClient(const ConditionalClient&) = delete;
    ConditionalClient& operator=(const ConditionalClient&) = delete;

    [[nodiscard]] Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) override;
    [[nodiscard]] Result<int> release(const QList<int>& seats, const QUuid& token) override;
    [[nodiscard]] Status confirm(const QList<int>& seats, const QUuid& token, const QUuid& key) override;
    [[nodiscard]] ClientCounters counters() const override;

private:
    std::unique_ptr<DbConnection> m_db; ///< read only for its counters; the SQL is SeatStore's
    SeatStore m_store;
    CheckedSeatCommands m_service;
    StrategyContext m_context;
    QString m_terminal;
    qint64 m_roundTrips = 0;
};

} // namespace bo::bench
