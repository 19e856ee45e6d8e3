// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTimeZone>

#include "model/core/result.h"

namespace bo {

/// A showtime a manager asks for. Hall, film and price list are named as the catalogue names them
/// (name or title) or by number.
/// A change of showtimes' on-sale windows (migration 0030): an opening or a close left empty is
/// kept as stored; one set to an invalid QDateTime is cleared (on sale from now; until the start
/// plus the late-sale minutes).
struct SaleWindowChange
{
    std::optional<QDateTime> opens;
    std::optional<QDateTime> closes;

    [[nodiscard]] bool changes() const { return opens.has_value() || closes.has_value(); }
};

/// A showtime's on-sale window as stored; invalid times where it has none.
struct SaleWindow
{
    int showtimeId = 0;
    QDateTime startsAt; ///< UTC
    QDateTime opensAt;  ///< UTC
    QDateTime closesAt; ///< UTC
};

struct NewShowtime
{
    QString hall;
    QString film;
    QString priceList;                 ///< empty: the only price list there is
    QDateTime startsAt;                ///< the advertised start (the trailers begin)
    std::optional<int> trailerMinutes; ///< empty: the cinema's setting
    SaleWindowChange saleWindow;       ///< set in the same transaction as the showtime
};

/// A showtime on the schedule: the hall is busy from `startsAt` until `cleanUntil`.
struct ScheduledShowtime
{
    int id = 0;
    int hallId = 0;
    QString hall;
    QString film;
    QString status;         ///< ON_SALE, CLOSED, CANCELLED
    QDateTime startsAt;     ///< UTC
    QDateTime endsAt;       ///< UTC: the film's end (trailers and runtime)
    QDateTime cleanUntil;   ///< UTC: the end plus the hall's cleaning buffer
    int seatsSold = 0;      ///< seats sold (reserved by a booking)
    int seatsHeld = 0;      ///< seats held by a sale in progress (live holds)
    QDateTime saleOpensAt;  ///< UTC; invalid: on sale from the moment it was made
    QDateTime saleClosesAt; ///< UTC; invalid: until the start plus the late-sale minutes

    /// Whether a manager may move it: nothing sold, no sale in progress.
    [[nodiscard]] bool movable() const { return seatsSold == 0 && seatsHeld == 0 && status != u"CANCELLED"; }
};

/// A week of the schedule as the planner shows it: every hall, and the showtimes (not
/// cancelled) that start in the week.
struct ScheduleWeek
{
    QDateTime from;  ///< UTC: the Monday's midnight in the zone asked for
    QDateTime until; ///< UTC: seven days later
    QList<int> hallIds;
    QStringList halls;                  ///< the halls' names, by number
    QList<ScheduledShowtime> showtimes; ///< by hall, then start
};

/// What a move did: the showtime at its new time, or the showtimes in its way (nothing moved).
struct ShowtimeMoveOutcome
{
    std::optional<ScheduledShowtime> moved;
    QList<ScheduledShowtime> overlaps;
};

/// What an add did: the showtime made, or the showtimes of the hall in its way (nothing made).
struct ShowtimeAddOutcome
{
    std::optional<ScheduledShowtime> added;
    QList<ScheduledShowtime> overlaps;
};

/// One start of a week pattern that is in the way: of an existing showtime, or of another start
/// of the same pattern.
struct PatternConflict
{
    QDateTime requestedStart;                  ///< UTC
    std::optional<ScheduledShowtime> existing; ///< the showtime in the way, if it is one
    QDateTime otherRequestedStart;             ///< else the other start of the pattern (UTC)
};

/// What a pattern did: every showtime added, or (nothing added) every conflict.
struct ShowtimePatternOutcome
{
    QList<ScheduledShowtime> added;
    QList<PatternConflict> conflicts;
};

/// What a cancel did.
/// What moving a showtime to its hall's current layout version did.
struct ShowtimeRelayout
{
    int showtimeId = 0;
    int oldVersion = 0;
    int version = 0;
    int seats = 0;             ///< the showtime's seats now
    bool moved = false;        ///< false: it was on the current version already
    QStringList blocksKept;    ///< its own blocks, carried to the new seats by label
    QStringList blocksDropped; ///< its own blocks whose labels the new layout does not have
};

enum class ShowtimeCancelOutcome { Cancelled, WasCancelled };

/// The showtimes of the cinema's schedule (the port; db/ShowtimeStore is its PostgreSQL adapter).
/// The database refuses overlapping showtimes of one hall, cleaning buffer included, whoever
/// writes; writes need a manager login (a terminal's is refused by the database).
class ShowtimeSchedule
{
public:
    ShowtimeSchedule() = default;
    virtual ~ShowtimeSchedule() = default;
    ShowtimeSchedule(const ShowtimeSchedule&) = delete;
    ShowtimeSchedule& operator=(const ShowtimeSchedule&) = delete;

    /// Adds one showtime. An overlap is an outcome naming the showtimes in the way, not an error;
    /// an unknown hall, film or price list is NotFound, a bad value BadInput.
    [[nodiscard]] virtual Result<ShowtimeAddOutcome> add(const NewShowtime& showtime) = 0;
    /// Adds `shape` (its start ignored) at each of `starts`, all or nothing: when any start is in
    /// the way of a showtime of the hall or of another start, nothing is added and every such
    /// conflict is listed.
    [[nodiscard]] virtual Result<ShowtimePatternOutcome> addPattern(const NewShowtime& shape,
                                                                    const QList<QDateTime>& starts) = 0;
    /// Cancels a showtime that sold nothing; Conflict (its message says to refund its bookings
    /// first) when it has bookings or seats held, NotFound when there is no such showtime.
    [[nodiscard]] virtual Result<ShowtimeCancelOutcome> cancel(int showtimeId) = 0;
    /// The week that starts at midnight of `monday` in `zone`: every hall and the showtimes that
    /// start in those seven days, each with its seats sold and held.
    [[nodiscard]] virtual Result<ScheduleWeek> week(const QDate& monday, const QTimeZone& zone) = 0;
    /// Moves a showtime that sold nothing to `start` in `hall` (empty: its own hall; another hall
    /// is BadInput). An overlap is an outcome naming the showtime in the way; Conflict (its message
    /// says to refund its bookings first, or that a sale is in progress) when it has sales or
    /// holds, NotFound when there is no such showtime.
    [[nodiscard]] virtual Result<ShowtimeMoveOutcome> move(int showtimeId, const QString& hall,
                                                           const QDateTime& start) = 0;
    /// Sets the on-sale window of every showtime of `showtimeIds`, all or nothing; BadInput when a
    /// close comes before its opening or after the film's end, NotFound for an unknown showtime,
    /// Conflict for a cancelled one. The windows as stored after the change, by showtime.
    [[nodiscard]] virtual Result<QList<SaleWindow>> setSaleWindow(const QList<int>& showtimeIds,
                                                                  const SaleWindowChange& change) = 0;
    /// Gives a showtime that was never booked the seats of its hall's current layout version;
    /// Conflict when it has a booking (any state) or a seat held, NotFound when there is no such
    /// showtime.
    [[nodiscard]] virtual Result<ShowtimeRelayout> relayout(int showtimeId) = 0;
};

} // namespace bo
