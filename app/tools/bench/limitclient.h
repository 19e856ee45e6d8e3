// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QRandomGenerator>

#include "app/tools/bench/sqlclient.h"

namespace bo::bench {

/// The machine's write ceiling: one single-row UPDATE of a random row of bench_write per
/// transaction, no seats. Every other strategy's figures are read as a share of this one's.
class LimitClient final : public SqlClient
{
public:
    LimitClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex);

    /// One row written: granted. The seats and token are not used.
    [[nodiscard]] Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) override;
    /// Nothing to free: answers as if every seat was.
    [[nodiscard]] Result<int> release(const QList<int>& seats, const QUuid& token) override;
    /// Refused: `limit` has nothing to confirm.
    [[nodiscard]] Status confirm(const QList<int>& seats, const QUuid& token, const QUuid& key) override;

private:
    QRandomGenerator m_random;
};

} // namespace bo::bench
