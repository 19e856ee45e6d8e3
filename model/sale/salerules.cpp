// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/salerules.h"

#include <QSet>

namespace bo {

SaleRules::SaleRules(SaleSettings settings)
    : m_settings(std::move(settings))
{}

Status SaleRules::checkSeatCount(qsizetype count) const
{
    if (count > m_settings.maxSeatsPerSale)
        return makeError(ErrorCode::BadInput,
                         tr("At most %1 seats can be sold at once.").arg(m_settings.maxSeatsPerSale));
    return success();
}

Status SaleRules::checkSeats(const QList<int>& seatIds) const
{
    if (seatIds.isEmpty())
        return makeError(ErrorCode::BadInput, tr("No seats were given."));
    const QSet<int> distinct(seatIds.cbegin(), seatIds.cend());
    if (distinct.size() != seatIds.size())
        return makeError(ErrorCode::BadInput, tr("The same seat is listed more than once."));
    if (seatIds.size() > m_settings.maxSeatsPerSale)
        return makeError(ErrorCode::BadInput, tr("%1 seats requested; at most %2 can be sold at once.")
                                                  .arg(seatIds.size())
                                                  .arg(m_settings.maxSeatsPerSale));
    return success();
}

bool SaleRules::isOnSale(const ShowtimeInfo& showtime, const QDateTime& now) const
{
    return isOnSale(showtime, now, m_settings.lateSaleMinutes);
}

bool SaleRules::isOnSale(const ShowtimeInfo& showtime, const QDateTime& now, int lateSaleMinutes)
{
    // The last minute counts, as in the database's bo_hold (starts_at + late_sale_minutes >= now),
    // and so does the window's (migration 0030).
    if (showtime.status != QLatin1String("ON_SALE"))
        return false;
    if (showtime.saleOpensAt.isValid() && showtime.saleOpensAt > now)
        return false;
    const QDateTime closes = showtime.saleClosesAt.isValid()
                                 ? showtime.saleClosesAt
                                 : showtime.startsAt.addSecs(qint64(lateSaleMinutes) * 60);
    return closes >= now;
}

} // namespace bo
