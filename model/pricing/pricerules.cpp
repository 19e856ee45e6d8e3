// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/pricing/pricerules.h"

#include <algorithm>
#include <tuple>

namespace bo {
namespace {

QString dayTypeName(const std::optional<DayType>& day)
{
    if (!day)
        return PriceResolver::tr("any day");
    switch (*day) {
    case DayType::Weekday:
        return PriceResolver::tr("weekdays");
    case DayType::Weekend:
        return PriceResolver::tr("weekends");
    case DayType::Holiday:
        return PriceResolver::tr("holidays");
    }
    return {};
}

/// How well a rule's day fits the showtime's: 2 the same, 1 a weekend rule on a holiday, 0 any
/// day; nothing when it does not fit.
std::optional<int> dayFit(const std::optional<DayType>& rule, DayType actual)
{
    if (!rule)
        return 0;
    if (*rule == actual)
        return 2;
    if (*rule == DayType::Weekend && actual == DayType::Holiday)
        return 1;
    return std::nullopt;
}

} // namespace

DayType PriceResolver::dayTypeOf(const PriceRules& rules, const QDate& day)
{
    if (rules.holidays.contains(day))
        return DayType::Holiday;
    return day.dayOfWeek() >= Qt::Saturday ? DayType::Weekend : DayType::Weekday;
}

QString PriceResolver::daypartOf(const PriceRules& rules, const QTime& start)
{
    const Daypart* best = nullptr;
    for (const Daypart& part : rules.dayparts) {
        if (part.from <= start && (!best || part.from > best->from))
            best = &part;
    }
    return best ? best->code : QString();
}

Status PriceResolver::check(const PriceRules& rules)
{
    if (rules.currency.size() != 3 || rules.currency != rules.currency.toUpper())
        return makeError(ErrorCode::BadInput, tr("A price list needs its currency, like KRW."));
    QSet<QString> parts;
    QSet<QTime> starts;
    for (const Daypart& part : rules.dayparts) {
        if (part.code.trimmed().isEmpty() || !part.from.isValid())
            return makeError(ErrorCode::BadInput, tr("A daypart needs a code and the time it begins."));
        if (parts.contains(part.code))
            return makeError(ErrorCode::BadInput, tr("The daypart '%1' is named twice.").arg(part.code));
        if (starts.contains(part.from))
            return makeError(
                ErrorCode::BadInput,
                tr("Two dayparts begin at %1.").arg(part.from.toString(QStringLiteral("HH:mm"))));
        parts.insert(part.code);
        starts.insert(part.from);
    }
    for (qsizetype i = 0; i < rules.rules.size(); ++i) {
        const PriceRule& r = rules.rules.at(i);
        if (r.ticketType.trimmed().isEmpty())
            return makeError(ErrorCode::BadInput, tr("Price rule %1 names no ticket type.").arg(i + 1));
        if (r.amountMinor < 0)
            return makeError(ErrorCode::BadInput,
                             tr("Price rule %1 (%2) has a negative amount.").arg(i + 1).arg(r.ticketType));
        if (!r.daypart.isEmpty() && !parts.contains(r.daypart))
            return makeError(ErrorCode::BadInput,
                             tr("Price rule %1 (%2) names the daypart '%3' the list does not have.")
                                 .arg(i + 1)
                                 .arg(r.ticketType, r.daypart));
        for (qsizetype j = 0; j < i; ++j) {
            const PriceRule& o = rules.rules.at(j);
            if (std::tie(o.ticketType, o.daypart, o.dayType) == std::tie(r.ticketType, r.daypart, r.dayType))
                return makeError(ErrorCode::BadInput,
                                 tr("Price rules %1 and %2 both price %3 for %4 on %5.")
                                     .arg(j + 1)
                                     .arg(i + 1)
                                     .arg(r.ticketType, r.daypart.isEmpty() ? tr("any daypart") : r.daypart,
                                          dayTypeName(r.dayType)));
        }
    }
    QSet<int> kinds;
    for (const SeatSurcharge& s : rules.surcharges) {
        if (s.amountMinor < 0)
            return makeError(ErrorCode::BadInput, tr("A seat surcharge cannot be negative."));
        if (kinds.contains(int(s.kind)))
            return makeError(ErrorCode::BadInput,
                             tr("The seat kind %1 is surcharged twice.").arg(seatKindText(s.kind)));
        kinds.insert(int(s.kind));
    }
    QSet<QString> formats;
    for (const FormatSurcharge& f : rules.formatSurcharges) {
        if (f.amountMinor < 0)
            return makeError(ErrorCode::BadInput, tr("A format surcharge cannot be negative."));
        if (formats.contains(f.format))
            return makeError(ErrorCode::BadInput, tr("The format %1 is surcharged twice.").arg(f.format));
        formats.insert(f.format);
    }
    return success();
}

Result<ResolvedPrice> PriceResolver::resolve(const PriceRules& rules, const QString& ticketType,
                                             const QDateTime& localStart, SeatKind kind,
                                             const QString& format)
{
    if (!localStart.isValid())
        return makeError(ErrorCode::BadInput, tr("A price needs the showtime's start."));
    ResolvedPrice price;
    price.currency = rules.currency;
    price.dayType = dayTypeOf(rules, localStart.date());
    price.daypart = daypartOf(rules, localStart.time());
    const PriceRule* best = nullptr;
    std::pair<int, int> bestFit{-1, -1};
    for (const PriceRule& r : rules.rules) {
        if (r.ticketType != ticketType)
            continue;
        if (!r.daypart.isEmpty() && r.daypart != price.daypart)
            continue;
        const std::optional<int> day = dayFit(r.dayType, price.dayType);
        if (!day)
            continue;
        const std::pair<int, int> fit{r.daypart.isEmpty() ? 0 : 1, *day};
        if (fit > bestFit) {
            best = &r;
            bestFit = fit;
        }
    }
    if (!best)
        return makeError(ErrorCode::NotFound, tr("No price for %1 tickets on %2 at %3.")
                                                  .arg(ticketType, dayTypeName(price.dayType),
                                                       localStart.time().toString(QStringLiteral("HH:mm"))));
    price.baseMinor = best->amountMinor;
    const auto surcharge = std::find_if(rules.surcharges.cbegin(), rules.surcharges.cend(),
                                        [kind](const SeatSurcharge& s) { return s.kind == kind; });
    price.surchargeMinor = surcharge == rules.surcharges.cend() ? 0 : surcharge->amountMinor;
    const auto forFormat = std::find_if(rules.formatSurcharges.cbegin(), rules.formatSurcharges.cend(),
                                        [&format](const FormatSurcharge& f) { return f.format == format; });
    if (forFormat != rules.formatSurcharges.cend())
        price.surchargeMinor += forFormat->amountMinor;
    price.amountMinor = price.baseMinor + price.surchargeMinor;
    return price;
}

} // namespace bo
