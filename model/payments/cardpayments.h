// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QString>
#include <QUuid>

#include "model/payments/paymentgateway.h"
#include "model/payments/paymentintents.h"
#include "model/payments/refunds.h"

namespace bo {

/// What the payment service answered about one card payment: the gateway's answer as the service
/// got it (Unknown when the service itself could not be reached or could not record it), and the
/// payment as the asking terminal reads it afterwards (`known` false when it could not be read).
struct CardReply
{
    GatewayReply reply;
    PaymentIntent intent;
    bool known = false;
};

/// The card side of a payment, in the terminal's words (docs/SECURITY.md, "Who vouches for a card
/// payment"): the terminal records a card payment as NEW and asks the payment service, which alone
/// holds the gateway's secret and alone may record what the gateway answered (migration 0044). Each
/// step calls the gateway once and records its outcome on the payment before it answers, so a
/// terminal never writes AUTHORISED, CAPTURED, VOIDED or DECLINED. Blocking; one object per thread.
class CardPayments
{
public:
    CardPayments() = default;
    virtual ~CardPayments() = default;
    CardPayments(const CardPayments&) = delete;
    CardPayments& operator=(const CardPayments&) = delete;

    /// The gateway's name, kept on the payment ("simulated", "http").
    [[nodiscard]] virtual QString name() const = 0;
    /// Sends the authorise of the stored payment `key` (a NEW one is marked AUTHORISING first);
    /// AUTHORISED or DECLINED is recorded when the gateway says so, an unknown answer is counted.
    [[nodiscard]] virtual CardReply authorise(const QUuid& key, int timeoutMs) = 0;
    /// Asks the gateway where an AUTHORISING payment stands and records it when it is known.
    /// `abandonUnseen`: a payment the gateway never saw (or one never sent) is recorded ABANDONED.
    [[nodiscard]] virtual CardReply lookup(const QUuid& key, int timeoutMs, bool abandonUnseen) = 0;
    /// Takes the money of a payment whose booking is confirmed (AUTHORISED: marked CAPTURING first).
    [[nodiscard]] virtual CardReply capture(const QUuid& key, int timeoutMs) = 0;
    /// Gives back an authorisation no confirmed booking carries (AUTHORISED: marked VOIDING first).
    /// A sale still open is given up only by the login that made the payment, or a manager.
    [[nodiscard]] virtual CardReply voidPayment(const QUuid& key, const QString& why, int timeoutMs) = 0;
    /// Sends the card refund `refundKey` (begun by a till, REFUNDING) of the payment `key` to the
    /// gateway and records its answer on the refund (refunded, or failed with the reason); an
    /// unknown answer leaves it REFUNDING, to be sent again with the same key. The caller reads
    /// the refund again; `intent` in the reply is the payment's.
    [[nodiscard]] virtual CardReply refund(const QUuid& key, const QUuid& refundKey, int timeoutMs) = 0;
};

/// Makes the card payments of a worker thread, given the terminal's own intents (its passes and
/// what it may read); null when no card service is configured.
using CardPaymentsFactory = std::function<std::unique_ptr<CardPayments>(PaymentIntents& own)>;

/// The payment service's rules, wherever it runs (boxoffice-service, or inside a process for the
/// tests and a demo without it): spends the caller's pass, checks the step against the stored
/// payment, calls the gateway once and records its answer with the service's own connection.
class CardStepHandler
{
public:
    enum class Step { Authorise, Lookup, Capture, Void, Refund };
    struct Call
    {
        Step step = Step::Lookup;
        QUuid key;
        QUuid pass;
        int timeoutMs = 30'000;
        bool abandonUnseen = false; ///< Lookup
        QString why;                ///< Void
        QUuid refundKey;            ///< Refund
    };

    /// `intents` and `refunds`: the service's own connection (refunds may be null: then no card
    /// refund is sent); `gateway`: the card gateway it alone calls.
    CardStepHandler(PaymentIntents& intents, PaymentGateway& gateway, Refunds* refunds = nullptr);

    [[nodiscard]] QString gatewayName() const { return m_gateway.name(); }
    /// Called between a gateway's answer and its record ("refund-answered"): the kill tests stop
    /// the service there.
    void setCheckpoint(std::function<void(const char*)> checkpoint) { m_checkpoint = std::move(checkpoint); }
    /// The gateway's answer; the payment as the service stored it is read again by the caller.
    [[nodiscard]] GatewayReply handle(const Call& call);
    /// The same step asked by the service itself (its reconciler): no pass, and the rights of
    /// neither the payment's maker nor a manager — an open sale is never given up this way.
    [[nodiscard]] GatewayReply handleAsService(const Call& call);

    /// "authorise", "lookup", "capture", "void"; the step of a word (false when unknown).
    [[nodiscard]] static const char* stepName(Step step);
    [[nodiscard]] static bool stepFromName(const QString& word, Step* step);

private:
    GatewayReply handleFor(const Call& call, const ServiceCaller& caller);
    GatewayReply authorise(const PaymentIntent& intent, int timeoutMs);
    GatewayReply lookup(const PaymentIntent& intent, const ServiceCaller& caller, int timeoutMs,
                        bool abandon);
    GatewayReply capture(const PaymentIntent& intent, int timeoutMs);
    GatewayReply voidPayment(const PaymentIntent& intent, const ServiceCaller& caller, const QString& why,
                             int timeoutMs);
    GatewayReply refund(const PaymentIntent& intent, const QUuid& refundKey, int timeoutMs);
    /// Records `to` from `from`; a failed record turns the answer into Unknown (asked again later).
    GatewayReply record(GatewayReply reply, const QUuid& key, IntentState from, IntentState to,
                        const IntentChange& change);
    GatewayReply noteUnknown(GatewayReply reply, const QUuid& key);

    PaymentIntents& m_intents;
    PaymentGateway& m_gateway;
    Refunds* m_refunds;
    std::function<void(const char*)> m_checkpoint;
};

/// CardPayments whose five steps are each one CardStepHandler::Call, handed to run(): where the call
/// goes (a CardStepHandler in the process, or boxoffice-service over HTTP) is all that differs.
class CardStepPayments : public CardPayments
{
public:
    [[nodiscard]] CardReply authorise(const QUuid& key, int timeoutMs) final;
    [[nodiscard]] CardReply lookup(const QUuid& key, int timeoutMs, bool abandonUnseen) final;
    [[nodiscard]] CardReply capture(const QUuid& key, int timeoutMs) final;
    [[nodiscard]] CardReply voidPayment(const QUuid& key, const QString& why, int timeoutMs) final;
    [[nodiscard]] CardReply refund(const QUuid& key, const QUuid& refundKey, int timeoutMs) final;

protected:
    [[nodiscard]] virtual CardReply run(CardStepHandler::Call call) = 0;
};

/// CardPayments inside the process: each step takes the terminal's pass with its own connection
/// and hands it to a CardStepHandler on the service's connection, as boxoffice-service would over HTTP.
/// The service's connection is opened at the first step (and again after it was lost).
class LocalCardPayments final : public CardStepPayments
{
public:
    LocalCardPayments(PaymentIntents& own, PaymentIntentsFactory serviceIntents,
                      std::unique_ptr<PaymentGateway> gateway);
    /// On connections and a gateway the caller keeps (a CLI command, a test); `serviceRefunds`
    /// on the service's connection, null where no card refund is sent.
    LocalCardPayments(PaymentIntents& own, PaymentIntents& service, PaymentGateway& gateway,
                      Refunds* serviceRefunds = nullptr);
    ~LocalCardPayments() override;

    /// Makes one per worker thread: the service's intents from `serviceIntents`, the gateway from
    /// `gateways` (null from it: no card service, the factory makes null too).
    [[nodiscard]] static CardPaymentsFactory factory(PaymentIntentsFactory serviceIntents,
                                                     PaymentGatewayFactory gateways);

    [[nodiscard]] QString name() const override { return m_gateway->name(); }
    /// The service's checkpoints (CardStepHandler::setCheckpoint), for the kill tests.
    void setCheckpoint(std::function<void(const char*)> checkpoint) { m_checkpoint = std::move(checkpoint); }

private:
    CardReply run(CardStepHandler::Call call) override;

    PaymentIntents& m_own;
    Refunds* m_serviceRefunds = nullptr;      ///< set by the caller-kept constructor only
    PaymentIntentsFactory m_openService;      ///< empty when the service's intents are the caller's
    std::unique_ptr<PaymentIntents> m_opened; ///< what m_openService opened
    PaymentIntents* m_service = nullptr;      ///< the service's intents now; null until opened
    std::unique_ptr<PaymentGateway> m_ownedGateway;
    PaymentGateway* m_gateway = nullptr;
    std::function<void(const char*)> m_checkpoint;
};

/// CardPayments of the payment service itself, for its own background reconciler (the leads run
/// only on the service's login, docs/SECURITY.md): each step goes straight to a CardStepHandler on the
/// service's connection, as the service, with no pass to take — the service may not take one.
class ServiceCardPayments final : public CardStepPayments
{
public:
    ServiceCardPayments(PaymentIntents& service, std::unique_ptr<PaymentGateway> gateway);
    ~ServiceCardPayments() override;

    /// One per worker thread, on that worker's service connection; null without a gateway.
    [[nodiscard]] static CardPaymentsFactory factory(PaymentGatewayFactory gateways);

    [[nodiscard]] QString name() const override;

private:
    CardReply run(CardStepHandler::Call call) override;

    PaymentIntents& m_service;
    std::unique_ptr<PaymentGateway> m_gateway;
};

/// The payment as the terminal reads it after a step (`reply` as given).
[[nodiscard]] CardReply cardReplyAfter(PaymentIntents& own, const QUuid& key, GatewayReply reply);

} // namespace bo
