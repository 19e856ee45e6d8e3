// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QString>

#include "model/core/result.h"
#include "model/payments/cardpayments.h"
#include "model/payments/paymentintents.h"
#include "model/seats/seattypes.h"

namespace bo {

class MonotonicClock;
class SeatCommands;

/// How long the payment steps may take and how often an unknown outcome is asked about again.
struct PaymentTimings
{
    int callTimeoutMs = 30'000; ///< one gateway call, its retries included
    int marginMs = 20'000;      ///< the authorise must be over this long before the hold's deadline
    int lookupPauseMs = 2'000;  ///< between look-ups of an unknown outcome
    int confirmAttempts = 4;    ///< confirms with the same key while its outcome is unknown
    int captureAttempts = 3;    ///< captures (or voids) with the same key while unknown
};

/// Where a payment is, for the screen: each phase is shown as it is, never as a success.
enum class PaymentPhase {
    Recording,   ///< the intent is being stored (before anything is sent)
    Authorising, ///< waiting for the card terminal / payment service
    Checking,    ///< an outcome was unknown: asking the service again with the same key
    Confirming,  ///< the seats are being booked
    Capturing,   ///< the money is being taken
    Voiding,     ///< the authorisation is being given back
};

/// How a payment ended for the sale.
struct PaymentOutcome
{
    enum class Kind {
        Paid,      ///< booked and paid (a capture still unknown is finished by the reconciler)
        Declined,  ///< the card was declined (`reason`); the seats stay held for another try
        SeatsLost, ///< the booking could not be made (the hold ran out, a seat was taken); voided
        Unknown,   ///< still unknown when the time ran out: the reconciler resolves it, never a guess
        Failed,    ///< nothing was charged: the intent could not be stored, the service refused
                   ///< the request, or the database is gone before anything was sent
    };
    Kind kind = Kind::Failed;
    PaymentIntent intent;  ///< as last stored (empty key when none could be stored)
    ConfirmResult booking; ///< Paid: the confirmed booking
    QString reason;        ///< for people: the decline reason, or what is unknown and why
    Error error;           ///< Failed / SeatsLost: the error behind it
};

[[nodiscard]] const char* paymentOutcomeName(PaymentOutcome::Kind kind);

/// The payment of one sale through a durable intent (ARCHITECTURE §3, docs/PAYMENTS.md).
/// Every call to the payment service is preceded by a committed "about to call" state and
/// followed by a committed result; an outcome that is unknown is resolved by asking again with
/// the same key, never by guessing. Blocking: runs on a worker thread or in the CLI.
///
/// The rules it keeps, and the reconciler with it: a CONFIRMED booking's payment is captured; an
/// authorised payment without a booking is voided; an unknown one is looked up until known.
class PaymentProcess
{
public:
    using Progress = std::function<void(PaymentPhase)>;
    using Pause = std::function<void(int ms)>;

    /// `cards` (the payment service) may be null (cash only). `clock` and `pause` make the waits
    /// testable. `intents` is the terminal's own: it records cash, never a card's gateway states.
    PaymentProcess(PaymentIntents& intents, SeatCommands& seats, CardPayments* cards,
                   const MonotonicClock& clock, Pause pause, PaymentTimings timings = {});

    /// Card: store the intent, authorise, confirm the seats, capture. `deadlineMs` (on the clock)
    /// is when the sale's hold ends; the authorise and its look-ups end `marginMs` before it.
    /// `intent.method` must be Card; `confirm.key` is the confirm's own idempotency key.
    [[nodiscard]] PaymentOutcome payByCard(const NewPaymentIntent& intent, const ConfirmRequest& confirm,
                                           qint64 deadlineMs, const Progress& progress = {});
    /// Cash: store the intent (tendered, change), confirm, mark it kept; a confirm that cannot be
    /// made marks the cash handed back.
    [[nodiscard]] PaymentOutcome payCash(const NewPaymentIntent& intent, const ConfirmRequest& confirm,
                                         const Progress& progress = {});

    /// Called at each phase boundary with its name ("intent-created", "authorise-sending",
    /// "authorise-answered", "confirm-committed", "capture-sending"): the kill matrix stops the
    /// process there (docs/PAYMENTS.md); logging otherwise.
    void setCheckpoint(std::function<void(const char*)> checkpoint) { m_checkpoint = std::move(checkpoint); }

    /// `confirm` carrying `intent`: what the booking stores about its payment, made from the
    /// stored intent alone, so that a confirm asked again with its key sends the same request
    /// (the ops CLI's `confirm --pay` asked again after a failure).
    [[nodiscard]] static ConfirmRequest carrying(ConfirmRequest confirm, const PaymentIntent& intent);

    /// Takes one unresolved intent as far as it can go now, by the rules above. `ownSale`: the
    /// caller is the terminal that made it, restarting, so a sale still PENDING is given up
    /// (released, its booking cancelled) and its payment voided; otherwise a PENDING booking is
    /// left to finish or expire. Returns the intent as stored afterwards.
    [[nodiscard]] Result<PaymentIntent> resolve(const PaymentIntent& intent, bool ownSale);

private:
    enum class Known { Authorised, Declined, NotSent, Unknown };
    struct Authorisation
    {
        Known known = Known::Unknown;
        CardReply answer;
    };

    Authorisation authoriseUntilKnown(const PaymentIntent& intent, qint64 untilMs, const Progress& progress);
    Authorisation lookUpAuthorisation(const QUuid& key, int timeoutMs, bool abandonUnseen);
    Result<ConfirmResult> confirmUntilKnown(const ConfirmRequest& confirm);
    Result<PaymentIntent> capture(const PaymentIntent& intent);
    Result<PaymentIntent> voidCard(const PaymentIntent& intent, const QString& why);
    Result<PaymentIntent> settleCash(const PaymentIntent& intent, bool kept, const QString& why);
    Result<PaymentIntent> resolveAuthorised(const PaymentIntent& intent, bool ownSale);
    Result<PaymentIntent> giveUpOwnSale(const PaymentIntent& intent);
    [[nodiscard]] int callTimeout(qint64 untilMs) const;
    void checkpoint(const char* name) const;

    PaymentIntents& m_intents;
    SeatCommands& m_seats;
    CardPayments* m_cards;
    const MonotonicClock& m_clock;
    Pause m_pause;
    PaymentTimings m_timings;
    std::function<void(const char*)> m_checkpoint;
};

} // namespace bo
