// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow paying through durable payment intents: what it asks the payment desk for
// and what it does with each outcome.
#include <QtTest>

#include <spdlog/spdlog.h>

#include "model/sale/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/saleflowrig.h"
#include "tests/support/scriptedsalepayments.h"

using namespace bo;
using namespace bo::test;

class TstSaleFlowPayments final : public QObject
{
    Q_OBJECT

private:
    /// The rig's desk answers as the test scripts it.
    struct Till
    {
        SaleFlowRig rig;
        ScriptedSalePayments& desk = rig.desk;
    };

    /// A sale of two seats at the payment step.
    static void toPayment(Till& till)
    {
        till.rig.flow.openShowtime(SaleFlowRig::showtimeId);
        QVERIFY(till.rig.seats.settle());
        till.rig.flow.selectBest(2);
        QVERIFY(till.rig.seats.settle());
        till.rig.flow.proceedToPayment();
        QVERIFY(till.rig.seats.settle());
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Payment);
    }

private slots:
    void initTestCase() { spdlog::set_level(spdlog::level::err); }

    void aCardOrderCarriesTheSaleAndItsBookingAndCompletesWhenPaid()
    {
        Till till;
        CHECKED(toPayment(till));
        QSignalSpy phases(&till.rig.flow, &SaleFlow::paymentPhase);
        QSignalSpy completed(&till.rig.flow, &SaleFlow::completed);
        till.rig.flow.payCard();
        QCOMPARE(till.desk.orders.size(), 1);
        const PaymentOrder& order = till.desk.orders.first();
        QCOMPARE(order.intent.method, PaymentMethod::Card);
        QCOMPARE(order.intent.amountMinor, till.rig.flow.totalMinor());
        QCOMPARE(order.intent.currency, QStringLiteral("KRW"));
        QCOMPARE(order.intent.holdToken, till.rig.flow.holdToken());
        QCOMPARE(order.intent.bookingCode, till.rig.flow.pendingBookingCode());
        QVERIFY(!order.intent.bookingId.isNull());
        QVERIFY(!order.intent.key.isNull());
        QCOMPARE(order.confirm.owner, till.rig.flow.holdToken());
        QCOMPARE(order.confirm.seatIds, till.rig.flow.heldSeats());
        QVERIFY(order.msLeft > 0 && order.msLeft <= 300'000);
        // From here the payment decides: busy, no cancel.
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Confirming);
        QVERIFY(till.rig.flow.isBusy());
        till.rig.flow.cancel();
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Confirming);

        till.desk.phase(PaymentPhase::Authorising);
        till.desk.phase(PaymentPhase::Checking);
        QCOMPARE(phases.size(), 2);
        QCOMPARE(phases.at(1).at(0).value<PaymentPhase>(), PaymentPhase::Checking);
        till.desk.finish(PaymentOutcome::Kind::Paid);
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Completed);
        QCOMPARE(completed.size(), 1);
        QCOMPARE(till.rig.flow.lastBooking().code, order.intent.bookingCode);
    }

    void aDeclinedCardKeepsTheStepAndTheNextTryIsANewIntentOfTheSameConfirm()
    {
        Till till;
        CHECKED(toPayment(till));
        QSignalSpy declined(&till.rig.flow, &SaleFlow::paymentDeclined);
        till.rig.flow.payCard();
        till.desk.finish(PaymentOutcome::Kind::Declined, QStringLiteral("insufficient funds"));
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Payment);
        QCOMPARE(declined.size(), 1);
        QCOMPARE(declined.first().at(0).toString(), QStringLiteral("insufficient funds"));
        QVERIFY(!till.rig.flow.isBusy());
        QCOMPARE(till.rig.seats.heldBy(till.rig.flow.holdToken()).size(), 2); // seats stay held
        till.rig.flow.payCard();
        QCOMPARE(till.desk.orders.size(), 2);
        QVERIFY(till.desk.orders.at(1).intent.key != till.desk.orders.at(0).intent.key);
        QCOMPARE(till.desk.orders.at(1).confirm.key, till.desk.orders.at(0).confirm.key);
    }

    void cashBelowTheTotalSendsNothingAndCashAboveIsOrderedWithWhatWasTendered()
    {
        Till till;
        CHECKED(toPayment(till));
        QSignalSpy problems(&till.rig.flow, &SaleFlow::problem);
        till.rig.flow.payCash(till.rig.flow.totalMinor() - 1);
        QCOMPARE(problems.size(), 1);
        QVERIFY(till.desk.orders.isEmpty());
        till.rig.flow.payCash(50'000);
        QCOMPARE(till.desk.orders.size(), 1);
        QCOMPARE(till.desk.orders.first().intent.method, PaymentMethod::Cash);
        QCOMPARE(till.desk.orders.first().intent.tenderedMinor, 50'000);
    }

    void seatsLostOrAnUnknownOutcomeEndTheSaleAndReleaseIt_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("seats lost") << int(PaymentOutcome::Kind::SeatsLost);
        QTest::newRow("unknown") << int(PaymentOutcome::Kind::Unknown);
    }

    void seatsLostOrAnUnknownOutcomeEndTheSaleAndReleaseIt()
    {
        QFETCH(int, kind);
        Till till;
        CHECKED(toPayment(till));
        const QUuid token = till.rig.flow.holdToken();
        QSignalSpy ended(&till.rig.flow, &SaleFlow::saleEnded);
        till.rig.flow.payCard();
        till.desk.finish(PaymentOutcome::Kind(kind), QStringLiteral("could not be checked"));
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Idle);
        QCOMPARE(ended.size(), 1);
        // Released: the pending booking is cancelled, so the reconciler voids a payment that
        // went through; nothing of the sale stays held.
        QVERIFY(till.rig.seats.settle());
        QVERIFY(till.rig.seats.rowsHeldBy(token).isEmpty());
        QCOMPARE(till.rig.seats.bookings(token, QStringLiteral("PENDING")), 0);
    }

    void theCountdownDoesNotEndASaleWhosePaymentIsOnItsWay()
    {
        Till till;
        CHECKED(toPayment(till));
        till.rig.flow.payCard();
        till.rig.clock.advance(301'000);
        till.rig.flow.checkTime();
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Confirming);
        till.desk.finish(PaymentOutcome::Kind::Paid);
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Completed);
    }

    void withoutACardServiceTheTillSaysSoAndSendsNothing()
    {
        Till till;
        till.desk.cards = false;
        CHECKED(toPayment(till));
        QSignalSpy problems(&till.rig.flow, &SaleFlow::problem);
        till.rig.flow.payCard();
        QCOMPARE(problems.size(), 1);
        QVERIFY(till.desk.orders.isEmpty());
        QCOMPARE(till.rig.flow.state(), SaleFlow::State::Payment);
    }

    /// One confirm key per payment step (every payment tried in it carries it, see above); the
    /// next sale's confirm never replays this one's.
    void eachSaleConfirmsUnderItsOwnKey()
    {
        Till till;
        CHECKED(toPayment(till));
        till.rig.flow.payCash(50'000);
        till.desk.finish(PaymentOutcome::Kind::Paid);
        QCOMPARE(till.rig.flow.changeDueMinor(), 50'000 - till.desk.orders.first().intent.amountMinor);
        till.rig.flow.finish();
        CHECKED(toPayment(till));
        till.rig.flow.payCard();
        QCOMPARE(till.desk.orders.size(), 2);
        QVERIFY(!till.desk.orders.at(0).confirm.key.isNull());
        QVERIFY(till.desk.orders.at(1).confirm.key != till.desk.orders.at(0).confirm.key);
        QCOMPARE(till.rig.flow.changeDueMinor(), 0);
    }
};

QTEST_GUILESS_MAIN(TstSaleFlowPayments)
#include "tst_saleflowpayments.moc"
