// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/manager/layoutcanvas.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>

namespace bo {

namespace {

constexpr int margin = 40;       ///< pixels around the grid: row names, the screen
constexpr double gridPad = 2;    ///< layout units of empty grid around the seats
constexpr double seatGap = 0.08; ///< of a cell, between neighbouring symbols

} // namespace

QColor LayoutCanvas::zoneColour(const QString& zone) const
{
    // The layout's zones in the order declared, each its own hue.
    qsizetype index = 0;
    while (index < m_layout.zones.size() && m_layout.zones.at(index).code != zone)
        ++index;
    return QColor::fromHsv(int((index * 137 + 200) % 360), 170, 200);
}

LayoutCanvas::LayoutCanvas(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("layoutCanvas"));
    setAccessibleName(tr("Hall layout"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    updateOrigin();
}

void LayoutCanvas::setHallLayout(const HallLayout& layout)
{
    m_layout = layout;
    const auto seats = int(m_layout.seats.size());
    const QSet<int> before = m_selected;
    m_selected.removeIf([seats](int i) { return i >= seats; });
    m_problems.removeIf([seats](int i) { return i >= seats; });
    updateOrigin();
    updateGeometry();
    update();
    if (before != m_selected)
        emit selectionChanged();
}

void LayoutCanvas::setProblemSeats(const QSet<int>& indexes)
{
    m_problems = indexes;
    update();
}

QList<int> LayoutCanvas::selection() const
{
    QList<int> indexes(m_selected.cbegin(), m_selected.cend());
    std::sort(indexes.begin(), indexes.end());
    return indexes;
}

void LayoutCanvas::setSelection(const QList<int>& indexes)
{
    QSet<int> chosen;
    for (int i : indexes) {
        if (i >= 0 && i < m_layout.seats.size())
            chosen.insert(i);
    }
    if (chosen == m_selected)
        return;
    m_selected = chosen;
    update();
    emit selectionChanged();
}

QRect LayoutCanvas::seatRect(int index) const
{
    if (index < 0 || index >= m_layout.seats.size())
        return {};
    const LayoutSeat& seat = m_layout.seats.at(index);
    const QPointF topLeft = toCanvas(seat.x, seat.y);
    return QRectF(topLeft, QSizeF(cell, cell)).toRect();
}

QSize LayoutCanvas::sizeHint() const
{
    return {int(std::ceil(m_width * cell)) + 2 * margin, int(std::ceil(m_height * cell)) + 2 * margin};
}

void LayoutCanvas::updateOrigin()
{
    double left = 0;
    double top = 0;
    double right = 10;
    double bottom = 6;
    for (const LayoutSeat& s : std::as_const(m_layout.seats)) {
        left = std::min(left, s.x);
        top = std::min(top, s.y);
        right = std::max(right, s.x + 1);
        bottom = std::max(bottom, s.y + 1);
    }
    for (const LayoutAisle& a : std::as_const(m_layout.aisles)) {
        left = std::min(left, a.x);
        top = std::min(top, a.y);
        right = std::max(right, a.x + a.width);
        bottom = std::max(bottom, a.y + a.height);
    }
    m_originX = std::floor(left) - gridPad;
    m_originY = std::floor(top) - gridPad;
    m_width = std::ceil(right) + gridPad - m_originX;
    m_height = std::ceil(bottom) + gridPad - m_originY;
    setMinimumSize(sizeHint());
}

QPointF LayoutCanvas::toCanvas(double x, double y) const
{
    return {margin + (x - m_originX) * cell, margin + (y - m_originY) * cell};
}

int LayoutCanvas::seatAt(QPoint point) const
{
    // The last drawn is on top.
    for (auto i = int(m_layout.seats.size()) - 1; i >= 0; --i) {
        if (seatRect(i).contains(point))
            return i;
    }
    return -1;
}

QPointF LayoutCanvas::dragOffset() const
{
    const QPoint moved = m_dragAt - m_pressAt;
    auto snapped = [](double pixels) { return std::round(pixels / cell / snap) * snap; };
    return {snapped(moved.x()), snapped(moved.y())};
}

QList<SeatPainter::Part> LayoutCanvas::coupleParts() const
{
    // Couple seats side by side in a row, taken two by two from the left, are drawn joined.
    QList<SeatPainter::Part> parts(m_layout.seats.size(), SeatPainter::Part::Single);
    QList<int> couples;
    for (int i = 0; i < m_layout.seats.size(); ++i) {
        if (m_layout.seats.at(i).kind == SeatKind::Couple)
            couples.append(i);
    }
    std::sort(couples.begin(), couples.end(), [this](int a, int b) {
        const LayoutSeat& s = m_layout.seats.at(a);
        const LayoutSeat& t = m_layout.seats.at(b);
        return s.y != t.y ? s.y < t.y : s.x < t.x;
    });
    for (qsizetype k = 0; k + 1 < couples.size(); ++k) {
        const LayoutSeat& left = m_layout.seats.at(couples.at(k));
        const LayoutSeat& right = m_layout.seats.at(couples.at(k + 1));
        if (left.y == right.y && std::abs(right.x - left.x - 1) < 0.01) {
            parts[couples.at(k)] = SeatPainter::Part::CoupleLeft;
            parts[couples.at(k + 1)] = SeatPainter::Part::CoupleRight;
            ++k;
        }
    }
    return parts;
}

void LayoutCanvas::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    const QRect exposed = event->rect();
    p.fillRect(exposed, palette().color(QPalette::Base));

    // The grid: a line every layout unit, stronger every five.
    const QPointF gridTopLeft = toCanvas(m_originX, m_originY);
    const QColor minor = palette().color(QPalette::Midlight);
    const QColor major = palette().color(QPalette::Mid);
    for (int i = 0; i <= int(m_width); ++i) {
        p.setPen(int(m_originX + i) % 5 == 0 ? major : minor);
        const double x = gridTopLeft.x() + i * cell;
        p.drawLine(QPointF(x, gridTopLeft.y()), QPointF(x, gridTopLeft.y() + m_height * cell));
    }
    for (int i = 0; i <= int(m_height); ++i) {
        p.setPen(int(m_originY + i) % 5 == 0 ? major : minor);
        const double y = gridTopLeft.y() + i * cell;
        p.drawLine(QPointF(gridTopLeft.x(), y), QPointF(gridTopLeft.x() + m_width * cell, y));
    }

    // Aisles: hatched, no seat may stand there.
    for (const LayoutAisle& a : std::as_const(m_layout.aisles)) {
        const QRectF r(toCanvas(a.x, a.y), QSizeF(a.width * cell, a.height * cell));
        p.fillRect(r, QColor(0xDD, 0xE6, 0xF0));
        p.fillRect(r, QBrush(QColor(0x9F, 0xB3, 0xC8), Qt::BDiagPattern));
    }

    // The screen, above or below the seats as wide as the grid unless placed.
    {
        const bool top = m_layout.screen.side == ScreenSide::Top;
        const double left = m_layout.screen.placed ? m_layout.screen.x : m_originX + gridPad;
        const double width = m_layout.screen.placed ? m_layout.screen.width : m_width - 2 * gridPad;
        const QPointF at = toCanvas(left, top ? m_originY : m_originY + m_height);
        const QRect bar(int(at.x()), top ? int(at.y()) - margin + 4 : int(at.y()) + 8, int(width * cell),
                        margin - 12);
        SeatPainter::paintScreenBar(p, bar, exposed, font(), tr("SCREEN"));
    }

    // Seats, the selection drawn where a drag would put it.
    p.setRenderHint(QPainter::Antialiasing);
    const QList<SeatPainter::Part> parts = coupleParts();
    const QPointF offset = m_drag == Drag::Move ? dragOffset() * cell : QPointF();
    QSet<QString> labelledRows;
    QFont small = font();
    small.setPixelSize(11);
    p.setFont(small);
    for (int i = 0; i < m_layout.seats.size(); ++i) {
        const LayoutSeat& seat = m_layout.seats.at(i);
        const bool selected = m_selected.contains(i);
        QRectF r = QRectF(seatRect(i)).translated(selected ? offset : QPointF());
        if (!r.toAlignedRect().intersects(exposed) && labelledRows.contains(seat.row))
            continue;
        const QRectF symbol = r.adjusted(cell * seatGap, cell * seatGap, -cell * seatGap, -cell * seatGap);
        SeatPainter::paintSeat(p, symbol, SeatPainter::Look::Free, seat.kind, parts.at(i));
        if (!seat.zone.isEmpty()) {
            // The price zone: a strip under the symbol in the zone's own colour.
            const QRectF strip(symbol.left() + 2, r.bottom() - cell * seatGap, symbol.width() - 4,
                               cell * seatGap);
            p.fillRect(strip, zoneColour(seat.zone));
        }
        if (m_problems.contains(i)) {
            p.setPen(QPen(QColor(0xD3, 0x2F, 0x2F), 2));
            p.setBrush(QColor(0xD3, 0x2F, 0x2F, 0x60));
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 4, 4);
        }
        if (selected) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2.5));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 4, 4);
        }
        if (!labelledRows.contains(seat.row)) {
            // The row's name left of its first seat (the layout lists a row's seats together).
            labelledRows.insert(seat.row);
            p.setPen(palette().color(QPalette::Text));
            const QRectF name(gridTopLeft.x() - margin, r.top(), margin - 4, r.height());
            p.drawText(name, Qt::AlignRight | Qt::AlignVCenter, seat.row);
        }
    }

    if (m_drag == Drag::Band) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DashLine));
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(0x30);
        p.setBrush(fill);
        p.drawRect(QRect(m_pressAt, m_dragAt).normalized());
    }
    if (hasFocus()) {
        p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(rect().adjusted(0, 0, -1, -1));
    }
}

void LayoutCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    setFocus(Qt::MouseFocusReason);
    m_pressAt = event->position().toPoint();
    m_dragAt = m_pressAt;
    const bool adding = event->modifiers().testFlag(Qt::ControlModifier);
    const int seat = seatAt(m_pressAt);
    if (seat < 0) {
        m_drag = Drag::Band;
        m_bandBase = adding ? m_selected : QSet<int>();
        if (!adding && !m_selected.isEmpty()) {
            m_selected.clear();
            emit selectionChanged();
        }
    } else if (adding) {
        m_drag = Drag::None;
        if (!m_selected.remove(seat))
            m_selected.insert(seat);
        emit selectionChanged();
    } else {
        m_drag = Drag::Move;
        m_pressedSeat = seat;
        if (!m_selected.contains(seat)) {
            m_selected = {seat};
            emit selectionChanged();
        }
    }
    update();
}

void LayoutCanvas::mouseMoveEvent(QMouseEvent* event)
{
    if (m_drag == Drag::None)
        return;
    m_dragAt = event->position().toPoint();
    if (m_drag == Drag::Band) {
        const QRect band = QRect(m_pressAt, m_dragAt).normalized();
        QSet<int> chosen = m_bandBase;
        for (int i = 0; i < m_layout.seats.size(); ++i) {
            if (band.intersects(seatRect(i)))
                chosen.insert(i);
        }
        if (chosen != m_selected) {
            m_selected = chosen;
            emit selectionChanged();
        }
    }
    update();
}

void LayoutCanvas::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton || m_drag == Drag::None)
        return;
    m_dragAt = event->position().toPoint();
    const Drag drag = m_drag;
    const QPointF moved = dragOffset();
    m_drag = Drag::None;
    update();
    if (drag == Drag::Move && !moved.isNull()) {
        emit moveRequested(moved.x(), moved.y());
    } else if (drag == Drag::Move && m_selected.size() > 1) {
        // A click without a drag on one of several selected seats selects that one alone.
        m_selected = {m_pressedSeat};
        emit selectionChanged();
    }
}

void LayoutCanvas::keyPressEvent(QKeyEvent* event)
{
    const double step = event->modifiers().testFlag(Qt::ShiftModifier) ? 0.1 : 1.0;
    double dx = 0;
    double dy = 0;
    switch (event->key()) {
    case Qt::Key_Left:
        dx = -step;
        break;
    case Qt::Key_Right:
        dx = step;
        break;
    case Qt::Key_Up:
        dy = -step;
        break;
    case Qt::Key_Down:
        dy = step;
        break;
    case Qt::Key_A:
        if (event->modifiers().testFlag(Qt::ControlModifier)) {
            QList<int> all;
            for (int i = 0; i < m_layout.seats.size(); ++i)
                all.append(i);
            setSelection(all);
            return;
        }
        QWidget::keyPressEvent(event);
        return;
    case Qt::Key_Escape:
        setSelection({});
        return;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (!m_selected.isEmpty())
        emit moveRequested(dx, dy);
}

} // namespace bo
