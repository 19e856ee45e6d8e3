// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDate>
#include <QPoint>
#include <QTimeZone>
#include <QWidget>

#include "model/showtimes/showtimeschedule.h"

namespace bo {

/// The week planner's grid: a lane per hall and day, a time axis from 08:00 to 02:00, each
/// showtime a box (film, start–end, its cleaning buffer hatched, seats sold) and the box being
/// dragged at the start it would get (5-minute steps). It draws the week it is given and says
/// what the manager did with the mouse; the planner (WeekPlanner) asks the schedule.
class WeekCanvas final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(WeekCanvas)

public:
    explicit WeekCanvas(const QTimeZone& zone, QWidget* parent = nullptr);

    /// The week shown, starting on `monday`; a drag in progress ends.
    void setWeek(const QDate& monday, const ScheduleWeek& week);
    [[nodiscard]] const ScheduleWeek& week() const { return m_week; }
    /// The box of a showtime in this widget's coordinates; empty when it is not shown.
    [[nodiscard]] QRect boxRect(int showtimeId) const;
    /// The start a box dropped with its left edge at x `x` in lane `lane` gets (5-minute steps,
    /// in the planner's zone).
    [[nodiscard]] QDateTime startAt(int lane, int x) const;
    [[nodiscard]] const ScheduledShowtime* find(int showtimeId) const;

signals:
    /// A showtime that may move was dropped at `start` in `hall` (empty: its own hall).
    void moveRequested(int showtimeId, const QString& hall, const QDateTime& start);
    /// A press on a showtime that may not move (it sold seats, or a sale holds some).
    void moveRefused(const bo::ScheduledShowtime& showtime);
    /// The context menu asked for on a showtime's box.
    void menuRequested(int showtimeId, const QPoint& globalPos);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void paintBox(QPainter& p, const ScheduledShowtime& s, QRect box, bool ghost) const;
    [[nodiscard]] int showtimeAt(const QPoint& pos) const;
    [[nodiscard]] int laneAt(int y) const;
    [[nodiscard]] int laneOf(const ScheduledShowtime& s) const;
    [[nodiscard]] QRect laneRect(int lane) const;
    [[nodiscard]] double pixelsPerMinute() const;
    [[nodiscard]] int xOf(const QDateTime& at, int lane) const;

    QTimeZone m_zone;
    QDate m_monday;
    ScheduleWeek m_week;
    // A drag in progress: the showtime, where the press was inside its box, and where it is now.
    int m_dragging = 0;
    QPoint m_grab;
    QPoint m_dragPos;
    bool m_dragMoved = false;
};

} // namespace bo
