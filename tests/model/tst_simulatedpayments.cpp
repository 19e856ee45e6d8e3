// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <thread>
#include <vector>

#include "model/payments/simulatedpayments.h"

using namespace bo;

namespace {

AuthoriseRequest request(qint64 amount = 12'000)
{
    AuthoriseRequest r;
    r.key = QUuid::createUuid();
    r.amountMinor = amount;
    r.currency = QStringLiteral("KRW");
    r.saleReference = QStringLiteral("ABCD-2345");
    r.timeoutMs = 5'000;
    return r;
}

} // namespace

/// The in-process card payment service (tests, and the demo where no simulator runs): answers as
/// set, keeps every payment by key like a real service, and is shared safely between threads.
class TstSimulatedPayments final : public QObject
{
    Q_OBJECT

private slots:
    void anAuthorisationAnswersAsTheCardIsSet_data()
    {
        QTest::addColumn<int>("card");
        QTest::addColumn<int>("outcome");
        QTest::addColumn<int>("state");
        QTest::addColumn<int>("lookup");
        QTest::newRow("approve") << int(SimulatedCard::Approve) << int(GatewayOutcome::Done)
                                 << int(GatewayPaymentState::Authorised) << int(GatewayOutcome::Done);
        QTest::newRow("decline") << int(SimulatedCard::Decline) << int(GatewayOutcome::Declined)
                                 << int(GatewayPaymentState::Declined) << int(GatewayOutcome::Done);
        QTest::newRow("slow") << int(SimulatedCard::Slow) << int(GatewayOutcome::Done)
                              << int(GatewayPaymentState::Authorised) << int(GatewayOutcome::Done);
        QTest::newRow("no answer") << int(SimulatedCard::NoAnswer) << int(GatewayOutcome::Unknown)
                                   << int(GatewayPaymentState::None) << int(GatewayOutcome::Unknown);
    }

    void anAuthorisationAnswersAsTheCardIsSet()
    {
        QFETCH(int, card);
        QFETCH(int, outcome);
        QFETCH(int, state);
        QFETCH(int, lookup);
        SimulatedPaymentService service;
        service.setDelayMs(2);
        service.setBehaviour(SimulatedCard(card));
        QCOMPARE(service.behaviour(), SimulatedCard(card));
        auto gateway = service.factory()();
        QCOMPARE(gateway->name(), QStringLiteral("simulated"));
        const AuthoriseRequest r = request();
        const GatewayReply reply = gateway->authorise(r);
        QCOMPARE(int(reply.outcome), outcome);
        QCOMPARE(int(reply.state), state);
        if (reply.outcome == GatewayOutcome::Declined)
            QCOMPARE(reply.reason, QStringLiteral("insufficient funds"));
        if (reply.outcome == GatewayOutcome::Done) {
            QVERIFY(reply.reference.startsWith(QStringLiteral("SIM-")));
            QCOMPARE(reply.amountMinor, 12'000);
        }
        QCOMPARE(int(gateway->lookup(r.key, 1'000).outcome), lookup);
        QCOMPARE(int(service.stateOf(r.key)), state);
    }

    void aRepeatWithTheSameKeyAnswersAsTheFirstCall()
    {
        SimulatedPaymentService service;
        service.setDelayMs(0);
        auto gateway = service.factory()();
        AuthoriseRequest r = request();
        const GatewayReply first = gateway->authorise(r);
        // The card is declined now, but this payment was approved: the repeat says so.
        service.setBehaviour(SimulatedCard::Decline);
        const GatewayReply again = gateway->authorise(r);
        QCOMPARE(again.outcome, GatewayOutcome::Done);
        QCOMPARE(again.reference, first.reference);
        QCOMPARE(service.count(GatewayPaymentState::Authorised), 1);
        // The same key with another amount is refused, and nothing changes.
        r.amountMinor = 1;
        QCOMPARE(gateway->authorise(r).outcome, GatewayOutcome::Refused);
        QCOMPARE(service.stateOf(r.key), GatewayPaymentState::Authorised);
    }

    void anAnswerLaterThanTheTimeoutIsUnknownButTheServiceActed()
    {
        SimulatedPaymentService service;
        service.setDelayMs(40);
        auto gateway = service.factory()();
        AuthoriseRequest r = request();
        r.timeoutMs = 5;
        const GatewayReply late = gateway->authorise(r);
        QCOMPARE(late.outcome, GatewayOutcome::Unknown);
        QVERIFY(late.reason.contains(QStringLiteral("no answer")));
        // Only asking again tells: the payment was authorised.
        QCOMPARE(service.stateOf(r.key), GatewayPaymentState::Authorised);
        const GatewayReply found = gateway->lookup(r.key, 1'000);
        QCOMPARE(found.outcome, GatewayOutcome::Done);
        QCOMPARE(found.state, GatewayPaymentState::Authorised);
        QCOMPARE(gateway->capture(r.key, r.amountMinor, 5).outcome, GatewayOutcome::Unknown);
        QCOMPARE(service.stateOf(r.key), GatewayPaymentState::Captured);
    }

    void captureVoidAndRefundMoveOnlyFromTheirOwnState()
    {
        SimulatedPaymentService service;
        service.setDelayMs(0);
        auto gateway = service.factory()();
        const AuthoriseRequest kept = request();
        const AuthoriseRequest handedBack = request();
        QCOMPARE(gateway->authorise(kept).outcome, GatewayOutcome::Done);
        QCOMPARE(gateway->authorise(handedBack).outcome, GatewayOutcome::Done);

        QCOMPARE(gateway->capture(kept.key, 12'000, 1'000).state, GatewayPaymentState::Captured);
        // Idempotent: capturing again is done, voiding a captured payment is refused.
        QCOMPARE(gateway->capture(kept.key, 12'000, 1'000).outcome, GatewayOutcome::Done);
        const GatewayReply noVoid = gateway->voidPayment(kept.key, 1'000);
        QCOMPARE(noVoid.outcome, GatewayOutcome::Refused);
        QCOMPARE(noVoid.state, GatewayPaymentState::Captured);

        QCOMPARE(gateway->voidPayment(handedBack.key, 1'000).state, GatewayPaymentState::Voided);
        QCOMPARE(gateway->capture(handedBack.key, 12'000, 1'000).outcome, GatewayOutcome::Refused);
        QCOMPARE(gateway->refund(handedBack.key, QUuid::createUuid(), 12'000, 1'000).outcome,
                 GatewayOutcome::Refused);

        QCOMPARE(gateway->refund(kept.key, QUuid::createUuid(), 12'000, 1'000).state,
                 GatewayPaymentState::Refunded);
        QCOMPARE(gateway->capture(QUuid::createUuid(), 1, 1'000).outcome, GatewayOutcome::Refused);
        QCOMPARE(service.count(GatewayPaymentState::Refunded), 1);
        QCOMPARE(service.count(GatewayPaymentState::Voided), 1);
    }

    void gatewaysOnManyThreadsShareOneLedger()
    {
        SimulatedPaymentService service;
        service.setDelayMs(0);
        constexpr int threads = 4;
        constexpr int perThread = 50;
        const AuthoriseRequest shared = request();
        std::vector<std::thread> workers;
        workers.reserve(threads);
        for (int t = 0; t < threads; ++t) {
            workers.emplace_back([&service, &shared] {
                auto gateway = service.factory()();
                for (int i = 0; i < perThread; ++i) {
                    (void)gateway->authorise(request());
                    (void)gateway->authorise(shared); // the same payment from every thread
                }
            });
        }
        for (std::thread& worker : workers)
            worker.join();
        QCOMPARE(service.count(GatewayPaymentState::Authorised), threads * perThread + 1);
    }
};

QTEST_GUILESS_MAIN(TstSimulatedPayments)
#include "tst_simulatedpayments.moc"
