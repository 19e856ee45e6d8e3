// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QColor>
#include <QHash>
#include <QObject>
#include <QPixmap>
#include <QRect>
#include <QSize>
#include <QString>

#include "model/seats/seattypes.h"

class QFont;
class QPainter;
class QWidget;

namespace bo {

class SeatGrid;
class SeatMap;

/// How a seat map looks: the seat symbols (statuses and seat kinds told apart by shape and marks as
/// well as colour), cached as sprites per look, kind, part and size; the screen bar; the row labels.
/// Knows nothing of input or of where seats are (SeatGrid says that).
class SeatPainter final
{
    Q_GADGET
    Q_DISABLE_COPY_MOVE(SeatPainter)

public:
    /// How a seat's status is shown.
    enum class Look { Free, Mine, HeldByOther, Reserved, Blocked };
    Q_ENUM(Look)
    /// Which part of a joined couple pair a seat is.
    enum class Part { Single, CoupleLeft, CoupleRight };
    /// The colours: Normal on a light ground; HighContrast on black (the kiosk's high-contrast
    /// mode): every state's symbol at least 3:1 against the black ground (WCAG 1.4.11), free seats
    /// yellow (wheelchair spaces and companion seats white), the customer's own cyan, the taken
    /// ones drawn as outlines and marks in their own colour on the ground.
    enum class Scheme { Normal, HighContrast };

    SeatPainter() = default;

    [[nodiscard]] static Look lookOf(const SeatMap& map, const SeatState& seat);
    /// Paints one seat symbol into `rect` (the map's sprites, the legend, tests).
    static void paintSeat(QPainter& painter, const QRectF& rect, Look look, SeatKind kind, Part part,
                          Scheme scheme = Scheme::Normal);
    /// The colour that covers most of a look's symbol in `scheme` where it is not the ground: the
    /// fill, or for a look drawn as an outline on the ground, its outline (tests, the legend).
    [[nodiscard]] static QColor mainColour(Look look, SeatKind kind, Scheme scheme);

    /// The device pixel ratio and background of the sprites; a new ratio drops the cached ones.
    void setTarget(qreal devicePixelRatio, const QColor& background);
    /// The colours of the sprites; a new scheme drops the cached ones.
    void setScheme(Scheme scheme);
    [[nodiscard]] Scheme scheme() const { return m_scheme; }
    /// A seat symbol of `size` (device independent pixels) on the background, painted once and
    /// then copied from the cache.
    [[nodiscard]] const QPixmap& sprite(Look look, SeatKind kind, Part part, QSize size);
    void clearSprites();

    /// The cinema screen above the seats, drawn into `bar` if it meets `exposed`.
    static void paintScreenBar(QPainter& painter, const QRect& bar, const QRect& exposed, const QFont& font,
                               const QString& text);
    /// The row names at both sides of the seats, sticky at the view's edges when panned sideways.
    /// `ground` and `text`: the map's ground and the labels' colour.
    static void paintRowLabels(QPainter& painter, const QWidget& view, const SeatMap& map,
                               const SeatGrid& grid, const QRect& exposed, const QColor& ground,
                               const QColor& text);

private:
    QHash<quint64, QPixmap> m_sprites;
    qreal m_dpr = 1;
    QColor m_background = Qt::white;
    Scheme m_scheme = Scheme::Normal;
    quint64 m_lastKey = 0;
    const QPixmap* m_last = nullptr; ///< points into m_sprites; reset whenever it changes
};

} // namespace bo
