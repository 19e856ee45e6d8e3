// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include "model/pricing/pricerules.h"
#include "model/seats/seattypes.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// What a sale puts on the bill: the showtime's price list and the ticket type of each seat. A
/// seat nobody chose a type for gets the list's default (`defaultTier`); a code that is not on
/// the list is refused, so the total always adds up to prices that exist.
class SaleBasket final
{
public:
    /// The showtime's price list (again after a reload): choices made so far are kept.
    void setPriceList(QList<PriceTier> tiers);
    /// Forgets every choice (a new sale).
    void clearChoices();
    [[nodiscard]] const QList<PriceTier>& tiers() const { return m_tiers; }
    [[nodiscard]] bool hasTier(const QString& code) const;

    /// The seat's ticket type: the one chosen, else the default.
    [[nodiscard]] QString tierOf(int seatId) const;
    /// Chooses a ticket type; false (nothing changed) when `code` is not on the price list.
    bool setTier(int seatId, const QString& code);
    /// Gives every one of `seatIds` the type `code`; false (nothing changed) when not on the list.
    bool setTiers(const QList<int>& seatIds, const QString& code);
    /// Writes the default down for seats without a choice, so a later price list cannot change them.
    void settle(const QList<int>& seatIds);

    /// What each seat's kind adds at this showtime (the showtime's seat surcharges applied to its
    /// seats' kinds); a seat not named adds nothing. Kept until the next showtime's.
    void setSurcharges(const QList<SeatState>& seats, const QList<SeatSurcharge>& surcharges);
    /// What seat `seatId`'s kind adds to its ticket type's price.
    [[nodiscard]] qint64 surchargeOf(int seatId) const { return m_surchargeBySeat.value(seatId); }
    /// The seat's price as the sale charges it: its ticket type's plus its kind's surcharge.
    [[nodiscard]] qint64 priceOf(int seatId) const;

    /// The price of `seatIds` in minor units of currency().
    [[nodiscard]] qint64 totalMinor(const QList<int>& seatIds) const;
    /// One ticket type per seat, in the order of `seatIds` (as the confirm sends them).
    [[nodiscard]] QStringList tiersFor(const QList<int>& seatIds) const;
    /// The price list's currency, or `fallback` when the list is empty.
    [[nodiscard]] QString currency(const QString& fallback) const;

private:
    QList<PriceTier> m_tiers;
    QHash<int, QString> m_tierBySeat;
    QHash<int, qint64> m_surchargeBySeat;
};

} // namespace bo
