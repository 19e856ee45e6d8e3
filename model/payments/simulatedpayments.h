// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>
#include <QUuid>

#include "model/payments/paymentgateway.h"

namespace bo {

/// What the next card presented at a simulated card terminal does.
enum class SimulatedCard {
    Approve,  ///< approved after the delay
    Decline,  ///< declined (insufficient funds) after the delay
    Slow,     ///< approved after ten times the delay
    NoAnswer, ///< the service cannot be reached: no call answers (authorise, look-up, capture, void)
};

/// A simulated card terminal whose behaviour the counter's demo menu sets: the in-process
/// service below, or the payment-service simulator over HTTP (boxoffice-paysim).
class CardSimulator
{
public:
    CardSimulator() = default;
    virtual ~CardSimulator() = default;
    CardSimulator(const CardSimulator&) = delete;
    CardSimulator& operator=(const CardSimulator&) = delete;

    virtual void setBehaviour(SimulatedCard behaviour) = 0;
    [[nodiscard]] virtual SimulatedCard behaviour() const = 0;
};

/// A card payment service inside the process, for unit tests and for a demo without the
/// simulator: it keeps every payment by its key, so a repeat answers as the first call did and a
/// look-up, capture or void works as a real service's would. Thread-safe: the gateways it makes
/// (one per worker thread) share its ledger. It must outlive them.
class SimulatedPaymentService final : public CardSimulator
{
public:
    SimulatedPaymentService() = default;

    void setBehaviour(SimulatedCard behaviour) override;
    [[nodiscard]] SimulatedCard behaviour() const override;
    /// How long an answer takes (Slow: ten times as long); 600 ms unless set.
    void setDelayMs(int ms);

    /// Makes gateways named "simulated" that answer from this service.
    [[nodiscard]] PaymentGatewayFactory factory();
    /// Payments now in `state`.
    [[nodiscard]] int count(GatewayPaymentState state) const;
    /// Where the payment of `key` stands (None: never seen).
    [[nodiscard]] GatewayPaymentState stateOf(const QUuid& key) const;

private:
    friend class SimulatedGateway;

    struct Payment
    {
        GatewayPaymentState state = GatewayPaymentState::None;
        qint64 amountMinor = 0;
        QString currency;
        QString reference;
    };

    [[nodiscard]] GatewayReply authorise(const AuthoriseRequest& request);
    [[nodiscard]] GatewayReply move(const QUuid& key, GatewayPaymentState from, GatewayPaymentState to,
                                    const char* verb);
    [[nodiscard]] GatewayReply lookup(const QUuid& key) const;
    /// Sleeps the answer delay for `behaviour`, at most `timeoutMs`; false when that ran out.
    [[nodiscard]] bool wait(SimulatedCard behaviour, int timeoutMs) const;
    [[nodiscard]] static GatewayReply answer(const Payment& payment);

    mutable QMutex m_mutex;
    SimulatedCard m_behaviour = SimulatedCard::Approve;
    int m_delayMs = 600;
    QHash<QUuid, Payment> m_payments;
    int m_next = 0;
};

} // namespace bo
