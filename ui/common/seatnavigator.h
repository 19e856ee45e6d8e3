// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QPointF>

#include "model/seats/seattypes.h"

namespace bo {

/// Keyboard moves between seats, in layout units: left/right go to the nearest seat of the same
/// row, up/down to the nearest row and there to the seat closest across. Works on seat indexes.
class SeatNavigator final
{
    Q_DISABLE_COPY_MOVE(SeatNavigator)

public:
    enum class Direction { Left, Right, Up, Down };

    /// `seats` must outlive the navigator.
    explicit SeatNavigator(const QList<SeatState>& seats);

    /// The seat whose centre is nearest `point`, -1 when there are no seats.
    [[nodiscard]] qsizetype nearestTo(const QPointF& point) const;
    /// The seat one step from seat `from` in `direction`, -1 when there is none that way.
    [[nodiscard]] qsizetype neighbour(qsizetype from, Direction direction) const;

private:
    const QList<SeatState>& m_seats;
};

} // namespace bo
