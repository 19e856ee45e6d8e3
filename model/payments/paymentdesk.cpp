// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentdesk.h"

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/payments/paymentconnections.h"

namespace bo {

/// Lives on the desk's thread: owns its connections and the payment service.
class PaymentDeskWorker final : public QObject
{
    Q_OBJECT

public:
    explicit PaymentDeskWorker(PaymentDesk* owner)
        : m_owner(owner)
        , m_link(owner->m_intents, owner->m_seats, owner->m_cards)
    {}

public slots:
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
    PaymentDesk* m_owner;
    PaymentConnections m_link;
    SteadyClock m_clock;
};

PaymentDesk::PaymentDesk(PaymentIntentsFactory intents, SeatCommandsFactory seats, CardPaymentsFactory cards,
                         bool acceptsCards, PaymentTimings timings, QObject* parent)
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
    m_thread.setObjectName(QStringLiteral("payment-desk"));
    m_worker = new PaymentDeskWorker(this);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

PaymentDesk::~PaymentDesk()
{
    // An order in progress finishes first (its phases are all committed steps).
    QMetaObject::invokeMethod(m_worker, &PaymentDeskWorker::finish, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

int PaymentDesk::pay(const PaymentOrder& order)
{
    const int requestId = ++m_nextId;
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, requestId, order] { worker->pay(requestId, order); },
        Qt::QueuedConnection);
    return requestId;
}

} // namespace bo

#include "paymentdesk.moc"
