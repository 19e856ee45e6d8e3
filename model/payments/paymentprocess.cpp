// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentprocess.h"

#include <algorithm>
#include <utility>

#include <QCoreApplication>
#include <QJsonObject>

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/core/logtext.h"
#include "model/seats/seatcommands.h"

namespace bo {
namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("bo::PaymentProcess", text);
}

/// A confirm error after which asking again with the same key may still book: the outcome of the
/// first attempt is not known.
bool outcomeUnknown(const Error& error)
{
    switch (error.code) {
    case ErrorCode::Offline:
    case ErrorCode::InProgress:
    case ErrorCode::Internal:
        return true;
    case ErrorCode::BadInput:
    case ErrorCode::NotFound:
    case ErrorCode::NotOnSale:
    case ErrorCode::Conflict:
    case ErrorCode::NotAdmitted:
    case ErrorCode::Expired:
    case ErrorCode::KeyMismatch:
    case ErrorCode::SchemaTooNew:
    case ErrorCode::SchemaMismatch:
        return false;
    }
    return true;
}

PaymentOutcome outcomeOf(PaymentOutcome::Kind kind, PaymentIntent intent, QString reason, Error error = {})
{
    PaymentOutcome out;
    out.kind = kind;
    out.intent = std::move(intent);
    out.reason = std::move(reason);
    out.error = std::move(error);
    return out;
}

Error noGateway()
{
    return makeError(ErrorCode::BadInput, tr("No card payment service is configured."));
}

bool bookingGone(const PaymentIntent& intent)
{
    return intent.bookingStatus != QLatin1String("PENDING") &&
           intent.bookingStatus != QLatin1String("CONFIRMED");
}

} // namespace

ConfirmRequest PaymentProcess::carrying(ConfirmRequest confirm, const PaymentIntent& intent)
{
    QJsonObject payment{{QStringLiteral("method"), QLatin1String(paymentMethodName(intent.request.method))},
                        {QStringLiteral("intent"), intent.request.key.toString(QUuid::WithoutBraces)},
                        {QStringLiteral("amount_minor"), intent.request.amountMinor},
                        {QStringLiteral("currency"), intent.request.currency}};
    if (intent.request.method == PaymentMethod::Cash) {
        payment.insert(QStringLiteral("tendered_minor"), intent.request.tenderedMinor);
        payment.insert(QStringLiteral("change_minor"), intent.changeMinor);
    } else {
        payment.insert(QStringLiteral("reference"), intent.gatewayReference);
        if (!intent.maskedCard.isEmpty())
            payment.insert(QStringLiteral("card"), intent.maskedCard);
    }
    confirm.payment = payment;
    return confirm;
}

const char* paymentOutcomeName(PaymentOutcome::Kind kind)
{
    switch (kind) {
    case PaymentOutcome::Kind::Paid:
        return "paid";
    case PaymentOutcome::Kind::Declined:
        return "declined";
    case PaymentOutcome::Kind::SeatsLost:
        return "seats-lost";
    case PaymentOutcome::Kind::Unknown:
        return "unknown";
    case PaymentOutcome::Kind::Failed:
        return "failed";
    }
    return "failed";
}

PaymentProcess::PaymentProcess(PaymentIntents& intents, SeatCommands& seats, CardPayments* cards,
                               const MonotonicClock& clock, Pause pause, PaymentTimings timings)
    : m_intents(intents)
    , m_seats(seats)
    , m_cards(cards)
    , m_clock(clock)
    , m_pause(std::move(pause))
    , m_timings(timings)
{}

void PaymentProcess::checkpoint(const char* name) const
{
    if (m_checkpoint)
        m_checkpoint(name);
}

int PaymentProcess::callTimeout(qint64 untilMs) const
{
    const qint64 left = untilMs - m_clock.nowMs();
    return int(std::clamp<qint64>(left, 0, m_timings.callTimeoutMs));
}

PaymentOutcome PaymentProcess::payByCard(const NewPaymentIntent& intent, const ConfirmRequest& confirm,
                                         qint64 deadlineMs, const Progress& progress)
{
    auto report = [&progress](PaymentPhase phase) {
        if (progress)
            progress(phase);
    };
    if (!m_cards || intent.method != PaymentMethod::Card)
        return outcomeOf(PaymentOutcome::Kind::Failed, {}, noGateway().message, noGateway());

    report(PaymentPhase::Recording);
    Result<PaymentIntent> stored = m_intents.create(intent);
    if (!stored)
        return outcomeOf(PaymentOutcome::Kind::Failed, {},
                         tr("The payment could not be recorded; nothing was charged."), stored.error());
    PaymentIntent current = stored.value();
    checkpoint("intent-created");

    if (current.state == IntentState::New || current.state == IntentState::Authorising) {
        // The payment service marks a NEW payment AUTHORISING before its first send, so a crash
        // from there on leaves a payment the reconciler looks up by key; it records the answer.
        report(PaymentPhase::Authorising);
        const Authorisation answer = authoriseUntilKnown(current, deadlineMs - m_timings.marginMs, progress);
        if (answer.answer.known)
            current = answer.answer.intent;
        else if (Result<PaymentIntent> now = m_intents.find(current.request.key); now)
            current = now.value();
        if (answer.known != Known::Unknown && current.state == IntentState::Authorising)
            return outcomeOf(PaymentOutcome::Kind::Unknown, current,
                             tr("The card answered, but the answer could not be stored; it is checked again "
                                "automatically."));
        if (current.state == IntentState::New)
            return outcomeOf(PaymentOutcome::Kind::Failed, current,
                             tr("The payment service could not be reached; nothing was charged."));
        switch (answer.known) {
        case Known::Authorised:
            break;
        case Known::Declined:
            return outcomeOf(PaymentOutcome::Kind::Declined, current, answer.answer.reply.reason);
        case Known::NotSent:
            return outcomeOf(PaymentOutcome::Kind::Failed, current,
                             tr("The payment service never received the payment; nothing was charged."));
        case Known::Unknown:
            return outcomeOf(PaymentOutcome::Kind::Unknown, current,
                             tr("The card payment could not be checked in time. If it went through, it is "
                                "voided automatically."));
        }
    }

    if (current.state != IntentState::Authorised)
        return outcomeOf(
            isResolved(current.state) ? PaymentOutcome::Kind::Failed : PaymentOutcome::Kind::Unknown, current,
            tr("This payment was already handled elsewhere (%1).")
                .arg(QLatin1String(intentStateName(current.state))));

    report(PaymentPhase::Confirming);
    Result<ConfirmResult> booked = confirmUntilKnown(carrying(confirm, current));
    if (booked) {
        checkpoint("confirm-committed");
        report(PaymentPhase::Capturing);
        Result<PaymentIntent> captured = capture(current);
        PaymentOutcome out = outcomeOf(PaymentOutcome::Kind::Paid, captured ? captured.value() : current, {});
        out.booking = booked.value();
        return out;
    }
    if (outcomeUnknown(booked.error()))
        return outcomeOf(PaymentOutcome::Kind::Unknown, current,
                         tr("The booking could not be confirmed or checked. The payment is captured if the "
                            "booking was made and voided if not, automatically."),
                         booked.error());

    // Refused. The database also refuses a confirm on a payment that is being voided or was given
    // up meanwhile (migration 0011: another process of this terminal releasing the sale): then
    // the seats are not lost but this payment is; its void is finished from where it stands and
    // the clerk sees the refusal, the sale still at the payment step.
    if (Result<PaymentIntent> now = m_intents.find(current.request.key);
        now && now.value().state != IntentState::Authorised) {
        PaymentIntent after = now.value();
        if (after.state == IntentState::Voiding) {
            report(PaymentPhase::Voiding);
            if (Result<PaymentIntent> voided = voidCard(after, after.reason); voided)
                after = voided.value();
        }
        return outcomeOf(PaymentOutcome::Kind::Failed, after, booked.error().message, booked.error());
    }
    report(PaymentPhase::Voiding);
    Result<PaymentIntent> voided = voidCard(current, booked.error().message);
    return outcomeOf(PaymentOutcome::Kind::SeatsLost, voided ? voided.value() : current,
                     booked.error().message, booked.error());
}

PaymentOutcome PaymentProcess::payCash(const NewPaymentIntent& intent, const ConfirmRequest& confirm,
                                       const Progress& progress)
{
    auto report = [&progress](PaymentPhase phase) {
        if (progress)
            progress(phase);
    };
    report(PaymentPhase::Recording);
    Result<PaymentIntent> stored = m_intents.create(intent);
    if (!stored)
        return outcomeOf(PaymentOutcome::Kind::Failed, {}, stored.error().message, stored.error());
    const PaymentIntent current = stored.value();
    if (current.state != IntentState::Authorised)
        return outcomeOf(
            isResolved(current.state) ? PaymentOutcome::Kind::Failed : PaymentOutcome::Kind::Unknown, current,
            tr("This payment was already handled elsewhere (%1).")
                .arg(QLatin1String(intentStateName(current.state))));

    report(PaymentPhase::Confirming);
    Result<ConfirmResult> booked = confirmUntilKnown(carrying(confirm, current));
    if (booked) {
        Result<PaymentIntent> kept = settleCash(current, true, {});
        PaymentOutcome out = outcomeOf(PaymentOutcome::Kind::Paid, kept ? kept.value() : current, {});
        out.booking = booked.value();
        return out;
    }
    if (outcomeUnknown(booked.error()))
        return outcomeOf(
            PaymentOutcome::Kind::Unknown, current,
            tr("The booking could not be confirmed or checked. Keep the cash until it is known."),
            booked.error());
    Result<PaymentIntent> returned = settleCash(current, false, booked.error().message);
    return outcomeOf(PaymentOutcome::Kind::SeatsLost, returned ? returned.value() : current,
                     booked.error().message, booked.error());
}

PaymentProcess::Authorisation PaymentProcess::authoriseUntilKnown(const PaymentIntent& intent, qint64 untilMs,
                                                                  const Progress& progress)
{
    const QUuid key = intent.request.key;
    Authorisation last;
    bool send = true;  // the next step sends the authorise (again, same key) rather than looks up
    bool sent = false; // the last step was a send
    while (callTimeout(untilMs) > 0) {
        sent = send;
        if (send) {
            checkpoint("authorise-sending");
            CardReply answer = m_cards->authorise(key, callTimeout(untilMs));
            checkpoint("authorise-answered");
            spdlog::info("payment {}: authorise {} ref={} attempts={}", logText(key),
                         gatewayOutcomeName(answer.reply.outcome), answer.reply.reference.toStdString(),
                         answer.reply.attempts);
            switch (answer.reply.outcome) {
            case GatewayOutcome::Done:
                return {Known::Authorised, std::move(answer)};
            case GatewayOutcome::Declined:
            case GatewayOutcome::Refused:
                return {Known::Declined, std::move(answer)};
            case GatewayOutcome::NotFound:
            case GatewayOutcome::Unknown:
                break;
            }
            last = {Known::Unknown, std::move(answer)};
        } else {
            last = lookUpAuthorisation(key, callTimeout(untilMs), false);
            spdlog::info("payment {}: look-up {}", logText(key),
                         gatewayOutcomeName(last.answer.reply.outcome));
            if (last.known == Known::Authorised || last.known == Known::Declined)
                return last;
        }
        if (progress)
            progress(PaymentPhase::Checking);
        // Never seen by the service: sending again with the same key is safe and may still get
        // an answer in time. Unknown: ask, do not send.
        send = last.known == Known::NotSent;
        if (untilMs - m_clock.nowMs() <= m_timings.lookupPauseMs)
            break; // (not callTimeout: it is capped at one call's time, which may be shorter)
        m_pause(m_timings.lookupPauseMs);
    }
    if (last.known == Known::NotSent || sent) {
        // Every authorise this terminal sent has ended (each call is bounded): asked once more,
        // a service that still does not know the key never got it, and records it abandoned.
        // Asked after a last send too, so where the deadline falls in the send / look-up rhythm
        // never decides the outcome.
        Authorisation final = lookUpAuthorisation(key, std::max(1, m_timings.marginMs / 2), true);
        if (final.known != Known::Unknown)
            return final;
    }
    return last;
}

PaymentProcess::Authorisation PaymentProcess::lookUpAuthorisation(const QUuid& key, int timeoutMs,
                                                                  bool abandonUnseen)
{
    if (!m_cards)
        return {Known::Unknown, CardReply{}};
    CardReply answer = m_cards->lookup(key, timeoutMs, abandonUnseen);
    const GatewayReply& reply = answer.reply;
    switch (reply.outcome) {
    case GatewayOutcome::NotFound:
        return {Known::NotSent, std::move(answer)};
    case GatewayOutcome::Done:
        switch (reply.state) {
        case GatewayPaymentState::Authorised:
        case GatewayPaymentState::Captured:
            return {Known::Authorised, std::move(answer)};
        case GatewayPaymentState::Declined:
        case GatewayPaymentState::Voided:
        case GatewayPaymentState::Refunded:
            return {Known::Declined, std::move(answer)};
        case GatewayPaymentState::None:
            return {Known::NotSent, std::move(answer)};
        }
        break;
    case GatewayOutcome::Declined:
    case GatewayOutcome::Unknown:
    case GatewayOutcome::Refused:
        break;
    }
    return {Known::Unknown, std::move(answer)};
}

Result<ConfirmResult> PaymentProcess::confirmUntilKnown(const ConfirmRequest& confirm)
{
    Result<ConfirmResult> booked = m_seats.confirm(confirm);
    for (int attempt = 1; !booked && outcomeUnknown(booked.error()) && attempt < m_timings.confirmAttempts;
         ++attempt) {
        spdlog::warn("confirm {} unknown ({}), asking again", logText(confirm.key),
                     booked.error().detail.toStdString());
        m_pause(m_timings.lookupPauseMs);
        booked = m_seats.confirm(confirm);
    }
    return booked;
}

Result<PaymentIntent> PaymentProcess::capture(const PaymentIntent& intent)
{
    if (!m_cards)
        return noGateway();
    PaymentIntent current = intent;
    for (int attempt = 0; attempt < m_timings.captureAttempts; ++attempt) {
        if (attempt > 0)
            m_pause(m_timings.lookupPauseMs);
        checkpoint("capture-sending");
        CardReply answer = m_cards->capture(current.request.key, m_timings.callTimeoutMs);
        spdlog::info("payment {}: capture {} ref={}", logText(current.request.key),
                     gatewayOutcomeName(answer.reply.outcome), answer.reply.reference.toStdString());
        if (answer.known)
            current = answer.intent;
        if (answer.reply.outcome == GatewayOutcome::Done && current.state == IntentState::Captured)
            return current;
        // A refusal is kept for a manager to see (unresolved, with its reason); only an unknown
        // outcome is worth asking again now.
        if (answer.reply.outcome != GatewayOutcome::Unknown)
            break;
    }
    return current;
}

Result<PaymentIntent> PaymentProcess::voidCard(const PaymentIntent& intent, const QString& why)
{
    if (!m_cards)
        return noGateway();
    PaymentIntent current = intent;
    for (int attempt = 0; attempt < m_timings.captureAttempts; ++attempt) {
        if (attempt > 0)
            m_pause(m_timings.lookupPauseMs);
        CardReply answer = m_cards->voidPayment(current.request.key, why, m_timings.callTimeoutMs);
        spdlog::info("payment {}: void {}", logText(current.request.key),
                     gatewayOutcomeName(answer.reply.outcome));
        if (answer.known)
            current = answer.intent;
        if (answer.reply.outcome == GatewayOutcome::Done && current.state == IntentState::Voided)
            return current;
        if (answer.reply.outcome != GatewayOutcome::Unknown)
            break;
    }
    return current;
}

Result<PaymentIntent> PaymentProcess::settleCash(const PaymentIntent& intent, bool kept, const QString& why)
{
    IntentChange change;
    change.reason = kept ? QString() : (why.isEmpty() ? tr("cash handed back") : why);
    return m_intents.advance(intent.request.key, IntentState::Authorised,
                             kept ? IntentState::Captured : IntentState::Voided, change);
}

Result<PaymentIntent> PaymentProcess::resolve(const PaymentIntent& intent, bool ownSale)
{
    const QUuid key = intent.request.key;
    const bool card = intent.request.method == PaymentMethod::Card;
    if (card && !m_cards && !isResolved(intent.state) && intent.state != IntentState::New)
        return noGateway();

    switch (intent.state) {
    case IntentState::Declined:
    case IntentState::Captured:
    case IntentState::Voided:
    case IntentState::Refunded:
    case IntentState::Abandoned:
        return intent;
    case IntentState::New: {
        // Nothing was sent: "about to call" is committed before any call. A card's is given up
        // by the payment service (it records a card's states); without one, by this terminal.
        if (card && m_cards) {
            CardReply answer = m_cards->lookup(key, m_timings.callTimeoutMs, true);
            return answer.known ? Result<PaymentIntent>(answer.intent) : m_intents.find(key);
        }
        IntentChange change;
        change.reason = tr("the terminal stopped before the payment was sent");
        return m_intents.advance(key, IntentState::New, IntentState::Abandoned, change);
    }
    case IntentState::Authorising: {
        const Authorisation answer = lookUpAuthorisation(key, m_timings.callTimeoutMs, true);
        Result<PaymentIntent> now =
            answer.answer.known ? Result<PaymentIntent>(answer.answer.intent) : m_intents.find(key);
        if (!now || now.value().state != IntentState::Authorised)
            return now;
        return resolveAuthorised(now.value(), ownSale);
    }
    case IntentState::Authorised:
        return resolveAuthorised(intent, ownSale);
    case IntentState::Capturing:
        return capture(intent);
    case IntentState::Voiding:
        return voidCard(intent, intent.reason);
    case IntentState::Refunding:
        // A refund is started by staff and finished by them (it carries its own key).
        return intent;
    }
    return intent;
}

Result<PaymentIntent> PaymentProcess::resolveAuthorised(const PaymentIntent& intent, bool ownSale)
{
    const bool card = intent.request.method == PaymentMethod::Card;
    if (intent.bookingStatus == QLatin1String("CONFIRMED"))
        return card ? capture(intent) : settleCash(intent, true, {});
    if (bookingGone(intent))
        return card ? voidCard(intent, tr("no booking was made"))
                    : settleCash(intent, false, tr("no booking was made"));
    // PENDING: the sale may still confirm; only the terminal that made it may give it up.
    if (!ownSale)
        return intent;
    return giveUpOwnSale(intent);
}

Result<PaymentIntent> PaymentProcess::giveUpOwnSale(const PaymentIntent& intent)
{
    // Releasing everything the sale holds cancels its PENDING booking (bo_release), after which
    // no confirm of it can succeed: then the payment is voided.
    Result<int> released = m_seats.release(intent.request.showtimeId, intent.request.holdToken);
    if (!released)
        return released.error();
    Result<PaymentIntent> now = m_intents.find(intent.request.key);
    if (!now)
        return now;
    if (now.value().bookingStatus == QLatin1String("PENDING"))
        return makeError(ErrorCode::Internal, tr("The sale's booking is still pending after its release."));
    return resolveAuthorised(now.value(), false);
}

} // namespace bo
