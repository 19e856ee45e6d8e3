// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "app/tools/bench/sqlclient.h"

namespace bo::bench {

/// Pessimistic: lock the rows in seat order with SELECT … FOR UPDATE (waiting for other
/// holders), check them on the client, UPDATE, COMMIT.
class ForUpdateClient final : public SqlClient
{
public:
    using SqlClient::SqlClient;

    [[nodiscard]] Result<HoldDecision> hold(const QList<int>& seats, const QUuid& token) override;
};

} // namespace bo::bench
