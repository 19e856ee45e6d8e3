// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>
#include <cmath>

#include "model/seats/seatmap.h"
#include "tests/support/testseats.h"

using namespace bo;
using bo::test::announced;
using bo::test::makeSeat;

namespace {

constexpr int showtime = 7;

QString rowName(int r)
{
    return QString(QChar(u'A' + r - 1));
}

/// Hall 1 of db/seed/demo_cinema.sql: 15 rows of 22 with two aisles and a cross aisle, wheelchair
/// and companion seats in row A, premium rows G-J, ten couple pairs in row P (350 seats).
QList<SeatState> hall1()
{
    QList<SeatState> seats;
    int id = 1;
    for (int r = 1; r <= 15; ++r) {
        for (int n = 1; n <= 22; ++n) {
            SeatKind kind = SeatKind::Standard;
            if (r == 1 && (n <= 2 || n >= 21))
                kind = SeatKind::Wheelchair;
            else if (r == 1 && (n == 3 || n == 4 || n == 19 || n == 20))
                kind = SeatKind::Companion;
            else if (r >= 7 && r <= 10 && n >= 5 && n <= 18)
                kind = SeatKind::Premium;
            const double x = (n - 1) + (n > 4 ? 1 : 0) + (n > 18 ? 1 : 0);
            const double y = (r - 1) * 1.2 + (r > 5 ? 1 : 0);
            seats.append(makeSeat(id++, rowName(r), n, x, y, kind));
        }
    }
    for (int n = 1; n <= 20; ++n)
        seats.append(makeSeat(id++, QStringLiteral("P"), n, 0.6 + (n - 1) + std::floor((n - 1) / 2.0) * 0.3,
                              15 * 1.2 + 1.4, SeatKind::Couple));
    return seats;
}

/// Hall 3's couple row: pairs 0.3 apart inside, 0.6 apart between pairs (float4 in the database).
QList<SeatState> hall3CoupleRow()
{
    QList<SeatState> seats;
    for (int n = 1; n <= 10; ++n) {
        const float x = 0.4f + static_cast<float>((n - 1) * 1.3 + std::floor((n - 1) / 2.0) * 0.3);
        seats.append(makeSeat(n, QStringLiteral("F"), n, x, 8.0, SeatKind::Couple));
    }
    return seats;
}

/// One row: numbers 1..count, an aisle (a one-unit gap) after each number in `aislesAfter`.
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

int idOf(const SeatMap& map, const QString& label)
{
    for (const SeatState& s : map.seats()) {
        if (s.label == label)
            return s.seatId;
    }
    return 0;
}

QStringList labels(const SeatMap& map, const QList<int>& ids)
{
    QStringList result;
    for (int id : ids)
        result.append(map.seat(id) ? map.seat(id)->label : QStringLiteral("?"));
    return result;
}

void setStatusOf(SeatMap& map, const QStringList& seatLabels, SeatStatus status)
{
    QList<int> ids;
    for (const QString& l : seatLabels)
        ids.append(idOf(map, l));
    (void)map.setStatus(ids, status);
}

} // namespace

class TstSeatMap final : public QObject
{
    Q_OBJECT

private slots:
    void resetIndexesSeatsRowsAndBounds()
    {
        SeatMap map;
        QVERIFY(map.isEmpty());
        QVERIFY(map.bounds().isNull());
        map.reset(showtime, hall1());
        QCOMPARE(map.showtimeId(), showtime);
        QCOMPARE(map.size(), 350);
        QCOMPARE(map.seat(idOf(map, QStringLiteral("K12")))->number, 12);
        QVERIFY(map.seat(9999) == nullptr);
        QCOMPARE(map.indexOf(9999), qsizetype(-1));
        QVERIFY(map.contains(1));

        QCOMPARE(map.rows().size(), 16);
        QCOMPARE(map.rows().constFirst().label, QStringLiteral("A"));
        QCOMPARE(map.rows().constLast().label, QStringLiteral("P"));
        QCOMPARE(map.rows().constLast().seatIds.size(), 20);
        for (qsizetype i = 1; i < map.rows().size(); ++i)
            QVERIFY(map.rows().at(i).y > map.rows().at(i - 1).y);
        QCOMPARE(map.rows().at(5).y, 7.0); // row F, behind the cross aisle

        QCOMPARE(map.bounds().left(), 0.0);
        QCOMPARE(map.bounds().top(), 0.0);
        QCOMPARE(map.bounds().right(), 24.0);
        QCOMPARE(map.bounds().bottom(), 19.4 + SeatMap::seatDepth);
    }

    void rowSeatsAreInNumberOrder()
    {
        QList<SeatState> seats = oneRow(6);
        std::reverse(seats.begin(), seats.end());
        SeatMap map;
        map.reset(showtime, seats);
        QCOMPARE(map.rows().size(), 1);
        QCOMPARE(map.rows().constFirst().seatIds, (QList<int>{1, 2, 3, 4, 5, 6}));
        QCOMPARE(map.rows().constFirst().left, 0.0);
        QCOMPARE(map.rows().constFirst().right, 6.0);
    }

    void applyChangesUpdatesStatusesAndReportsOnlyRealChanges()
    {
        SeatMap map;
        map.reset(showtime, oneRow(5));
        const QList<int> changed = map.applyChanges(announced(QStringLiteral("7|H1,R2,F3,B4")));
        QCOMPARE(changed, (QList<int>{1, 2, 4}));
        QCOMPARE(map.seat(1)->status, SeatStatus::Held);
        QCOMPARE(map.seat(2)->status, SeatStatus::Reserved);
        QCOMPARE(map.seat(3)->status, SeatStatus::Free);
        QCOMPARE(map.seat(4)->status, SeatStatus::Blocked);
        QCOMPARE(map.count(SeatStatus::Free), 2);

        // Held again (another hold or an extension): nothing to repaint.
        QCOMPARE(map.applyChanges(announced(QStringLiteral("7|H1"))), QList<int>());
        QCOMPARE(map.applyChanges(announced(QStringLiteral("7|F1"))), QList<int>{1});
    }

    void applyChangesClearsStaleHoldDetails()
    {
        QList<SeatState> seats = oneRow(2);
        seats[0].status = SeatStatus::Held;
        seats[0].heldBy = QUuid::createUuid();
        seats[0].heldUntil = QDateTime::currentDateTimeUtc();
        SeatMap map;
        map.reset(showtime, seats);
        QCOMPARE(map.applyChanges(announced(QStringLiteral("7|R1"))), QList<int>{1});
        QVERIFY(map.seat(1)->heldBy.isNull());
        QVERIFY(!map.seat(1)->heldUntil.isValid());
    }

    void applyChangesIgnoresOtherShowtimesAndMalformedInput_data()
    {
        QTest::addColumn<QString>("payload");
        QTest::addColumn<QList<int>>("changed");
        QTest::newRow("other showtime") << QStringLiteral("8|H1,H2") << QList<int>();
        QTest::newRow("showtime prefix only") << QStringLiteral("77|H1") << QList<int>();
        QTest::newRow("empty") << QString() << QList<int>();
        QTest::newRow("no bar") << QStringLiteral("7H1") << QList<int>();
        QTest::newRow("bad showtime") << QStringLiteral("x|H1") << QList<int>();
        QTest::newRow("no seats") << QStringLiteral("7|") << QList<int>();
        QTest::newRow("unknown code skipped") << QStringLiteral("7|X1,H2") << QList<int>{2};
        QTest::newRow("missing id skipped") << QStringLiteral("7|H,R3") << QList<int>{3};
        QTest::newRow("bad id skipped") << QStringLiteral("7|Hx,R3") << QList<int>{3};
        QTest::newRow("unknown seat skipped") << QStringLiteral("7|H999,R3") << QList<int>{3};
        QTest::newRow("lower case skipped") << QStringLiteral("7|h1") << QList<int>();
        QTest::newRow("duplicate reported once") << QStringLiteral("7|H1,R1") << QList<int>{1};
        QTest::newRow("back and forth reported") << QStringLiteral("7|H1,F1") << QList<int>{1};
    }
    void applyChangesIgnoresOtherShowtimesAndMalformedInput()
    {
        QFETCH(QString, payload);
        QFETCH(QList<int>, changed);
        SeatMap map;
        map.reset(showtime, oneRow(3));
        QCOMPARE(map.applyChanges(announced(payload)), changed);
    }

    void applyChangesOnAnEmptyMapDoesNothing()
    {
        SeatMap map;
        QCOMPARE(map.applyChanges(announced(QStringLiteral("0|H1"))), QList<int>());
    }

    void mineShowsOnlyWhileHeld()
    {
        SeatMap map;
        map.reset(showtime, oneRow(4));
        QCOMPARE(map.setMine({1, 2}), (QList<int>{1, 2}));
        QVERIFY(!map.isMine(1)); // not held yet
        QCOMPARE(map.setStatus({1, 2}, SeatStatus::Held), (QList<int>{1, 2}));
        QVERIFY(map.isMine(1));
        QVERIFY(map.isMine(2));
        QVERIFY(!map.isMine(3));
        QCOMPARE(map.setMine({2, 3}), (QList<int>{1, 3}));
        QCOMPARE(map.mine(), (QSet<int>{2, 3}));
        QCOMPARE(map.setMine({2, 3}), QList<int>());
        // Sold: no longer a hold of ours.
        QCOMPARE(map.applyChanges(announced(QStringLiteral("7|R2"))), QList<int>{2});
        QVERIFY(!map.isMine(2));
    }

    void resetKeepsMineOnlyForTheSameShowtime()
    {
        SeatMap map;
        map.reset(showtime, oneRow(4));
        (void)map.setMine({1});
        map.reset(showtime, oneRow(4));
        QCOMPARE(map.mine(), QSet<int>{1});
        map.reset(showtime + 1, oneRow(4));
        QVERIFY(map.mine().isEmpty());
        (void)map.setMine({2});
        map.clear();
        QVERIFY(map.mine().isEmpty());
        QVERIFY(map.isEmpty());
        QCOMPARE(map.showtimeId(), 0);
    }

    void adjacencyFollowsNumbersAndAisles_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("adjacent");
        QTest::newRow("side by side") << QStringLiteral("K5") << QStringLiteral("K6") << true;
        QTest::newRow("either order") << QStringLiteral("K6") << QStringLiteral("K5") << true;
        QTest::newRow("across an aisle") << QStringLiteral("K4") << QStringLiteral("K5") << false;
        QTest::newRow("across the other aisle") << QStringLiteral("K18") << QStringLiteral("K19") << false;
        QTest::newRow("not consecutive") << QStringLiteral("K5") << QStringLiteral("K7") << false;
        QTest::newRow("different rows") << QStringLiteral("K5") << QStringLiteral("L5") << false;
        QTest::newRow("couple pair") << QStringLiteral("P1") << QStringLiteral("P2") << true;
        QTest::newRow("couple pairs 0.3 apart") << QStringLiteral("P2") << QStringLiteral("P3") << true;
    }
    void adjacencyFollowsNumbersAndAisles()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, adjacent);
        SeatMap map;
        map.reset(showtime, hall1());
        QCOMPARE(map.adjacent(idOf(map, a), idOf(map, b)), adjacent);
    }

    void gapOfSixTenthsAsFloatIsStillAdjacent()
    {
        SeatMap map;
        map.reset(showtime, hall3CoupleRow());
        QVERIFY(map.adjacent(2, 3)); // 0.6 apart, stored as float4
        QCOMPARE(map.partnerOf(1), 2);
        QCOMPARE(map.partnerOf(4), 3);
        QCOMPARE(map.partnerOf(10), 9);
    }

    void couplePartnersPairUpLeftToRight()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        QCOMPARE(map.partnerOf(idOf(map, QStringLiteral("P1"))), idOf(map, QStringLiteral("P2")));
        QCOMPARE(map.partnerOf(idOf(map, QStringLiteral("P2"))), idOf(map, QStringLiteral("P1")));
        QCOMPARE(map.partnerOf(idOf(map, QStringLiteral("P19"))), idOf(map, QStringLiteral("P20")));
        QCOMPARE(map.partnerOf(idOf(map, QStringLiteral("K5"))), 0);
    }

    void bestAvailableIsTwoThirdsBackInTheMiddle()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        QCOMPARE(labels(map, map.bestAvailable(2)),
                 (QStringList{QStringLiteral("K11"), QStringLiteral("K12")}));
        QCOMPARE(labels(map, map.bestAvailable(1)).constFirst().left(1), QStringLiteral("K"));
        const QStringList four = labels(map, map.bestAvailable(4));
        QCOMPARE(four.size(), 4);
        QVERIFY(four.constFirst().startsWith(u'K'));
    }

    void bestAvailableMovesAwayFromTakenSeats()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        setStatusOf(map, {QStringLiteral("K10"), QStringLiteral("K11"), QStringLiteral("K12")},
                    SeatStatus::Reserved);
        const QList<int> best = map.bestAvailable(2);
        QCOMPARE(best.size(), 2);
        QVERIFY(map.adjacent(best.at(0), best.at(1)));
        for (int id : best)
            QCOMPARE(map.seat(id)->status, SeatStatus::Free);
    }

    void bestAvailableNeverCrossesAnAisle()
    {
        SeatMap map;
        map.reset(showtime, oneRow(6, {3}));
        QVERIFY(map.bestAvailable(4).isEmpty());
        const QList<int> three = map.bestAvailable(3);
        QVERIFY(three == (QList<int>{1, 2, 3}) || three == (QList<int>{4, 5, 6}));
    }

    void bestAvailableAvoidsOrphanSeats()
    {
        // 1..5: taking 2-3 or 3-4 would strand a single seat; 1-2 or 4-5 does not.
        SeatMap map;
        map.reset(showtime, oneRow(5));
        const QList<int> best = map.bestAvailable(2);
        QVERIFY2(best == (QList<int>{1, 2}) || best == (QList<int>{4, 5}),
                 qPrintable(labels(map, best).join(u' ')));
    }

    void bestAvailableUsesAccessibleSpacesOnlyWhenNothingElseFits()
    {
        SeatMap map;
        map.reset(showtime, oneRow(5, {2}, {SeatKind::Wheelchair, SeatKind::Companion}));
        QCOMPARE(map.bestAvailable(2), (QList<int>{3, 4}));
        QCOMPARE(map.bestAvailable(3), (QList<int>{3, 4, 5}));
        (void)map.setStatus({4}, SeatStatus::Reserved);
        QCOMPARE(map.bestAvailable(2), (QList<int>{1, 2}));
        QCOMPARE(map.bestAvailable(1), QList<int>{3});
    }

    void bestAvailableNeverSplitsACouplePair()
    {
        SeatMap map;
        map.reset(showtime, hall3CoupleRow());
        QVERIFY(map.bestAvailable(1).isEmpty());
        QVERIFY(map.bestAvailable(3).isEmpty());
        const QList<int> two = map.bestAvailable(2);
        QCOMPARE(two.size(), 2);
        QCOMPARE(map.partnerOf(two.at(0)), two.at(1));
        QCOMPARE(map.bestAvailable(4).size(), 4);
        QCOMPARE(map.partnerOf(map.bestAvailable(4).at(0)), map.bestAvailable(4).at(1));

        // A pair with one seat gone cannot be sold as a single seat.
        (void)map.setStatus({5}, SeatStatus::Held);
        const QList<int> best = map.bestAvailable(2);
        QCOMPARE(best.size(), 2);
        QVERIFY(!best.contains(6));
    }

    void bestAvailableMixesStandardAndCoupleOnlyWithWholePairs()
    {
        // 1, 2 standard; 3-4 a couple pair; 5 standard.
        SeatMap map;
        map.reset(
            showtime,
            oneRow(5, {}, {SeatKind::Standard, SeatKind::Standard, SeatKind::Couple, SeatKind::Couple}));
        (void)map.setStatus({1, 5}, SeatStatus::Reserved);
        QCOMPARE(map.bestAvailable(2), (QList<int>{3, 4}));
        QCOMPARE(map.bestAvailable(3), (QList<int>{2, 3, 4}));
        QVERIFY(map.bestAvailable(4).isEmpty());
    }

    void bestAvailableCountsSeatsThisSaleHolds()
    {
        SeatMap map;
        map.reset(showtime, oneRow(3));
        (void)map.setStatus({1, 2}, SeatStatus::Held);
        QCOMPARE(map.bestAvailable(2), QList<int>());
        (void)map.setMine({1, 2});
        QCOMPARE(map.bestAvailable(3), (QList<int>{1, 2, 3}));
    }

    void bestAvailableIsEmptyWhenImpossible_data()
    {
        QTest::addColumn<int>("count");
        QTest::newRow("zero") << 0;
        QTest::newRow("negative") << -2;
        QTest::newRow("longer than any row") << 23;
    }
    void bestAvailableIsEmptyWhenImpossible()
    {
        QFETCH(int, count);
        SeatMap map;
        map.reset(showtime, hall1());
        QVERIFY(map.bestAvailable(count).isEmpty());
    }

    void bestAvailableOnAFullHouseIsEmpty()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        QList<int> all;
        for (const SeatState& s : map.seats())
            all.append(s.seatId);
        QCOMPARE(map.setStatus(all, SeatStatus::Reserved).size(), 350);
        QVERIFY(map.bestAvailable(1).isEmpty());
        QVERIFY(map.nearestBlock(1, {1}).isEmpty());
        QVERIFY(SeatMap().bestAvailable(1).isEmpty());
    }

    void nearestBlockPrefersTheSameRow()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        // B16 was just taken; the clerk wanted one seat there.
        setStatusOf(map, {QStringLiteral("B16")}, SeatStatus::Reserved);
        const int b16 = idOf(map, QStringLiteral("B16"));
        const QStringList one = labels(map, map.nearestBlock(1, {b16}));
        QVERIFY2(one == QStringList{QStringLiteral("B15")} || one == QStringList{QStringLiteral("B17")},
                 qPrintable(one.join(u' ')));
        QCOMPARE(labels(map, map.nearestBlock(2, {b16})),
                 (QStringList{QStringLiteral("B14"), QStringLiteral("B15")}));
    }

    void nearestBlockStaysCloseToTheChosenSeats()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        setStatusOf(map, {QStringLiteral("K11"), QStringLiteral("K12")}, SeatStatus::Reserved);
        const QList<int> around{idOf(map, QStringLiteral("K11")), idOf(map, QStringLiteral("K12"))};
        // K9-K10 and K13-K14 are two units away; J11-J12 one row (weighted 1.8) in front.
        QCOMPARE(labels(map, map.nearestBlock(2, around)),
                 (QStringList{QStringLiteral("J11"), QStringLiteral("J12")}));

        // Far from the best area, the suggestion stays near the chosen seats.
        setStatusOf(map, {QStringLiteral("C21"), QStringLiteral("C22")}, SeatStatus::Reserved);
        const QList<int> corner{idOf(map, QStringLiteral("C21")), idOf(map, QStringLiteral("C22"))};
        const QStringList near = labels(map, map.nearestBlock(2, corner));
        QVERIFY2(near == (QStringList{QStringLiteral("B21"), QStringLiteral("B22")}) ||
                     near == (QStringList{QStringLiteral("D21"), QStringLiteral("D22")}),
                 qPrintable(near.join(u' ')));
    }

    void nearestBlockReusesSeatsThisSaleHolds()
    {
        SeatMap map;
        map.reset(showtime, oneRow(8));
        // This sale holds 4 and 5; 6 was just taken by someone else.
        (void)map.setStatus({4, 5, 6}, SeatStatus::Held);
        (void)map.setMine({4, 5});
        QCOMPARE(map.nearestBlock(3, {4, 5, 6}), (QList<int>{3, 4, 5}));
    }

    void nearestBlockWithoutKnownSeatsIsBestAvailable()
    {
        SeatMap map;
        map.reset(showtime, hall1());
        QCOMPARE(map.nearestBlock(2, {}), map.bestAvailable(2));
        QCOMPARE(map.nearestBlock(2, {123456}), map.bestAvailable(2));
    }

    void tenThousandSeatsStayFast()
    {
        QList<SeatState> seats;
        int id = 1;
        for (int r = 0; r < 100; ++r) {
            for (int n = 1; n <= 100; ++n)
                seats.append(makeSeat(id++, QStringLiteral("R%1").arg(r), n,
                                      (n - 1) + std::floor((n - 1) / 25.0), r * 1.2));
        }
        SeatMap map;
        QElapsedTimer timer;
        timer.start();
        map.reset(showtime, seats);
        const qint64 resetMs = timer.restart();
        const QList<int> best = map.bestAvailable(6);
        const qint64 bestMs = timer.restart();
        QCOMPARE(best.size(), 6);
        QCOMPARE(map.seat(best.at(0))->row, QStringLiteral("R66"));
        QString payload = QStringLiteral("7|");
        for (int i = 1; i <= 400; ++i)
            payload += QStringLiteral("R%1,").arg(i * 20);
        payload.chop(1);
        QCOMPARE(map.applyChanges(announced(payload)).size(), 400);
        qInfo("10,000 seats: reset %lld ms, bestAvailable(6) %lld ms, 400-seat payload %lld ms", resetMs,
              bestMs, timer.elapsed());
    }
};

QTEST_GUILESS_MAIN(TstSeatMap)
#include "tst_seatmap.moc"
