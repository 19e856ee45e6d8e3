// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QDateTime>
#include <QString>
#include <QUuid>

namespace bo {

/// How one call to a payment service ended, as far as the terminal can know.
enum class GatewayOutcome {
    Done,     ///< the service did what was asked (authorised, captured, voided, refunded; look-up found it)
    Declined, ///< the service refused; `reason` says why; nothing was charged by this call
    Unknown,  ///< no answer that can be trusted (timeout, dropped connection, 5xx, garbage):
              ///< the call may or may not have happened; ask again with the same key
    NotFound, ///< look-up only: the service never saw this key (the authorise never arrived)
    Refused,  ///< the request itself was refused (4xx: bad amount, same key with another request,
              ///< capture of a voided payment); repeating it will not help
};

/// Where a payment stands at the service, as a look-up tells.
enum class GatewayPaymentState { None, Authorised, Declined, Captured, Voided, Refunded };

/// One authorisation: money in minor units (no floating point anywhere), the idempotency key the
/// terminal stored before the first send, and the sale it pays (the booking code), which the
/// service keeps as the merchant reference. No card data: the card terminal holds it.
struct AuthoriseRequest
{
    QUuid key;
    qint64 amountMinor = 0;
    QString currency;       ///< ISO 4217, e.g. "KRW"
    QString saleReference;  ///< the booking code, for the service's records and disputes
    QString terminalId;     ///< the merchant terminal id configured for this till
    int timeoutMs = 30'000; ///< the whole call, retries included; shorter than what is left of the hold
};

/// The answer to one call. `reason` is for people and logs and never holds card data or secrets.
struct GatewayReply
{
    GatewayOutcome outcome = GatewayOutcome::Unknown;
    GatewayPaymentState state = GatewayPaymentState::None; ///< the payment's state after the call
    QString reference;                                     ///< the service's id of the payment
    QString reason;                                        ///< why Declined / Unknown / Refused
    QString maskedCard;                                    ///< e.g. "VISA **** 4242", when told
    qint64 amountMinor = 0;                                ///< authorised (or captured) amount
    QString currency;
    int attempts = 0; ///< requests sent for this call (1 + retries)
};

/// The port to a card payment service (a gateway or an acquirer's terminal API), in the terminal's
/// words. Every operation names the payment by the key its authorise carried; each call sends an
/// idempotency key derived from it, so a repeat after an unknown outcome never acts twice.
/// Calls block until answered or `timeoutMs` runs out: they run on a worker thread or in the
/// CLI, never on the GUI thread. One object belongs to one thread.
class PaymentGateway
{
public:
    PaymentGateway() = default;
    virtual ~PaymentGateway() = default;
    PaymentGateway(const PaymentGateway&) = delete;
    PaymentGateway& operator=(const PaymentGateway&) = delete;

    /// A short name for logs and the payment record, e.g. "paysim" or "http".
    [[nodiscard]] virtual QString name() const = 0;

    [[nodiscard]] virtual GatewayReply authorise(const AuthoriseRequest& request) = 0;
    /// Takes the authorised amount (all of it: a cinema sells what it authorised).
    [[nodiscard]] virtual GatewayReply capture(const QUuid& key, qint64 amountMinor, int timeoutMs) = 0;
    /// Cancels an authorisation that was not captured: the customer is never charged.
    [[nodiscard]] virtual GatewayReply voidPayment(const QUuid& key, int timeoutMs) = 0;
    /// Gives back captured money. `refundKey` identifies this refund (several may follow one payment).
    [[nodiscard]] virtual GatewayReply refund(const QUuid& key, const QUuid& refundKey, qint64 amountMinor,
                                              int timeoutMs) = 0;
    /// Where the payment of `key` stands: Done with `state`, NotFound, or Unknown (ask again later).
    [[nodiscard]] virtual GatewayReply lookup(const QUuid& key, int timeoutMs) = 0;
};

/// Makes the card payment service for a thread; null when none is configured (cash only).
using PaymentGatewayFactory = std::function<std::unique_ptr<PaymentGateway>()>;

[[nodiscard]] const char* gatewayOutcomeName(GatewayOutcome outcome);
[[nodiscard]] const char* gatewayPaymentStateName(GatewayPaymentState state);
/// The state named by `text` ("authorised", "captured", ...); None for anything else.
[[nodiscard]] GatewayPaymentState gatewayPaymentStateFromText(const QString& text);

} // namespace bo
