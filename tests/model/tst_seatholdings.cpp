// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/seats/seatholdings.h"

using namespace bo;

namespace {

using Step = SeatHoldings::Step;

QString stepName(Step step)
{
    switch (step) {
    case Step::InSync:
        return QStringLiteral("InSync");
    case Step::Hold:
        return QStringLiteral("Hold");
    case Step::ReleaseAll:
        return QStringLiteral("ReleaseAll");
    case Step::ReleaseExtra:
        return QStringLiteral("ReleaseExtra");
    }
    return QStringLiteral("?");
}

/// Holdings where `seats` are wished and granted (known deadlines).
SeatHoldings holding(const QList<int>& seats)
{
    SeatHoldings h;
    (void)h.setWish(QSet<int>(seats.cbegin(), seats.cend()));
    h.granted(seats);
    return h;
}

} // namespace

/// The seats of one sale as wished and as held, and the step that brings the two together.
class TstSeatHoldings final : public QObject
{
    Q_OBJECT

private slots:
    void aNewSaleIsInSync()
    {
        const SeatHoldings h;
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
        QVERIFY(h.wish().isEmpty());
        QVERIFY(h.held().isEmpty());
        QVERIFY(!h.hasStrays());
    }

    void aWishedSeatThatIsNotHeldIsHeld()
    {
        SeatHoldings h;
        QCOMPARE(h.setWish({3, 1}), (QList<int>{1, 3}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.granted({1});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.granted({3});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
        QCOMPARE(h.held(), (QList<int>{1, 3}));
        QVERIFY(h.isHeld(1));
        QVERIFY(!h.isHeld(2));
    }

    void nothingWishedReleasesEverything()
    {
        SeatHoldings h = holding({4, 5});
        (void)h.setWish({});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::ReleaseAll));
        h.lostAll();
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
        QVERIFY(h.held().isEmpty());
    }

    void aSeatNoLongerWishedIsReleasedAlone()
    {
        SeatHoldings h = holding({4, 5, 6});
        (void)h.setWish({5});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::ReleaseExtra));
        QCOMPARE(h.extra(), (QList<int>{4, 6}));
        h.lost(h.extra());
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
        QVERIFY(h.extra().isEmpty());
    }

    void aSeatToHoldComesBeforeASeatToRelease()
    {
        SeatHoldings h = holding({4, 5});
        (void)h.setWish({5, 6});
        // Holding the whole wish again also keeps the deadline of the wished held seats.
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.granted({5, 6});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::ReleaseExtra));
        QCOMPARE(h.extra(), QList<int>{4});
    }

    void aNewWishNamesTheSeatsThatEnteredOrLeftIt()
    {
        SeatHoldings h;
        QCOMPARE(h.setWish({1, 2, 3}), (QList<int>{1, 2, 3}));
        QCOMPARE(h.setWish({2, 3, 4}), (QList<int>{1, 4}));
        QCOMPARE(h.setWish({2, 3, 4}), QList<int>());
        QCOMPARE(h.setWish({}), (QList<int>{2, 3, 4}));
        QVERIFY(!h.isWished(2));
    }

    void allNamesTheWishAndTheHoldingsTogether()
    {
        SeatHoldings h = holding({8, 2});
        (void)h.setWish({2, 5});
        QCOMPARE(h.wish(), (QList<int>{2, 5}));
        QCOMPARE(h.held(), (QList<int>{2, 8}));
        QCOMPARE(h.all(), (QList<int>{2, 5, 8}));
        QCOMPARE(h.wishSet(), (QSet<int>{2, 5}));
        QCOMPARE(h.heldSet(), (QSet<int>{2, 8}));
    }

    void aSeatFoundByAReloadIsHeldAgainForItsDeadline()
    {
        SeatHoldings h = holding({1, 2});
        // The reload finds seat 3 held for the sale too (a hold whose answer was lost).
        h.reloaded({1, 2, 3}, true);
        QCOMPARE(h.held(), (QList<int>{1, 2, 3}));
        QVERIFY(!h.hasStrays());
        // Not wished, it is released like any extra seat.
        QCOMPARE(stepName(h.nextStep()), stepName(Step::ReleaseExtra));
        QCOMPARE(h.extra(), QList<int>{3});
        // Wished, its deadline is unknown: the whole wish is held again although all of it is held.
        (void)h.setWish({1, 2, 3});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.granted({1, 2, 3});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void aLostSeatIsHeldAgainWithAKnownDeadline()
    {
        SeatHoldings h = holding({1});
        h.reloaded({1, 2}, true);
        (void)h.setWish({1, 2});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.lost({2});
        QCOMPARE(h.held(), QList<int>{1});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
        h.granted({2});
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void aReloadWhileSelectingMakesRunOutSeatsStrays()
    {
        SeatHoldings h = holding({1, 2, 3});
        h.reloaded({1, 3}, true);
        QCOMPARE(h.held(), (QList<int>{1, 3}));
        QVERIFY(h.hasStrays());
        QCOMPARE(h.takeStrays(), QList<int>{2});
        QVERIFY(!h.hasStrays());
        QVERIFY(h.takeStrays().isEmpty());
        // Still wished, the seat that ran out is held again.
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
    }

    void aReloadWhilePayingMakesSeatsBeyondTheHoldingsStrays()
    {
        SeatHoldings h = holding({1, 2});
        h.reloaded({1, 2, 7, 9}, false);
        // The seats being paid for stay as they are.
        QCOMPARE(h.held(), (QList<int>{1, 2}));
        QCOMPARE(h.takeStrays(), (QList<int>{7, 9}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void aReloadWhilePayingThatMissesAPaidSeatKeepsTheHoldings()
    {
        SeatHoldings h = holding({1, 2});
        h.reloaded({1}, false);
        QCOMPARE(h.held(), (QList<int>{1, 2}));
        QVERIFY(!h.hasStrays());
    }

    void aFailedHoldFallsBackToWhatIsHeld()
    {
        SeatHoldings h = holding({1, 2});
        (void)h.setWish({1, 2, 4});
        h.fallBackToHeld({1, 2, 4});
        QCOMPARE(h.wish(), (QList<int>{1, 2}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void aFailedHoldDropsReloadedSeatsItDidNotAskFor()
    {
        SeatHoldings h = holding({1, 2});
        h.reloaded({1, 2, 3, 5}, true);
        (void)h.setWish({1, 2, 4});
        h.fallBackToHeld({1, 2, 4});
        QCOMPARE(h.wish(), (QList<int>{1, 2}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::ReleaseExtra));
        QCOMPARE(h.extra(), (QList<int>{3, 5}));

        // A reloaded seat the hold did ask for stays wished.
        (void)h.setWish({1, 2, 3, 4});
        h.fallBackToHeld({1, 2, 3, 4});
        QCOMPARE(h.wish(), (QList<int>{1, 2, 3}));
    }

    void aRefusedReleaseWishesWhatIsHeld()
    {
        SeatHoldings h = holding({1, 2});
        (void)h.setWish({});
        h.wishWhatIsHeld();
        QCOMPARE(h.wish(), (QList<int>{1, 2}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void losingEveryHoldKeepsTheWish()
    {
        SeatHoldings h = holding({1, 2});
        h.lostAll();
        QVERIFY(h.held().isEmpty());
        QCOMPARE(h.wish(), (QList<int>{1, 2}));
        QCOMPARE(stepName(h.nextStep()), stepName(Step::Hold));
    }

    void clearingForgetsEverything()
    {
        SeatHoldings h = holding({1, 2});
        h.reloaded({2, 3}, true);
        QVERIFY(h.hasStrays());
        h.clear();
        QVERIFY(h.wish().isEmpty());
        QVERIFY(h.held().isEmpty());
        QVERIFY(!h.hasStrays());
        QCOMPARE(stepName(h.nextStep()), stepName(Step::InSync));
    }

    void seatsAreSortedByNumber()
    {
        QCOMPARE(sortedSeats({30, 4, 12, 5}), (QList<int>{4, 5, 12, 30}));
        QCOMPARE(sortedSeats({}), QList<int>());
    }
};

QTEST_GUILESS_MAIN(TstSeatHoldings)
#include "tst_seatholdings.moc"
