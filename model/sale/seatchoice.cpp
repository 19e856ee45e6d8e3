// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/seatchoice.h"

#include "model/sale/salerules.h"
#include "model/seats/seatholdings.h"
#include "model/seats/seatmap.h"

namespace bo {

SeatChoice::SeatChoice(const SeatMap& map, const SeatHoldings& sale, const SaleRules& rules)
    : m_map(map)
    , m_sale(sale)
    , m_rules(rules)
{}

Result<QList<int>> SeatChoice::toggled(int seatId) const
{
    const SeatState* seat = m_map.seat(seatId);
    if (!seat)
        return makeError(ErrorCode::NotFound, QString());
    QSet<int> wanted = m_sale.wishSet();
    if (wanted.remove(seatId))
        return sortedSeats(wanted);
    if (seat->status != SeatStatus::Free && !m_sale.isHeld(seatId))
        return makeError(ErrorCode::Conflict, tr("Seat %1 is not available.").arg(seat->label));
    if (Status allowed = m_rules.checkSeatCount(wanted.size() + 1); !allowed)
        return allowed.error();
    wanted.insert(seatId);
    return sortedSeats(wanted);
}

Result<QList<int>> SeatChoice::best(int count) const
{
    if (Status allowed = m_rules.checkSeatCount(count); !allowed)
        return allowed.error();
    QList<int> best = view().bestAvailable(count);
    if (best.isEmpty())
        return makeError(ErrorCode::Conflict, tr("There are no %1 seats together any more.").arg(count));
    return best;
}

Result<QList<QList<int>>> SeatChoice::rankedBlocks(int count, bool wheelchairFirst) const
{
    if (Status allowed = m_rules.checkSeatCount(count); !allowed)
        return allowed.error();
    return view().rankedBlocks(count, wheelchairFirst);
}

SeatMap SeatChoice::view() const
{
    SeatMap view = m_map;
    view.setMine({});
    view.setStatus(m_sale.held(), SeatStatus::Free);
    return view;
}

Result<QList<int>> SeatChoice::exactly(const QList<int>& seatIds) const
{
    if (Status allowed = m_rules.checkSeatCount(seatIds.size()); !allowed)
        return allowed.error();
    return seatIds;
}

} // namespace bo
