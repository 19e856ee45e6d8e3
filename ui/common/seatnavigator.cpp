// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/seatnavigator.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/seats/seatmap.h"

namespace bo {

namespace {

/// Centres closer than this in y (layout units) are in the same row for keyboard moves.
constexpr double rowBand = 0.5;

QPointF layoutCentre(const SeatState& seat)
{
    return SeatMap::seatRect(seat).center();
}

} // namespace

SeatNavigator::SeatNavigator(const QList<SeatState>& seats)
    : m_seats(seats)
{}

qsizetype SeatNavigator::nearestTo(const QPointF& point) const
{
    qsizetype best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < m_seats.size(); ++i) {
        const QPointF d = layoutCentre(m_seats.at(i)) - point;
        const double distance = d.x() * d.x() + d.y() * d.y();
        if (distance < bestDistance) {
            bestDistance = distance;
            best = i;
        }
    }
    return best;
}

qsizetype SeatNavigator::neighbour(qsizetype from, Direction direction) const
{
    if (from < 0 || from >= m_seats.size())
        return -1;
    const bool horizontal = direction == Direction::Left || direction == Direction::Right;
    const double sign = direction == Direction::Left || direction == Direction::Up ? -1 : 1;
    const QPointF origin = layoutCentre(m_seats.at(from));
    // Left/right: the nearest seat of the same row. Up/down: the nearest row, then the seat
    // whose centre is closest across.
    auto along = [&](const QPointF& d) { return sign * (horizontal ? d.x() : d.y()); };
    auto across = [&](const QPointF& d) { return std::abs(horizontal ? d.y() : d.x()); };
    const double minStep = horizontal ? 0.01 : rowBand;
    double nearest = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < m_seats.size(); ++i) {
        const QPointF d = layoutCentre(m_seats.at(i)) - origin;
        const double a = along(d);
        if (i != from && a > minStep && (!horizontal || across(d) <= rowBand))
            nearest = std::min(nearest, a);
    }
    if (!std::isfinite(nearest))
        return -1;
    qsizetype best = -1;
    double bestAlong = std::numeric_limits<double>::infinity();
    double bestAcross = std::numeric_limits<double>::infinity();
    for (qsizetype i = 0; i < m_seats.size(); ++i) {
        const QPointF d = layoutCentre(m_seats.at(i)) - origin;
        const double a = along(d);
        if (i == from || a <= minStep || (horizontal && across(d) > rowBand))
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
    return best;
}

} // namespace bo
