// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/showtimes/showtimeschedule.h"

namespace bo {

class DbConnection;

/// The showtime schedule on PostgreSQL (migration 0020): adds through bo_showtime_add and
/// cancels through bo_showtime_cancel and moves through bo_showtime_move (0025), a manager's; the exclusion
/// constraint on the showtime table refuses overlaps whoever inserts.
class ShowtimeStore final : public ShowtimeSchedule
{
public:
    explicit ShowtimeStore(DbConnection& connection);

    [[nodiscard]] Result<ShowtimeAddOutcome> add(const NewShowtime& showtime) override;
    [[nodiscard]] Result<ShowtimePatternOutcome> addPattern(const NewShowtime& shape,
                                                            const QList<QDateTime>& starts) override;
    [[nodiscard]] Result<ShowtimeCancelOutcome> cancel(int showtimeId) override;
    [[nodiscard]] Result<ScheduleWeek> week(const QDate& monday, const QTimeZone& zone) override;
    [[nodiscard]] Result<ShowtimeMoveOutcome> move(int showtimeId, const QString& hall,
                                                   const QDateTime& start) override;

    [[nodiscard]] Result<QList<SaleWindow>> setSaleWindow(const QList<int>& showtimeIds,
                                                          const SaleWindowChange& change) override;
    [[nodiscard]] Result<ShowtimeRelayout> relayout(int showtimeId) override;

    /// One showtime as the schedule has it; NotFound when there is none.
    [[nodiscard]] Result<ScheduledShowtime> showtime(int showtimeId);

private:
    /// Resolves and stores the prices of each showtime whose list was set from a card (0024),
    /// in the caller's transaction.
    [[nodiscard]] Status priceShowtimes(const QList<int>& showtimeIds);
    /// Sets the on-sale window of each showtime (0030), in the caller's transaction; nothing when
    /// `change` changes nothing.
    [[nodiscard]] Result<QList<SaleWindow>> applySaleWindow(const QList<int>& showtimeIds,
                                                            const SaleWindowChange& change);

    DbConnection& m_connection;
};

} // namespace bo
