// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QHash>
#include <QList>
#include <QPixmap>
#include <QPoint>
#include <QRect>
#include <QWidget>

#include "model/seattypes.h"

class QPainter;

namespace bo {

class SeatMap;

/// A showtime's seat map, painted: statuses and seat kinds told apart by shape and marks as well
/// as colour, zoom (wheel around the cursor, +/-/0), pan (middle or right drag, space + drag),
/// click or keyboard (arrows, Space/Enter) to activate a seat, a tooltip with the owner's price.
///
/// Geometry is cached: seat rectangles are recomputed on resize, zoom and reload only, and a
/// uniform grid over the layout finds the seats of an exposed rectangle, so a status change
/// repaints only the changed seats.
class SeatMapWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatMapWidget)

public:
    /// How a seat's status is shown.
    enum class Look { Free, Mine, HeldByOther, Reserved, Blocked };
    Q_ENUM(Look)
    /// Which part of a joined couple pair a seat is.
    enum class Part { Single, CoupleLeft, CoupleRight };

    explicit SeatMapWidget(QWidget* parent = nullptr);
    ~SeatMapWidget() override;

    /// The map to show (not owned; must outlive this widget or be replaced first). Call
    /// reloaded() after the map is reset, seatsChanged() after statuses or `mine` change.
    void setSeatMap(const SeatMap* map);
    [[nodiscard]] const SeatMap* seatMap() const { return m_map; }
    /// The price line of the tooltip (e.g. "Adult ₩14,000"); empty text shows none.
    void setPriceText(std::function<QString(const SeatState&)> priceText);

    /// The keyboard focus seat (drawn with a focus ring), 0 for none.
    [[nodiscard]] int focusSeat() const;
    void setFocusSeat(int seatId);
    /// The seat under a widget position, 0 for none (an aisle, a margin).
    [[nodiscard]] int seatAt(const QPoint& pos) const;
    /// A seat's rectangle in widget coordinates (empty when unknown).
    [[nodiscard]] QRect seatRect(int seatId) const;
    /// Pixels per layout unit (one standard seat is one unit wide).
    [[nodiscard]] double scale() const { return m_scale; }
    /// Seats drawn by the last paint event (for benchmarks and tests).
    [[nodiscard]] int paintedSeatsLastFrame() const { return m_paintedSeats; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    [[nodiscard]] static Look lookOf(const SeatMap& map, const SeatState& seat);
    /// Paints one seat symbol into `rect` (also used by the legend).
    static void paintSeat(QPainter& painter, const QRectF& rect, Look look, SeatKind kind, Part part);
    [[nodiscard]] static QString lookName(Look look);
    [[nodiscard]] static QString kindName(SeatKind kind);

signals:
    void seatActivated(int seatId);
    void focusSeatChanged(int seatId);

public slots:
    /// Repaints only these seats (statuses or `mine` changed; the layout did not).
    void seatsChanged(const QList<int>& seatIds);
    /// The map was reset: rebuilds the geometry and repaints everything.
    void reloaded();
    void zoomIn();
    void zoomOut();
    void zoomToFit();

protected:
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void rebuildIndex();
    void recomputeGeometry();
    [[nodiscard]] double fitScale() const;
    void setScaleAround(double scale, const QPointF& anchor);
    [[nodiscard]] qsizetype seatIndexAt(const QPoint& pos) const;
    [[nodiscard]] QRect widgetRect(qsizetype index) const { return m_rects.at(index).translated(m_offset); }
    /// Calls `visit(index)` once for every seat whose grid cells meet `rect` (widget coordinates).
    template <typename Visit> void forSeatsNear(const QRect& rect, Visit visit) const;
    void updateSeat(qsizetype index);
    void setFocusIndex(qsizetype index);
    void setHoverIndex(qsizetype index);
    void moveFocus(int key);
    void ensureVisible(qsizetype index);
    void activate(qsizetype index);
    [[nodiscard]] const QPixmap& sprite(Look look, SeatKind kind, Part part, QSize size);
    void clearSprites();
    [[nodiscard]] QString toolTipText(const SeatState& seat) const;
    void paintScreenBar(QPainter& painter, const QRect& exposed);
    void paintRowLabels(QPainter& painter, const QRect& exposed);
    [[nodiscard]] QRect screenBarRect() const;

    const SeatMap* m_map = nullptr;
    std::function<QString(const SeatState&)> m_priceText;

    // Geometry: seat rectangles at the current scale, relative to the layout origin; the pan
    // offset is added when they are used, so panning recomputes nothing.
    double m_scale = 20;
    QPoint m_offset;
    bool m_fitted = true; ///< follow the widget's size until the user zooms or pans
    QRectF m_layoutBounds;
    QList<QRect> m_rects;
    QList<Part> m_parts;

    // Uniform grid over the layout (layout units): cell -> seat indexes, stored compressed.
    QRectF m_gridArea;
    double m_cellSize = 2.5;
    int m_gridColumns = 0;
    int m_gridRows = 0;
    QList<int> m_cellStart;
    QList<int> m_cellSeats;
    QList<quint32> m_visitMark;
    quint32 m_visitStamp = 0;

    QHash<quint64, QPixmap> m_sprites;
    qreal m_spriteDpr = 1;
    quint64 m_lastSpriteKey = 0;
    const QPixmap* m_lastSprite = nullptr; ///< points into m_sprites; reset whenever it changes

    qsizetype m_focusIndex = -1;
    qsizetype m_hoverIndex = -1;
    qsizetype m_pressIndex = -1;
    bool m_panning = false;
    bool m_spaceHeld = false;
    bool m_spacePanned = false;
    QPoint m_panLast;
    int m_paintedSeats = 0;
};

} // namespace bo
