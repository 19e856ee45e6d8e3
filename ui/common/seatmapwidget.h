// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QList>
#include <QPoint>
#include <QRect>
#include <QWidget>

#include "model/seats/seattypes.h"
#include "ui/common/seatgrid.h"
#include "ui/common/seatpainter.h"

namespace bo {

class SeatMap;

/// A showtime's seat map on screen: zoom (wheel around the cursor, +/-/0), pan (middle or right
/// drag, space + drag), click or keyboard (arrows, Space/Enter) to activate a seat, a tooltip with
/// the owner's price. Takes the input and coordinates its parts: SeatGrid knows where the seats
/// are (and which a repaint touches), SeatPainter how they look, SeatNavigator where the arrows go.
///
/// Seat rectangles are recomputed on resize, zoom and reload only, so a status change repaints
/// only the changed seats.
class SeatMapWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SeatMapWidget)

public:
    explicit SeatMapWidget(QWidget* parent = nullptr);
    ~SeatMapWidget() override;

    /// The map to show (not owned; must outlive this widget or be replaced first). Call
    /// reloadSeats() after the map is reset, repaintSeats() after statuses or `mine` change.
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
    [[nodiscard]] double scale() const { return m_grid.scale(); }
    /// High contrast (the kiosk's mode): the seats in SeatPainter::Scheme::HighContrast on a black
    /// ground with white row labels, whatever the palette says (a style sheet above may repolish
    /// it); off: the palette's Base and Text.
    void setHighContrast(bool highContrast);
    [[nodiscard]] bool isHighContrast() const
    {
        return m_painter.scheme() == SeatPainter::Scheme::HighContrast;
    }
    /// Seats drawn by the last paint event (for benchmarks and tests).
    [[nodiscard]] int paintedSeatsLastFrame() const { return m_paintedSeats; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

    /// What a look and a seat kind are called (tooltip, legend).
    [[nodiscard]] static QString lookName(SeatPainter::Look look);
    [[nodiscard]] static QString kindName(SeatKind kind);

signals:
    void seatActivated(int seatId);
    void focusSeatChanged(int seatId);

public slots:
    /// Repaints only these seats (statuses or `mine` changed; the layout did not).
    void repaintSeats(const QList<int>& seatIds);
    /// The map was reset: rebuilds the geometry and repaints everything.
    void reloadSeats();
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
    void rebuildGrid();
    void layOutSeats();
    void setScaleAround(double scale, const QPointF& anchor);
    void paintRings(QPainter& painter, const QRect& exposed);
    void updateSeat(qsizetype index);
    void setFocusIndex(qsizetype index);
    void setHoverIndex(qsizetype index);
    void moveFocus(int key);
    void ensureVisible(qsizetype index);
    void activate(qsizetype index);
    [[nodiscard]] QString toolTipText(const SeatState& seat) const;
    /// The map's ground and label colours (the palette's, or high contrast's).
    [[nodiscard]] QColor groundColour() const;
    [[nodiscard]] QColor textColour() const;

    const SeatMap* m_map = nullptr;
    std::function<QString(const SeatState&)> m_priceText;
    SeatGrid m_grid;
    SeatPainter m_painter;
    bool m_fitted = true; ///< follow the widget's size until the user zooms or pans

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
