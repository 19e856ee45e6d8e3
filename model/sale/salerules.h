// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>

#include "model/core/result.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// The rules every sale follows, whichever front end makes it (counter, kiosk, ops CLI,
/// benchmark): how many seats, which showtimes are still on sale. The database checks the same
/// rules again; these give the clear message before a round trip.
class SaleRules final
{
    Q_DECLARE_TR_FUNCTIONS(bo::SaleRules)

public:
    explicit SaleRules(SaleSettings settings = {});

    [[nodiscard]] const SaleSettings& settings() const { return m_settings; }

    /// Whether `count` seats may be chosen for one sale.
    [[nodiscard]] Status checkSeatCount(qsizetype count) const;
    /// Whether these seats may be asked for in one request: some, each once, not too many.
    [[nodiscard]] Status checkSeats(const QList<int>& seatIds) const;

    /// On sale: open for sale, and not started more than the late-sale minutes ago.
    [[nodiscard]] bool isOnSale(const ShowtimeInfo& showtime, const QDateTime& now) const;
    [[nodiscard]] static bool isOnSale(const ShowtimeInfo& showtime, const QDateTime& now,
                                       int lateSaleMinutes);

private:
    SaleSettings m_settings;
};

} // namespace bo
