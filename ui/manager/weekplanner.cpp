// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/weekplanner.h"

#include <algorithm>
#include <cmath>

#include <QContextMenuEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace bo {
namespace {

constexpr int headerWidth = 170; ///< the lanes' labels
constexpr int axisHeight = 24;   ///< the hours along the top
constexpr int laneHeight = 40;
constexpr int firstHour = 8;         ///< a lane starts at 08:00 …
constexpr int laneMinutes = 18 * 60; ///< … and ends at 02:00 the next day
constexpr int snapMinutes = 5;

} // namespace

WeekPlanner::WeekPlanner(PortCaller<ShowtimeSchedule> schedule, const QTimeZone& zone, QWidget* parent)
    : QWidget(parent)
    , m_schedule(schedule)
    , m_zone(zone)
{
    setObjectName(QStringLiteral("weekPlanner"));
    setWindowTitle(tr("Week planner"));
    auto* layout = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    m_previous = new QPushButton(tr("◀ &Previous week"), this);
    m_previous->setObjectName(QStringLiteral("previousWeek"));
    m_previous->setAccessibleName(tr("Previous week"));
    m_next = new QPushButton(tr("&Next week ▶"), this);
    m_next->setObjectName(QStringLiteral("nextWeek"));
    m_next->setAccessibleName(tr("Next week"));
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("weekTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    auto* reloadButton = new QPushButton(tr("&Reload"), this);
    reloadButton->setObjectName(QStringLiteral("reloadWeek"));
    reloadButton->setAccessibleName(tr("Reload the week"));
    bar->addWidget(m_previous);
    bar->addWidget(m_title, 1, Qt::AlignCenter);
    bar->addWidget(reloadButton);
    bar->addWidget(m_next);
    layout->addLayout(bar);

    m_grid = new QWidget;
    m_grid->setObjectName(QStringLiteral("weekGrid"));
    m_grid->setAccessibleName(tr("Showtimes of the week"));
    m_grid->setAccessibleDescription(
        tr("Drag a showtime that sold nothing to another time or day; right-click to cancel one."));
    m_grid->setMouseTracking(false);
    m_grid->setContextMenuPolicy(Qt::DefaultContextMenu);
    m_grid->installEventFilter(this);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("weekScroll"));
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("plannerStatus"));
    m_status->setAccessibleName(tr("Planner status"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    connect(m_previous, &QPushButton::clicked, this, &WeekPlanner::previousWeek);
    connect(m_next, &QPushButton::clicked, this, &WeekPlanner::nextWeek);
    connect(reloadButton, &QPushButton::clicked, this, &WeekPlanner::reload);
    resize(1400, 800);
    showWeek(QDateTime::currentDateTimeUtc().toTimeZone(m_zone).date());
}

QString WeekPlanner::statusText() const
{
    return m_status->text();
}

void WeekPlanner::showWeek(const QDate& day)
{
    m_monday = day.addDays(1 - day.dayOfWeek());
    m_status->clear();
    reload();
}

void WeekPlanner::previousWeek()
{
    showWeek(m_monday.addDays(-7));
}

void WeekPlanner::nextWeek()
{
    showWeek(m_monday.addDays(7));
}

void WeekPlanner::reload()
{
    const QLocale locale;
    m_title->setText(tr("Week of %1 to %2")
                         .arg(locale.toString(m_monday, QLocale::ShortFormat),
                              locale.toString(m_monday.addDays(6), QLocale::ShortFormat)));
    // Read on the schedule's worker: the window keeps painting while the database answers, and
    // an answer for a week the manager has left since is not shown.
    const int reading = ++m_reading;
    const QDate monday = m_monday;
    const QTimeZone zone = m_zone;
    m_schedule.call(
        this, [monday, zone](ShowtimeSchedule& schedule) { return schedule.week(monday, zone); },
        [this, reading](const Result<ScheduleWeek>& week) {
            if (reading != m_reading)
                return;
            m_dragging = 0;
            if (!week) {
                m_week = ScheduleWeek();
                showStatus(tr("The week could not be read: %1").arg(week.error().message), true);
            } else {
                m_week = week.value();
            }
            updateGridSize();
            m_grid->update();
        });
}

void WeekPlanner::updateGridSize()
{
    const int lanes = 7 * std::max<int>(1, static_cast<int>(m_week.halls.size()));
    m_grid->setMinimumSize(headerWidth + 900, axisHeight + lanes * laneHeight + 1);
}

void WeekPlanner::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

double WeekPlanner::pixelsPerMinute() const
{
    return double(std::max(100, m_grid->width() - headerWidth - 4)) / laneMinutes;
}

QRect WeekPlanner::laneRect(int lane) const
{
    return {headerWidth, axisHeight + lane * laneHeight, m_grid->width() - headerWidth, laneHeight};
}

int WeekPlanner::laneAt(int y) const
{
    const int halls = static_cast<int>(m_week.halls.size());
    if (halls == 0 || y < axisHeight)
        return -1;
    const int lane = (y - axisHeight) / laneHeight;
    return lane < 7 * halls ? lane : -1;
}

int WeekPlanner::laneOf(const ScheduledShowtime& s) const
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

int WeekPlanner::xOf(const QDateTime& at, int lane) const
{
    const int halls = std::max<int>(1, static_cast<int>(m_week.halls.size()));
    const QDateTime laneStart(m_monday.addDays(lane / halls), QTime(firstHour, 0), m_zone);
    return headerWidth + int(std::lround(double(laneStart.secsTo(at)) / 60.0 * pixelsPerMinute()));
}

QDateTime WeekPlanner::startAt(int lane, int x) const
{
    const int halls = std::max<int>(1, static_cast<int>(m_week.halls.size()));
    const QDateTime laneStart(m_monday.addDays(lane / halls), QTime(firstHour, 0), m_zone);
    const double minutes = double(x - headerWidth) / pixelsPerMinute();
    const qint64 snapped = std::llround(minutes / snapMinutes) * snapMinutes;
    return laneStart.addSecs(snapped * 60).toUTC();
}

const ScheduledShowtime* WeekPlanner::find(int showtimeId) const
{
    for (const ScheduledShowtime& s : m_week.showtimes)
        if (s.id == showtimeId)
            return &s;
    return nullptr;
}

QRect WeekPlanner::boxRect(int showtimeId) const
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

int WeekPlanner::showtimeAt(const QPoint& pos) const
{
    for (const ScheduledShowtime& s : m_week.showtimes)
        if (boxRect(s.id).contains(pos))
            return s.id;
    return 0;
}

bool WeekPlanner::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_grid)
        return QWidget::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Paint:
        paintGrid();
        return true;
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() == Qt::LeftButton)
            onPressed(e->position().toPoint());
        return true;
    }
    case QEvent::MouseMove:
        onMoved(static_cast<QMouseEvent*>(event)->position().toPoint());
        return true;
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        if (e->button() == Qt::LeftButton)
            onReleased(e->position().toPoint());
        return true;
    }
    case QEvent::ContextMenu: {
        auto* e = static_cast<QContextMenuEvent*>(event);
        onContextMenu(e->pos(), e->globalPos());
        return true;
    }
    default:
        return QWidget::eventFilter(watched, event);
    }
}

void WeekPlanner::onPressed(const QPoint& pos)
{
    m_dragging = 0;
    const int id = showtimeAt(pos);
    const ScheduledShowtime* s = find(id);
    if (!s)
        return;
    if (!s->movable()) {
        showStatus(
            s->seatsSold > 0
                ? tr("Showtime %1 has sold seats and does not move: refund its bookings first.").arg(id)
                : tr("Showtime %1 has seats held by a sale in progress and does not move now.").arg(id),
            true);
        return;
    }
    m_dragging = id;
    m_grab = pos - boxRect(id).topLeft();
    m_dragPos = pos;
    m_dragMoved = false;
}

void WeekPlanner::onMoved(const QPoint& pos)
{
    if (!m_dragging)
        return;
    m_dragPos = pos;
    m_dragMoved = true;
    m_grid->update();
}

void WeekPlanner::onReleased(const QPoint& pos)
{
    const int id = m_dragging;
    m_dragging = 0;
    const ScheduledShowtime* s = find(id);
    if (!s)
        return;
    const int lane = laneAt(pos.y());
    const QDateTime start = lane < 0 ? QDateTime() : startAt(lane, pos.x() - m_grab.x());
    const ScheduledShowtime before = *s;
    if (lane < 0 || start == before.startsAt) {
        m_grid->update(); // snaps back
        return;
    }
    const QString hall = m_week.halls.at(lane % m_week.halls.size());
    const QString to = hall == before.hall ? QString() : hall;
    m_schedule.call(
        this, [id, to, start](ShowtimeSchedule& schedule) { return schedule.move(id, to, start); },
        [this, id, start, before](const Result<ShowtimeMoveOutcome>& moved) {
            const QLocale locale;
            if (!moved) {
                reload();
                showStatus(tr("Showtime %1 was not moved: %2").arg(id).arg(moved.error().message), true);
                return;
            }
            if (!moved.value().moved) {
                reload();
                QStringList inTheWay;
                for (const ScheduledShowtime& other : moved.value().overlaps)
                    inTheWay << tr("showtime %1 (%2, %3, until %4 with cleaning)")
                                    .arg(other.id)
                                    .arg(other.film,
                                         locale.toString(other.startsAt.toTimeZone(m_zone),
                                                         QStringLiteral("ddd d MMM HH:mm")),
                                         other.cleanUntil.toTimeZone(m_zone).time().toString(
                                             QStringLiteral("HH:mm")));
                showStatus(
                    tr("Showtime %1 was not moved: %2 is in the way.").arg(id).arg(inTheWay.join(tr(", "))),
                    true);
                return;
            }
            reload();
            showStatus(tr("Showtime %1 (%2) now starts %3.")
                           .arg(id)
                           .arg(before.film,
                                locale.toString(start.toTimeZone(m_zone), QStringLiteral("ddd d MMM HH:mm"))),
                       false);
            emit showtimeMoved(id, start);
        });
}

void WeekPlanner::onContextMenu(const QPoint& pos, const QPoint& globalPos)
{
    const int id = showtimeAt(pos);
    if (!id)
        return;
    QMenu menu(this);
    QAction* openSale = nullptr;
    for (const ScheduledShowtime& s : std::as_const(m_week.showtimes)) {
        if (s.id == id && s.saleOpensAt.isValid() && s.saleOpensAt > QDateTime::currentDateTimeUtc()) {
            openSale = menu.addAction(tr("Put showtime %1 on &sale now").arg(id));
            openSale->setObjectName(QStringLiteral("openSaleAction"));
        }
    }
    QAction* relayout = menu.addAction(tr("Give showtime %1 the hall's current &layout").arg(id));
    relayout->setObjectName(QStringLiteral("relayoutAction"));
    menu.addSeparator();
    QAction* cancel = menu.addAction(tr("&Cancel showtime %1").arg(id));
    cancel->setObjectName(QStringLiteral("cancelShowtimeAction"));
    QAction* chosen = menu.exec(globalPos);
    if (chosen == cancel)
        cancelShowtime(id);
    else if (chosen == relayout)
        relayoutShowtime(id);
    else if (chosen && chosen == openSale)
        openSaleNow(id);
}

void WeekPlanner::openSaleNow(int showtimeId)
{
    SaleWindowChange change;
    change.opens = QDateTime();
    m_schedule.call(
        this,
        [showtimeId, change](ShowtimeSchedule& schedule) {
            return schedule.setSaleWindow({showtimeId}, change);
        },
        [this, showtimeId](const Result<QList<SaleWindow>>& opened) {
            reload();
            if (!opened) {
                showStatus(
                    tr("Showtime %1 was not put on sale: %2").arg(showtimeId).arg(opened.error().message),
                    true);
                return;
            }
            showStatus(tr("Showtime %1 is on sale now.").arg(showtimeId), false);
        });
}

void WeekPlanner::relayoutShowtime(int showtimeId)
{
    m_schedule.call(
        this, [showtimeId](ShowtimeSchedule& schedule) { return schedule.relayout(showtimeId); },
        [this, showtimeId](const Result<ShowtimeRelayout>& done) {
            reload();
            if (!done) {
                showStatus(tr("Showtime %1 keeps its layout: %2").arg(showtimeId).arg(done.error().message),
                           true);
                return;
            }
            const ShowtimeRelayout& r = done.value();
            if (!r.moved) {
                showStatus(tr("Showtime %1 has the hall's current layout already.").arg(showtimeId), false);
                return;
            }
            QString text = tr("Showtime %1 now has layout version %2 of its hall (%3 seats).")
                               .arg(showtimeId)
                               .arg(r.version)
                               .arg(r.seats);
            if (!r.blocksDropped.isEmpty())
                text += QLatin1Char(' ') + tr("Blocked seats the new layout does not have: %1.")
                                               .arg(r.blocksDropped.join(QStringLiteral(", ")));
            showStatus(text, false);
        });
}

void WeekPlanner::cancelShowtime(int showtimeId)
{
    m_schedule.call(
        this, [showtimeId](ShowtimeSchedule& schedule) { return schedule.cancel(showtimeId); },
        [this, showtimeId](const Result<ShowtimeCancelOutcome>& cancelled) {
            reload();
            if (!cancelled) {
                showStatus(
                    tr("Showtime %1 was not cancelled: %2").arg(showtimeId).arg(cancelled.error().message),
                    true);
                return;
            }
            showStatus(tr("Showtime %1 is cancelled.").arg(showtimeId), false);
        });
}

void WeekPlanner::paintGrid()
{
    QPainter p(m_grid);
    const QPalette& pal = m_grid->palette();
    p.fillRect(m_grid->rect(), pal.base());
    const int halls = static_cast<int>(m_week.halls.size());
    const QLocale locale;
    const double ppm = pixelsPerMinute();

    // The hours along the top, and their lines.
    p.setPen(pal.color(QPalette::Text));
    for (int h = 0; h <= laneMinutes / 60; ++h) {
        const int x = headerWidth + int(std::lround(h * 60 * ppm));
        p.setPen(QColor(0, 0, 0, 40));
        p.drawLine(x, axisHeight, x, m_grid->height());
        p.setPen(pal.color(QPalette::Text));
        if (h < laneMinutes / 60)
            p.drawText(QRect(x + 2, 0, int(60 * ppm), axisHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       QStringLiteral("%1:00").arg((firstHour + h) % 24, 2, 10, QLatin1Char('0')));
    }
    if (halls == 0) {
        p.drawText(m_grid->rect(), Qt::AlignCenter, tr("No halls yet."));
        return;
    }
    // A lane per day and hall; days shaded in turn.
    for (int lane = 0; lane < 7 * halls; ++lane) {
        const int day = lane / halls;
        const QRect row(0, axisHeight + lane * laneHeight, m_grid->width(), laneHeight);
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

    auto paintBox = [&](const ScheduledShowtime& s, QRect box, bool ghost) {
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
        QString times = QStringLiteral("%1–%2").arg(
            s.startsAt.toTimeZone(m_zone).time().toString(QStringLiteral("HH:mm")),
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
    };
    for (const ScheduledShowtime& s : m_week.showtimes) {
        if (s.id == m_dragging && m_dragMoved)
            continue;
        const QRect box = boxRect(s.id);
        if (!box.isEmpty())
            paintBox(s, box, false);
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
            paintBox(moved, QRect(left, row.top() + 3, from.width(), row.height() - 6), true);
        }
    }
}

} // namespace bo
