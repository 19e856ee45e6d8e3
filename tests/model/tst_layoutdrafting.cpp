// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The layout editor's drafting rules (docs/DECISIONS.md, "Layout editor"): row names with and
// without I and O, seat numbers in the three orders, a block with its centre aisle that the
// layout rules accept, and moves that keep the formats' three decimals.
#include <QtTest>

#include "model/halls/halllayout.h"
#include "model/halls/layoutdrafting.h"

using namespace bo;

Q_DECLARE_METATYPE(bo::SeatNumbering)

namespace {

QString joined(const QList<int>& numbers)
{
    QStringList words;
    for (int n : numbers)
        words.append(QString::number(n));
    return words.join(u' ');
}

} // namespace

class TstLayoutDrafting final : public QObject
{
    Q_OBJECT

private slots:
    void rowsAreNamedInLetters_data()
    {
        QTest::addColumn<QString>("row");
        QTest::addColumn<bool>("skip");
        QTest::addColumn<QString>("next");
        QTest::newRow("A") << QStringLiteral("A") << false << QStringLiteral("B");
        QTest::newRow("H keeps I") << QStringLiteral("H") << false << QStringLiteral("I");
        QTest::newRow("H skips I") << QStringLiteral("H") << true << QStringLiteral("J");
        QTest::newRow("N skips O") << QStringLiteral("N") << true << QStringLiteral("P");
        QTest::newRow("Z carries") << QStringLiteral("Z") << false << QStringLiteral("AA");
        QTest::newRow("Z carries past AI") << QStringLiteral("AH") << true << QStringLiteral("AJ");
        QTest::newRow("AZ") << QStringLiteral("AZ") << false << QStringLiteral("BA");
        QTest::newRow("HZ skips the I rows") << QStringLiteral("HZ") << true << QStringLiteral("JA");
        QTest::newRow("ZZZ is the last") << QStringLiteral("ZZZ") << false << QString();
        QTest::newRow("lower case is no row") << QStringLiteral("a") << false << QString();
        QTest::newRow("empty is no row") << QString() << false << QString();
    }

    void rowsAreNamedInLetters()
    {
        QFETCH(QString, row);
        QFETCH(bool, skip);
        QFETCH(QString, next);
        QCOMPARE(LayoutDrafting::nextRow(row, skip), next);
    }

    void twelveRowsEndAtLOrMWithoutIAndO()
    {
        QCOMPARE(LayoutDrafting::rowNames(QStringLiteral("A"), 12, false).join(QString()),
                 QStringLiteral("ABCDEFGHIJKL"));
        QCOMPARE(LayoutDrafting::rowNames(QStringLiteral("A"), 12, true).join(QString()),
                 QStringLiteral("ABCDEFGHJKLM"));
        QCOMPARE(LayoutDrafting::rowNames(QStringLiteral("M"), 4, true).join(QString()),
                 QStringLiteral("MNPQ"));
    }

    void seatsAreNumberedInTheirOrder_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<SeatNumbering>("numbering");
        QTest::addColumn<int>("first");
        QTest::addColumn<QString>("numbers");
        QTest::newRow("left to right") << 5 << SeatNumbering::LeftToRight << 1 << QStringLiteral("1 2 3 4 5");
        QTest::newRow("from 11") << 3 << SeatNumbering::LeftToRight << 11 << QStringLiteral("11 12 13");
        QTest::newRow("right to left") << 5 << SeatNumbering::RightToLeft << 1 << QStringLiteral("5 4 3 2 1");
        QTest::newRow("odd and even, even count")
            << 10 << SeatNumbering::OddEvenSides << 1 << QStringLiteral("9 7 5 3 1 2 4 6 8 10");
        QTest::newRow("odd and even, odd count")
            << 5 << SeatNumbering::OddEvenSides << 1 << QStringLiteral("5 3 1 2 4");
        QTest::newRow("one seat") << 1 << SeatNumbering::OddEvenSides << 1 << QStringLiteral("1");
        QTest::newRow("none") << 0 << SeatNumbering::RightToLeft << 1 << QString();
    }

    void seatsAreNumberedInTheirOrder()
    {
        QFETCH(int, count);
        QFETCH(SeatNumbering, numbering);
        QFETCH(int, first);
        QFETCH(QString, numbers);
        QCOMPARE(joined(LayoutDrafting::seatNumbers(count, numbering, first)), numbers);
    }

    void aBlockWithACentreAisleIsAValidLayout()
    {
        SeatBlock block;
        block.rows = 12;
        block.seatsPerRow = 20;
        block.aisleAfter = 10;
        block.aisleWidth = 1.5;
        block.zone = QStringLiteral("stalls");
        HallLayout layout;
        layout.name = QStringLiteral("Hall 1");
        LayoutDrafting::addBlock(layout, block);

        QCOMPARE(layout.seats.size(), 240);
        QCOMPARE(layout.aisles.size(), 1);
        QCOMPARE(layout.zones.size(), 1);
        QCOMPARE(layout.seats.first().label(), QStringLiteral("A1"));
        QCOMPARE(layout.seats.last().label(), QStringLiteral("L20"));
        QCOMPARE(layout.seats.at(9).x, 9.0);
        QCOMPARE(layout.seats.at(10).x, 11.5); // the aisle between seats 10 and 11
        QCOMPARE(layout.seats.at(20).y, 1.2);
        const LayoutAisle& aisle = layout.aisles.first();
        QCOMPARE(aisle.x, 10.0);
        QCOMPARE(aisle.width, 1.5);
        QCOMPARE(aisle.height, 14.2);
        QCOMPARE(HallLayoutFormat::problems(layout).size(), 0);
    }

    void aBlockWithoutAisleHasNone()
    {
        SeatBlock block;
        block.seatsPerRow = 4;
        QCOMPARE(LayoutDrafting::aisle(block).width, 0.0);
        block.aisleAfter = 4; // after the last seat: no aisle inside the block
        QCOMPARE(LayoutDrafting::aisle(block).width, 0.0);
    }

    void aMovedSeatOverlapsAndMovesBack()
    {
        SeatBlock block;
        block.seatsPerRow = 3;
        HallLayout layout;
        LayoutDrafting::addBlock(layout, block);
        LayoutDrafting::moveSeats(layout, {2}, -0.5, 0);
        QCOMPARE(layout.seats.at(2).x, 1.5);
        QCOMPARE(HallLayoutFormat::problems(layout).size(), 1);
        LayoutDrafting::moveSeats(layout, {2}, 0.1 + 0.2 + 0.2, 0); // rounded: no 2.0000000001
        QCOMPARE(layout.seats.at(2).x, 2.0);
        QCOMPARE(HallLayoutFormat::problems(layout).size(), 0);
    }

    void kindsAndZonesOfASelection()
    {
        SeatBlock block;
        block.seatsPerRow = 4;
        HallLayout layout;
        LayoutDrafting::addBlock(layout, block);
        LayoutDrafting::setKind(layout, {1, 2}, SeatKind::Couple);
        LayoutDrafting::setZone(layout, {0, 3}, QStringLiteral("side"));
        QCOMPARE(layout.seats.at(1).kind, SeatKind::Couple);
        QCOMPARE(layout.seats.at(0).kind, SeatKind::Standard);
        QCOMPARE(layout.seats.at(3).zone, QStringLiteral("side"));
        QCOMPARE(layout.zones.size(), 1);
        LayoutDrafting::removeSeats(layout, {3, 0, 3});
        QCOMPARE(layout.seats.size(), 2);
        QCOMPARE(layout.seats.first().label(), QStringLiteral("A2"));
    }
};

QTEST_GUILESS_MAIN(TstLayoutDrafting)
#include "tst_layoutdrafting.moc"
