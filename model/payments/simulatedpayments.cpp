// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/simulatedpayments.h"

#include <algorithm>

#include <QMutexLocker>
#include <QThread>

namespace bo {

/// One thread's connection to the in-process service.
class SimulatedGateway final : public PaymentGateway
{
public:
    explicit SimulatedGateway(SimulatedPaymentService* service)
        : m_service(service)
    {}

    [[nodiscard]] QString name() const override { return QStringLiteral("simulated"); }

    GatewayReply authorise(const AuthoriseRequest& request) override { return m_service->authorise(request); }
    GatewayReply capture(const QUuid& key, qint64 /*amountMinor*/, int timeoutMs) override
    {
        return call(timeoutMs, [&] {
            return m_service->move(key, GatewayPaymentState::Authorised, GatewayPaymentState::Captured,
                                   "capture");
        });
    }
    GatewayReply voidPayment(const QUuid& key, int timeoutMs) override
    {
        return call(timeoutMs, [&] {
            return m_service->move(key, GatewayPaymentState::Authorised, GatewayPaymentState::Voided, "void");
        });
    }
    GatewayReply refund(const QUuid& key, const QUuid& /*refundKey*/, qint64 /*amountMinor*/,
                        int timeoutMs) override
    {
        return call(timeoutMs, [&] {
            return m_service->move(key, GatewayPaymentState::Captured, GatewayPaymentState::Refunded,
                                   "refund");
        });
    }
    GatewayReply lookup(const QUuid& key, int timeoutMs) override
    {
        return call(timeoutMs, [&] { return m_service->lookup(key); });
    }

private:
    /// Captures, voids, refunds and look-ups take the plain delay whatever the next card does;
    /// a service that cannot be reached (NoAnswer) answers none of them.
    template <typename Operation> GatewayReply call(int timeoutMs, Operation operation)
    {
        const bool inTime = m_service->wait(SimulatedCard::Approve, timeoutMs);
        if (m_service->behaviour() == SimulatedCard::NoAnswer) {
            GatewayReply unreached;
            unreached.outcome = GatewayOutcome::Unknown;
            unreached.attempts = 1;
            unreached.reason = QStringLiteral("the payment service did not answer");
            return unreached;
        }
        GatewayReply reply = operation();
        if (!inTime) {
            // Done at the service, but the answer came too late: the caller cannot know.
            reply.outcome = GatewayOutcome::Unknown;
            reply.reason = QStringLiteral("no answer within %1 ms").arg(timeoutMs);
        }
        return reply;
    }

    SimulatedPaymentService* m_service;
};

void SimulatedPaymentService::setBehaviour(SimulatedCard behaviour)
{
    const QMutexLocker lock(&m_mutex);
    m_behaviour = behaviour;
}

SimulatedCard SimulatedPaymentService::behaviour() const
{
    const QMutexLocker lock(&m_mutex);
    return m_behaviour;
}

void SimulatedPaymentService::setDelayMs(int ms)
{
    const QMutexLocker lock(&m_mutex);
    m_delayMs = std::max(0, ms);
}

PaymentGatewayFactory SimulatedPaymentService::factory()
{
    return [this]() -> std::unique_ptr<PaymentGateway> { return std::make_unique<SimulatedGateway>(this); };
}

int SimulatedPaymentService::count(GatewayPaymentState state) const
{
    const QMutexLocker lock(&m_mutex);
    return int(std::count_if(m_payments.cbegin(), m_payments.cend(),
                             [state](const Payment& p) { return p.state == state; }));
}

GatewayPaymentState SimulatedPaymentService::stateOf(const QUuid& key) const
{
    const QMutexLocker lock(&m_mutex);
    return m_payments.value(key).state;
}

bool SimulatedPaymentService::wait(SimulatedCard behaviour, int timeoutMs) const
{
    int delay = 0;
    {
        const QMutexLocker lock(&m_mutex);
        delay = behaviour == SimulatedCard::Slow ? m_delayMs * 10 : m_delayMs;
    }
    const bool inTime = delay <= timeoutMs;
    QThread::msleep(static_cast<unsigned long>(std::max(0, std::min(delay, timeoutMs))));
    return inTime;
}

GatewayReply SimulatedPaymentService::answer(const Payment& payment)
{
    GatewayReply reply;
    reply.outcome =
        payment.state == GatewayPaymentState::Declined ? GatewayOutcome::Declined : GatewayOutcome::Done;
    reply.state = payment.state;
    reply.reference = payment.reference;
    reply.amountMinor = payment.amountMinor;
    reply.currency = payment.currency;
    reply.attempts = 1;
    if (payment.state == GatewayPaymentState::Declined)
        reply.reason = QStringLiteral("insufficient funds");
    else
        reply.maskedCard = QStringLiteral("VISA **** 4242");
    return reply;
}

GatewayReply SimulatedPaymentService::authorise(const AuthoriseRequest& request)
{
    const SimulatedCard behaviour = this->behaviour();
    const bool inTime = wait(behaviour, request.timeoutMs);
    GatewayReply reply;
    reply.attempts = 1;
    if (behaviour == SimulatedCard::NoAnswer) {
        reply.outcome = GatewayOutcome::Unknown;
        reply.reason = QStringLiteral("the card terminal did not answer");
        return reply;
    }
    {
        const QMutexLocker lock(&m_mutex);
        auto found = m_payments.constFind(request.key);
        if (found != m_payments.cend()) {
            if (found->amountMinor != request.amountMinor || found->currency != request.currency) {
                reply.outcome = GatewayOutcome::Refused;
                reply.reason = QStringLiteral("the key was used for another request");
                return reply;
            }
            reply = answer(*found);
        } else {
            Payment payment;
            payment.state = behaviour == SimulatedCard::Decline ? GatewayPaymentState::Declined
                                                                : GatewayPaymentState::Authorised;
            payment.amountMinor = request.amountMinor;
            payment.currency = request.currency;
            payment.reference = QStringLiteral("SIM-%1").arg(++m_next, 6, 10, QLatin1Char('0'));
            m_payments.insert(request.key, payment);
            reply = answer(payment);
        }
    }
    if (!inTime) {
        reply = {};
        reply.attempts = 1;
        reply.reason = QStringLiteral("no answer within %1 ms").arg(request.timeoutMs);
    }
    return reply;
}

GatewayReply SimulatedPaymentService::move(const QUuid& key, GatewayPaymentState from, GatewayPaymentState to,
                                           const char* verb)
{
    const QMutexLocker lock(&m_mutex);
    GatewayReply reply;
    reply.attempts = 1;
    auto found = m_payments.find(key);
    if (found == m_payments.end()) {
        reply.outcome = GatewayOutcome::Refused;
        reply.reason = QStringLiteral("%1: no such payment").arg(QLatin1String(verb));
        return reply;
    }
    if (found->state == from)
        found->state = to;
    if (found->state != to) {
        reply.outcome = GatewayOutcome::Refused;
        reply.state = found->state;
        reply.reason = QStringLiteral("%1: the payment is %2")
                           .arg(QLatin1String(verb), QLatin1String(gatewayPaymentStateName(found->state)));
        return reply;
    }
    return answer(*found);
}

GatewayReply SimulatedPaymentService::lookup(const QUuid& key) const
{
    const QMutexLocker lock(&m_mutex);
    auto found = m_payments.constFind(key);
    if (found == m_payments.cend()) {
        GatewayReply reply;
        reply.outcome = GatewayOutcome::NotFound;
        reply.attempts = 1;
        return reply;
    }
    GatewayReply reply = answer(*found);
    reply.outcome = GatewayOutcome::Done; // a look-up of a declined payment found it
    return reply;
}

} // namespace bo
