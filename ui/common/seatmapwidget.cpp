// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatmapwidget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <QFontMetrics>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>
#include <QRegion>
#include <QToolTip>
#include <QWheelEvent>
#include <QtMath>

#include "model/seatmap.h"

namespace bo {

namespace {

// Pixel margins around the layout when it is fitted: row labels at the sides, the screen on top.
constexpr int sideMargin = 30;
constexpr int topMargin = 44;
constexpr int bottomMargin = 10;
constexpr int screenBarHeight = 22;
constexpr int screenBarGap = 12;
constexpr double zoomStep = 1.25;
constexpr double maxScale = 160;
/// Centres closer than this in y (layout units) are in the same row for keyboard moves.
constexpr double rowBand = 0.5;
/// Below this many pixels a seat is a plain coloured block (marks would be noise).
constexpr qreal tinySeat = 7;
/// More changed seats than this in one call: one full repaint is cheaper than many rects.
constexpr int maxSeatUpdates = 512;

// Okabe-Ito based, checked for colour-blind safety; each look also has its own mark.
QColor freeFill(SeatKind kind)
{
    switch (kind) {
    case SeatKind::Premium:
        return QColor(0xFF, 0xEF, 0xB8);
    case SeatKind::Couple:
        return QColor(0xF8, 0xDB, 0xEA);
    case SeatKind::Wheelchair:
    case SeatKind::Companion:
        return QColor(0xD2, 0xE9, 0xF7);
    case SeatKind::Standard:
        break;
    }
    return QColor(0xFF, 0xFF, 0xFF);
}

QColor fillColour(SeatMapWidget::Look look, SeatKind kind)
{
    switch (look) {
    case SeatMapWidget::Look::Free:
        return freeFill(kind);
    case SeatMapWidget::Look::Mine:
        return QColor(0x00, 0x72, 0xB2);
    case SeatMapWidget::Look::HeldByOther:
        return QColor(0xF3, 0xC6, 0x78);
    case SeatMapWidget::Look::Reserved:
        return QColor(0x5E, 0x5E, 0x5E);
    case SeatMapWidget::Look::Blocked:
        return QColor(0xD0, 0xD0, 0xD0);
    }
    return Qt::white;
}

QColor outlineColour(SeatMapWidget::Look look)
{
    switch (look) {
    case SeatMapWidget::Look::Free:
        return QColor(0x3C, 0x3C, 0x3C);
    case SeatMapWidget::Look::Mine:
        return QColor(0x00, 0x2E, 0x4A);
    case SeatMapWidget::Look::HeldByOther:
        return QColor(0x7A, 0x46, 0x00);
    case SeatMapWidget::Look::Reserved:
        return QColor(0x20, 0x20, 0x20);
    case SeatMapWidget::Look::Blocked:
        return QColor(0x30, 0x30, 0x30);
    }
    return Qt::black;
}

QColor glyphColour(SeatKind kind)
{
    switch (kind) {
    case SeatKind::Premium:
        return QColor(0x74, 0x4C, 0x00);
    case SeatKind::Couple:
        return QColor(0x9C, 0x2F, 0x6E);
    case SeatKind::Wheelchair:
    case SeatKind::Companion:
        return QColor(0x00, 0x4C, 0x78);
    case SeatKind::Standard:
        break;
    }
    return QColor(0x3C, 0x3C, 0x3C);
}

/// Maps the unit square onto `square`.
QTransform unitTo(const QRectF& square)
{
    return QTransform(square.width(), 0, 0, square.height(), square.left(), square.top());
}

QPainterPath starPath()
{
    QPainterPath path;
    for (int i = 0; i < 10; ++i) {
        const double angle = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        const double radius = i % 2 == 0 ? 0.48 : 0.2;
        const QPointF p(0.5 + radius * std::cos(angle), 0.54 + radius * std::sin(angle));
        if (i == 0)
            path.moveTo(p);
        else
            path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

QPainterPath heartPath()
{
    QPainterPath path;
    path.moveTo(0.5, 0.88);
    path.cubicTo(0.1, 0.6, 0.02, 0.4, 0.12, 0.24);
    path.cubicTo(0.24, 0.06, 0.46, 0.12, 0.5, 0.3);
    path.cubicTo(0.54, 0.12, 0.76, 0.06, 0.88, 0.24);
    path.cubicTo(0.98, 0.4, 0.9, 0.6, 0.5, 0.88);
    path.closeSubpath();
    return path;
}

QPainterPath personPath()
{
    QPainterPath path;
    path.addEllipse(QPointF(0.5, 0.26), 0.16, 0.16);
    QPainterPath body;
    body.moveTo(0.16, 0.92);
    body.cubicTo(0.16, 0.5, 0.84, 0.5, 0.84, 0.92);
    body.closeSubpath();
    return path.united(body);
}

/// The wheelchair symbol as strokes (head drawn separately, filled).
QPainterPath wheelchairStrokes()
{
    QPainterPath path;
    path.moveTo(0.44, 0.3);
    path.lineTo(0.46, 0.58);
    path.lineTo(0.7, 0.58);
    path.lineTo(0.82, 0.84);
    path.moveTo(0.45, 0.42);
    path.lineTo(0.66, 0.42);
    // The wheel: an open circle, gap at the top right where the body meets it.
    path.arcMoveTo(QRectF(0.14, 0.4, 0.5, 0.5), 60);
    path.arcTo(QRectF(0.14, 0.4, 0.5, 0.5), 60, 280);
    return path;
}

void drawKindGlyph(QPainter& p, SeatKind kind, const QRectF& square, const QColor& colour)
{
    const QTransform t = unitTo(square);
    switch (kind) {
    case SeatKind::Premium:
        p.fillPath(t.map(starPath()), colour);
        break;
    case SeatKind::Couple:
        p.fillPath(t.map(heartPath()), colour);
        break;
    case SeatKind::Companion:
        p.fillPath(t.map(personPath()), colour);
        break;
    case SeatKind::Wheelchair: {
        QPen pen(colour, std::max(1.0, square.width() * 0.1), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.strokePath(t.map(wheelchairStrokes()), pen);
        QPainterPath head;
        head.addEllipse(QPointF(0.46, 0.14), 0.1, 0.1);
        p.fillPath(t.map(head), colour);
        break;
    }
    case SeatKind::Standard:
        break;
    }
}

void drawStatusMark(QPainter& p, SeatMapWidget::Look look, const QRectF& square)
{
    const QTransform t = unitTo(square);
    const qreal w = square.width();
    const QColor dark(0x20, 0x20, 0x20);
    switch (look) {
    case SeatMapWidget::Look::Mine: {
        QPainterPath check;
        check.moveTo(0.16, 0.54);
        check.lineTo(0.4, 0.78);
        check.lineTo(0.86, 0.26);
        p.strokePath(t.map(check),
                     QPen(Qt::white, std::max(1.5, w * 0.17), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        break;
    }
    case SeatMapWidget::Look::Reserved: {
        QPainterPath cross;
        cross.moveTo(0.2, 0.2);
        cross.lineTo(0.8, 0.8);
        cross.moveTo(0.8, 0.2);
        cross.lineTo(0.2, 0.8);
        p.strokePath(t.map(cross), QPen(Qt::white, std::max(1.5, w * 0.15), Qt::SolidLine, Qt::RoundCap));
        break;
    }
    case SeatMapWidget::Look::HeldByOther: {
        // A clock: held for a while, not sold.
        const QRectF face = t.mapRect(QRectF(0.12, 0.12, 0.76, 0.76));
        p.setPen(QPen(dark, std::max(1.0, w * 0.08)));
        p.setBrush(Qt::white);
        p.drawEllipse(face);
        QPainterPath hands;
        hands.moveTo(0.5, 0.26);
        hands.lineTo(0.5, 0.5);
        hands.lineTo(0.68, 0.5);
        p.strokePath(t.map(hands), QPen(dark, std::max(1.0, w * 0.09), Qt::SolidLine, Qt::RoundCap));
        break;
    }
    case SeatMapWidget::Look::Blocked: {
        // A no-entry bar.
        const QRectF bar = t.mapRect(QRectF(0.1, 0.36, 0.8, 0.28));
        p.setPen(QPen(dark, std::max(1.0, w * 0.08)));
        p.setBrush(Qt::white);
        p.drawRoundedRect(bar, bar.height() * 0.25, bar.height() * 0.25);
        break;
    }
    case SeatMapWidget::Look::Free:
        break;
    }
}

/// The seat outline: rounded, with square inner corners where couple seats join; the joined
/// edge is left open so that the pair reads as one piece.
QPainterPath seatOutline(const QRectF& r, qreal radius, SeatMapWidget::Part part, bool closed)
{
    QPainterPath path;
    const qreal d = 2 * radius;
    switch (part) {
    case SeatMapWidget::Part::Single:
        path.addRoundedRect(r, radius, radius);
        return path;
    case SeatMapWidget::Part::CoupleLeft:
        path.moveTo(r.right(), r.top());
        path.lineTo(r.left() + radius, r.top());
        path.arcTo(QRectF(r.left(), r.top(), d, d), 90, 90);
        path.lineTo(r.left(), r.bottom() - radius);
        path.arcTo(QRectF(r.left(), r.bottom() - d, d, d), 180, 90);
        path.lineTo(r.right(), r.bottom());
        break;
    case SeatMapWidget::Part::CoupleRight:
        path.moveTo(r.left(), r.top());
        path.lineTo(r.right() - radius, r.top());
        path.arcTo(QRectF(r.right() - d, r.top(), d, d), 90, -90);
        path.lineTo(r.right(), r.bottom() - radius);
        path.arcTo(QRectF(r.right() - d, r.bottom() - d, d, d), 0, -90);
        path.lineTo(r.left(), r.bottom());
        break;
    }
    if (closed)
        path.closeSubpath();
    return path;
}

void drawHatch(QPainter& p, const QRectF& r, qreal spacing, const QPen& pen, bool both)
{
    p.setPen(pen);
    const qreal h = r.height();
    for (qreal x = r.left() - h; x < r.right() + h; x += spacing) {
        p.drawLine(QPointF(x, r.bottom()), QPointF(x + h, r.top()));
        if (both)
            p.drawLine(QPointF(x, r.top()), QPointF(x + h, r.bottom()));
    }
}

quint64 spriteKey(SeatMapWidget::Look look, SeatKind kind, SeatMapWidget::Part part, QSize size)
{
    return static_cast<quint64>(look) | static_cast<quint64>(kind) << 4 | static_cast<quint64>(part) << 8 |
           static_cast<quint64>(size.width() & 0xFFFF) << 16 |
           static_cast<quint64>(size.height() & 0xFFFF) << 32;
}

QPointF layoutCentre(const SeatState& seat)
{
    return SeatMap::seatRect(seat).center();
}

} // namespace

template <typename Visit> void SeatMapWidget::forSeatsNear(const QRect& rect, Visit visit) const
{
    if (m_gridColumns == 0)
        return;
    // One pixel of slack: rounding may put a seat's pixels just outside its layout rectangle.
    const double l = (rect.left() - 1 - m_offset.x()) / m_scale;
    const double r = (rect.right() + 2 - m_offset.x()) / m_scale;
    const double t = (rect.top() - 1 - m_offset.y()) / m_scale;
    const double b = (rect.bottom() + 2 - m_offset.y()) / m_scale;
    if (r < m_gridArea.left() || l > m_gridArea.right() || b < m_gridArea.top() || t > m_gridArea.bottom())
        return;
    const int c0 = std::clamp(static_cast<int>((l - m_gridArea.left()) / m_cellSize), 0, m_gridColumns - 1);
    const int c1 = std::clamp(static_cast<int>((r - m_gridArea.left()) / m_cellSize), 0, m_gridColumns - 1);
    const int r0 = std::clamp(static_cast<int>((t - m_gridArea.top()) / m_cellSize), 0, m_gridRows - 1);
    const int r1 = std::clamp(static_cast<int>((b - m_gridArea.top()) / m_cellSize), 0, m_gridRows - 1);
    for (int row = r0; row <= r1; ++row) {
        for (int column = c0; column <= c1; ++column) {
            const int cell = row * m_gridColumns + column;
            for (int k = m_cellStart.at(cell), end = m_cellStart.at(cell + 1); k < end; ++k)
                visit(m_cellSeats.at(k));
        }
    }
}

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
    reloaded();
}

void SeatMapWidget::setPriceText(std::function<QString(const SeatState&)> priceText)
{
    m_priceText = std::move(priceText);
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
    const qsizetype index = seatIndexAt(pos);
    return index >= 0 ? m_map->seats().at(index).seatId : 0;
}

QRect SeatMapWidget::seatRect(int seatId) const
{
    const qsizetype index = m_map ? m_map->indexOf(seatId) : -1;
    return index >= 0 && index < m_rects.size() ? widgetRect(index) : QRect();
}

QSize SeatMapWidget::sizeHint() const
{
    return {720, 480};
}

QSize SeatMapWidget::minimumSizeHint() const
{
    return {200, 150};
}

SeatMapWidget::Look SeatMapWidget::lookOf(const SeatMap& map, const SeatState& seat)
{
    switch (seat.status) {
    case SeatStatus::Free:
        return Look::Free;
    case SeatStatus::Held:
        return map.mine().contains(seat.seatId) ? Look::Mine : Look::HeldByOther;
    case SeatStatus::Reserved:
        return Look::Reserved;
    case SeatStatus::Blocked:
        return Look::Blocked;
    }
    return Look::Free;
}

void SeatMapWidget::paintSeat(QPainter& p, const QRectF& rect, Look look, SeatKind kind, Part part)
{
    const qreal m = std::min(rect.width(), rect.height());
    if (m < tinySeat) {
        // Level of detail: a block whose brightness still tells free, held, sold and blocked apart.
        QColor fill = fillColour(look, kind);
        if (look == Look::HeldByOther)
            fill = QColor(0xE6, 0x9F, 0x00);
        else if (look == Look::Blocked)
            fill = QColor(0x9E, 0x9E, 0x9E);
        p.fillRect(rect, fill);
        if (look == Look::Free && m >= 3) {
            p.setPen(QPen(outlineColour(look), 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(rect.adjusted(0.5, 0.5, -0.5, -0.5));
        }
        return;
    }

    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    const qreal pen = std::max(1.0, std::round(m * 0.08));
    QRectF body = rect.adjusted(pen / 2, pen / 2, -pen / 2, -pen / 2);
    if (part == Part::CoupleLeft)
        body.setRight(rect.right());
    else if (part == Part::CoupleRight)
        body.setLeft(rect.left());
    // A wheelchair space is a space, not a seat: square corners and no backrest.
    const qreal radius = kind == SeatKind::Wheelchair ? m * 0.06 : m * 0.24;
    const QPainterPath shape = seatOutline(body, radius, part, true);
    const QColor fill = fillColour(look, kind);
    p.fillPath(shape, fill);

    p.setClipPath(shape, Qt::IntersectClip);
    if (kind != SeatKind::Wheelchair) {
        const QRectF backrest(body.left(), body.bottom() - body.height() * 0.2, body.width(),
                              body.height() * 0.2);
        p.fillRect(backrest, fill.darker(look == Look::Free ? 112 : 125));
    }
    if (look == Look::HeldByOther)
        drawHatch(p, body, std::max(3.0, m * 0.22), QPen(QColor(0x9A, 0x5A, 0x00), std::max(1.0, m * 0.06)),
                  false);
    else if (look == Look::Blocked)
        drawHatch(p, body, std::max(3.0, m * 0.24), QPen(QColor(0x70, 0x70, 0x70), std::max(1.0, m * 0.05)),
                  true);
    p.setClipping(false);

    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(outlineColour(look), pen, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
    p.drawPath(seatOutline(body, radius, part, false));
    if (part != Part::Single) {
        // The joint between the two halves of a couple seat: a thin seam, not a full outline.
        const qreal x = part == Part::CoupleLeft ? rect.right() : rect.left();
        p.setPen(QPen(outlineColour(look), 1, Qt::DotLine));
        p.drawLine(QPointF(x, body.top() + m * 0.2), QPointF(x, body.bottom() - m * 0.2));
    }

    // The mark in the middle (a bit above the backrest).
    // With a kind badge in the top corner the status mark gets smaller and moves away from it.
    const bool badge = look != Look::Free && kind != SeatKind::Standard && m >= 16;
    const qreal markSize = m * (look == Look::Free ? 0.6 : badge ? 0.46 : 0.56);
    const qreal shift = badge ? (part == Part::CoupleLeft ? 1 : -1) * m * 0.08 : 0;
    const QPointF centre(body.center().x() + shift,
                         body.center().y() - body.height() * (badge ? -0.02 : 0.06));
    const QRectF mark(centre.x() - markSize / 2, centre.y() - markSize / 2, markSize, markSize);
    if (look == Look::Free) {
        drawKindGlyph(p, kind, mark, glyphColour(kind));
    } else {
        drawStatusMark(p, look, mark);
        if (badge) {
            // The kind stays visible as a small badge in the corner.
            const qreal b = m * 0.38;
            const QRectF badge = part == Part::CoupleLeft
                                     ? QRectF(body.left() + pen / 2, body.top() + pen / 2, b, b)
                                     : QRectF(body.right() - b - pen / 2, body.top() + pen / 2, b, b);
            p.setPen(QPen(outlineColour(look), 1));
            p.setBrush(Qt::white);
            p.drawEllipse(badge);
            drawKindGlyph(p, kind, badge.adjusted(b * 0.16, b * 0.16, -b * 0.16, -b * 0.16),
                          glyphColour(kind));
        }
    }
    p.restore();
}

QString SeatMapWidget::lookName(Look look)
{
    switch (look) {
    case Look::Free:
        return tr("Free");
    case Look::Mine:
        return tr("Selected for this sale");
    case Look::HeldByOther:
        return tr("Held at another terminal");
    case Look::Reserved:
        return tr("Sold");
    case Look::Blocked:
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

void SeatMapWidget::seatsChanged(const QList<int>& seatIds)
{
    if (!m_map || m_rects.size() != m_map->size())
        return reloaded();
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

void SeatMapWidget::reloaded()
{
    const int focusId = focusSeat();
    const QRectF oldBounds = m_layoutBounds;
    rebuildIndex();
    m_hoverIndex = -1;
    m_pressIndex = -1;
    m_focusIndex = m_map && focusId != 0 ? m_map->indexOf(focusId) : -1;
    if (m_fitted || oldBounds != m_layoutBounds)
        zoomToFit();
    else
        recomputeGeometry();
    update();
}

void SeatMapWidget::zoomIn()
{
    setScaleAround(m_scale * zoomStep, QRectF(rect()).center());
}

void SeatMapWidget::zoomOut()
{
    setScaleAround(m_scale / zoomStep, QRectF(rect()).center());
}

void SeatMapWidget::zoomToFit()
{
    m_scale = fitScale();
    recomputeGeometry();
    const double contentWidth = m_layoutBounds.width() * m_scale;
    const double contentHeight = m_layoutBounds.height() * m_scale;
    const double freeWidth = width() - 2 * sideMargin - contentWidth;
    const double freeHeight = height() - topMargin - bottomMargin - contentHeight;
    m_offset = QPoint(qRound(sideMargin + std::max(0.0, freeWidth / 2) - m_layoutBounds.left() * m_scale),
                      qRound(topMargin + std::max(0.0, freeHeight / 3) - m_layoutBounds.top() * m_scale));
    m_fitted = true;
    update();
}

bool SeatMapWidget::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const qsizetype index = seatIndexAt(help->pos());
        if (index >= 0) {
            QToolTip::showText(help->globalPos(), toolTipText(m_map->seats().at(index)), this,
                               widgetRect(index));
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
    p.fillRect(exposed, palette().color(QPalette::Base));
    m_paintedSeats = 0;
    if (!m_map || m_map->isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No seats to show"));
        return;
    }
    if (m_rects.size() != m_map->size()) {
        // The map was reset without reloaded(): heal rather than read stale geometry.
        rebuildIndex();
        recomputeGeometry();
    }

    const qreal dpr = devicePixelRatioF();
    if (!qFuzzyCompare(dpr, m_spriteDpr)) {
        clearSprites();
        m_spriteDpr = dpr;
    }
    paintScreenBar(p, exposed);

    const QList<SeatState>& seats = m_map->seats();
    if (++m_visitStamp == 0) {
        m_visitMark.fill(0);
        m_visitStamp = 1;
    }
    int painted = 0;
    for (const QRect& area : event->region()) {
        forSeatsNear(area, [&](qsizetype index) {
            if (m_visitMark.at(index) == m_visitStamp)
                return;
            const QRect r = widgetRect(index);
            if (!r.intersects(area))
                return;
            m_visitMark[index] = m_visitStamp;
            const SeatState& seat = seats.at(index);
            p.drawPixmap(r.topLeft(), sprite(lookOf(*m_map, seat), seat.kind, m_parts.at(index), r.size()));
            ++painted;
        });
    }

    // Rings are drawn inside the seat's own rectangle so that a repaint of that seat covers them.
    if (m_hoverIndex >= 0 && m_hoverIndex != m_focusIndex) {
        const QRect r = widgetRect(m_hoverIndex);
        if (r.intersects(exposed)) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(r).adjusted(1, 1, -1, -1));
        }
    }
    if (m_focusIndex >= 0) {
        const QRect r = widgetRect(m_focusIndex);
        if (r.intersects(exposed)) {
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(QColor(0x10, 0x10, 0x10), 2));
            p.drawRect(QRectF(r).adjusted(1, 1, -1, -1));
            if (r.width() > 8 && r.height() > 8) {
                p.setPen(QPen(Qt::white, 1, hasFocus() ? Qt::SolidLine : Qt::DotLine));
                p.drawRect(QRectF(r).adjusted(2.5, 2.5, -2.5, -2.5));
            }
        }
    }

    paintRowLabels(p, exposed);
    m_paintedSeats = painted;
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
        m_pressIndex = seatIndexAt(event->position().toPoint());
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
            m_offset += delta;
            m_fitted = false;
            update();
        }
        return;
    }
    setHoverIndex(seatIndexAt(pos));
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
    const qsizetype index = seatIndexAt(event->position().toPoint());
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
    setScaleAround(m_scale * std::pow(zoomStep, delta / 120.0), event->position());
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

void SeatMapWidget::rebuildIndex()
{
    m_rects.clear();
    m_parts.clear();
    m_cellStart.clear();
    m_cellSeats.clear();
    m_visitMark.clear();
    m_gridColumns = 0;
    m_gridRows = 0;
    m_layoutBounds = m_map ? m_map->bounds() : QRectF();
    if (!m_map || m_map->isEmpty()) {
        m_focusIndex = m_hoverIndex = m_pressIndex = -1;
        return;
    }

    const QList<SeatState>& seats = m_map->seats();
    const qsizetype n = seats.size();
    m_parts.resize(n, Part::Single);
    for (qsizetype i = 0; i < n; ++i) {
        const int partner = m_map->partnerOf(seats.at(i).seatId);
        if (const SeatState* other = partner != 0 ? m_map->seat(partner) : nullptr)
            m_parts[i] = other->x > seats.at(i).x ? Part::CoupleLeft : Part::CoupleRight;
    }

    // About one to four seats per cell keeps both a one-seat repaint and a hit test short.
    m_gridArea = m_layoutBounds;
    m_gridColumns = std::max(1, static_cast<int>(std::ceil(m_gridArea.width() / m_cellSize)));
    m_gridRows = std::max(1, static_cast<int>(std::ceil(m_gridArea.height() / m_cellSize)));
    const int cells = m_gridColumns * m_gridRows;
    auto cellRange = [this](const QRectF& r, int* c0, int* c1, int* r0, int* r1) {
        *c0 = std::clamp(static_cast<int>((r.left() - m_gridArea.left()) / m_cellSize), 0, m_gridColumns - 1);
        *c1 =
            std::clamp(static_cast<int>((r.right() - m_gridArea.left()) / m_cellSize), 0, m_gridColumns - 1);
        *r0 = std::clamp(static_cast<int>((r.top() - m_gridArea.top()) / m_cellSize), 0, m_gridRows - 1);
        *r1 = std::clamp(static_cast<int>((r.bottom() - m_gridArea.top()) / m_cellSize), 0, m_gridRows - 1);
    };
    QList<int> counts(cells + 1, 0);
    for (const SeatState& s : seats) {
        int c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        cellRange(SeatMap::seatRect(s), &c0, &c1, &r0, &r1);
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c)
                ++counts[r * m_gridColumns + c + 1];
        }
    }
    for (int i = 1; i <= cells; ++i)
        counts[i] += counts[i - 1];
    m_cellStart = counts;
    m_cellSeats.resize(counts.at(cells));
    for (qsizetype i = 0; i < n; ++i) {
        int c0 = 0, c1 = 0, r0 = 0, r1 = 0;
        cellRange(SeatMap::seatRect(seats.at(i)), &c0, &c1, &r0, &r1);
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c)
                m_cellSeats[counts[r * m_gridColumns + c]++] = static_cast<int>(i);
        }
    }
    m_visitMark.resize(n, 0);
    m_visitStamp = 0;
    // Indexes into the old seat list mean nothing now (reloaded() maps the focus by seat id).
    for (qsizetype* index : {&m_focusIndex, &m_hoverIndex, &m_pressIndex}) {
        if (*index >= n)
            *index = -1;
    }
}

void SeatMapWidget::recomputeGeometry()
{
    clearSprites();
    if (!m_map || m_parts.size() != m_map->size()) {
        m_rects.clear();
        return;
    }
    const QList<SeatState>& seats = m_map->seats();
    m_rects.resize(seats.size());
    // A visible gap between neighbours once seats are big enough to show one.
    const int inset = m_scale >= 8 ? std::max(1, qRound(m_scale * 0.06)) : 0;
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const QRectF l = SeatMap::seatRect(seats.at(i));
        const Part part = m_parts.at(i);
        int left = qRound(l.left() * m_scale) + (part == Part::CoupleRight ? 0 : inset);
        int right = qRound(l.right() * m_scale) - 1 - (part == Part::CoupleLeft ? 0 : inset);
        const int top = qRound(l.top() * m_scale);
        int bottom = qRound(l.bottom() * m_scale) - 1;
        right = std::max(right, left);
        bottom = std::max(bottom, top);
        m_rects[i] = QRect(QPoint(left, top), QPoint(right, bottom));
    }
}

double SeatMapWidget::fitScale() const
{
    if (m_layoutBounds.isEmpty())
        return m_scale;
    const double w = std::max(20, width() - 2 * sideMargin);
    const double h = std::max(20, height() - topMargin - bottomMargin);
    return std::clamp(std::min(w / m_layoutBounds.width(), h / m_layoutBounds.height()), 0.5, maxScale);
}

void SeatMapWidget::setScaleAround(double scale, const QPointF& anchor)
{
    const double minScale = std::min(fitScale(), 4.0) * 0.5;
    scale = std::clamp(scale, minScale, maxScale);
    if (std::abs(scale - m_scale) < 1e-9)
        return;
    const QPointF layoutPoint = (anchor - QPointF(m_offset)) / m_scale;
    m_scale = scale;
    recomputeGeometry();
    m_offset = (anchor - layoutPoint * m_scale).toPoint();
    m_fitted = false;
    update();
}

qsizetype SeatMapWidget::seatIndexAt(const QPoint& pos) const
{
    if (!m_map || m_rects.size() != m_map->size() || m_gridColumns == 0)
        return -1;
    qsizetype found = -1;
    forSeatsNear(QRect(pos, QSize(1, 1)), [&](qsizetype index) {
        if (found < 0 && widgetRect(index).contains(pos))
            found = index;
    });
    return found;
}

void SeatMapWidget::updateSeat(qsizetype index)
{
    if (index >= 0 && index < m_rects.size())
        update(widgetRect(index));
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
    const QList<SeatState>& seats = m_map->seats();
    if (m_focusIndex < 0) {
        // First move: start at the seat nearest the middle of the view.
        const QPointF centre = (QPointF(rect().center()) - QPointF(m_offset)) / m_scale;
        qsizetype best = -1;
        double bestDistance = std::numeric_limits<double>::infinity();
        for (qsizetype i = 0; i < seats.size(); ++i) {
            const QPointF d = layoutCentre(seats.at(i)) - centre;
            const double distance = d.x() * d.x() + d.y() * d.y();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        setFocusIndex(best);
        ensureVisible(best);
        return;
    }

    const bool horizontal = key == Qt::Key_Left || key == Qt::Key_Right;
    const double sign = key == Qt::Key_Left || key == Qt::Key_Up ? -1 : 1;
    const QPointF from = layoutCentre(seats.at(m_focusIndex));
    // Left/right: the nearest seat of the same row. Up/down: the nearest row, then the seat
    // whose centre is closest across.
    auto along = [&](const QPointF& d) { return sign * (horizontal ? d.x() : d.y()); };
    auto across = [&](const QPointF& d) { return std::abs(horizontal ? d.y() : d.x()); };
    const double minStep = horizontal ? 0.01 : rowBand;
    double nearest = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const QPointF d = layoutCentre(seats.at(i)) - from;
        const double a = along(d);
        if (i != m_focusIndex && a > minStep && (!horizontal || across(d) <= rowBand))
            nearest = std::min(nearest, a);
    }
    if (!std::isfinite(nearest))
        return;
    qsizetype best = -1;
    double bestAlong = std::numeric_limits<double>::infinity();
    double bestAcross = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const QPointF d = layoutCentre(seats.at(i)) - from;
        const double a = along(d);
        if (i == m_focusIndex || a <= minStep || (horizontal && across(d) > rowBand))
            continue;
        if (horizontal ? a > nearest + 1e-9 : a > nearest + rowBand)
            continue;
        const double c = across(d);
        if (c < bestAcross - 1e-9 || (std::abs(c - bestAcross) <= 1e-9 && a < bestAlong)) {
            best = i;
            bestAcross = c;
            bestAlong = a;
        }
    }
    setFocusIndex(best);
    ensureVisible(best);
}

void SeatMapWidget::ensureVisible(qsizetype index)
{
    if (index < 0 || index >= m_rects.size())
        return;
    const QRect r = widgetRect(index);
    const QRect area = rect().adjusted(sideMargin, sideMargin, -sideMargin, -sideMargin);
    int dx = 0;
    int dy = 0;
    if (r.left() < area.left())
        dx = area.left() - r.left();
    else if (r.right() > area.right())
        dx = area.right() - r.right();
    if (r.top() < area.top())
        dy = area.top() - r.top();
    else if (r.bottom() > area.bottom())
        dy = area.bottom() - r.bottom();
    if (dx == 0 && dy == 0)
        return;
    m_offset += QPoint(dx, dy);
    m_fitted = false;
    update();
}

void SeatMapWidget::activate(qsizetype index)
{
    if (m_map && index >= 0 && index < m_map->size())
        emit seatActivated(m_map->seats().at(index).seatId);
}

const QPixmap& SeatMapWidget::sprite(Look look, SeatKind kind, Part part, QSize size)
{
    const quint64 key = spriteKey(look, kind, part, size);
    // Neighbouring seats mostly look alike: skip the hash lookup for a run of equal sprites.
    if (m_lastSprite && key == m_lastSpriteKey)
        return *m_lastSprite;
    if (m_sprites.size() > 1024)
        clearSprites();
    auto it = m_sprites.find(key);
    if (it == m_sprites.end()) {
        const qreal dpr = m_spriteDpr;
        QPixmap pixmap(QSize(qCeil(size.width() * dpr), qCeil(size.height() * dpr)));
        pixmap.setDevicePixelRatio(dpr);
        // Seats never overlap and stand on the map's plain background, so the sprite carries that
        // background in its corners: an opaque sprite is copied, not blended (about twice as fast).
        pixmap.fill(palette().color(QPalette::Base));
        QPainter painter(&pixmap);
        paintSeat(painter, QRectF(QPointF(0, 0), QSizeF(size)), look, kind, part);
        painter.end();
        it = m_sprites.insert(key, pixmap);
    }
    m_lastSpriteKey = key;
    m_lastSprite = &*it;
    return *it;
}

void SeatMapWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        clearSprites();
    QWidget::changeEvent(event);
}

void SeatMapWidget::clearSprites()
{
    m_sprites.clear();
    m_lastSprite = nullptr;
}

QString SeatMapWidget::toolTipText(const SeatState& seat) const
{
    QString text =
        tr("Seat %1\n%2 · %3").arg(seat.label, kindName(seat.kind), lookName(lookOf(*m_map, seat)));
    if (m_priceText) {
        const QString price = m_priceText(seat);
        if (!price.isEmpty())
            text += QLatin1Char('\n') + price;
    }
    return text;
}

QRect SeatMapWidget::screenBarRect() const
{
    const int left = qRound(m_layoutBounds.left() * m_scale) + m_offset.x();
    const int right = qRound(m_layoutBounds.right() * m_scale) + m_offset.x();
    const int top = qRound(m_layoutBounds.top() * m_scale) + m_offset.y() - screenBarGap - screenBarHeight;
    return {QPoint(left, top), QPoint(right, top + screenBarHeight - 1)};
}

void SeatMapWidget::paintScreenBar(QPainter& p, const QRect& exposed)
{
    const QRect bar = screenBarRect();
    if (!bar.intersects(exposed))
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    // A shallow curve like a cinema screen, lit from the front.
    QPainterPath path;
    path.moveTo(bar.left(), bar.top());
    path.quadTo(bar.center().x(), bar.top() + bar.height() * 0.5, bar.right(), bar.top());
    path.lineTo(bar.right(), bar.bottom() - bar.height() * 0.4);
    path.quadTo(bar.center().x(), bar.bottom() + bar.height() * 0.1, bar.left(),
                bar.bottom() - bar.height() * 0.4);
    path.closeSubpath();
    QLinearGradient gradient(bar.topLeft(), bar.bottomLeft());
    gradient.setColorAt(0, QColor(0xF2, 0xF2, 0xF2));
    gradient.setColorAt(1, QColor(0xA8, 0xA8, 0xA8));
    p.setPen(QPen(QColor(0x50, 0x50, 0x50), 1));
    p.setBrush(gradient);
    p.drawPath(path);
    QFont f = font();
    f.setPixelSize(11);
    f.setBold(true);
    f.setLetterSpacing(QFont::AbsoluteSpacing, 3);
    p.setFont(f);
    p.setPen(QColor(0x1A, 0x1A, 0x1A));
    p.drawText(bar.adjusted(0, 2, 0, 0), Qt::AlignHCenter | Qt::AlignTop, tr("SCREEN"));
    p.restore();
}

void SeatMapWidget::paintRowLabels(QPainter& p, const QRect& exposed)
{
    const QList<SeatRow>& rows = m_map->rows();
    if (rows.isEmpty())
        return;
    QFont f = font();
    const int fontPx = std::clamp(qRound(m_scale * 0.6), 9, 16);
    f.setPixelSize(fontPx);
    f.setBold(true);
    const QFontMetrics metrics(f);
    const int h = metrics.height();
    // Rows too close for their labels: label every row that has room after the previous one.
    const int minGap = h + 1;
    const int labelLeftEdge = qRound(m_layoutBounds.left() * m_scale) + m_offset.x() - 4;
    const int labelRightEdge = qRound(m_layoutBounds.right() * m_scale) + m_offset.x() + 4;
    const QColor plate = [this] {
        QColor c = palette().color(QPalette::Base);
        c.setAlpha(215);
        return c;
    }();
    p.save();
    p.setFont(f);
    int lastY = std::numeric_limits<int>::min() / 2;
    for (const SeatRow& row : rows) {
        const int y = qRound((row.y + SeatMap::seatDepth / 2) * m_scale) + m_offset.y();
        if (y - lastY < minGap)
            continue;
        lastY = y;
        if (y + h < exposed.top() || y - h > exposed.bottom())
            continue;
        const int w = metrics.horizontalAdvance(row.label) + 6;
        // Sticky: when the map is panned sideways the labels stay at the widget's edges.
        QRect left(labelLeftEdge - w, y - h / 2, w, h);
        if (left.left() < 1)
            left.moveLeft(1);
        QRect right(labelRightEdge, y - h / 2, w, h);
        if (right.right() > width() - 2)
            right.moveRight(width() - 2);
        for (const QRect& r : {left, right}) {
            if (!r.intersects(exposed))
                continue;
            p.fillRect(r, plate);
            p.setPen(palette().color(QPalette::Text));
            p.drawText(r, Qt::AlignCenter, row.label);
        }
    }
    p.restore();
}

} // namespace bo
