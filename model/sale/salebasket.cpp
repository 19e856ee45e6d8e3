// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/salebasket.h"

#include <algorithm>

namespace bo {

void SaleBasket::setPriceList(QList<PriceTier> tiers)
{
    m_tiers = std::move(tiers);
}

void SaleBasket::clearChoices()
{
    m_tierBySeat.clear();
}

bool SaleBasket::hasTier(const QString& code) const
{
    return std::any_of(m_tiers.cbegin(), m_tiers.cend(),
                       [&code](const PriceTier& t) { return t.code == code; });
}

QString SaleBasket::tierOf(int seatId) const
{
    return m_tierBySeat.value(seatId, defaultTier(m_tiers));
}

bool SaleBasket::setTier(int seatId, const QString& code)
{
    if (!hasTier(code))
        return false;
    m_tierBySeat.insert(seatId, code);
    return true;
}

bool SaleBasket::setTiers(const QList<int>& seatIds, const QString& code)
{
    if (!hasTier(code))
        return false;
    for (int id : seatIds)
        m_tierBySeat.insert(id, code);
    return true;
}

void SaleBasket::settle(const QList<int>& seatIds)
{
    for (int id : seatIds) {
        if (!m_tierBySeat.contains(id))
            m_tierBySeat.insert(id, tierOf(id));
    }
}

void SaleBasket::setSurcharges(const QList<SeatState>& seats, const QList<SeatSurcharge>& surcharges)
{
    m_surchargeBySeat.clear();
    if (surcharges.isEmpty())
        return;
    QHash<SeatKind, qint64> byKind;
    for (const SeatSurcharge& s : surcharges)
        byKind.insert(s.kind, s.amountMinor);
    for (const SeatState& seat : seats) {
        if (const qint64 amount = byKind.value(seat.kind); amount != 0)
            m_surchargeBySeat.insert(seat.seatId, amount);
    }
}

qint64 SaleBasket::priceOf(int seatId) const
{
    const QString code = tierOf(seatId);
    const auto tier = std::find_if(m_tiers.cbegin(), m_tiers.cend(),
                                   [&code](const PriceTier& t) { return t.code == code; });
    if (tier == m_tiers.cend())
        return 0;
    return tier->amountMinor + surchargeOf(seatId);
}

qint64 SaleBasket::totalMinor(const QList<int>& seatIds) const
{
    qint64 total = 0;
    for (int seat : seatIds)
        total += priceOf(seat);
    return total;
}

QStringList SaleBasket::tiersFor(const QList<int>& seatIds) const
{
    QStringList out;
    out.reserve(seatIds.size());
    for (int id : seatIds)
        out << tierOf(id);
    return out;
}

QString SaleBasket::currency(const QString& fallback) const
{
    return m_tiers.isEmpty() ? fallback : m_tiers.first().currency;
}

} // namespace bo
