// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>
#include <QTime>

#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo {

/// How a day is priced: a Korean cinema prices public holidays like weekends unless it says
/// otherwise.
enum class DayType { Weekday, Weekend, Holiday };

/// A part of the day by the showtime's local start: "morning" from 06:00, "day" from 10:00, ...
/// A showtime belongs to the last daypart that has begun at its start (one starting before every
/// daypart belongs to none).
struct Daypart
{
    QString code;
    QTime from;
};

/// One price of a ticket type, for a daypart and a kind of day or for any.
struct PriceRule
{
    QString ticketType;             ///< adult, youth, senior, disabled, ...
    QString daypart;                ///< empty: any daypart
    std::optional<DayType> dayType; ///< empty: any day
    qint64 amountMinor = 0;
};

/// What a seat kind adds to every ticket type's price (premium, couple).
struct SeatSurcharge
{
    SeatKind kind = SeatKind::Standard;
    qint64 amountMinor = 0;
};

/// What a film's format adds to every ticket (3D glasses, IMAX): a price card's format column.
struct FormatSurcharge
{
    QString format; ///< as films name it: 3D, IMAX, ...
    qint64 amountMinor = 0;
};

/// A price list: the rules, the dayparts, the surcharges and the holidays, in one currency.
struct PriceRules
{
    QString currency; ///< ISO 4217
    QList<Daypart> dayparts;
    QList<PriceRule> rules;
    QList<SeatSurcharge> surcharges;
    QList<FormatSurcharge> formatSurcharges;
    QSet<QDate> holidays;
};

/// One seat's price and how it came about.
struct ResolvedPrice
{
    qint64 amountMinor = 0; ///< base plus surcharge
    qint64 baseMinor = 0;
    qint64 surchargeMinor = 0; ///< the seat kind's and the format's together
    QString currency;
    QString daypart; ///< the showtime's daypart; empty: none
    DayType dayType = DayType::Weekday;
};

/// The one price rule of the product: the counter, the kiosk, the CLI and the reports price a seat
/// through it. A rule matches a ticket type, then its daypart (the same, or any), then its day
/// (the same; a weekend rule for a holiday; or any). The most specific match wins: daypart first
/// (a morning price beats a weekend price for a weekend morning), then the day; a list with two
/// rules equally specific for one case is refused by check().
class PriceResolver
{
    Q_DECLARE_TR_FUNCTIONS(bo::PriceResolver)

public:
    /// The kind of day `day` is under `rules`' holidays.
    [[nodiscard]] static DayType dayTypeOf(const PriceRules& rules, const QDate& day);
    /// The daypart code of a showtime starting at local time `start`; empty when none has begun.
    [[nodiscard]] static QString daypartOf(const PriceRules& rules, const QTime& start);

    /// BadInput naming the first problem: no currency, a daypart twice or without a code, two
    /// rules for the same type, daypart and day, a rule naming an unknown daypart, a negative
    /// amount, a seat kind or a format surcharged twice.
    [[nodiscard]] static Status check(const PriceRules& rules);

    /// The price of a `ticketType` ticket on a `kind` seat for a showtime of a film in `format`
    /// starting at `localStart` (the cinema's local time). NotFound when no rule prices that type
    /// then.
    [[nodiscard]] static Result<ResolvedPrice> resolve(const PriceRules& rules, const QString& ticketType,
                                                       const QDateTime& localStart, SeatKind kind,
                                                       const QString& format = {});
};

} // namespace bo
