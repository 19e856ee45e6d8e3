// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "tests/support/testseats.h"
#include "ui/common/seatnavigator.h"

using namespace bo;
using bo::test::makeSeat;
using Direction = SeatNavigator::Direction;

namespace {

/// Row A: 8 seats with an aisle after the 4th; row B 1.2 behind, shifted 0.3 to the right; row C
/// another 1.2 behind, only its first four seats. Index = position in the list.
QList<SeatState> staggeredHall()
{
    QList<SeatState> seats;
    int id = 1;
    for (int n = 1; n <= 8; ++n)
        seats.append(makeSeat(id++, QStringLiteral("A"), n, (n - 1) + (n > 4 ? 1 : 0), 0));
    for (int n = 1; n <= 8; ++n)
        seats.append(makeSeat(id++, QStringLiteral("B"), n, 0.3 + (n - 1) + (n > 4 ? 1 : 0), 1.2));
    for (int n = 1; n <= 4; ++n)
        seats.append(makeSeat(id++, QStringLiteral("C"), n, n - 1, 2.4));
    return seats;
}

} // namespace

class TstSeatNavigator final : public QObject
{
    Q_OBJECT

private slots:
    void leftAndRightStayInTheRowAndCrossTheAisle()
    {
        const QList<SeatState> seats = staggeredHall();
        const SeatNavigator navigator(seats);
        QCOMPARE(navigator.neighbour(3, Direction::Right), 4); // A4 -> A5 over the aisle
        QCOMPARE(navigator.neighbour(4, Direction::Left), 3);
        QCOMPARE(navigator.neighbour(0, Direction::Left), -1);  // row start
        QCOMPARE(navigator.neighbour(7, Direction::Right), -1); // row end, B is not the same row
    }

    void upAndDownGoToTheNearestRowAndTheSeatClosestAcross()
    {
        const QList<SeatState> seats = staggeredHall();
        const SeatNavigator navigator(seats);
        QCOMPARE(navigator.neighbour(2, Direction::Down), 10);  // A3 (2.5) -> B3 (2.8), not B2 (1.8)
        QCOMPARE(navigator.neighbour(10, Direction::Down), 18); // B3 -> C3
        QCOMPARE(navigator.neighbour(18, Direction::Up), 10);
        QCOMPARE(navigator.neighbour(2, Direction::Up), -1);    // front row
        QCOMPARE(navigator.neighbour(15, Direction::Down), 19); // B8 -> C4, the only seat that way
    }

    void nearestToPicksTheSeatWhoseCentreIsClosest()
    {
        const QList<SeatState> seats = staggeredHall();
        const SeatNavigator navigator(seats);
        QCOMPARE(navigator.nearestTo(QPointF(5.9, 1.6)), 12); // B5's centre is (5.8, 1.7)
        QCOMPARE(navigator.nearestTo(QPointF(-10, -10)), 0);
    }

    void withoutSeatsThereIsNowhereToGo()
    {
        const QList<SeatState> none;
        const SeatNavigator navigator(none);
        QCOMPARE(navigator.nearestTo(QPointF(0, 0)), -1);
        QCOMPARE(navigator.neighbour(0, Direction::Down), -1);
        const QList<SeatState> seats = staggeredHall();
        QCOMPARE(SeatNavigator(seats).neighbour(-1, Direction::Right), -1);
    }
};

QTEST_APPLESS_MAIN(TstSeatNavigator)
#include "tst_seatnavigator.moc"
