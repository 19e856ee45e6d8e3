// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "app/tools/bench/sqlclient.h"

namespace bo::bench {

/// Optimistic: read status and version without a lock, then UPDATE … WHERE version = the one
/// read; fewer rows than seats means someone came in between: roll back and try again (3 tries).
/// The version column (`bench_version`) exists only in the benchmark's database.
class OptimisticClient final : public SqlClient
{
public:
    using SqlClient::SqlClient;

    [[nodiscard]] Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) override;
};

} // namespace bo::bench
