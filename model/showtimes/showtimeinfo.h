// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QMetaType>

#include <QDateTime>
#include <QList>
#include <QString>

#include "model/pricing/pricerules.h"

namespace bo {

// A showtime as a sale sees it: the rules every sale follows, the showtime with its live seat
// counts, and a price tier.

/// The rules every sale follows (one row of the database, set by a manager).
struct SaleSettings
{
    int selectionTtlSeconds = 300;
    int paymentTtlSeconds = 300;
    int maxSeatsPerSale = 10;
    int lateSaleMinutes = 20;
    QString currency = QStringLiteral("KRW");
};

struct ShowtimeInfo
{
    int id = 0;
    QDateTime startsAt; ///< UTC
    QString status;     ///< ON_SALE, CLOSED, CANCELLED
    int movieId = 0;
    QString movieTitle;
    int runtimeMinutes = 0;
    QString rating;
    int auditoriumId = 0;
    QString auditoriumName;
    int seatsTotal = 0;
    int seatsFree = 0;
    int seatsHeld = 0;
    int seatsReserved = 0;
    int seatsBlocked = 0;
    /// The on-sale window (migration 0030), UTC; invalid when the showtime has none: it sells from
    /// the moment it is made, and until its start plus the late-sale minutes.
    QDateTime saleOpensAt;
    QDateTime saleClosesAt;
    /// What each seat kind adds to a ticket at this showtime (read with one showtime only).
    QList<SeatSurcharge> seatSurcharges;
};

struct PriceTier
{
    QString code;
    QString name;
    qint64 amountMinor = 0;
    QString currency;
};

/// The ticket type a seat gets when nobody chose one: the price list's first (its standard
/// adult ticket); empty when the list is empty.
[[nodiscard]] inline QString defaultTier(const QList<PriceTier>& tiers)
{
    return tiers.isEmpty() ? QString() : tiers.first().code;
}

} // namespace bo

Q_DECLARE_METATYPE(bo::SaleSettings)
Q_DECLARE_METATYPE(bo::ShowtimeInfo)
Q_DECLARE_METATYPE(bo::PriceTier)
