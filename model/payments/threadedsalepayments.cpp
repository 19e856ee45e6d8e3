// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/threadedsalepayments.h"

#include <QThread>

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/payments/paymentconnections.h"

namespace bo {

/// Lives on the desk's thread, made there by its first task: owns its connections and the payment
/// service.
class ThreadedSalePaymentsWorker final
{
public:
    explicit ThreadedSalePaymentsWorker(ThreadedSalePayments* owner)
        : m_owner(owner)
        , m_link(owner->m_intents, owner->m_seats, owner->m_cards)
    {}

    /// Nothing before the first order: it opens the connections.
    void begin() {}

    void pay(int requestId, const bo::PaymentOrder& order)
    {
        const qint64 deadlineMs = m_clock.nowMs() + order.msLeft;
        if (Status s = m_link.open(); !s) {
            PaymentOutcome failed;
            failed.kind = PaymentOutcome::Kind::Failed;
            failed.reason = s.error().message;
            failed.error = s.error();
            emit m_owner->paymentFinished(requestId, failed);
            return;
        }
        PaymentProcess process(
            m_link.intents(), m_link.seats(), m_link.cards(), m_clock,
            [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); }, m_owner->m_timings);
        auto progress = [this, requestId](PaymentPhase phase) {
            emit m_owner->phaseChanged(requestId, phase);
        };
        NewPaymentIntent intent = order.intent;
        if (intent.method == PaymentMethod::Card && intent.gateway.isEmpty() && m_link.cards())
            intent.gateway = m_link.cards()->name(); // the service this desk pays through
        const PaymentOutcome out = intent.method == PaymentMethod::Card
                                       ? process.payByCard(intent, order.confirm, deadlineMs, progress)
                                       : process.payCash(intent, order.confirm, progress);
        if (out.kind == PaymentOutcome::Kind::Failed && out.error.code == ErrorCode::Offline) {
            // Opened again for the next order.
            m_link.dropConnections();
        }
        emit m_owner->paymentFinished(requestId, out);
    }

    void finish() { m_link.close(); }

private:
    ThreadedSalePayments* m_owner;
    PaymentConnections m_link;
    SteadyClock m_clock;
};

ThreadedSalePayments::ThreadedSalePayments(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                                           CardPaymentsFactory cards, bool acceptsCards,
                                           PaymentTimings timings, QObject* parent)
    : SalePayments(parent)
    , m_intents(std::move(intents))
    , m_seats(std::move(seats))
    , m_cards(std::move(cards))
    , m_acceptsCards(acceptsCards)
    , m_timings(timings)
{
    qRegisterMetaType<PaymentOrder>();
    qRegisterMetaType<PaymentOutcome>();
    qRegisterMetaType<PaymentPhase>();
    m_worker.start(QStringLiteral("payment-desk"),
                   [this] { return std::make_unique<ThreadedSalePaymentsWorker>(this); });
}

ThreadedSalePayments::~ThreadedSalePayments()
{
    // An order in progress finishes first (its phases are all committed steps), and the orders
    // queued behind it too: each emits this desk's signals, so here and not with the members.
    m_worker.stop();
}

int ThreadedSalePayments::pay(const PaymentOrder& order)
{
    const int requestId = ++m_nextId;
    m_worker.post([requestId, order](ThreadedSalePaymentsWorker& w) { w.pay(requestId, order); });
    return requestId;
}

} // namespace bo
