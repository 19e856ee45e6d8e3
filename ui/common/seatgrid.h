// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QPoint>
#include <QRect>
#include <QSize>

#include "ui/common/seatpainter.h"

class QRegion;

namespace bo {

class SeatMap;

/// Where a seat map's seats are on screen: each seat's rectangle at the current scale and pan
/// offset, a uniform grid over the layout that finds the seats of a rectangle (hit tests, partial
/// repaints), fitting and zooming. Rectangles are recomputed on relayout, zoom and rebuild only;
/// panning moves the offset and recomputes nothing.
class SeatGrid final
{
    Q_DISABLE_COPY_MOVE(SeatGrid)

public:
    SeatGrid() = default;

    /// Rebuilds the couple parts and the spatial index for `map` (not owned; nullptr for none).
    /// The rectangles are left for layOut().
    void rebuild(const SeatMap* map);
    /// Recomputes every seat's rectangle at the current scale.
    void layOut();
    /// Whether the rectangles belong to `map` as it is now (a reset map needs a rebuild).
    [[nodiscard]] bool matches(const SeatMap& map) const;
    [[nodiscard]] qsizetype size() const { return m_rects.size(); }

    /// Pixels per layout unit (one standard seat is one unit wide).
    [[nodiscard]] double scale() const { return m_scale; }
    /// Where the layout origin is in view coordinates.
    [[nodiscard]] QPoint offset() const { return m_offset; }
    [[nodiscard]] QRectF layoutBounds() const { return m_layoutBounds; }
    void pan(const QPoint& delta) { m_offset += delta; }
    /// A view position in layout units.
    [[nodiscard]] QPointF toLayout(const QPointF& viewPoint) const;

    /// A seat's rectangle in view coordinates (by index into the map's seats).
    [[nodiscard]] QRect rect(qsizetype index) const { return m_rects.at(index).translated(m_offset); }
    [[nodiscard]] SeatPainter::Part part(qsizetype index) const { return m_parts.at(index); }
    /// The seat under a view position, -1 for none (an aisle, a margin).
    [[nodiscard]] qsizetype indexAt(const QPoint& pos) const;
    /// Every seat whose rectangle meets one of the region's rectangles, each once.
    [[nodiscard]] const QList<int>& seatsIn(const QRegion& region);

    /// The scale at which the whole layout fits a view of `size`, between the margins.
    [[nodiscard]] double fitScale(QSize size) const;
    /// Fits the layout into a view of `size`: centred across, a little above the middle.
    void fitTo(QSize size);
    /// Zooms to `scale` (clamped) keeping the layout point under `anchor` in place; false when the
    /// scale did not change.
    [[nodiscard]] bool zoomAround(double scale, const QPointF& anchor, QSize size);
    /// Pans so that seat `index` lies inside `view` less its margins; false when it already did.
    [[nodiscard]] bool scrollIntoView(qsizetype index, const QRect& view);
    /// The cinema screen's place above the seats, in view coordinates.
    [[nodiscard]] QRect screenBarRect() const;

private:
    /// Calls `visit(index)` for every seat whose grid cells meet `rect` (view coordinates); a
    /// seat spanning several cells may be visited more than once.
    template <typename Visit> void forSeatsNear(const QRect& rect, Visit visit) const;

    const SeatMap* m_map = nullptr;

    // Seat rectangles at the current scale, relative to the layout origin; the pan offset is added
    // when they are used.
    double m_scale = 20;
    QPoint m_offset;
    QRectF m_layoutBounds;
    QList<QRect> m_rects;
    QList<SeatPainter::Part> m_parts;

    // Uniform grid over the layout (layout units): cell -> seat indexes, stored compressed.
    QRectF m_gridArea;
    double m_cellSize = 2.5;
    int m_gridColumns = 0;
    int m_gridRows = 0;
    QList<int> m_cellStart;
    QList<int> m_cellSeats;
    QList<quint32> m_visitMark;
    quint32 m_visitStamp = 0;
    QList<int> m_found;
};

} // namespace bo
