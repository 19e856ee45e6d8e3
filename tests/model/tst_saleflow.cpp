// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow against the in-memory seat database, one scenario at a time; the seeded random
// sequences over every interleaving are in tst_saleflowsequences.cpp.
#include <QtTest>

#include <spdlog/spdlog.h>

#include "model/sale/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/saleflowrig.h"

using namespace bo;
using namespace bo::test;

class TstSaleFlow final : public QObject
{
    Q_OBJECT

private:
    using Rig = SaleFlowRig;

    static void open(Rig& rig)
    {
        rig.flow.openShowtime(Rig::showtimeId);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.state(), SaleFlow::State::Selecting);
    }

private slots:
    void initTestCase()
    {
        // Only errors: the sales' log lines would drown the report.
        spdlog::set_level(spdlog::level::err);
    }

    void aGrantedHoldStartsTheCountdownFromTheDatabaseDeadline()
    {
        Rig rig;
        CHECKED(open(rig));
        QSignalSpy ticks(&rig.flow, &SaleFlow::countdownTick);
        rig.flow.toggleSeat(1);
        QVERIFY(rig.flow.isBusy());
        rig.clock.advance(400); // the answer takes a while: the countdown counts from the send
        QVERIFY(rig.seats.settle());
        QVERIFY(!rig.flow.isBusy());
        QCOMPARE(rig.flow.heldSeats(), QList<int>{1});
        QCOMPARE(rig.flow.remainingMs(), 300000 - 400);
        QVERIFY(!ticks.isEmpty());
        QVERIFY(rig.flow.seatMap().isMine(1));
    }

    void aSeatTakenByAnotherTillConflictsNamesItAndSuggestsTheNearestFreeSeat()
    {
        Rig rig;
        CHECKED(open(rig));
        QVERIFY(rig.seats.holdForAnother({5}, 300)); // not heard yet: the map still shows it free
        QSignalSpy taken(&rig.flow, &SaleFlow::seatsTaken);
        rig.flow.toggleSeat(5);
        QVERIFY(rig.seats.settle());
        QCOMPARE(taken.count(), 1);
        QCOMPARE(taken.at(0).at(0).value<QList<int>>(), QList<int>{5});
        const QList<int> suggestion = taken.at(0).at(1).value<QList<int>>();
        QCOMPARE(suggestion.size(), 1);
        QVERIFY(suggestion.at(0) == 4 || suggestion.at(0) == 6);
        QCOMPARE(rig.flow.selection(), QList<int>{});
        QCOMPARE(rig.flow.seatMap().seat(5)->status, SeatStatus::Held);
        QVERIFY(!rig.flow.seatMap().isMine(5));
    }

    /// "Unavailable" is not "held": no announcement corrects a seat whose state did not change,
    /// so a wrong guess would stay on the map (docs/DECISIONS.md, "A refused seat is shown by its
    /// reason"). Each refused seat shows what the database said of it (held by another sale, sold,
    /// blocked); a seat locked at that instant is not guessed at but re-read, and the re-read shows
    /// what became of it.
    void aRefusedHoldShowsEachSeatByItsReasonAndReReadsTheLockedOne()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(1);
        QVERIFY(rig.seats.settle());
        // Not heard yet: the map still shows 5..8 free.
        QVERIFY(rig.seats.holdForAnother({5}, 300));
        rig.seats.setForAnother({6}, SeatStatus::Reserved);
        rig.seats.setForAnother({7}, SeatStatus::Blocked);
        rig.seats.lockRows({8}); // another sale's confirm is writing it
        QSignalSpy taken(&rig.flow, &SaleFlow::seatsTaken);
        rig.flow.replaceSelection({5, 6, 7, 8});
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("hold"));
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(taken.count(), 1);
        QCOMPARE(taken.at(0).at(0).value<QList<int>>(), QList<int>({5, 6, 7, 8}));
        const SeatMap& map = rig.flow.seatMap();
        QCOMPARE(map.seat(5)->status, SeatStatus::Held);
        QCOMPARE(map.seat(6)->status, SeatStatus::Reserved);
        QCOMPARE(map.seat(7)->status, SeatStatus::Blocked);
        QCOMPARE(map.seat(8)->status, SeatStatus::Free); // not known: not guessed
        QCOMPARE(rig.flow.selection(), QList<int>{1});
        // The seat no reason explained is read again.
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("load"));
        // Meanwhile the other sale committed; its announcement is lost to this terminal.
        rig.seats.unlockRows();
        rig.seats.setForAnother({8}, SeatStatus::Reserved);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(map.seat(8)->status, SeatStatus::Reserved);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.heldSeats(), QList<int>{1});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{1});
    }

    /// A seat of the sale's own that another transaction (the sweep) had locked when the sale
    /// asked for more is not shown as another sale's: it stays the sale's until the re-read says
    /// otherwise, and the re-read finds it still held.
    void aLockedSeatOfTheSaleStaysItsOwnUntilTheReReadSays()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.settle());
        rig.seats.lockRows({3});
        rig.flow.toggleSeat(4);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        const SeatMap& map = rig.flow.seatMap();
        QVERIFY(map.isMine(3));
        QCOMPARE(rig.flow.heldSeats(), QList<int>{3});
        QCOMPARE(rig.flow.selection(), QList<int>{3});
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("load"));
        rig.seats.unlockRows();
        QVERIFY(rig.seats.settle());
        QVERIFY(map.isMine(3));
        QCOMPARE(rig.flow.heldSeats(), QList<int>{3});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{3});
        QCOMPARE(map.seat(4)->status, SeatStatus::Free);
    }

    /// A seat of the sale's own that another sale holds now (the sale's hold ran out, was swept
    /// and taken) is another's: no longer the sale's, shown held by another.
    void anOwnSeatHeldByAnotherSaleNowIsLost()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.settle());
        rig.clock.advance(301000);
        QVERIFY(rig.seats.sweep() == 1);
        QVERIFY(rig.seats.holdForAnother({3}, 300));
        rig.flow.toggleSeat(4);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        const SeatMap& map = rig.flow.seatMap();
        QVERIFY(!map.isMine(3));
        QCOMPARE(map.seat(3)->status, SeatStatus::Held);
        QCOMPARE(rig.flow.heldSeats(), QList<int>{});
        QCOMPARE(rig.flow.selection(), QList<int>{});
    }

    /// BO410: the sale's time is up on the server (its deadline passed, whatever the terminal's
    /// countdown says). A hold or the payment step refused so ends the sale, like a countdown that
    /// ran out: its seats are released and the clerk is told.
    void aHoldRefusedBecauseTheSaleTimeIsUpEndsTheSale_data()
    {
        QTest::addColumn<bool>("payment");
        QTest::newRow("hold") << false;
        QTest::newRow("begin payment") << true;
    }

    /// A till's sale on a showtime that sells through its queue: the first hold is refused as not
    /// admitted, the sale joins as a till and holds again, once; a kiosk's sale waits its turn.
    void aTillsSaleRefusedAsNotAdmittedJoinsTheQueueAsATillAndHoldsAgain()
    {
        QFETCH(bool, till);
        Rig rig;
        rig.seats.setQueued(true);
        rig.flow.setJoinsQueueAsTill(till);
        CHECKED(open(rig));
        QSignalSpy problems(&rig.flow, &SaleFlow::problem);
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.requestsMade(QStringLiteral("join-queue")), till ? 1 : 0);
        QCOMPARE(rig.seats.joinedAsTill(rig.flow.holdToken()), till);
        QCOMPARE(rig.flow.heldSeats(), till ? QList<int>{3} : QList<int>{});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), till ? QSet<int>{3} : QSet<int>{});
        QCOMPARE(problems.count(), till ? 0 : 1);
        QCOMPARE(rig.seats.requestsMade(QStringLiteral("hold")), till ? 2 : 1);
    }

    void aTillsSaleRefusedAsNotAdmittedJoinsTheQueueAsATillAndHoldsAgain_data()
    {
        QTest::addColumn<bool>("till");
        QTest::newRow("a counter till joins as a till") << true;
        QTest::newRow("a kiosk waits its turn") << false;
    }

    /// A join that did not admit the sale ends as the refusal, not in a loop of joins.
    void aTillsSaleJoinsTheQueueOncePerSale()
    {
        Rig rig;
        rig.seats.setQueued(true);
        rig.flow.setJoinsQueueAsTill(true);
        CHECKED(open(rig));
        QSignalSpy problems(&rig.flow, &SaleFlow::problem);
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.runNext()); // the hold: refused, not admitted
        rig.seats.deliverReply(0);
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("join-queue"));
        rig.seats.failNextWith(makeError(ErrorCode::NotAdmitted, QStringLiteral("still not admitted")));
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.requestsMade(QStringLiteral("join-queue")), 1);
        QCOMPARE(rig.seats.requestsMade(QStringLiteral("hold")), 1);
        QCOMPARE(rig.flow.heldSeats(), QList<int>{});
        QCOMPARE(rig.flow.selection(), QList<int>{});
        QCOMPARE(problems.count(), 1);
        QVERIFY(!rig.flow.isBusy());
    }

    void aHoldRefusedBecauseTheSaleTimeIsUpEndsTheSale()
    {
        QFETCH(bool, payment);
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());
        const QUuid token = rig.flow.holdToken();
        QSignalSpy ended(&rig.flow, &SaleFlow::saleEnded);
        rig.seats.failNextWith(makeError(ErrorCode::Expired, QStringLiteral("the sale's time is up")));
        if (payment)
            rig.flow.proceedToPayment();
        else
            rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.settle());
        QCOMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Expired);
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
        QVERIFY(!rig.flow.isBusy());
        QCOMPARE(rig.seats.rowsHeldBy(token), QSet<int>{});
        QCOMPARE(rig.flow.releasesOwed(), 0);
        QCOMPARE(rig.seats.bookings(token, QStringLiteral("PENDING")), 0);
    }

    void anUnreachableDatabaseChangesNothingAndSaysSo()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());
        rig.seats.loseConnection();
        QSignalSpy problems(&rig.flow, &SaleFlow::problem);
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(problems.count(), 1);
        QVERIFY(problems.at(0).at(0).toString().contains(QLatin1String("cannot be reached")));
        QCOMPARE(rig.flow.selection(), QList<int>{2});
        QCOMPARE(rig.flow.state(), SaleFlow::State::Selecting);
    }

    void theSelectionCountdownWarnsAtOneMinuteAndAtZeroEndsTheSale()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(7);
        QVERIFY(rig.seats.settle());
        QSignalSpy warnings(&rig.flow, &SaleFlow::countdownWarning);
        QSignalSpy ended(&rig.flow, &SaleFlow::saleEnded);
        rig.clock.advance(239000);
        rig.flow.checkTime();
        QCOMPARE(warnings.count(), 0);
        rig.clock.advance(2000);
        rig.flow.checkTime();
        rig.flow.checkTime();
        QCOMPARE(warnings.count(), 1);
        rig.clock.advance(59000);
        rig.flow.checkTime();
        QCOMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Expired);
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.rowsHeldBy(rig.flow.holdToken()), QSet<int>{});
    }

    void toPaymentExtendsTheHoldForThePaymentTimeAndOpensTheBooking()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.selectBest(2);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.heldSeats().size(), 2);
        rig.clock.advance(200000);
        rig.flow.proceedToPayment();
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.state(), SaleFlow::State::Payment);
        QCOMPARE(rig.flow.remainingMs(), 300000);
        QVERIFY(!rig.flow.pendingBookingCode().isEmpty());
        QCOMPARE(rig.seats.bookings(rig.flow.holdToken(), QStringLiteral("PENDING")), 1);
        rig.clock.advance(299000); // past the selection's five minutes, within the payment's
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()).size(), 2);
    }

    void cashNeedsTheTotalThenConfirmsWithTheChange()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(11);
        rig.flow.toggleSeat(12);
        rig.flow.proceedToPayment();
        QVERIFY(rig.seats.settle());
        rig.flow.setTier(12, QStringLiteral("child"));
        QCOMPARE(rig.flow.totalMinor(), 20000);
        QSignalSpy problems(&rig.flow, &SaleFlow::problem);
        rig.flow.payCash(19999);
        QCOMPARE(problems.count(), 1);
        QCOMPARE(rig.flow.state(), SaleFlow::State::Payment);
        QVERIFY(!rig.paymentWaiting());
        QSignalSpy completed(&rig.flow, &SaleFlow::completed);
        rig.flow.payCash(30000);
        QCOMPARE(rig.flow.state(), SaleFlow::State::Confirming);
        QCOMPARE(rig.desk.orders.size(), 1);
        QCOMPARE(rig.desk.orders.first().intent.tenderedMinor, 30000);
        QCOMPARE(rig.desk.orders.first().confirm.tiers,
                 (QStringList{QStringLiteral("adult"), QStringLiteral("child")}));
        QVERIFY(rig.answerPayment(true));
        QVERIFY(rig.seats.settle());
        QCOMPARE(completed.count(), 1);
        QCOMPARE(rig.flow.changeDueMinor(), 10000);
        QCOMPARE(rig.flow.lastBooking().totalMinor, 20000);
        QCOMPARE(rig.seats.statusOf(11), SeatStatus::Reserved);
        QCOMPARE(rig.seats.statusOf(12), SeatStatus::Reserved);
        rig.flow.finish();
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
    }

    void aDeclinedCardKeepsThePaymentStepAndAnApprovedOneConfirms()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(13);
        rig.flow.proceedToPayment();
        QVERIFY(rig.seats.settle());
        QSignalSpy declined(&rig.flow, &SaleFlow::paymentDeclined);
        rig.flow.payCard();
        QVERIFY(rig.flow.isBusy());
        QVERIFY(rig.answerPayment(false));
        QCOMPARE(declined.count(), 1);
        QCOMPARE(declined.at(0).at(0).toString(), QStringLiteral("declined by the test"));
        QCOMPARE(rig.flow.state(), SaleFlow::State::Payment);
        QVERIFY(!rig.flow.isBusy());
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{13});
        rig.flow.payCard();
        QVERIFY(rig.answerPayment(true));
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.state(), SaleFlow::State::Completed);
        QCOMPARE(rig.flow.changeDueMinor(), 0);
        QCOMPARE(rig.seats.statusOf(13), SeatStatus::Reserved);
        QCOMPARE(rig.seats.bookings(rig.flow.holdToken(), QStringLiteral("CONFIRMED")), 1);
    }

    /// The card approved, but the hold ran out before the confirm reached the database: the
    /// booking is refused, the sale ends and nothing of it stays held or pending (the payment
    /// voids the card: tst_paymentprocess, seatsLostAfterApprovalVoidTheCard).
    void aPaymentWhoseHoldRanOutEndsTheSaleAndReleasesIt()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(14);
        rig.flow.proceedToPayment();
        QVERIFY(rig.seats.settle());
        const QUuid token = rig.flow.holdToken();
        rig.flow.payCard();
        rig.clock.advance(301000);
        rig.flow.checkTime();
        QCOMPARE(rig.flow.state(), SaleFlow::State::Confirming);
        QSignalSpy ended(&rig.flow, &SaleFlow::saleEnded);
        QVERIFY(rig.answerPayment(true));
        QCOMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Expired);
        QVERIFY(ended.at(0).at(1).toString().contains(QLatin1String("voided")));
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.rowsHeldBy(token), QSet<int>{});
        QCOMPARE(rig.seats.bookings(token, QStringLiteral("CONFIRMED")), 0);
        QCOMPARE(rig.seats.bookings(token, QStringLiteral("PENDING")), 0);
        QCOMPARE(rig.flow.releasesOwed(), 0);
    }

    void cancelReleasesEverythingAtEachStep_data()
    {
        QTest::addColumn<int>("step");
        QTest::newRow("selecting") << 0;
        QTest::newRow("hold in flight") << 1;
        QTest::newRow("payment") << 2;
        QTest::newRow("card declined") << 3;
    }

    void cancelReleasesEverythingAtEachStep()
    {
        QFETCH(int, step);
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(17);
        if (step != 1)
            QVERIFY(rig.seats.settle());
        if (step >= 2) {
            rig.flow.proceedToPayment();
            QVERIFY(rig.seats.settle());
            QCOMPARE(rig.flow.state(), SaleFlow::State::Payment);
        }
        if (step == 3) {
            rig.flow.payCard();
            QVERIFY(rig.answerPayment(false));
        }
        const QUuid token = rig.flow.holdToken();
        QSignalSpy ended(&rig.flow, &SaleFlow::saleEnded);
        rig.flow.cancel();
        QCOMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Cancelled);
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
        QVERIFY(!rig.flow.isBusy());
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.rowsHeldBy(token), QSet<int>{});
        QCOMPARE(rig.seats.bookings(token, QStringLiteral("PENDING")), 0);
    }

    /// The clerk gives back A while a hold is settling, then gives back B while the release of A
    /// is still on its way: nothing may stay held, neither in the database nor on the screen.
    void givingBackTheLastSeatWhileAReleaseIsInFlightFreesIt()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(1);
        QVERIFY(rig.seats.settle());
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), (QSet<int>{1, 2}));

        rig.flow.toggleSeat(1);
        // Let the answers come until the release of seat 1 is the request on its way.
        for (int step = 0; step < 20 && rig.seats.nextRequestKind() != QLatin1String("release"); ++step) {
            if (rig.seats.undeliveredReplies() > 0)
                rig.seats.deliverReply(0);
            else
                QVERIFY(rig.seats.runNext());
        }
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("release"));
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());

        QCOMPARE(rig.flow.selection(), QList<int>{});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{});
        QVERIFY(!rig.flow.seatMap().isMine(2));
    }

    /// The hold went through but its answer was lost with the connection: the clerk was told
    /// nothing changed, so after the reconnect the reload finds the seat and gives it back.
    void aHoldWhoseAnswerWasLostIsFoundAfterTheReconnectAndGivenBack()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(3);
        QVERIFY(rig.seats.runNextAndLoseConnection());
        rig.seats.deliverReply(0);
        QCOMPARE(rig.flow.selection(), QList<int>{});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{3});
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{});
        QCOMPARE(rig.flow.heldSeats(), QList<int>{});
        QVERIFY(!rig.flow.seatMap().isMine(3));
    }

    /// Cancelled while the connection was down: the release is owed and goes out once it is back.
    void anEndedSaleWhoseReleaseWasLostReleasesAfterTheReconnect()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(4);
        rig.flow.toggleSeat(5);
        QVERIFY(rig.seats.settle());
        const QUuid token = rig.flow.holdToken();
        QCOMPARE(rig.seats.heldBy(token), (QSet<int>{4, 5}));
        rig.seats.loseConnection();
        rig.flow.cancel();
        QCOMPARE(rig.flow.state(), SaleFlow::State::Idle);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(rig.flow.releasesOwed(), 1);
        QCOMPARE(rig.seats.heldBy(token), (QSet<int>{4, 5}));
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.releasesOwed(), 0);
        QCOMPARE(rig.seats.rowsHeldBy(token), QSet<int>{});
    }

    /// A seat the reload found held for the sale has a deadline the sale never heard: it is held
    /// again, so that the database's deadline is never earlier than the countdown's.
    void aSeatFoundByAReloadIsHeldAgainBeforeTheCountdownTrustsIt()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(6);
        QVERIFY(rig.seats.runNextAndLoseConnection());
        rig.seats.deliverReply(0);
        rig.clock.advance(200000); // the lost hold has 100 s left
        rig.seats.reconnect();
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("load"));
        rig.flow.toggleSeat(6); // chosen again while the reload is on its way
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.requestsMade(QStringLiteral("hold")), 2);
        QCOMPARE(rig.flow.heldSeats(), QList<int>{6});
        const qint64 left = rig.flow.remainingMs();
        QVERIFY2(left > 200000, qPrintable(QString::number(left)));
        rig.clock.advance(left - 1);
        rig.flow.checkTime();
        QCOMPARE(rig.flow.state(), SaleFlow::State::Selecting);
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{6});
    }
};

QTEST_GUILESS_MAIN(TstSaleFlow)
#include "tst_saleflow.moc"
