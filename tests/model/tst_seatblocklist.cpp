// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QAbstractItemModelTester>
#include <QtTest>

#include "model/sale/salerules.h"
#include "model/sale/seatblocklist.h"
#include "model/sale/seatchoice.h"
#include "model/seats/seatholdings.h"
#include "model/seats/seatmap.h"
#include "tests/support/testseats.h"

using namespace bo;
using bo::test::makeSeat;

namespace {

/// Row A: numbers 1..count, an aisle after each number in `aislesAfter`.
QList<SeatState> oneRow(int count, const QList<int>& aislesAfter = {}, const QList<SeatKind>& kinds = {})
{
    QList<SeatState> seats;
    double x = 0;
    for (int n = 1; n <= count; ++n) {
        const SeatKind kind = n <= kinds.size() ? kinds.at(n - 1) : SeatKind::Standard;
        seats.append(makeSeat(n, QStringLiteral("A"), n, x, 0, kind));
        x += 1 + (aislesAfter.contains(n) ? 1 : 0);
    }
    return seats;
}

/// Rows A-F of 12 with an aisle after 2 and 10; row A starts with a wheelchair space and its
/// companion seat at each end.
QList<SeatState> smallHall()
{
    QList<SeatState> seats;
    int id = 1;
    for (int r = 0; r < 6; ++r) {
        double x = 0;
        for (int n = 1; n <= 12; ++n) {
            SeatKind kind = SeatKind::Standard;
            if (r == 0 && (n == 1 || n == 12))
                kind = SeatKind::Wheelchair;
            else if (r == 0 && (n == 2 || n == 11))
                kind = SeatKind::Companion;
            seats.append(makeSeat(id++, QString(QChar(u'A' + r)), n, x, r * 1.2, kind));
            x += 1 + (n == 2 || n == 10 ? 1 : 0);
        }
    }
    return seats;
}

qint64 perSeat15000(const QList<int>& ids)
{
    return 15000 * ids.size();
}

} // namespace

class TestSeatBlockList final : public QObject
{
    Q_OBJECT

private slots:
    void firstBlockIsTheBestAvailable()
    {
        SeatMap map;
        map.reset(1, smallHall());
        for (int count = 1; count <= 4; ++count) {
            const QList<QList<int>> ranked = map.rankedBlocks(count);
            QVERIFY(!ranked.isEmpty());
            QCOMPARE(ranked.first(), map.bestAvailable(count));
        }
    }

    void accessibleSpacesComeLastUnlessAsked()
    {
        SeatMap map;
        map.reset(1, smallHall());
        const QList<QList<int>> usual = map.rankedBlocks(2);
        auto hasAccessible = [&map](const QList<int>& ids) {
            return std::any_of(ids.cbegin(), ids.cend(), [&map](int id) {
                const SeatKind k = map.seat(id)->kind;
                return k == SeatKind::Wheelchair || k == SeatKind::Companion;
            });
        };
        // Once a block with an accessible space appears, no ordinary block follows.
        const auto firstAccessible = std::find_if(usual.cbegin(), usual.cend(), hasAccessible);
        QVERIFY(firstAccessible != usual.cend());
        QVERIFY(std::all_of(firstAccessible, usual.cend(), hasAccessible));

        const QList<QList<int>> asked = map.rankedBlocks(2, true);
        QCOMPARE(asked.size(), usual.size());
        // Wheelchair space + companion seat first: A1-A2 and A11-A12.
        QCOMPARE(map.seat(asked.at(0).first())->row, QStringLiteral("A"));
        QCOMPARE(QSet<int>(asked.at(0).cbegin(), asked.at(0).cend()).size(), 2);
        for (int i : {0, 1}) {
            QList<SeatKind> kinds;
            for (int id : asked.at(i))
                kinds << map.seat(id)->kind;
            QVERIFY2(kinds.contains(SeatKind::Wheelchair) && kinds.contains(SeatKind::Companion),
                     qPrintable(QString::number(i)));
        }
    }

    void takenSeatsAreNotOffered()
    {
        SeatMap map;
        map.reset(1, oneRow(4));
        map.setStatus({2}, SeatStatus::Held);
        QCOMPARE(map.rankedBlocks(2), (QList<QList<int>>{{3, 4}}));
        QVERIFY(map.rankedBlocks(3).isEmpty());
    }

    void listDescribesEachBlock_data()
    {
        QTest::addColumn<QLocale>("locale");
        QTest::addColumn<QString>("spoken");
        QTest::addColumn<QString>("shown");
        QTest::newRow("English") << QLocale(QLocale::English, QLocale::UnitedStates)
                                 << QStringLiteral("Row A, seats 1 to 2, free, aisle, 30,000 won")
                                 << QStringLiteral("Row A · 1–2 · aisle · ₩30,000");
        // Without a Korean translator the words stay English; the money reads the Korean way.
        QTest::newRow("Korean") << QLocale(QLocale::Korean, QLocale::SouthKorea)
                                << QStringLiteral("Row A, seats 1 to 2, free, aisle, 30,000원")
                                << QStringLiteral("Row A · 1–2 · aisle · ₩30,000");
    }

    void listDescribesEachBlock()
    {
        QFETCH(QLocale, locale);
        QFETCH(QString, spoken);
        QFETCH(QString, shown);
        SeatMap map;
        map.reset(1, oneRow(5, {2}));
        SeatHoldings sale;
        SaleRules rules;
        SeatChoice choice(map, sale, rules);
        SeatBlockList list;
        QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.setLocale(locale);
        list.setPricing(perSeat15000, QStringLiteral("KRW"));
        list.rebuild(map, choice, 2);
        // 1-2 (aisle on both sides), 3-4 (aisle at 3), 4-5 (row end at 5).
        QCOMPARE(list.rowCount(), 3);
        const int at = list.indexOf({2, 1});
        QVERIFY(at >= 0);
        const QModelIndex i = list.index(at);
        QCOMPARE(i.data(SeatBlockList::SpokenRole).toString(), spoken);
        QCOMPARE(i.data(Qt::AccessibleTextRole).toString(), spoken);
        QCOMPARE(i.data(Qt::DisplayRole).toString(), shown);
        QCOMPARE(i.data(SeatBlockList::PriceRole).toLongLong(), 30000);
        QCOMPARE(i.data(SeatBlockList::SeatIdsRole).value<QList<int>>(), (QList<int>{1, 2}));
    }

    void middleBlockIsNotAtAnAisle()
    {
        SeatMap map;
        map.reset(1, oneRow(6));
        SeatHoldings sale;
        SaleRules rules;
        SeatBlockList list;
        list.rebuild(map, SeatChoice(map, sale, rules), 2);
        const int at = list.indexOf({3, 4});
        QVERIFY(at >= 0);
        QVERIFY(!list.blocks().at(at).aisle);
        QVERIFY(list.blocks().at(list.indexOf({1, 2})).aisle);
        QCOMPARE(list.blocks().first().seatIds, (QList<int>{3, 4})); // the centre is best
    }

    void kindsAreNamed()
    {
        SeatMap map;
        map.reset(1, oneRow(3, {}, {SeatKind::Wheelchair, SeatKind::Companion}));
        SeatHoldings sale;
        SaleRules rules;
        SeatBlockList list;
        list.setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
        list.setPricing(perSeat15000, QStringLiteral("KRW"));
        list.rebuild(map, SeatChoice(map, sale, rules), 2, true);
        QCOMPARE(list.blocks().first().seatIds, (QList<int>{1, 2}));
        QCOMPARE(
            list.spoken(list.blocks().first()),
            QStringLiteral("Row A, seats 1 to 2, free, wheelchair space, companion seat, aisle, 30,000 won"));
    }

    void impossibleCountLeavesTheListEmpty()
    {
        SeatMap map;
        map.reset(1, oneRow(20));
        SeatHoldings sale;
        SaleRules rules(SaleSettings{.maxSeatsPerSale = 4});
        SeatBlockList list;
        QAbstractItemModelTester tester(&list, QAbstractItemModelTester::FailureReportingMode::QtTest);
        list.rebuild(map, SeatChoice(map, sale, rules), 3);
        QVERIFY(list.rowCount() > 0);
        list.rebuild(map, SeatChoice(map, sale, rules), 5);
        QCOMPARE(list.rowCount(), 0);
        list.rebuild(map, SeatChoice(map, sale, rules), 0);
        QCOMPARE(list.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestSeatBlockList)
#include "tst_seatblocklist.moc"
