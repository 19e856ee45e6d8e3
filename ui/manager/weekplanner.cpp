// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/weekplanner.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace bo {

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

    m_canvas = new WeekCanvas(m_zone);
    m_canvas->setAccessibleName(tr("Showtimes of the week"));
    m_canvas->setAccessibleDescription(
        tr("Drag a showtime that sold nothing to another time or day; right-click to cancel one."));
    connect(m_canvas, &WeekCanvas::moveRequested, this, &WeekPlanner::onMoveRequested);
    connect(m_canvas, &WeekCanvas::moveRefused, this, &WeekPlanner::onMoveRefused);
    connect(m_canvas, &WeekCanvas::menuRequested, this, &WeekPlanner::onMenuRequested);
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("weekScroll"));
    scroll->setWidget(m_canvas);
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
        [this, reading, monday](const Result<ScheduleWeek>& week) {
            if (reading != m_reading)
                return;
            if (!week) {
                m_canvas->setWeek(monday, ScheduleWeek());
                showStatus(tr("The week could not be read: %1").arg(week.error().message), true);
            } else {
                m_canvas->setWeek(monday, week.value());
            }
        });
}

void WeekPlanner::showStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void WeekPlanner::onMoveRefused(const ScheduledShowtime& s)
{
    showStatus(s.seatsSold > 0
                   ? tr("Showtime %1 has sold seats and does not move: refund its bookings first.").arg(s.id)
                   : tr("Showtime %1 has seats held by a sale in progress and does not move now.").arg(s.id),
               true);
}

void WeekPlanner::onMoveRequested(int id, const QString& to, const QDateTime& start)
{
    const ScheduledShowtime* s = m_canvas->find(id);
    if (!s)
        return;
    const ScheduledShowtime before = *s;
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

void WeekPlanner::onMenuRequested(int id, const QPoint& globalPos)
{
    QMenu menu(this);
    QAction* openSale = nullptr;
    for (const ScheduledShowtime& s : std::as_const(m_canvas->week().showtimes)) {
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

} // namespace bo
