// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QRegion>

#include "model/seats/seatmap.h"
#include "tests/support/testseats.h"
#include "ui/common/seatgrid.h"

using namespace bo;
using bo::test::makeSeat;
using Part = SeatPainter::Part;

namespace {

constexpr QSize view(640, 400);

/// Rows A-B of 8 seats with an aisle after seat 4; A7-A8 a couple pair. Index = list position.
QList<SeatState> smallHall()
{
    QList<SeatState> seats;
    int id = 1;
    for (const QString& row : {QStringLiteral("A"), QStringLiteral("B")}) {
        for (int n = 1; n <= 8; ++n) {
            const SeatKind kind = row == QLatin1String("A") && n >= 7 ? SeatKind::Couple : SeatKind::Standard;
            seats.append(
                makeSeat(id++, row, n, (n - 1) + (n > 4 ? 1 : 0), row == QLatin1String("A") ? 0 : 1.2, kind));
        }
    }
    return seats;
}

} // namespace

class TstSeatGrid final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_map.reset(1, smallHall());
        m_grid.rebuild(&m_map);
        m_grid.fitTo(view);
    }

    void everySeatIsFoundAtItsOwnRectangle()
    {
        QVERIFY(m_grid.matches(m_map));
        QCOMPARE(m_grid.size(), m_map.size());
        for (qsizetype i = 0; i < m_grid.size(); ++i) {
            const QRect r = m_grid.rect(i);
            QVERIFY(!r.isEmpty());
            QVERIFY(QRect(QPoint(0, 0), view).contains(r));
            QCOMPARE(m_grid.indexAt(r.center()), i);
        }
        // The aisle between A4 and A5, and the margin, are no seat.
        const QRect a4 = m_grid.rect(3);
        const QRect a5 = m_grid.rect(4);
        QCOMPARE(m_grid.indexAt(QPoint((a4.right() + a5.left()) / 2, a4.center().y())), -1);
        QCOMPARE(m_grid.indexAt(QPoint(1, 1)), -1);
    }

    void couplePairsAreJoinedLeftAndRight()
    {
        QCOMPARE(m_grid.part(5), Part::Single);
        QCOMPARE(m_grid.part(6), Part::CoupleLeft);
        QCOMPARE(m_grid.part(7), Part::CoupleRight);
        // No gap inside the pair.
        QCOMPARE(m_grid.rect(6).right() + 1, m_grid.rect(7).left());
    }

    void panningMovesEveryRectangleAndRecomputesNothing()
    {
        const QRect before = m_grid.rect(9);
        m_grid.pan(QPoint(25, -10));
        QCOMPARE(m_grid.rect(9), before.translated(25, -10));
        QCOMPARE(m_grid.indexAt(m_grid.rect(9).center()), 9);
    }

    void aRegionFindsEachSeatItTouchesOnce()
    {
        const QRect a2 = m_grid.rect(1);
        const QRect b6 = m_grid.rect(13);
        QRegion region(a2.adjusted(0, 0, -a2.width() / 2, 0));
        region += a2.adjusted(a2.width() / 2, 0, 0, 0);
        region += b6;
        QList<int> found = m_grid.seatsIn(region);
        std::sort(found.begin(), found.end());
        QCOMPARE(found, (QList<int>{1, 13}));
        QCOMPARE(m_grid.seatsIn(QRegion(QRect(QPoint(0, 0), view))).size(), m_map.size());
        QVERIFY(m_grid.seatsIn(QRegion(QRect(0, 0, 5, 5))).isEmpty());
    }

    void zoomKeepsThePointUnderTheAnchorAndIsClamped()
    {
        const QPoint anchor = m_grid.rect(10).center();
        const double fitted = m_grid.scale();
        QVERIFY(m_grid.zoomAround(fitted * 2, anchor, view));
        QCOMPARE(m_grid.scale(), fitted * 2);
        QCOMPARE(m_grid.indexAt(anchor), 10);
        QVERIFY(!m_grid.zoomAround(fitted * 2, anchor, view));
        QVERIFY(m_grid.zoomAround(1e6, anchor, view));
        QCOMPARE(m_grid.scale(), 160.0);
        m_grid.fitTo(view);
        QCOMPARE(m_grid.scale(), fitted);
    }

    void scrollIntoViewPansOnlyWhenTheSeatIsOutside()
    {
        const QRect area = QRect(QPoint(0, 0), view);
        QVERIFY(!m_grid.scrollIntoView(0, area));
        m_grid.pan(QPoint(-2000, 0));
        QVERIFY(!area.intersects(m_grid.rect(0)));
        QVERIFY(m_grid.scrollIntoView(0, area));
        QVERIFY(area.adjusted(30, 30, -30, -30).contains(m_grid.rect(0)));
        QVERIFY(!m_grid.scrollIntoView(-1, area));
    }

    void theScreenIsAboveTheSeatsAsWideAsTheHall()
    {
        const QRect bar = m_grid.screenBarRect();
        QVERIFY(bar.bottom() < m_grid.rect(0).top());
        QVERIFY(bar.left() <= m_grid.rect(0).left());
        QVERIFY(bar.right() >= m_grid.rect(7).right());
    }

    void aMapResetElsewhereNoLongerMatchesUntilRebuilt()
    {
        QList<SeatState> fewer = smallHall().mid(0, 4);
        m_map.reset(1, fewer);
        QVERIFY(!m_grid.matches(m_map));
        QCOMPARE(m_grid.indexAt(QPoint(view.width() / 2, view.height() / 2)), -1);
        m_grid.rebuild(&m_map);
        m_grid.layOut();
        QVERIFY(m_grid.matches(m_map));
        m_grid.rebuild(nullptr);
        QCOMPARE(m_grid.size(), 0);
        QCOMPARE(m_grid.indexAt(QPoint(10, 10)), -1);
    }

private:
    SeatMap m_map;
    SeatGrid m_grid;
};

QTEST_APPLESS_MAIN(TstSeatGrid)
#include "tst_seatgrid.moc"
