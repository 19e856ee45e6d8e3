// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDate>
#include <QHash>
#include <QPoint>
#include <QTimeZone>
#include <QWidget>

#include "model/core/workerthread.h"
#include "model/showtimes/showtimeschedule.h"

class QLabel;
class QPushButton;

namespace bo {

/// The manager's week planner: a lane per hall and day, a time axis from 08:00 to
/// 02:00, each showtime a box (film, start–end, its cleaning buffer hatched, seats sold). A
/// showtime that sold nothing is dragged to another time (5-minute steps) or day and moved
/// through ShowtimeSchedule::move; the database's refusal (the showtime in the way, a sale) is
/// shown and the box snaps back. A showtime with sales is greyed and does not move. Cancel from
/// the box's context menu (refused with "refund its bookings first" when it has sales).
class WeekPlanner final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeekPlanner)

public:
    /// `schedule` is called on this thread: a manager's own connection (docs/DECISIONS.md).
    explicit WeekPlanner(PortCaller<ShowtimeSchedule> schedule,
                         const QTimeZone& zone = QTimeZone::systemTimeZone(), QWidget* parent = nullptr);

    [[nodiscard]] QDate monday() const { return m_monday; }
    [[nodiscard]] const ScheduleWeek& week() const { return m_week; }
    /// The box of a showtime in the grid's coordinates; empty when it is not shown.
    [[nodiscard]] QRect boxRect(int showtimeId) const;
    /// The painted grid (tests send their mouse events to it).
    [[nodiscard]] QWidget* grid() const { return m_grid; }
    [[nodiscard]] QString statusText() const;
    /// The start a box dropped with its left edge at grid x `x` in lane `lane` gets (5-minute
    /// steps, in the planner's zone).
    [[nodiscard]] QDateTime startAt(int lane, int x) const;

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

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void paintGrid();
    void onPressed(const QPoint& pos);
    void onMoved(const QPoint& pos);
    void onReleased(const QPoint& pos);
    void onContextMenu(const QPoint& pos, const QPoint& globalPos);
    [[nodiscard]] int showtimeAt(const QPoint& pos) const;
    [[nodiscard]] int laneAt(int y) const;
    [[nodiscard]] int laneOf(const ScheduledShowtime& s) const;
    [[nodiscard]] QRect laneRect(int lane) const;
    [[nodiscard]] double pixelsPerMinute() const;
    [[nodiscard]] int xOf(const QDateTime& at, int lane) const;
    [[nodiscard]] const ScheduledShowtime* find(int showtimeId) const;
    void showStatus(const QString& text, bool error);
    void updateGridSize();

    PortCaller<ShowtimeSchedule> m_schedule;
    int m_reading = 0; ///< the week last asked for: an older answer is not shown
    QTimeZone m_zone;
    QDate m_monday;
    ScheduleWeek m_week;
    QWidget* m_grid = nullptr;
    QLabel* m_title = nullptr;
    QLabel* m_status = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    // A drag in progress: the showtime, where the press was inside its box, and where it is now.
    int m_dragging = 0;
    QPoint m_grab;
    QPoint m_dragPos;
    bool m_dragMoved = false;
};

} // namespace bo
