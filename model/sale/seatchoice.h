// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QList>

#include "model/core/result.h"

namespace bo {

class SaleRules;
class SeatHoldings;
class SeatMap;

/// What a clerk's choice of seats makes of a sale's wish: the new wish, or the reason it cannot
/// be (a message for the clerk; empty when there is nothing to say, e.g. a seat not on the map).
/// Reads the map, the sale's seats and the rules; changes nothing.
class SeatChoice final
{
    Q_DECLARE_TR_FUNCTIONS(bo::SeatChoice)

public:
    SeatChoice(const SeatMap& map, const SeatHoldings& sale, const SaleRules& rules);

    /// The wish with `seatId` added, or taken out when it is in it already.
    [[nodiscard]] Result<QList<int>> toggled(int seatId) const;
    /// The best `count` adjacent seats available; the sale's own held seats count as free.
    [[nodiscard]] Result<QList<int>> best(int count) const;
    /// Every block of `count` adjacent seats available, best first (SeatMap::rankedBlocks, the
    /// same preference as best()); the sale's own held seats count as free. Empty when none.
    [[nodiscard]] Result<QList<QList<int>>> rankedBlocks(int count, bool wheelchairFirst = false) const;
    /// Exactly `seatIds` (e.g. a suggested block).
    [[nodiscard]] Result<QList<int>> exactly(const QList<int>& seatIds) const;

private:
    /// The map as this sale may choose from it: its own held seats free.
    [[nodiscard]] SeatMap view() const;

    const SeatMap& m_map;
    const SeatHoldings& m_sale;
    const SaleRules& m_rules;
};

} // namespace bo
