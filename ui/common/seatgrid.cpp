// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatgrid.h"

#include <algorithm>
#include <cmath>

#include <QRegion>

#include "model/seats/seatmap.h"

namespace bo {

namespace {

// Pixel margins around the layout when it is fitted: row labels at the sides, the screen on top.
constexpr int sideMargin = 30;
constexpr int topMargin = 44;
constexpr int bottomMargin = 10;
constexpr int screenBarHeight = 22;
constexpr int screenBarGap = 12;
constexpr double maxScale = 160;

} // namespace

template <typename Visit> void SeatGrid::forSeatsNear(const QRect& rect, Visit visit) const
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

void SeatGrid::rebuild(const SeatMap* map)
{
    m_map = map;
    m_rects.clear();
    m_parts.clear();
    m_cellStart.clear();
    m_cellSeats.clear();
    m_visitMark.clear();
    m_gridColumns = 0;
    m_gridRows = 0;
    m_layoutBounds = m_map ? m_map->bounds() : QRectF();
    if (!m_map || m_map->isEmpty())
        return;

    const QList<SeatState>& seats = m_map->seats();
    const qsizetype n = seats.size();
    m_parts.resize(n, SeatPainter::Part::Single);
    for (qsizetype i = 0; i < n; ++i) {
        const int partner = m_map->partnerOf(seats.at(i).seatId);
        if (const SeatState* other = partner != 0 ? m_map->seat(partner) : nullptr)
            m_parts[i] =
                other->x > seats.at(i).x ? SeatPainter::Part::CoupleLeft : SeatPainter::Part::CoupleRight;
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
}

void SeatGrid::layOut()
{
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
        const SeatPainter::Part part = m_parts.at(i);
        int left = qRound(l.left() * m_scale) + (part == SeatPainter::Part::CoupleRight ? 0 : inset);
        int right = qRound(l.right() * m_scale) - 1 - (part == SeatPainter::Part::CoupleLeft ? 0 : inset);
        const int top = qRound(l.top() * m_scale);
        int bottom = qRound(l.bottom() * m_scale) - 1;
        right = std::max(right, left);
        bottom = std::max(bottom, top);
        m_rects[i] = QRect(QPoint(left, top), QPoint(right, bottom));
    }
}

bool SeatGrid::matches(const SeatMap& map) const
{
    return m_rects.size() == map.size();
}

QPointF SeatGrid::toLayout(const QPointF& viewPoint) const
{
    return (viewPoint - QPointF(m_offset)) / m_scale;
}

qsizetype SeatGrid::indexAt(const QPoint& pos) const
{
    if (!m_map || m_rects.size() != m_map->size() || m_gridColumns == 0)
        return -1;
    qsizetype found = -1;
    forSeatsNear(QRect(pos, QSize(1, 1)), [&](qsizetype index) {
        if (found < 0 && rect(index).contains(pos))
            found = index;
    });
    return found;
}

const QList<int>& SeatGrid::seatsIn(const QRegion& region)
{
    m_found.clear();
    if (++m_visitStamp == 0) {
        m_visitMark.fill(0);
        m_visitStamp = 1;
    }
    for (const QRect& area : region) {
        forSeatsNear(area, [&](int index) {
            if (m_visitMark.at(index) == m_visitStamp)
                return;
            if (!rect(index).intersects(area))
                return;
            m_visitMark[index] = m_visitStamp;
            m_found.append(index);
        });
    }
    return m_found;
}

double SeatGrid::fitScale(QSize size) const
{
    if (m_layoutBounds.isEmpty())
        return m_scale;
    const double w = std::max(20, size.width() - 2 * sideMargin);
    const double h = std::max(20, size.height() - topMargin - bottomMargin);
    return std::clamp(std::min(w / m_layoutBounds.width(), h / m_layoutBounds.height()), 0.5, maxScale);
}

void SeatGrid::fitTo(QSize size)
{
    m_scale = fitScale(size);
    layOut();
    const double contentWidth = m_layoutBounds.width() * m_scale;
    const double contentHeight = m_layoutBounds.height() * m_scale;
    const double freeWidth = size.width() - 2 * sideMargin - contentWidth;
    const double freeHeight = size.height() - topMargin - bottomMargin - contentHeight;
    m_offset = QPoint(qRound(sideMargin + std::max(0.0, freeWidth / 2) - m_layoutBounds.left() * m_scale),
                      qRound(topMargin + std::max(0.0, freeHeight / 3) - m_layoutBounds.top() * m_scale));
}

bool SeatGrid::zoomAround(double scale, const QPointF& anchor, QSize size)
{
    const double minScale = std::min(fitScale(size), 4.0) * 0.5;
    scale = std::clamp(scale, minScale, maxScale);
    if (std::abs(scale - m_scale) < 1e-9)
        return false;
    const QPointF layoutPoint = toLayout(anchor);
    m_scale = scale;
    layOut();
    m_offset = (anchor - layoutPoint * m_scale).toPoint();
    return true;
}

bool SeatGrid::scrollIntoView(qsizetype index, const QRect& view)
{
    if (index < 0 || index >= m_rects.size())
        return false;
    const QRect r = rect(index);
    const QRect area = view.adjusted(sideMargin, sideMargin, -sideMargin, -sideMargin);
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
        return false;
    m_offset += QPoint(dx, dy);
    return true;
}

QRect SeatGrid::screenBarRect() const
{
    const int left = qRound(m_layoutBounds.left() * m_scale) + m_offset.x();
    const int right = qRound(m_layoutBounds.right() * m_scale) + m_offset.x();
    const int top = qRound(m_layoutBounds.top() * m_scale) + m_offset.y() - screenBarGap - screenBarHeight;
    return {QPoint(left, top), QPoint(right, top + screenBarHeight - 1)};
}

} // namespace bo
