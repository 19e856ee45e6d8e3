// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/weekcanvas.h"

#include <algorithm>
#include <cmath>

#include <QContextMenuEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>

namespace bo {
namespace {

constexpr int headerWidth = 170; ///< the lanes' labels
constexpr int axisHeight = 24;   ///< the hours along the top
constexpr int laneHeight = 40;
constexpr int firstHour = 8;         ///< a lane starts at 08:00 …
constexpr int laneMinutes = 18 * 60; ///< … and ends at 02:00 the next day
constexpr int snapMinutes = 5;

} // namespace

WeekCanvas::WeekCanvas(const QTimeZone& zone, QWidget* parent)
    : QWidget(parent)
    , m_zone(zone)
{
    setObjectName(QStringLiteral("weekGrid"));
    setMouseTracking(false);
    setContextMenuPolicy(Qt::DefaultContextMenu);
}

void WeekCanvas::setWeek(const QDate& monday, const ScheduleWeek& week)
{
    m_monday = monday;
    m_week = week;
    m_dragging = 0;
    const int lanes = 7 * std::max<int>(1, static_cast<int>(m_week.halls.size()));
    setMinimumSize(headerWidth + 900, axisHeight + lanes * laneHeight + 1);
    update();
}

double WeekCanvas::pixelsPerMinute() const
{
    return double(std::max(100, width() - headerWidth - 4)) / laneMinutes;
}

QRect WeekCanvas::laneRect(int lane) const
{
    return {headerWidth, axisHeight + lane * laneHeight, width() - headerWidth, laneHeight};
}

int WeekCanvas::laneAt(int y) const
{
    const int halls = static_cast<int>(m_week.halls.size());
    if (halls == 0 || y < axisHeight)
        return -1;
    const int lane = (y - axisHeight) / laneHeight;
    return lane < 7 * halls ? lane : -1;
}

int WeekCanvas::laneOf(const ScheduledShowtime& s) const
{
    const int hall = static_cast<int>(m_week.hallIds.indexOf(s.hallId));
    if (hall < 0)
        return -1;
    // The day it belongs to: a start before 08:00 is the previous day's late show.
    const QDateTime local = s.startsAt.toTimeZone(m_zone);
    QDate day = local.date();
    if (local.time().hour() < firstHour)
        day = day.addDays(-1);
    const qint64 index = m_monday.daysTo(day);
    if (index < 0 || index > 6)
        return -1;
    return static_cast<int>(index) * static_cast<int>(m_week.halls.size()) + hall;
}

int WeekCanvas::xOf(const QDateTime& at, int lane) const
{
    const int halls = std::max<int>(1, static_cast<int>(m_week.halls.size()));
    const QDateTime laneStart(m_monday.addDays(lane / halls), QTime(firstHour, 0), m_zone);
    return headerWidth + int(std::lround(double(laneStart.secsTo(at)) / 60.0 * pixelsPerMinute()));
}

QDateTime WeekCanvas::startAt(int lane, int x) const
{
    const int halls = std::max<int>(1, static_cast<int>(m_week.halls.size()));
    const QDateTime laneStart(m_monday.addDays(lane / halls), QTime(firstHour, 0), m_zone);
    const double minutes = double(x - headerWidth) / pixelsPerMinute();
    const qint64 snapped = std::llround(minutes / snapMinutes) * snapMinutes;
    return laneStart.addSecs(snapped * 60).toUTC();
}

const ScheduledShowtime* WeekCanvas::find(int showtimeId) const
{
    for (const ScheduledShowtime& s : m_week.showtimes)
        if (s.id == showtimeId)
            return &s;
    return nullptr;
}

QRect WeekCanvas::boxRect(int showtimeId) const
{
    const ScheduledShowtime* s = find(showtimeId);
    if (!s)
        return {};
    const int lane = laneOf(*s);
    if (lane < 0)
        return {};
    const QRect row = laneRect(lane);
    const int left = xOf(s->startsAt, lane);
    const int right = xOf(s->cleanUntil, lane);
    return {left, row.top() + 3, std::max(4, right - left), row.height() - 6};
}

int WeekCanvas::showtimeAt(const QPoint& pos) const
{
    for (const ScheduledShowtime& s : m_week.showtimes)
        if (boxRect(s.id).contains(pos))
            return s.id;
    return 0;
}

void WeekCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const QPoint pos = event->position().toPoint();
    m_dragging = 0;
    const ScheduledShowtime* s = find(showtimeAt(pos));
    if (!s)
        return;
    if (!s->movable()) {
        emit moveRefused(*s);
        return;
    }
    m_dragging = s->id;
    m_grab = pos - boxRect(s->id).topLeft();
    m_dragPos = pos;
    m_dragMoved = false;
}

void WeekCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging)
        return;
    m_dragPos = event->position().toPoint();
    m_dragMoved = true;
    update();
}

void WeekCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    const QPoint pos = event->position().toPoint();
    const int id = m_dragging;
    m_dragging = 0;
    const ScheduledShowtime* s = find(id);
    if (!s)
        return;
    const int lane = laneAt(pos.y());
    const QDateTime start = lane < 0 ? QDateTime() : startAt(lane, pos.x() - m_grab.x());
    update(); // the box back where it was until the week is read again
    if (lane < 0 || start == s->startsAt)
        return;
    const QString hall = m_week.halls.at(lane % m_week.halls.size());
    emit moveRequested(id, hall == s->hall ? QString() : hall, start);
}

void WeekCanvas::contextMenuEvent(QContextMenuEvent* event)
{
    if (const int id = showtimeAt(event->pos()))
        emit menuRequested(id, event->globalPos());
}

void WeekCanvas::paintEvent(QPaintEvent* /*event*/)
{
    QPainter p(this);
    const QPalette& pal = palette();
    p.fillRect(rect(), pal.base());
    const int halls = static_cast<int>(m_week.halls.size());
    const QLocale locale;
    const double ppm = pixelsPerMinute();

    // The hours along the top, and their lines.
    p.setPen(pal.color(QPalette::Text));
    for (int h = 0; h <= laneMinutes / 60; ++h) {
        const int x = headerWidth + int(std::lround(h * 60 * ppm));
        p.setPen(QColor(0, 0, 0, 40));
        p.drawLine(x, axisHeight, x, height());
        p.setPen(pal.color(QPalette::Text));
        if (h < laneMinutes / 60)
            p.drawText(QRect(x + 2, 0, int(60 * ppm), axisHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("%1:00").arg((firstHour + h) % 24, 2, 10, QLatin1Char('0')));
    }
    if (halls == 0) {
        p.drawText(rect(), Qt::AlignCenter, tr("No halls yet."));
        return;
    }
    // A lane per day and hall; days shaded in turn.
    for (int lane = 0; lane < 7 * halls; ++lane) {
        const int day = lane / halls;
        const QRect row(0, axisHeight + lane * laneHeight, width(), laneHeight);
        if (day % 2 == 1)
            p.fillRect(row, pal.alternateBase());
        p.setPen(QColor(0, 0, 0, lane % halls == 0 ? 140 : 40));
        p.drawLine(row.topLeft(), row.topRight());
        p.setPen(pal.color(QPalette::Text));
        const QString label = lane % halls == 0
                                  ? QStringLiteral("%1 · %2").arg(
                                        locale.toString(m_monday.addDays(day), QStringLiteral("ddd d MMM")),
                                        m_week.halls.at(lane % halls))
                                  : m_week.halls.at(lane % halls);
        p.drawText(row.adjusted(6, 0, -6, 0).intersected(QRect(0, row.top(), headerWidth - 6, laneHeight)),
                   Qt::AlignRight | Qt::AlignVCenter, label);
    }

    for (const ScheduledShowtime& s : m_week.showtimes) {
        if (s.id == m_dragging && m_dragMoved)
            continue;
        const QRect box = boxRect(s.id);
        if (!box.isEmpty())
            paintBox(p, s, box, false);
    }
    // The box being dragged, at the snapped start it would get.
    if (const ScheduledShowtime* s = find(m_dragging); s && m_dragMoved) {
        const int lane = laneAt(m_dragPos.y());
        if (lane >= 0) {
            const QRect from = boxRect(s->id);
            const QDateTime start = startAt(lane, m_dragPos.x() - m_grab.x());
            ScheduledShowtime moved = *s;
            const qint64 by = s->startsAt.secsTo(start);
            moved.startsAt = start;
            moved.endsAt = s->endsAt.addSecs(by);
            moved.cleanUntil = s->cleanUntil.addSecs(by);
            const QRect row = laneRect(lane);
            const int left = xOf(start, lane);
            paintBox(p, moved, QRect(left, row.top() + 3, from.width(), row.height() - 6), true);
        }
    }
}

void WeekCanvas::paintBox(QPainter& p, const ScheduledShowtime& s, QRect box, bool ghost) const
{
    const QLocale locale;
    const bool movable = s.movable();
    QColor fill = movable ? QColor(0x4a, 0x90, 0xd9) : QColor(0x9e, 0x9e, 0x9e);
    if (ghost)
        fill.setAlpha(150);
    const int lane = laneOf(s);
    const int filmEnd = lane >= 0 ? xOf(s.endsAt, lane) - xOf(s.startsAt, lane) : box.width();
    const QRect film(box.left(), box.top(), std::min(filmEnd, box.width()), box.height());
    const QRect clean(film.right() + 1, box.top(), box.right() - film.right(), box.height());
    p.fillRect(film, fill);
    p.fillRect(clean, fill.lighter(150));
    p.fillRect(clean, QBrush(fill.darker(130), Qt::BDiagPattern));
    p.setPen(fill.darker(160));
    p.drawRect(box.adjusted(0, 0, -1, -1));
    p.setPen(Qt::white);
    // The film on the first line; its times and the seats sold on the second.
    QString times =
        QStringLiteral("%1–%2").arg(s.startsAt.toTimeZone(m_zone).time().toString(QStringLiteral("HH:mm")),
                                    s.endsAt.toTimeZone(m_zone).time().toString(QStringLiteral("HH:mm")));
    if (s.seatsSold > 0)
        times += QLatin1Char(' ') + tr("· %n sold", nullptr, s.seatsSold);
    else if (s.seatsHeld > 0)
        times += QLatin1Char(' ') + tr("· %n held", nullptr, s.seatsHeld);
    else if (s.saleOpensAt.isValid() && s.saleOpensAt > QDateTime::currentDateTimeUtc())
        times += QLatin1Char(' ') +
                 tr("· on sale %1")
                     .arg(locale.toString(s.saleOpensAt.toTimeZone(m_zone), QStringLiteral("ddd HH:mm")));
    const int width = std::max(0, film.width() - 6);
    const QRect text = film.adjusted(4, 1, -2, -1);
    const QFontMetrics metrics = p.fontMetrics();
    p.drawText(text.adjusted(0, 0, 0, -text.height() / 2),
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
               metrics.elidedText(s.film, Qt::ElideRight, width));
    p.drawText(text.adjusted(0, text.height() / 2, 0, 0),
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine,
               metrics.elidedText(times, Qt::ElideRight, width));
}

} // namespace bo
