// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/seatholdings.h"

#include <algorithm>

namespace bo {

QList<int> sortedSeats(const QSet<int>& seats)
{
    QList<int> out(seats.cbegin(), seats.cend());
    std::sort(out.begin(), out.end());
    return out;
}

void SeatHoldings::clear()
{
    m_held.clear();
    m_wanted.clear();
    m_unknownDeadline.clear();
    m_strays.clear();
}

QList<int> SeatHoldings::wish() const
{
    return sortedSeats(m_wanted);
}

QList<int> SeatHoldings::held() const
{
    return sortedSeats(m_held);
}

QList<int> SeatHoldings::extra() const
{
    return sortedSeats(QSet<int>(m_held).subtract(m_wanted));
}

QList<int> SeatHoldings::all() const
{
    return sortedSeats(QSet<int>(m_wanted).unite(m_held));
}

SeatHoldings::Step SeatHoldings::nextStep() const
{
    if (m_wanted.isEmpty() && !m_held.isEmpty())
        return Step::ReleaseAll;
    // A seat whose deadline the sale does not know is held again, so that no seat of the sale
    // runs out before the countdown.
    if (!QSet<int>(m_wanted).subtract(m_held).isEmpty() || m_wanted.intersects(m_unknownDeadline))
        return Step::Hold;
    if (m_held != m_wanted)
        return Step::ReleaseExtra;
    return Step::InSync;
}

QList<int> SeatHoldings::setWish(const QSet<int>& wanted)
{
    QSet<int> changed = wanted;
    changed.unite(m_wanted);
    changed.subtract(QSet<int>(m_wanted).intersect(wanted));
    m_wanted = wanted;
    return sortedSeats(changed);
}

void SeatHoldings::fallBackToHeld(const QList<int>& asked)
{
    m_wanted = QSet<int>(m_held).subtract(
        QSet<int>(m_unknownDeadline).subtract(QSet<int>(asked.cbegin(), asked.cend())));
}

void SeatHoldings::granted(const QList<int>& seats)
{
    for (int id : seats) {
        m_held.insert(id);
        m_unknownDeadline.remove(id);
    }
}

void SeatHoldings::lost(const QList<int>& seats)
{
    for (int id : seats) {
        m_held.remove(id);
        m_unknownDeadline.remove(id);
    }
}

void SeatHoldings::lostAll()
{
    m_held.clear();
    m_unknownDeadline.clear();
}

void SeatHoldings::reloaded(QSet<int> held, bool selecting)
{
    if (selecting) {
        m_unknownDeadline.unite(QSet<int>(held).subtract(m_held)).intersect(held);
        // Seats that ran out read as free, but their rows may still name this sale: give them
        // back, so that no row of the sale outlives it.
        m_strays = QSet<int>(m_held).subtract(held);
        m_held = std::move(held);
    } else {
        // Paying for its seats, the sale may also hold seats of a hold whose answer was lost:
        // they are not part of the sale and go back.
        m_strays = held.subtract(m_held);
    }
}

QList<int> SeatHoldings::takeStrays()
{
    return sortedSeats(std::exchange(m_strays, {}));
}

} // namespace bo
