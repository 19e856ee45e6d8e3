// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/payments/threadedsalepayments.h"
#include "tests/support/memorypaymentintents.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/scriptedseatcommands.h"

using namespace bo;
using namespace bo::test;

namespace {

/// Forwards to an object the test keeps (the desk owns what its factories make).
class IntentsRef final : public PaymentIntents
{
public:
    explicit IntentsRef(PaymentIntents& to)
        : m_to(to)
    {}
    Result<PaymentIntent> create(const NewPaymentIntent& i) override { return m_to.create(i); }
    Result<PaymentIntent> advance(const QUuid& k, IntentState f, IntentState t,
                                  const IntentChange& c) override
    {
        return m_to.advance(k, f, t, c);
    }
    Result<PaymentIntent> noteUnknown(const QUuid& k, const QString& r) override
    {
        return m_to.noteUnknown(k, r);
    }
    Result<PaymentIntent> find(const QUuid& k) override { return m_to.find(k); }
    Result<QList<PaymentIntent>> list(const IntentFilter& f) override { return m_to.list(f); }
    Result<bool> tryLeadReconciliation() override { return m_to.tryLeadReconciliation(); }
    void stepDownAsReconciler() override { m_to.stepDownAsReconciler(); }
    Result<QUuid> servicePass(const QUuid& k) override { return m_to.servicePass(k); }
    Result<ServiceCaller> redeemPass(const QUuid& p, const QUuid& k) override
    {
        return m_to.redeemPass(p, k);
    }

private:
    PaymentIntents& m_to;
};

struct Counter
{
    MemoryPaymentIntents intents;
    QList<GatewayReply> authorises;
    bool databaseAway = false;
    QThread* confirmThread = nullptr;

    std::unique_ptr<ThreadedSalePayments> desk()
    {
        PaymentIntentsFactory openIntents = [this]() -> Result<std::unique_ptr<PaymentIntents>> {
            if (databaseAway)
                return makeError(ErrorCode::Offline, QStringLiteral("the database cannot be reached"));
            return std::unique_ptr<PaymentIntents>(std::make_unique<IntentsRef>(intents));
        };
        SeatCommandsFactory openSeats = [this]() -> Result<std::unique_ptr<SeatCommands>> {
            auto seats = std::make_unique<ScriptedSeatCommands>();
            seats->onConfirm = [this](const ConfirmRequest& request) -> Result<ConfirmResult> {
                confirmThread = QThread::currentThread();
                intents.setBookingStatus(
                    QUuid::fromString(request.payment.value(QStringLiteral("intent")).toString()),
                    QStringLiteral("CONFIRMED"));
                ConfirmResult r;
                r.code = QStringLiteral("WXYZ-2345");
                r.status = QStringLiteral("CONFIRMED");
                return r;
            };
            return std::unique_ptr<SeatCommands>(std::move(seats));
        };
        PaymentGatewayFactory openGateway = [this]() -> std::unique_ptr<PaymentGateway> {
            auto gateway = std::make_unique<ScriptedGateway>();
            gateway->authorises = authorises;
            gateway->captures << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Captured);
            return gateway;
        };
        PaymentIntentsFactory serviceIntents = [this]() -> Result<std::unique_ptr<PaymentIntents>> {
            return std::unique_ptr<PaymentIntents>(std::make_unique<IntentsRef>(intents));
        };
        return std::make_unique<ThreadedSalePayments>(
            openIntents, openSeats, LocalCardPayments::factory(serviceIntents, openGateway), true);
    }

    static PaymentOrder order(PaymentMethod method)
    {
        PaymentOrder o;
        o.intent.key = QUuid::createUuid();
        o.intent.holdToken = QUuid::createUuid();
        o.intent.showtimeId = 4;
        o.intent.method = method;
        o.intent.amountMinor = 14'000;
        o.intent.tenderedMinor = method == PaymentMethod::Cash ? 20'000 : 0;
        o.intent.currency = QStringLiteral("KRW");
        o.confirm.key = QUuid::createUuid();
        o.confirm.owner = o.intent.holdToken;
        o.msLeft = 300'000;
        return o;
    }
};

} // namespace

/// The payment desk: orders paid and booked on a thread of its own, answered by signal on the
/// caller's thread with every phase on the way.
class TstThreadedSalePayments final : public QObject
{
    Q_OBJECT

private slots:
    void aCardOrderIsPaidOffTheCallersThreadWithItsPhasesShown()
    {
        Counter counter;
        counter.authorises << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Authorised);
        auto desk = counter.desk();
        QList<PaymentPhase> phases;
        QList<PaymentOutcome> outcomes;
        QList<QThread*> answeredOn;
        connect(desk.get(), &SalePayments::phaseChanged, this,
                [&phases](int, PaymentPhase phase) { phases << phase; });
        connect(desk.get(), &SalePayments::paymentFinished, this,
                [&outcomes, &answeredOn](int, const PaymentOutcome& out) {
                    outcomes << out;
                    answeredOn << QThread::currentThread();
                });
        const PaymentOrder order = Counter::order(PaymentMethod::Card);
        const int id = desk->pay(order);
        QVERIFY(id > 0);
        QTRY_COMPARE_WITH_TIMEOUT(outcomes.size(), 1, 5000);
        QCOMPARE(outcomes.first().kind, PaymentOutcome::Kind::Paid);
        QCOMPARE(outcomes.first().booking.code, QStringLiteral("WXYZ-2345"));
        QCOMPARE(answeredOn.first(), QThread::currentThread());
        QVERIFY(counter.confirmThread != QThread::currentThread());
        const QList<PaymentPhase> expected{PaymentPhase::Recording, PaymentPhase::Authorising,
                                           PaymentPhase::Confirming, PaymentPhase::Capturing};
        QCOMPARE(phases, expected);
        QCOMPARE(counter.intents.rows.value(order.intent.key).state, IntentState::Captured);
    }

    void aDeclineComesBackWithItsReason()
    {
        Counter counter;
        counter.authorises << ScriptedGateway::reply(GatewayOutcome::Declined, GatewayPaymentState::Declined,
                                                     QStringLiteral("insufficient funds"));
        auto desk = counter.desk();
        QSignalSpy finished(desk.get(), &SalePayments::paymentFinished);
        (void)desk->pay(Counter::order(PaymentMethod::Card));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        const auto out = finished.first().at(1).value<PaymentOutcome>();
        QCOMPARE(out.kind, PaymentOutcome::Kind::Declined);
        QCOMPARE(out.reason, QStringLiteral("insufficient funds"));
        QVERIFY(counter.confirmThread == nullptr);
    }

    void cashNeedsNoPaymentService()
    {
        Counter counter;
        auto desk = counter.desk();
        QSignalSpy finished(desk.get(), &SalePayments::paymentFinished);
        const PaymentOrder order = Counter::order(PaymentMethod::Cash);
        (void)desk->pay(order);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(finished.first().at(1).value<PaymentOutcome>().kind, PaymentOutcome::Kind::Paid);
        QCOMPARE(counter.intents.rows.value(order.intent.key).changeMinor, 6'000);
    }

    void noDatabaseMeansNothingChargedAndAClearFailure()
    {
        Counter counter;
        counter.databaseAway = true;
        counter.authorises << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Authorised);
        auto desk = counter.desk();
        QSignalSpy finished(desk.get(), &SalePayments::paymentFinished);
        (void)desk->pay(Counter::order(PaymentMethod::Card));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        const auto out = finished.first().at(1).value<PaymentOutcome>();
        QCOMPARE(out.kind, PaymentOutcome::Kind::Failed);
        QCOMPARE(out.error.code, ErrorCode::Offline);
        QVERIFY(counter.intents.rows.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstThreadedSalePayments)
#include "tst_threadedsalepayments.moc"
