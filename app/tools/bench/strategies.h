// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QList>
#include <QString>

#include "app/tools/bench/strategyclient.h"
#include "model/core/result.h"

namespace bo::bench {

struct StrategyInfo
{
    QString name;
    QString summary;
    bool holdsSeats = true; ///< false for `limit`: one row write per operation, no seats
};

/// Every strategy this build has, in the order a run measures them (`limit` first).
[[nodiscard]] QList<StrategyInfo> strategies();
/// Why a known strategy is missing from this build, or empty.
[[nodiscard]] QString missingStrategyReason(const QString& name);
/// A client of `strategy` on a connection of its own.
[[nodiscard]] Result<std::unique_ptr<StrategyClient>>
connectClient(const QString& strategy, const StrategyContext& context, int clientIndex);

} // namespace bo::bench
