// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/limitclient.h"

namespace bo::bench {

LimitClient::LimitClient(std::unique_ptr<DbConnection> connection, StrategyContext context, int clientIndex)
    : SqlClient(std::move(connection), std::move(context), clientIndex)
    , m_random(quint32(clientIndex) * 7919u + 17u)
{}

Result<HoldDecision> LimitClient::hold(const QList<int>&, const QUuid&)
{
    const int row = int(m_random.bounded(quint32(context().writeRows))) + 1;
    auto written = run(QStringLiteral("UPDATE bench_write SET n = n + 1 WHERE id = ?"), {row});
    if (!written)
        return written.error();
    return decided(written.value().numRowsAffected() == 1);
}

Result<int> LimitClient::release(const QList<int>& seats, const QUuid&)
{
    return int(seats.size());
}

Status LimitClient::confirm(const QList<int>&, const QUuid&, const QUuid&)
{
    return makeError(ErrorCode::BadInput, QStringLiteral("limit has no confirm"));
}

} // namespace bo::bench
