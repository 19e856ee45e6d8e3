// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/payments/paymentintents.h"

namespace bo::test {

/// A site's payment intents as its two writers record them (migration 0044): a terminal's login
/// creates, reads and records cash; the payment service's login records a card's moves. For the
/// tests of the state machine itself, which move both kinds of payment by hand.
class SiteIntents final : public PaymentIntents
{
public:
    SiteIntents(PaymentIntents& terminal, PaymentIntents& service)
        : m_terminal(terminal)
        , m_service(service)
    {}

    Result<PaymentIntent> create(const NewPaymentIntent& intent) override
    {
        return m_terminal.create(intent);
    }
    /// Answers as the terminal reads the payment afterwards (the service sees another login's
    /// payment without its card and token), as CardPayments does.
    Result<PaymentIntent> advance(const QUuid& key, IntentState from, IntentState to,
                                  const IntentChange& change = {}) override
    {
        return readBack(key, writerOf(key).advance(key, from, to, change));
    }
    Result<PaymentIntent> noteUnknown(const QUuid& key, const QString& reason) override
    {
        return readBack(key, writerOf(key).noteUnknown(key, reason));
    }
    Result<PaymentIntent> find(const QUuid& key) override { return m_terminal.find(key); }
    Result<QList<PaymentIntent>> list(const IntentFilter& filter) override { return m_terminal.list(filter); }
    Result<bool> tryLeadReconciliation() override { return m_terminal.tryLeadReconciliation(); }
    void stepDownAsReconciler() override { m_terminal.stepDownAsReconciler(); }
    Result<QUuid> servicePass(const QUuid& key) override { return m_terminal.servicePass(key); }
    Result<ServiceCaller> redeemPass(const QUuid& pass, const QUuid& key) override
    {
        return m_service.redeemPass(pass, key);
    }

private:
    Result<PaymentIntent> readBack(const QUuid& key, const Result<PaymentIntent>& written)
    {
        return written ? m_terminal.find(key) : written;
    }

    /// A card's moves are the service's; cash and an unknown key (refused either way) the terminal's.
    PaymentIntents& writerOf(const QUuid& key)
    {
        Result<PaymentIntent> found = m_terminal.find(key);
        return found && found.value().request.method == PaymentMethod::Card ? m_service : m_terminal;
    }

    PaymentIntents& m_terminal;
    PaymentIntents& m_service;
};

} // namespace bo::test
