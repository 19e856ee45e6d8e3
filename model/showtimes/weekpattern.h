// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <QDate>
#include <QDateTime>
#include <QList>
#include <QTime>
#include <QTimeZone>

#include "model/core/result.h"

namespace bo {

/// A week pattern of showtimes ("every day 10:00, 13:20, 16:40 for two weeks"): the days from
/// `from` to `to` (both included) that are among `weekdays`, at each of `times`, in the cinema's
/// time zone.
struct WeekPattern
{
    QDate from;
    QDate to;
    QList<QTime> times;
    QList<Qt::DayOfWeek> weekdays; ///< empty: every day

    /// The most showtimes one pattern may make (a year of a busy hall is ~2,000).
    static constexpr int maxShowtimes = 1000;

    /// Parses "10:00,13:20,16:40" (24-hour, no duplicates); BadInput naming the bad entry.
    [[nodiscard]] static Result<QList<QTime>> parseTimes(const QString& text);
    /// Parses "mon,tue,sat" or "daily" (also "mon-fri", "sat-sun"); BadInput naming the bad entry.
    [[nodiscard]] static Result<QList<Qt::DayOfWeek>> parseWeekdays(const QString& text);

    /// Every start of the pattern in `zone`, in time order. BadInput for an empty or backwards
    /// range, no times, more than maxShowtimes starts, or a time the zone skips that day (the
    /// hour a clock springs forward).
    [[nodiscard]] Result<QList<QDateTime>> starts(const QTimeZone& zone) const;

    // Last: the macro ends in "private:", and the members above stay public (an aggregate).
    Q_DECLARE_TR_FUNCTIONS(bo::WeekPattern)
};

} // namespace bo
