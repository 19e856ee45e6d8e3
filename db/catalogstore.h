// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QMetaType>

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QTimeZone>

#include "model/core/result.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

class DbConnection;

struct SeedSummary
{
    int auditoriums = 0;
    int seats = 0;
    int movies = 0;
    int showtimesAdded = 0;
};

/// Catalogue reads and writes: settings, showtimes, seat names, prices, the demo cinema.
class CatalogStore final
{
public:
    explicit CatalogStore(DbConnection& connection);

    [[nodiscard]] Result<SaleSettings> settings();
    /// Changes the TTLs and the per-sale maximum (values are checked by the database).
    [[nodiscard]] Status updateSettings(const SaleSettings& settings);
    /// Showtimes starting in [from, to), by start then auditorium, with live seat counts.
    [[nodiscard]] Result<QList<ShowtimeInfo>> showtimes(const QDateTime& from, const QDateTime& to);
    [[nodiscard]] Result<ShowtimeInfo> showtime(int showtimeId);
    /// The showtime on sale that starts soonest (late sales included); NotFound when none.
    [[nodiscard]] Result<int> nextShowtime();
    /// Seat ids for printed labels ("K12") of the showtime's auditorium, in the given order.
    /// Unknown labels, seats of another auditorium and duplicates are BadInput / NotFound.
    [[nodiscard]] Result<QList<int>> resolveSeatLabels(int showtimeId, const QStringList& labels);
    [[nodiscard]] Result<QList<PriceTier>> priceTiers(int showtimeId);
    /// Creates the demo cinema when absent and its showtimes for `firstDay` and the day after
    /// (local times in `zone`) when missing. Safe to run again.
    [[nodiscard]] Result<SeedSummary> seedDemo(const QDate& firstDay, const QTimeZone& zone);
    /// Adds a showtime (its seats are created by the database). Returns the new id.
    [[nodiscard]] Result<int> addShowtime(int auditoriumId, int movieId, int priceListId,
                                          const QDateTime& startsAt);

private:
    DbConnection& m_connection;
};

} // namespace bo
