// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatmapwidget.h"

#include <cmath>

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "model/seats/seatmap.h"
#include "ui/common/seatnavigator.h"

namespace bo {

namespace {

constexpr double zoomStep = 1.25;
/// More changed seats than this in one call: one full repaint is cheaper than many rects.
constexpr int maxSeatUpdates = 512;

} // namespace

SeatMapWidget::SeatMapWidget(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("seatMapWidget"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Seat map"));
}

SeatMapWidget::~SeatMapWidget() = default;

void SeatMapWidget::setSeatMap(const SeatMap* map)
{
    m_map = map;
    m_focusIndex = -1;
    m_hoverIndex = -1;
    m_pressIndex = -1;
    m_fitted = true;
    reloadSeats();
}

void SeatMapWidget::setPriceText(std::function<QString(const SeatState&)> priceText)
{
    m_priceText = std::move(priceText);
}

void SeatMapWidget::setHighContrast(bool highContrast)
{
    const auto scheme = highContrast ? SeatPainter::Scheme::HighContrast : SeatPainter::Scheme::Normal;
    if (scheme == m_painter.scheme())
        return;
    m_painter.setScheme(scheme);
    update();
}

int SeatMapWidget::focusSeat() const
{
    return m_map && m_focusIndex >= 0 && m_focusIndex < m_map->size() ? m_map->seats().at(m_focusIndex).seatId
                                                                      : 0;
}

void SeatMapWidget::setFocusSeat(int seatId)
{
    const qsizetype index = m_map ? m_map->indexOf(seatId) : -1;
    setFocusIndex(index);
    if (index >= 0)
        ensureVisible(index);
}

int SeatMapWidget::seatAt(const QPoint& pos) const
{
    const qsizetype index = m_grid.indexAt(pos);
    return index >= 0 ? m_map->seats().at(index).seatId : 0;
}

QRect SeatMapWidget::seatRect(int seatId) const
{
    const qsizetype index = m_map ? m_map->indexOf(seatId) : -1;
    return index >= 0 && index < m_grid.size() ? m_grid.rect(index) : QRect();
}

QSize SeatMapWidget::sizeHint() const
{
    return {720, 480};
}

QSize SeatMapWidget::minimumSizeHint() const
{
    return {200, 150};
}

QString SeatMapWidget::lookName(SeatPainter::Look look)
{
    switch (look) {
    case SeatPainter::Look::Free:
        return tr("Free");
    case SeatPainter::Look::Mine:
        return tr("Selected for this sale");
    case SeatPainter::Look::HeldByOther:
        return tr("Held at another terminal");
    case SeatPainter::Look::Reserved:
        return tr("Sold");
    case SeatPainter::Look::Blocked:
        return tr("Not for sale");
    }
    return {};
}

QString SeatMapWidget::kindName(SeatKind kind)
{
    switch (kind) {
    case SeatKind::Standard:
        return tr("Standard seat");
    case SeatKind::Premium:
        return tr("Premium seat");
    case SeatKind::Couple:
        return tr("Couple seat (sold in pairs)");
    case SeatKind::Wheelchair:
        return tr("Wheelchair space");
    case SeatKind::Companion:
        return tr("Companion seat");
    }
    return {};
}

void SeatMapWidget::repaintSeats(const QList<int>& seatIds)
{
    if (!m_map || !m_grid.matches(*m_map))
        return reloadSeats();
    if (seatIds.size() > maxSeatUpdates) {
        update();
        return;
    }
    for (int id : seatIds) {
        const qsizetype index = m_map->indexOf(id);
        if (index >= 0)
            updateSeat(index);
    }
    if (m_focusIndex >= 0 && hasFocus())
        setAccessibleDescription(toolTipText(m_map->seats().at(m_focusIndex)));
}

void SeatMapWidget::reloadSeats()
{
    const int focusId = focusSeat();
    const QRectF oldBounds = m_grid.layoutBounds();
    rebuildGrid();
    m_hoverIndex = -1;
    m_pressIndex = -1;
    m_focusIndex = m_map && focusId != 0 ? m_map->indexOf(focusId) : -1;
    if (m_fitted || oldBounds != m_grid.layoutBounds())
        zoomToFit();
    else
        layOutSeats();
    update();
}

void SeatMapWidget::zoomIn()
{
    setScaleAround(m_grid.scale() * zoomStep, QRectF(rect()).center());
}

void SeatMapWidget::zoomOut()
{
    setScaleAround(m_grid.scale() / zoomStep, QRectF(rect()).center());
}

void SeatMapWidget::zoomToFit()
{
    m_painter.clearSprites();
    m_grid.fitTo(size());
    m_fitted = true;
    update();
}

bool SeatMapWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const qsizetype index = m_grid.indexAt(help->pos());
        if (index >= 0) {
            QToolTip::showText(help->globalPos(), toolTipText(m_map->seats().at(index)), this,
                               m_grid.rect(index));
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    if (event->type() == QEvent::ShortcutOverride) {
        // While the map has focus its keys are its own, not the window's shortcuts.
        auto* key = static_cast<QKeyEvent*>(event);
        switch (key->key()) {
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Up:
        case Qt::Key_Down:
        case Qt::Key_Space:
        case Qt::Key_Plus:
        case Qt::Key_Minus:
            if (key->modifiers() == Qt::NoModifier || key->modifiers() == Qt::KeypadModifier) {
                event->accept();
                return true;
            }
            break;
        default:
            break;
        }
    }
    return QWidget::event(event);
}

void SeatMapWidget::paintEvent(QPaintEvent* event)
{
    QPainter p(this);
    const QRect exposed = event->rect();
    p.fillRect(exposed, groundColour());
    m_paintedSeats = 0;
    if (!m_map || m_map->isEmpty()) {
        p.setPen(isHighContrast() ? textColour() : palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No seats to show"));
        return;
    }
    if (!m_grid.matches(*m_map)) {
        // The map was reset without reloadSeats(): heal rather than read stale geometry.
        rebuildGrid();
        layOutSeats();
    }

    m_painter.setTarget(devicePixelRatioF(), groundColour());
    SeatPainter::paintScreenBar(p, m_grid.screenBarRect(), exposed, font(), tr("SCREEN"));

    const QList<SeatState>& seats = m_map->seats();
    int painted = 0;
    for (int index : m_grid.seatsIn(event->region())) {
        const QRect r = m_grid.rect(index);
        const SeatState& seat = seats.at(index);
        p.drawPixmap(r.topLeft(), m_painter.sprite(SeatPainter::lookOf(*m_map, seat), seat.kind,
                                                   m_grid.part(index), r.size()));
        ++painted;
    }
    paintRings(p, exposed);
    SeatPainter::paintRowLabels(p, *this, *m_map, m_grid, exposed, groundColour(), textColour());
    m_paintedSeats = painted;
}

void SeatMapWidget::paintRings(QPainter& p, const QRect& exposed)
{
    // Rings are drawn inside the seat's own rectangle so that a repaint of that seat covers them.
    if (m_hoverIndex >= 0 && m_hoverIndex != m_focusIndex) {
        const QRect r = m_grid.rect(m_hoverIndex);
        if (r.intersects(exposed)) {
            p.setPen(QPen(isHighContrast() ? QColor(0xFF, 0x4D, 0xFF) : palette().color(QPalette::Highlight),
                          2, isHighContrast() ? Qt::DotLine : Qt::SolidLine));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(r).adjusted(1, 1, -1, -1));
        }
    }
    if (m_focusIndex >= 0) {
        const QRect r = m_grid.rect(m_focusIndex);
        if (r.intersects(exposed)) {
            p.setBrush(Qt::NoBrush);
            if (isHighContrast()) {
                // Magenta: a colour no seat state has, 7.8:1 on black.
                p.setPen(QPen(QColor(0xFF, 0x4D, 0xFF), 3, hasFocus() ? Qt::SolidLine : Qt::DashLine));
                p.drawRect(QRectF(r).adjusted(1.5, 1.5, -1.5, -1.5));
                return;
            }
            p.setPen(QPen(QColor(0x10, 0x10, 0x10), 2));
            p.drawRect(QRectF(r).adjusted(1, 1, -1, -1));
            if (r.width() > 8 && r.height() > 8) {
                p.setPen(QPen(Qt::white, 1, hasFocus() ? Qt::SolidLine : Qt::DotLine));
                p.drawRect(QRectF(r).adjusted(2.5, 2.5, -2.5, -2.5));
            }
        }
    }
}

void SeatMapWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_fitted)
        zoomToFit();
}

void SeatMapWidget::mousePressEvent(QMouseEvent* event)
{
    const bool pan = event->button() == Qt::MiddleButton || event->button() == Qt::RightButton ||
                     (event->button() == Qt::LeftButton && m_spaceHeld);
    if (pan) {
        m_panning = true;
        m_panLast = event->position().toPoint();
        m_spacePanned = m_spaceHeld;
        setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton) {
        m_pressIndex = m_grid.indexAt(event->position().toPoint());
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void SeatMapWidget::mouseMoveEvent(QMouseEvent* event)
{
    const QPoint pos = event->position().toPoint();
    if (m_panning) {
        const QPoint delta = pos - m_panLast;
        m_panLast = pos;
        if (!delta.isNull()) {
            m_grid.pan(delta);
            m_fitted = false;
            update();
        }
        return;
    }
    setHoverIndex(m_grid.indexAt(pos));
}

void SeatMapWidget::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning) {
        if (event->buttons() & (Qt::MiddleButton | Qt::RightButton | Qt::LeftButton))
            return;
        m_panning = false;
        if (m_spaceHeld)
            setCursor(Qt::OpenHandCursor);
        else
            unsetCursor();
        return;
    }
    if (event->button() != Qt::LeftButton)
        return QWidget::mouseReleaseEvent(event);
    const qsizetype index = m_grid.indexAt(event->position().toPoint());
    const qsizetype pressed = m_pressIndex;
    m_pressIndex = -1;
    if (index >= 0 && index == pressed) {
        setFocusIndex(index);
        activate(index);
    }
}

void SeatMapWidget::wheelEvent(QWheelEvent* event)
{
    const int delta = event->angleDelta().y();
    if (delta == 0)
        return QWidget::wheelEvent(event);
    setScaleAround(m_grid.scale() * std::pow(zoomStep, delta / 120.0), event->position());
    event->accept();
}

void SeatMapWidget::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        moveFocus(event->key());
        return;
    case Qt::Key_Space:
        // Activation waits for the release: space + drag pans instead.
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            m_spacePanned = false;
            setCursor(Qt::OpenHandCursor);
        }
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        return;
    case Qt::Key_Minus:
        zoomOut();
        return;
    case Qt::Key_0:
        zoomToFit();
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void SeatMapWidget::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() != Qt::Key_Space || event->isAutoRepeat())
        return QWidget::keyReleaseEvent(event);
    const bool activateFocus = m_spaceHeld && !m_spacePanned;
    m_spaceHeld = false;
    if (!m_panning)
        unsetCursor();
    if (activateFocus)
        activate(m_focusIndex);
}

void SeatMapWidget::leaveEvent(QEvent* event)
{
    setHoverIndex(-1);
    QWidget::leaveEvent(event);
}

void SeatMapWidget::focusOutEvent(QFocusEvent* event)
{
    m_spaceHeld = false;
    if (m_focusIndex >= 0)
        updateSeat(m_focusIndex);
    QWidget::focusOutEvent(event);
}

void SeatMapWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        m_painter.clearSprites();
    QWidget::changeEvent(event);
}

void SeatMapWidget::rebuildGrid()
{
    m_grid.rebuild(m_map);
    // Indexes into the old seat list mean nothing now (reloadSeats() maps the focus by seat id).
    const qsizetype n = m_map ? m_map->size() : 0;
    for (qsizetype* index : {&m_focusIndex, &m_hoverIndex, &m_pressIndex}) {
        if (*index >= n)
            *index = -1;
    }
}

void SeatMapWidget::layOutSeats()
{
    m_painter.clearSprites();
    m_grid.layOut();
}

void SeatMapWidget::setScaleAround(double scale, const QPointF& anchor)
{
    if (!m_grid.zoomAround(scale, anchor, size()))
        return;
    m_painter.clearSprites();
    m_fitted = false;
    update();
}

void SeatMapWidget::updateSeat(qsizetype index)
{
    if (index >= 0 && index < m_grid.size())
        update(m_grid.rect(index));
}

void SeatMapWidget::setFocusIndex(qsizetype index)
{
    if (index == m_focusIndex)
        return;
    updateSeat(m_focusIndex);
    m_focusIndex = index;
    updateSeat(m_focusIndex);
    const int id = focusSeat();
    setAccessibleDescription(id != 0 ? toolTipText(*m_map->seat(id)) : QString());
    emit focusSeatChanged(id);
}

void SeatMapWidget::setHoverIndex(qsizetype index)
{
    if (index == m_hoverIndex)
        return;
    updateSeat(m_hoverIndex);
    m_hoverIndex = index;
    updateSeat(m_hoverIndex);
}

void SeatMapWidget::moveFocus(int key)
{
    if (!m_map || m_map->isEmpty())
        return;
    const SeatNavigator navigator(m_map->seats());
    if (m_focusIndex < 0) {
        // First move: start at the seat nearest the middle of the view.
        const qsizetype start = navigator.nearestTo(m_grid.toLayout(QPointF(rect().center())));
        setFocusIndex(start);
        ensureVisible(start);
        return;
    }
    using Direction = SeatNavigator::Direction;
    const Direction direction = key == Qt::Key_Left    ? Direction::Left
                                : key == Qt::Key_Right ? Direction::Right
                                : key == Qt::Key_Up    ? Direction::Up
                                                       : Direction::Down;
    const qsizetype next = navigator.neighbour(m_focusIndex, direction);
    if (next < 0)
        return;
    setFocusIndex(next);
    ensureVisible(next);
}

void SeatMapWidget::ensureVisible(qsizetype index)
{
    if (!m_grid.scrollIntoView(index, rect()))
        return;
    m_fitted = false;
    update();
}

void SeatMapWidget::activate(qsizetype index)
{
    if (m_map && index >= 0 && index < m_map->size())
        emit seatActivated(m_map->seats().at(index).seatId);
}

QColor SeatMapWidget::groundColour() const
{
    return isHighContrast() ? QColor(Qt::black) : palette().color(QPalette::Base);
}

QColor SeatMapWidget::textColour() const
{
    return isHighContrast() ? QColor(Qt::white) : palette().color(QPalette::Text);
}

QString SeatMapWidget::toolTipText(const SeatState& seat) const
{
    QString text = tr("Seat %1\n%2 · %3")
                       .arg(seat.label, kindName(seat.kind), lookName(SeatPainter::lookOf(*m_map, seat)));
    if (m_priceText) {
        const QString price = m_priceText(seat);
        if (!price.isEmpty())
            text += QLatin1Char('\n') + price;
    }
    return text;
}

} // namespace bo
