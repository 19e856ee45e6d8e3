// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDate>
#include <QTimeZone>
#include <QWidget>

#include "model/core/workerthread.h"
#include "model/showtimes/showtimeschedule.h"
#include "ui/manager/weekcanvas.h"

class QLabel;
class QPushButton;

namespace bo {

/// The manager's week planner: the week's showtimes on a WeekCanvas (a lane per hall and day, each
/// showtime a box), the weeks before and after, and what the manager does with a box. A showtime
/// that sold nothing is dragged to another time (5-minute steps) or day and moved through
/// ShowtimeSchedule::move; the database's refusal (the showtime in the way, a sale) is shown and
/// the box snaps back. A showtime with sales is greyed and does not move. Cancel from the box's
/// context menu (refused with "refund its bookings first" when it has sales).
class WeekPlanner final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeekPlanner)

public:
    /// `schedule` is a manager's own connection, reached on its worker when it has one.
    explicit WeekPlanner(PortCaller<ShowtimeSchedule> schedule,
                         const QTimeZone& zone = QTimeZone::systemTimeZone(), QWidget* parent = nullptr);

    [[nodiscard]] QDate monday() const { return m_monday; }
    /// The week shown (the last one read).
    [[nodiscard]] const ScheduleWeek& week() const { return m_canvas->week(); }
    /// The box of a showtime in the grid's coordinates; empty when it is not shown.
    [[nodiscard]] QRect boxRect(int showtimeId) const { return m_canvas->boxRect(showtimeId); }
    /// The painted grid (tests send their mouse events to it).
    [[nodiscard]] QWidget* grid() const { return m_canvas; }
    [[nodiscard]] QString statusText() const;
    /// The start a box dropped with its left edge at grid x `x` in lane `lane` gets (5-minute
    /// steps, in the planner's zone).
    [[nodiscard]] QDateTime startAt(int lane, int x) const { return m_canvas->startAt(lane, x); }

signals:
    /// A showtime was moved (reloaded afterwards).
    void showtimeMoved(int showtimeId, const QDateTime& start);

public slots:
    /// Shows the week that starts on the Monday of `day`'s week.
    void showWeek(const QDate& day);
    void reload();
    void previousWeek();
    void nextWeek();
    /// Cancels a showtime; the refusal shown.
    void cancelShowtime(int showtimeId);
    /// Opens a showtime's sale now, whatever opening it had (its close kept); the refusal shown.
    void openSaleNow(int showtimeId);
    /// Gives a showtime never booked its hall's current layout; the refusal shown.
    void relayoutShowtime(int showtimeId);

private:
    void onMoveRequested(int id, const QString& to, const QDateTime& start);
    void onMoveRefused(const bo::ScheduledShowtime& s);
    void onMenuRequested(int id, const QPoint& globalPos);
    void showStatus(const QString& text, bool error);

    PortCaller<ShowtimeSchedule> m_schedule;
    int m_reading = 0; ///< the week last asked for: an older answer is not shown
    QTimeZone m_zone;
    QDate m_monday;
    WeekCanvas* m_canvas = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
};

} // namespace bo
