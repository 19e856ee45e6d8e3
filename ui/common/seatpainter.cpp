// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatpainter.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include <QFontMetrics>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QWidget>
#include <QtMath>

#include "model/seats/seatmap.h"
#include "ui/common/seatgrid.h"

namespace bo {

namespace {

/// Below this many pixels a seat is a plain coloured block (marks would be noise).
constexpr qreal tinySeat = 7;

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

QColor fillColour(SeatPainter::Look look, SeatKind kind)
{
    switch (look) {
    case SeatPainter::Look::Free:
        return freeFill(kind);
    case SeatPainter::Look::Mine:
        return QColor(0x00, 0x72, 0xB2);
    case SeatPainter::Look::HeldByOther:
        return QColor(0xF3, 0xC6, 0x78);
    case SeatPainter::Look::Reserved:
        return QColor(0x5E, 0x5E, 0x5E);
    case SeatPainter::Look::Blocked:
        return QColor(0xD0, 0xD0, 0xD0);
    }
    return Qt::white;
}

QColor outlineColour(SeatPainter::Look look)
{
    switch (look) {
    case SeatPainter::Look::Free:
        return QColor(0x3C, 0x3C, 0x3C);
    case SeatPainter::Look::Mine:
        return QColor(0x00, 0x2E, 0x4A);
    case SeatPainter::Look::HeldByOther:
        return QColor(0x7A, 0x46, 0x00);
    case SeatPainter::Look::Reserved:
        return QColor(0x20, 0x20, 0x20);
    case SeatPainter::Look::Blocked:
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

using Scheme = SeatPainter::Scheme;

// High contrast (the kiosk's mode, KioskTheme::palette(true)): the ground is black. Free seats are
// filled and bright; the seats a customer cannot take are hollow, an outline and a mark in their
// state's own colour, so that no two states share their main colour. Ratios against black:
constexpr QRgb hcYellow = 0xFFFFEB3B; // free: 17.2:1
constexpr QRgb hcWhite = 0xFFFFFFFF;  // free wheelchair space or companion seat: 21:1
constexpr QRgb hcCyan = 0xFF00E5FF;   // this sale's own: 13.7:1
constexpr QRgb hcOrange = 0xFFFF9800; // held at another terminal: 9.7:1
constexpr QRgb hcGrey = 0xFFBDBDBD;   // sold: 11.2:1
constexpr QRgb hcRed = 0xFFFF5C5C;    // not for sale: 6.9:1
constexpr QRgb hcGround = 0xFF000000;

/// The fill of a seat's body.
QColor fillOf(SeatPainter::Look look, SeatKind kind, Scheme scheme)
{
    if (scheme == Scheme::Normal)
        return fillColour(look, kind);
    switch (look) {
    case SeatPainter::Look::Free:
        return QColor::fromRgb(kind == SeatKind::Wheelchair || kind == SeatKind::Companion ? hcWhite
                                                                                           : hcYellow);
    case SeatPainter::Look::Mine:
        return QColor::fromRgb(hcCyan);
    case SeatPainter::Look::HeldByOther:
    case SeatPainter::Look::Reserved:
    case SeatPainter::Look::Blocked:
        break;
    }
    return QColor::fromRgb(hcGround);
}

/// The outline, and in high contrast the colour of a hollow state's marks.
QColor outlineOf(SeatPainter::Look look, Scheme scheme)
{
    if (scheme == Scheme::Normal)
        return outlineColour(look);
    switch (look) {
    case SeatPainter::Look::Free:
    case SeatPainter::Look::Mine:
        // A filled symbol needs no outline on black: its own edge is the boundary.
        return QColor::fromRgb(hcGround);
    case SeatPainter::Look::HeldByOther:
        return QColor::fromRgb(hcOrange);
    case SeatPainter::Look::Reserved:
        return QColor::fromRgb(hcGrey);
    case SeatPainter::Look::Blocked:
        return QColor::fromRgb(hcRed);
    }
    return Qt::white;
}

QColor glyphOf(SeatKind kind, Scheme scheme)
{
    return scheme == Scheme::Normal ? glyphColour(kind) : QColor(Qt::black);
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

void drawStatusMark(QPainter& p, SeatPainter::Look look, const QRectF& square, Scheme scheme)
{
    const QTransform t = unitTo(square);
    const qreal w = square.width();
    const bool hc = scheme == Scheme::HighContrast;
    // Normal: dark marks on white faces. High contrast: the hollow states' marks in their own
    // colour on black faces.
    const QColor dark = hc ? outlineOf(look, scheme) : QColor(0x20, 0x20, 0x20);
    const QColor face = hc ? QColor::fromRgb(hcGround) : QColor(Qt::white);
    switch (look) {
    case SeatPainter::Look::Mine: {
        QPainterPath check;
        check.moveTo(0.16, 0.54);
        check.lineTo(0.4, 0.78);
        check.lineTo(0.86, 0.26);
        p.strokePath(t.map(check), QPen(hc ? QColor(Qt::black) : QColor(Qt::white), std::max(1.5, w * 0.17),
                                        Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        break;
    }
    case SeatPainter::Look::Reserved: {
        QPainterPath cross;
        cross.moveTo(0.2, 0.2);
        cross.lineTo(0.8, 0.8);
        cross.moveTo(0.8, 0.2);
        cross.lineTo(0.2, 0.8);
        p.strokePath(t.map(cross), QPen(hc ? dark : QColor(Qt::white), std::max(1.5, w * 0.15), Qt::SolidLine,
                                        Qt::RoundCap));
        break;
    }
    case SeatPainter::Look::HeldByOther: {
        // A clock: held for a while, not sold.
        const QRectF clockFace = t.mapRect(QRectF(0.12, 0.12, 0.76, 0.76));
        p.setPen(QPen(dark, std::max(1.0, w * 0.08)));
        p.setBrush(face);
        p.drawEllipse(clockFace);
        QPainterPath hands;
        hands.moveTo(0.5, 0.26);
        hands.lineTo(0.5, 0.5);
        hands.lineTo(0.68, 0.5);
        p.strokePath(t.map(hands), QPen(dark, std::max(1.0, w * 0.09), Qt::SolidLine, Qt::RoundCap));
        break;
    }
    case SeatPainter::Look::Blocked: {
        // A no-entry bar.
        const QRectF bar = t.mapRect(QRectF(0.1, 0.36, 0.8, 0.28));
        p.setPen(QPen(dark, std::max(1.0, w * 0.08)));
        p.setBrush(hc ? QBrush(dark) : QBrush(face));
        p.drawRoundedRect(bar, bar.height() * 0.25, bar.height() * 0.25);
        break;
    }
    case SeatPainter::Look::Free:
        break;
    }
}

/// The seat outline: rounded, with square inner corners where couple seats join; the joined
/// edge is left open so that the pair reads as one piece.
QPainterPath seatOutline(const QRectF& r, qreal radius, SeatPainter::Part part, bool closed)
{
    QPainterPath path;
    const qreal d = 2 * radius;
    switch (part) {
    case SeatPainter::Part::Single:
        path.addRoundedRect(r, radius, radius);
        return path;
    case SeatPainter::Part::CoupleLeft:
        path.moveTo(r.right(), r.top());
        path.lineTo(r.left() + radius, r.top());
        path.arcTo(QRectF(r.left(), r.top(), d, d), 90, 90);
        path.lineTo(r.left(), r.bottom() - radius);
        path.arcTo(QRectF(r.left(), r.bottom() - d, d, d), 180, 90);
        path.lineTo(r.right(), r.bottom());
        break;
    case SeatPainter::Part::CoupleRight:
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
    const int lines = int(std::ceil((r.width() + 2 * h) / spacing));
    for (int i = 0; i < lines; ++i) {
        const qreal x = r.left() - h + i * spacing;
        p.drawLine(QPointF(x, r.bottom()), QPointF(x + h, r.top()));
        if (both)
            p.drawLine(QPointF(x, r.top()), QPointF(x + h, r.bottom()));
    }
}

quint64 spriteKey(SeatPainter::Look look, SeatKind kind, SeatPainter::Part part, Scheme scheme, QSize size)
{
    return static_cast<quint64>(look) | static_cast<quint64>(kind) << 4 | static_cast<quint64>(part) << 8 |
           static_cast<quint64>(scheme) << 12 | static_cast<quint64>(size.width() & 0xFFFF) << 16 |
           static_cast<quint64>(size.height() & 0xFFFF) << 32;
}

} // namespace

SeatPainter::Look SeatPainter::lookOf(const SeatMap& map, const SeatState& seat)
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

void SeatPainter::paintSeat(QPainter& p, const QRectF& rect, Look look, SeatKind kind, Part part,
                            Scheme scheme)
{
    const qreal m = std::min(rect.width(), rect.height());
    if (m < tinySeat) {
        // Level of detail: a block whose brightness still tells free, held, sold and blocked apart.
        QColor fill = fillOf(look, kind, scheme);
        if (scheme == Scheme::HighContrast)
            fill = mainColour(look, kind, scheme); // too small for outlines: every state a bright block
        else if (look == Look::HeldByOther)
            fill = QColor(0xE6, 0x9F, 0x00);
        else if (look == Look::Blocked)
            fill = QColor(0x9E, 0x9E, 0x9E);
        p.fillRect(rect, fill);
        if (look == Look::Free && m >= 3 && scheme == Scheme::Normal) {
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
    const QColor fill = fillOf(look, kind, scheme);
    const QColor outline = outlineOf(look, scheme);
    const bool hc = scheme == Scheme::HighContrast;
    p.fillPath(shape, fill);

    p.setClipPath(shape, Qt::IntersectClip);
    if (kind != SeatKind::Wheelchair) {
        const QRectF backrest(body.left(), body.bottom() - body.height() * 0.2, body.width(),
                              body.height() * 0.2);
        p.fillRect(backrest, fill.darker(look == Look::Free ? 112 : 125));
    }
    if (look == Look::HeldByOther)
        drawHatch(p, body, std::max(3.0, m * 0.22),
                  QPen(hc ? outline : QColor(0x9A, 0x5A, 0x00), std::max(1.0, m * 0.06)), false);
    else if (look == Look::Blocked)
        drawHatch(p, body, std::max(3.0, m * (hc ? 0.3 : 0.24)),
                  QPen(hc ? outline : QColor(0x70, 0x70, 0x70), std::max(1.0, m * 0.05)), true);
    p.setClipping(false);

    p.setBrush(Qt::NoBrush);
    // A hollow state in high contrast gets a heavier outline: the outline is its boundary.
    p.setPen(QPen(outline, hc && fill == QColor::fromRgb(hcGround) ? pen * 1.5 : pen, Qt::SolidLine,
                  Qt::FlatCap, Qt::RoundJoin));
    p.drawPath(seatOutline(body, radius, part, false));
    if (part != Part::Single) {
        // The joint between the two halves of a couple seat: a thin seam, not a full outline.
        const qreal x = part == Part::CoupleLeft ? rect.right() : rect.left();
        p.setPen(QPen(hc ? QColor(Qt::black) : outline, 1, Qt::DotLine));
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
        drawKindGlyph(p, kind, mark, glyphOf(kind, scheme));
    } else {
        drawStatusMark(p, look, mark, scheme);
        if (badge) {
            // The kind stays visible as a small badge in the corner.
            const qreal b = m * 0.38;
            const QRectF badge = part == Part::CoupleLeft
                                     ? QRectF(body.left() + pen / 2, body.top() + pen / 2, b, b)
                                     : QRectF(body.right() - b - pen / 2, body.top() + pen / 2, b, b);
            p.setPen(QPen(hc ? QColor(Qt::black) : outline, 1));
            p.setBrush(Qt::white);
            p.drawEllipse(badge);
            drawKindGlyph(p, kind, badge.adjusted(b * 0.16, b * 0.16, -b * 0.16, -b * 0.16),
                          glyphOf(kind, scheme));
        }
    }
    p.restore();
}

QColor SeatPainter::mainColour(Look look, SeatKind kind, Scheme scheme)
{
    const QColor fill = fillOf(look, kind, scheme);
    return scheme == Scheme::HighContrast && fill == QColor::fromRgb(hcGround) ? outlineOf(look, scheme)
                                                                               : fill;
}

void SeatPainter::setScheme(Scheme scheme)
{
    if (scheme == m_scheme)
        return;
    // The sprites are keyed by scheme too; dropping the old ones keeps the cache small.
    clearSprites();
    m_scheme = scheme;
}

void SeatPainter::setTarget(qreal devicePixelRatio, const QColor& background)
{
    if (!qFuzzyCompare(devicePixelRatio, m_dpr) || background != m_background) {
        clearSprites();
        m_dpr = devicePixelRatio;
        m_background = background;
    }
}

const QPixmap& SeatPainter::sprite(Look look, SeatKind kind, Part part, QSize size)
{
    const quint64 key = spriteKey(look, kind, part, m_scheme, size);
    // Neighbouring seats mostly look alike: skip the hash lookup for a run of equal sprites.
    if (m_last && key == m_lastKey)
        return *m_last;
    if (m_sprites.size() > 1024)
        clearSprites();
    auto it = m_sprites.find(key);
    if (it == m_sprites.end()) {
        QPixmap pixmap(QSize(qCeil(size.width() * m_dpr), qCeil(size.height() * m_dpr)));
        pixmap.setDevicePixelRatio(m_dpr);
        // Seats never overlap and stand on the map's plain background, so the sprite carries that
        // background in its corners: an opaque sprite is copied, not blended (about twice as fast).
        pixmap.fill(m_background);
        QPainter painter(&pixmap);
        paintSeat(painter, QRectF(QPointF(0, 0), QSizeF(size)), look, kind, part, m_scheme);
        painter.end();
        it = m_sprites.insert(key, pixmap);
    }
    m_lastKey = key;
    m_last = &*it;
    return *it;
}

void SeatPainter::clearSprites()
{
    m_sprites.clear();
    m_last = nullptr;
}

void SeatPainter::paintScreenBar(QPainter& p, const QRect& bar, const QRect& exposed, const QFont& font,
                                 const QString& text)
{
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
    QFont f = font;
    f.setPixelSize(11);
    f.setBold(true);
    f.setLetterSpacing(QFont::AbsoluteSpacing, 3);
    p.setFont(f);
    p.setPen(QColor(0x1A, 0x1A, 0x1A));
    p.drawText(bar.adjusted(0, 2, 0, 0), Qt::AlignHCenter | Qt::AlignTop, text);
    p.restore();
}

void SeatPainter::paintRowLabels(QPainter& p, const QWidget& view, const SeatMap& map, const SeatGrid& grid,
                                 const QRect& exposed, const QColor& ground, const QColor& text)
{
    const QList<SeatRow>& rows = map.rows();
    if (rows.isEmpty())
        return;
    const double scale = grid.scale();
    const QPoint offset = grid.offset();
    const QRectF bounds = grid.layoutBounds();
    QFont f = view.font();
    const int fontPx = std::clamp(qRound(scale * 0.6), 9, 16);
    f.setPixelSize(fontPx);
    f.setBold(true);
    const QFontMetrics metrics(f);
    const int h = metrics.height();
    // Rows too close for their labels: label every row that has room after the previous one.
    const int minGap = h + 1;
    const int labelLeftEdge = qRound(bounds.left() * scale) + offset.x() - 4;
    const int labelRightEdge = qRound(bounds.right() * scale) + offset.x() + 4;
    QColor plate = ground;
    plate.setAlpha(215);
    p.save();
    p.setFont(f);
    int lastY = std::numeric_limits<int>::min() / 2;
    for (const SeatRow& row : rows) {
        const int y = qRound((row.y + SeatMap::seatDepth / 2) * scale) + offset.y();
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
        if (right.right() > view.width() - 2)
            right.moveRight(view.width() - 2);
        for (const QRect& r : {left, right}) {
            if (!r.intersects(exposed))
                continue;
            p.fillRect(r, plate);
            p.setPen(text);
            p.drawText(r, Qt::AlignCenter, row.label);
        }
    }
    p.restore();
}

} // namespace bo
