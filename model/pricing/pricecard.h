// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include "model/core/result.h"
#include "model/pricing/pricerules.h"

namespace bo {

// A price list as a manager writes it: its ticket types with their base prices
// and the rules that change them (dayparts, kinds of day, seat-kind and format surcharges,
// holidays). Its file format is described in docs/FORMATS.md ("Price lists").

/// A ticket type of a list: adult, youth, senior, disabled, ... with its price when no other
/// rule applies (its base rule: any daypart, any day).
struct TicketType
{
    QString code;         ///< [a-z][a-z0-9_]{0,31}
    QString name;         ///< as the counter and the ticket print it
    qint64 baseMinor = 0; ///< minor units of the list's currency

    [[nodiscard]] bool operator==(const TicketType& other) const = default;
};

/// A ticket type's price for one showtime, resolved by the one rule (its daypart, its kind of
/// day and its film's format; no seat-kind surcharge).
struct ShowtimePrice
{
    QString ticketType;
    qint64 amountMinor = 0;
    QString daypart; ///< empty: none
    DayType dayType = DayType::Weekday;
};

struct PriceCard
{
    QString name;
    QList<TicketType> types; ///< in the order the counter offers them (the first is the default)
    /// Everything else: currency, dayparts, the rules beyond the base prices, surcharges, holidays.
    /// resolver() adds the base rules.
    PriceRules rules;

    /// The rules with one base rule per ticket type: what PriceResolver prices a seat by.
    [[nodiscard]] PriceRules resolver() const;
    /// Every ticket type's price for a showtime of a film in `format` starting at `localStart`
    /// (the cinema's local time), in the types' order.
    [[nodiscard]] Result<QList<ShowtimePrice>> pricesFor(const QDateTime& localStart,
                                                         const QString& format) const;
    /// What each seat kind adds to any ticket of a showtime (the kinds that add something), as
    /// the one rule prices a seat of that kind beyond a standard one.
    [[nodiscard]] QList<SeatSurcharge> seatSurcharges() const;
};

/// A stored price list as `prices` shows it.
struct PriceListSummary
{
    int id = 0;
    int version = 1;
    QString name;
    QString currency;
    QList<TicketType> types;
    bool hasRules = false; ///< a card with rules beyond the base prices
    int showtimes = 0;     ///< showtimes not over yet that sell at this version
    bool current = true;   ///< false: a newer version of the name exists
    PriceCard card;        ///< the card it was set from (types only for a list made before cards)
};

/// What price-set did.
struct PriceSetResult
{
    int priceListId = 0;
    int version = 0;
    bool created = false;   ///< a new name
    bool unchanged = false; ///< the name's current version is this card already: nothing stored
};

/// The file format and the rules every price card keeps.
class PriceCardFormat final
{
    Q_DECLARE_TR_FUNCTIONS(bo::PriceCardFormat)

public:
    /// A card from its JSON file; BadInput naming the field (e.g. "rules[2].day") and the problem.
    [[nodiscard]] static Result<PriceCard> readJson(const QByteArray& data);
    /// The card as JSON, the way readJson() reads it back (equal).
    [[nodiscard]] static QByteArray writeJson(const PriceCard& card);
    /// BadInput naming the first problem: a name of 1 to 80 characters, at least one ticket type,
    /// type codes and names well formed and unique, rules for declared types only, and everything
    /// PriceResolver::check() asks.
    [[nodiscard]] static Status check(const PriceCard& card);
    /// "weekday", "weekend" or "holiday", as the file and the database write a kind of day.
    [[nodiscard]] static QString dayWord(DayType day);
};

/// The price lists (the port; db/PriceStore is its PostgreSQL adapter). Writes need a manager
/// login: a terminal's is refused by the database.
class PriceCatalog
{
public:
    PriceCatalog() = default;
    virtual ~PriceCatalog() = default;
    PriceCatalog(const PriceCatalog&) = delete;
    PriceCatalog& operator=(const PriceCatalog&) = delete;

    /// Every list, current versions first by name, then older versions still selling.
    [[nodiscard]] virtual Result<QList<PriceListSummary>> lists() = 0;
    /// Stores `card` as a new version of the list of its name (or the list's first): showtimes
    /// already on sale keep the version they were made with, new showtimes get this one.
    [[nodiscard]] virtual Result<PriceSetResult> store(const PriceCard& card) = 0;
};

} // namespace bo
