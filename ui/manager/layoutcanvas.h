// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QColor>
#include <QList>
#include <QPoint>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QSet>
#include <QWidget>

#include "model/halls/halllayout.h"
#include "ui/common/seatpainter.h"

namespace bo {

/// The layout editor's drawing: the hall's seats on a grid of layout units, painted with the seat
/// map's SeatPainter, its aisles and screen. Takes the selection (click, Ctrl+click, rubber band)
/// and asks for moves (drag, arrow keys; Shift+arrow a tenth) without changing the layout itself:
/// the editor turns each request into one undoable command.
class LayoutCanvas final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LayoutCanvas)

public:
    /// Pixels per layout unit.
    static constexpr int cell = 30;
    /// What a drag snaps to, in layout units.
    static constexpr double snap = 0.5;

    explicit LayoutCanvas(QWidget* parent = nullptr);

    /// Shows `layout`; a selection index past its seats is dropped.
    void setHallLayout(const HallLayout& layout);
    /// Seats drawn in red: the ones a layout problem names.
    void setProblemSeats(const QSet<int>& indexes);
    [[nodiscard]] QList<int> selection() const;
    void setSelection(const QList<int>& indexes);
    /// The seat's rectangle on the canvas (tests click its centre).
    [[nodiscard]] QRect seatRect(int index) const;
    [[nodiscard]] QSize sizeHint() const override;

signals:
    void selectionChanged();
    void moveRequested(double dx, double dy);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    enum class Drag { None, Band, Move };

    [[nodiscard]] QPointF toCanvas(double x, double y) const;
    [[nodiscard]] int seatAt(QPoint point) const;
    [[nodiscard]] QPointF dragOffset() const; ///< layout units, snapped
    [[nodiscard]] QList<SeatPainter::Part> coupleParts() const;
    [[nodiscard]] QColor zoneColour(const QString& zone) const;
    void updateOrigin();

    HallLayout m_layout;
    QSet<int> m_selected;
    QSet<int> m_problems;
    double m_originX = 0; ///< the layout coordinates drawn at the top-left of the grid
    double m_originY = 0;
    double m_width = 0; ///< layout units the grid spans
    double m_height = 0;
    Drag m_drag = Drag::None;
    QPoint m_pressAt;
    QPoint m_dragAt;
    int m_pressedSeat = -1;
    QSet<int> m_bandBase; ///< the selection a Ctrl+band adds to
};

} // namespace bo
