// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/door/verdictview.h"

#include <algorithm>

#include <QEvent>
#include <QFontMetricsF>
#include <QLocale>
#include <QPaintEvent>
#include <QPainter>

namespace bo {
namespace {

/// Each line's share of the height and its weight: the headline carries the colour's meaning
/// in words, the main line the seat or the reason, the details the rest.
struct LineStyle
{
    double share;
    bool bold;
};
constexpr LineStyle lineStyles[] = {{0.26, true}, {0.15, true}, {0.09, false}};

} // namespace

VerdictView::VerdictView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("verdictView"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFocusPolicy(Qt::NoFocus);
    setMinimumSize(320, 240);
    updateLines();
}

VerdictView::~VerdictView() = default;

QColor VerdictView::admitColour()
{
    return {0x1b, 0x7f, 0x3a};
}

QColor VerdictView::refuseColour()
{
    return {0xb7, 0x1c, 0x1c};
}

QColor VerdictView::undoneColour()
{
    return {0x8a, 0x5a, 0x00};
}

QColor VerdictView::readyColour()
{
    return {0x26, 0x32, 0x38};
}

void VerdictView::showVerdict(const DoorVerdict& verdict)
{
    m_verdict = verdict;
    updateLines();
    update();
}

void VerdictView::clear()
{
    m_verdict.reset();
    updateLines();
    update();
}

QColor VerdictView::background() const
{
    if (!m_verdict)
        return readyColour();
    if (m_verdict->admitted())
        return admitColour();
    return m_verdict->reason == DoorReason::Undone ? undoneColour() : refuseColour();
}

QStringList VerdictView::lines() const
{
    return m_lines;
}

void VerdictView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        updateLines();
    QWidget::changeEvent(event);
}

QString VerdictView::showtimeText(const DoorShowtime& s) const
{
    return tr("%1 · %2 %3")
        .arg(s.hall, locale().toString(s.startsAt.toLocalTime().time(), QStringLiteral("HH:mm")), s.film);
}

QString VerdictView::reasonLine(const DoorVerdict& v) const
{
    switch (v.reason) {
    case DoorReason::Admitted:
        return v.tierName.isEmpty() ? v.seatLabel : tr("%1 · %2").arg(v.seatLabel, v.tierName);
    case DoorReason::AlreadyUsed:
        return tr("Already used");
    case DoorReason::WrongShowtime:
        return tr("Wrong showtime or hall");
    case DoorReason::TooEarly:
        return tr("Too early");
    case DoorReason::TooLate:
        return tr("Too late");
    case DoorReason::Cancelled:
        return tr("Booking cancelled");
    case DoorReason::Refunded:
        return tr("Booking refunded");
    case DoorReason::Reprinted:
        return tr("Replaced by a reprint");
    case DoorReason::NotValid:
        return tr("Booking not paid");
    case DoorReason::Forged:
        return tr("Forged ticket");
    case DoorReason::UnknownTicket:
        return tr("Unknown ticket");
    case DoorReason::Unreadable:
        return tr("Unreadable");
    case DoorReason::Offline:
        return tr("No connection");
    case DoorReason::Undone:
        return tr("Admit undone: %1").arg(v.seatLabel);
    }
    return {};
}

QString VerdictView::detailLine(const DoorVerdict& v) const
{
    QString when = v.showtime ? showtimeText(*v.showtime) : QString();
    switch (v.reason) {
    case DoorReason::Admitted:
        return v.offline ? tr("%1 · checked offline").arg(when) : when;
    case DoorReason::AlreadyUsed:
        return tr("Seat %1 · admitted %2 at %3")
            .arg(v.seatLabel, locale().toString(v.usedAt.toLocalTime().time(), QStringLiteral("HH:mm:ss")),
                 v.usedDoor);
    case DoorReason::WrongShowtime:
        return v.showtime ? tr("This ticket is for %1").arg(when)
                          : tr("This ticket is not for today's showtimes here");
    case DoorReason::TooEarly:
        return tr("%1 — doors open in %2 min").arg(when).arg(v.minutes);
    case DoorReason::TooLate:
        return tr("%1 — started %2 min ago").arg(when).arg(v.minutes);
    case DoorReason::Cancelled:
    case DoorReason::Refunded:
    case DoorReason::NotValid:
        return tr("Send the guest to the box office");
    case DoorReason::Reprinted:
        return tr("Only the newest print of this ticket is valid");
    case DoorReason::Forged:
        return tr("The signature is not this cinema's. Call a manager.");
    case DoorReason::UnknownTicket:
        return tr("No such ticket was sold. Call a manager.");
    case DoorReason::Unreadable:
        return tr("Not a ticket code. Scan again.");
    case DoorReason::Offline:
        return tr("The ticket could not be checked: no connection and no ticket list.");
    case DoorReason::Undone:
        return tr("The guest is not counted as admitted");
    }
    return {};
}

void VerdictView::updateLines()
{
    if (!m_verdict) {
        m_lines = {tr("READY"), tr("Scan a ticket"), QString()};
        return;
    }
    const DoorVerdict& v = *m_verdict;
    QString headline;
    if (v.admitted())
        headline = tr("ADMIT");
    else if (v.reason == DoorReason::Undone)
        headline = tr("UNDONE");
    else
        headline = tr("STOP");
    m_lines = {headline, reasonLine(v), detailLine(v)};
}

void VerdictView::paintEvent(QPaintEvent* /*event*/)
{
    QPainter p(this);
    p.fillRect(rect(), background());
    p.setPen(Qt::white);
    const QRectF area =
        QRectF(rect()).adjusted(width() * 0.04, height() * 0.06, -width() * 0.04, -height() * 0.06);
    double total = 0;
    for (const LineStyle& s : lineStyles)
        total += s.share;
    // The lines stacked in the middle, each as large as its share allows and the width permits.
    const double gap = area.height() * (1.0 - total) / 4.0;
    double y = area.top() + gap;
    for (int i = 0; i < int(std::size(lineStyles)) && i < m_lines.size(); ++i) {
        const double lineHeight = area.height() * lineStyles[i].share;
        QFont f = font();
        f.setBold(lineStyles[i].bold);
        f.setPixelSize(std::max(8, int(lineHeight * 0.8)));
        const double textWidth = QFontMetricsF(f).horizontalAdvance(m_lines.at(i));
        if (textWidth > area.width())
            f.setPixelSize(std::max(8, int(f.pixelSize() * area.width() / textWidth)));
        p.setFont(f);
        p.drawText(QRectF(area.left(), y, area.width(), lineHeight), Qt::AlignCenter, m_lines.at(i));
        y += lineHeight + gap;
    }
    p.end();
    if (m_verdict)
        emit painted(m_verdict->number);
}

} // namespace bo
