// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

#include "model/core/result.h"

namespace bo {

enum class PaymentMethod { Card, Cash };

/// Where one payment attempt stands, durably (docs/PAYMENTS.md has the diagram). Every call to a
/// payment service is preceded by a committed "about to call" state (Authorising, Capturing,
/// Voiding, Refunding) and followed by a committed result, so a crash at any point leaves a row
/// that says exactly what may have happened.
///
/// Card: New -> Authorising -> Authorised | Declined | Abandoned (the service never saw it);
///       Authorised -> Capturing -> Captured (the booking is confirmed);
///       Authorised -> Voiding -> Voided (no booking came of it);
///       Captured -> Refunding -> Refunded.
/// Cash: created Authorised (the money is in the drawer, tendered and change recorded);
///       Captured = kept for a confirmed booking, Voided = handed back (or owed back).
enum class IntentState {
    New,
    Authorising,
    Authorised,
    Declined,
    Capturing,
    Captured,
    Voiding,
    Voided,
    Refunding,
    Refunded,
    Abandoned,
};

/// True for Declined, Captured, Voided, Refunded and Abandoned: nothing is left to find out or do.
[[nodiscard]] bool isResolved(IntentState state);
/// The database's word for the state: "NEW", "AUTHORISING", ...
[[nodiscard]] const char* intentStateName(IntentState state);
/// The state named by `text`; `ok` (when given) says whether the word was known.
[[nodiscard]] IntentState intentStateFromText(const QString& text, bool* ok = nullptr);
[[nodiscard]] const char* paymentMethodName(PaymentMethod method);

/// What a terminal records before the first call about a payment (or when cash is taken).
struct NewPaymentIntent
{
    QUuid key;       ///< the payment's idempotency key, made here, sent with every call
    QUuid holdToken; ///< the sale
    int showtimeId = 0;
    QUuid bookingId; ///< the sale's PENDING booking (from beginPayment)
    QString bookingCode;
    QString terminal; ///< the terminal's name
    QUuid terminalId; ///< the terminal's permanent id
    PaymentMethod method = PaymentMethod::Card;
    qint64 amountMinor = 0;
    QString currency;
    qint64 tenderedMinor = 0; ///< cash: what the customer handed over (>= amount)
    QString gateway;          ///< card: the gateway's name (PaymentGateway::name)
};

/// One payment attempt as stored, with the state of the booking it pays.
struct PaymentIntent
{
    NewPaymentIntent request;
    IntentState state = IntentState::New;
    qint64 changeMinor = 0;   ///< cash: tendered - amount
    QString gatewayReference; ///< the service's id of the payment, once known
    QString maskedCard;
    QString reason;   ///< the last decline reason or unknown outcome, for people
    int attempts = 0; ///< calls whose outcome stayed unknown
    QDateTime createdAt;
    QDateTime updatedAt;       ///< the last change or attempt: how long its terminal has been silent
    QString bookingStatus;     ///< PENDING, CONFIRMED, CANCELLED, EXPIRED; empty when there is none
    QDateTime bookingDeadline; ///< a PENDING booking's payment deadline
};

/// What a state change records besides the state.
struct IntentChange
{
    QString gatewayReference;
    QString maskedCard;
    QString reason;
};

/// Who asks the payment service about a payment, as the database tells it from the one-time pass
/// the terminal took (migration 0044): its login, its kind ("kiosk", "till", "manager", "owner")
/// and whether that login made the payment.
struct ServiceCaller
{
    QString login;
    QString kind;
    bool madeIt = false;
};

struct IntentFilter
{
    bool unresolvedOnly = false;
    QString terminal;         ///< empty: every terminal
    int silentForSeconds = 0; ///< only intents not changed for at least this long
    int limit = 200;
};

/// The port of the durable payment intents (ARCHITECTURE §3). Changes are single committed
/// statements; one object belongs to one thread.
class PaymentIntents
{
public:
    PaymentIntents() = default;
    virtual ~PaymentIntents() = default;
    PaymentIntents(const PaymentIntents&) = delete;
    PaymentIntents& operator=(const PaymentIntents&) = delete;

    /// Records a new attempt: card as New, cash as Authorised with its change. The same key with
    /// the same request returns the stored row; with another request: KeyMismatch. BadInput for a
    /// non-positive amount, too little cash, an unknown currency or booking.
    [[nodiscard]] virtual Result<PaymentIntent> create(const NewPaymentIntent& intent) = 0;
    /// Moves the intent from `from` to `to` (compare and set). Conflict when it is no longer in
    /// `from` (another process moved it: read it again); BadInput when `to` may not follow `from`.
    [[nodiscard]] virtual Result<PaymentIntent> advance(const QUuid& key, IntentState from, IntentState to,
                                                        const IntentChange& change = {}) = 0;
    /// A call about the intent ended unknown: counts the attempt and keeps `reason`; the state stays.
    [[nodiscard]] virtual Result<PaymentIntent> noteUnknown(const QUuid& key, const QString& reason) = 0;
    [[nodiscard]] virtual Result<PaymentIntent> find(const QUuid& key) = 0;
    /// Newest first.
    [[nodiscard]] virtual Result<QList<PaymentIntent>> list(const IntentFilter& filter) = 0;
    /// Tries to become the one reconciler of the database (held until the connection closes or
    /// stepDownAsReconciler). False: another process reconciles now.
    [[nodiscard]] virtual Result<bool> tryLeadReconciliation() = 0;
    virtual void stepDownAsReconciler() = 0;
    /// A terminal's one-time pass to the payment service about the payment of `key` (two minutes).
    [[nodiscard]] virtual Result<QUuid> servicePass(const QUuid& key) = 0;
    /// The payment service's side: spends `pass` and says who took it. An error when it is
    /// not a pass for `key` (spent, expired, made up); only the service's login may ask.
    [[nodiscard]] virtual Result<ServiceCaller> redeemPass(const QUuid& pass, const QUuid& key) = 0;
};

/// Makes a PaymentIntents with a connection of its own, on the thread that calls it.
using PaymentIntentsFactory = std::function<Result<std::unique_ptr<PaymentIntents>>()>;

} // namespace bo
