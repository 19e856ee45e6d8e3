// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/cardpayments.h"
#include "model/core/logtext.h"

#include <QCoreApplication>
#include <QDateTime>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

QString deskTr(const char* text)
{
    return QCoreApplication::translate("bo::CardStepHandler", text);
}

GatewayReply answered(GatewayOutcome outcome, QString reason = {})
{
    GatewayReply reply;
    reply.outcome = outcome;
    reply.reason = std::move(reason);
    return reply;
}

/// How the service answers a step about a payment already past it: what the gateway would.
GatewayReply fromState(const PaymentIntent& intent)
{
    GatewayReply reply = answered(GatewayOutcome::Done);
    reply.reference = intent.gatewayReference;
    reply.amountMinor = intent.request.amountMinor;
    reply.currency = intent.request.currency;
    switch (intent.state) {
    case IntentState::Authorised:
    case IntentState::Capturing:
    case IntentState::Voiding:
        reply.state = GatewayPaymentState::Authorised;
        break;
    case IntentState::Captured:
    case IntentState::Refunding:
        reply.state = GatewayPaymentState::Captured;
        break;
    case IntentState::Voided:
        reply.state = GatewayPaymentState::Voided;
        break;
    case IntentState::Refunded:
        reply.state = GatewayPaymentState::Refunded;
        break;
    case IntentState::Declined:
        reply.outcome = GatewayOutcome::Declined;
        reply.state = GatewayPaymentState::Declined;
        reply.reason = intent.reason;
        break;
    case IntentState::New:
    case IntentState::Authorising:
    case IntentState::Abandoned:
        reply.outcome = GatewayOutcome::NotFound;
        break;
    }
    return reply;
}

bool mayGiveUpOpenSale(const ServiceCaller& caller)
{
    return caller.madeIt || caller.kind == QLatin1String("manager") || caller.kind == QLatin1String("owner");
}

} // namespace

CardStepHandler::CardStepHandler(PaymentIntents& intents, PaymentGateway& gateway, Refunds* refunds)
    : m_intents(intents)
    , m_gateway(gateway)
    , m_refunds(refunds)
{}

const char* CardStepHandler::stepName(Step step)
{
    switch (step) {
    case Step::Authorise:
        return "authorise";
    case Step::Lookup:
        return "lookup";
    case Step::Capture:
        return "capture";
    case Step::Void:
        return "void";
    case Step::Refund:
        return "refund";
    }
    return "lookup";
}

bool CardStepHandler::stepFromName(const QString& word, Step* step)
{
    for (Step s : {Step::Authorise, Step::Lookup, Step::Capture, Step::Void, Step::Refund})
        if (word == QLatin1String(stepName(s))) {
            *step = s;
            return true;
        }
    return false;
}

GatewayReply CardStepHandler::handle(const Call& call)
{
    Result<ServiceCaller> caller = m_intents.redeemPass(call.pass, call.key);
    if (!caller) {
        if (caller.error().code == ErrorCode::Offline || caller.error().code == ErrorCode::Internal)
            return answered(GatewayOutcome::Unknown,
                            deskTr("The payment service cannot reach its database."));
        spdlog::warn("card {} {}: pass refused ({})", stepName(call.step), logText(call.key),
                     caller.error().detail.toStdString());
        return answered(GatewayOutcome::Refused,
                        deskTr("The payment service did not recognise this terminal."));
    }
    return handleFor(call, caller.value());
}

GatewayReply CardStepHandler::handleAsService(const Call& call)
{
    return handleFor(call, ServiceCaller{QStringLiteral("service"), QStringLiteral("service"), false});
}

GatewayReply CardStepHandler::handleFor(const Call& call, const ServiceCaller& caller)
{
    Result<PaymentIntent> found = m_intents.find(call.key);
    if (!found)
        return found.error().code == ErrorCode::NotFound
                   ? answered(GatewayOutcome::Refused, deskTr("There is no such payment."))
                   : answered(GatewayOutcome::Unknown,
                              deskTr("The payment service cannot reach its database."));
    const PaymentIntent& intent = found.value();
    if (intent.request.method != PaymentMethod::Card)
        return answered(GatewayOutcome::Refused, deskTr("This payment is not a card payment."));
    spdlog::info("card {} {} for {} ({})", stepName(call.step), logText(call.key), caller.login.toStdString(),
                 intentStateName(intent.state));
    switch (call.step) {
    case Step::Authorise:
        return authorise(intent, call.timeoutMs);
    case Step::Lookup:
        return lookup(intent, caller, call.timeoutMs, call.abandonUnseen);
    case Step::Capture:
        return capture(intent, call.timeoutMs);
    case Step::Void:
        return voidPayment(intent, caller, call.why, call.timeoutMs);
    case Step::Refund:
        return refund(intent, call.refundKey, call.timeoutMs);
    }
    return answered(GatewayOutcome::Refused);
}

GatewayReply CardStepHandler::record(GatewayReply reply, const QUuid& key, IntentState from, IntentState to,
                                     const IntentChange& change)
{
    if (Result<PaymentIntent> r = m_intents.advance(key, from, to, change); !r) {
        spdlog::warn("card {}: {} -> {} not recorded: {}", logText(key), intentStateName(from),
                     intentStateName(to), r.error().detail.toStdString());
        reply.outcome = GatewayOutcome::Unknown;
        reply.reason =
            deskTr("The gateway answered, but the answer could not be recorded; it is checked again.");
    }
    return reply;
}

GatewayReply CardStepHandler::noteUnknown(GatewayReply reply, const QUuid& key)
{
    (void)m_intents.noteUnknown(key, reply.reason);
    return reply;
}

GatewayReply CardStepHandler::authorise(const PaymentIntent& intent, int timeoutMs)
{
    const QUuid key = intent.request.key;
    PaymentIntent current = intent;
    if (current.state == IntentState::New) {
        // Committed before the send: a crash from here on leaves AUTHORISING, looked up by key.
        Result<PaymentIntent> sending = m_intents.advance(key, IntentState::New, IntentState::Authorising);
        if (!sending)
            return answered(GatewayOutcome::NotFound,
                            deskTr("The payment could not be marked as sent; nothing was sent."));
        current = sending.value();
    }
    if (current.state != IntentState::Authorising)
        return fromState(current);

    AuthoriseRequest request;
    request.key = key;
    request.amountMinor = current.request.amountMinor;
    request.currency = current.request.currency;
    request.saleReference = current.request.bookingCode;
    request.terminalId = current.request.terminalId.toString(QUuid::WithoutBraces);
    request.timeoutMs = timeoutMs;
    const GatewayReply reply = m_gateway.authorise(request);
    IntentChange change;
    change.gatewayReference = reply.reference;
    change.maskedCard = reply.maskedCard;
    change.reason = reply.reason;
    switch (reply.outcome) {
    case GatewayOutcome::Done:
        return record(reply, key, IntentState::Authorising, IntentState::Authorised, change);
    case GatewayOutcome::Declined:
    case GatewayOutcome::Refused:
        return record(reply, key, IntentState::Authorising, IntentState::Declined, change);
    case GatewayOutcome::NotFound:
    case GatewayOutcome::Unknown:
        break;
    }
    return noteUnknown(reply, key);
}

GatewayReply CardStepHandler::lookup(const PaymentIntent& intent, const ServiceCaller& caller, int timeoutMs,
                                     bool abandon)
{
    const QUuid key = intent.request.key;
    if (intent.state == IntentState::New) {
        // Never sent. Given up by the terminal that made it (restarting), a manager, or anyone
        // once it has lain still a minute: a live sale sends it at once.
        const bool still =
            intent.updatedAt.isValid() && intent.updatedAt.secsTo(QDateTime::currentDateTimeUtc()) >= 60;
        if (!abandon || !(mayGiveUpOpenSale(caller) || still))
            return answered(GatewayOutcome::NotFound, deskTr("The payment was not sent yet."));
        IntentChange change;
        change.reason = deskTr("the terminal stopped before the payment was sent");
        return record(answered(GatewayOutcome::NotFound), key, IntentState::New, IntentState::Abandoned,
                      change);
    }
    GatewayReply reply = m_gateway.lookup(key, timeoutMs);
    if (intent.state != IntentState::Authorising)
        return reply; // only an authorise in flight is recorded from a look-up
    IntentChange change;
    change.gatewayReference = reply.reference;
    change.maskedCard = reply.maskedCard;
    change.reason = reply.reason;
    const bool unseen = reply.outcome == GatewayOutcome::NotFound ||
                        (reply.outcome == GatewayOutcome::Done && reply.state == GatewayPaymentState::None);
    if (reply.outcome == GatewayOutcome::Done) {
        switch (reply.state) {
        case GatewayPaymentState::Authorised:
        case GatewayPaymentState::Captured:
            return record(reply, key, IntentState::Authorising, IntentState::Authorised, change);
        case GatewayPaymentState::Declined:
        case GatewayPaymentState::Voided:
        case GatewayPaymentState::Refunded:
            return record(reply, key, IntentState::Authorising, IntentState::Declined, change);
        case GatewayPaymentState::None:
            break;
        }
    }
    if (unseen) {
        if (!abandon)
            return reply;
        change.reason = deskTr("never received by the payment service");
        return record(reply, key, IntentState::Authorising, IntentState::Abandoned, change);
    }
    return noteUnknown(reply, key);
}

GatewayReply CardStepHandler::capture(const PaymentIntent& intent, int timeoutMs)
{
    const QUuid key = intent.request.key;
    if (intent.state == IntentState::Authorised) {
        if (intent.bookingStatus != QLatin1String("CONFIRMED"))
            return answered(GatewayOutcome::Refused,
                            deskTr("The booking is not confirmed; its payment is not taken."));
        if (Result<PaymentIntent> capturing =
                m_intents.advance(key, IntentState::Authorised, IntentState::Capturing);
            !capturing)
            return answered(GatewayOutcome::Unknown, capturing.error().message);
    } else if (intent.state != IntentState::Capturing) {
        return intent.state == IntentState::Captured
                   ? fromState(intent)
                   : answered(GatewayOutcome::Refused,
                              deskTr("The payment is %1; it cannot be captured.")
                                  .arg(QLatin1String(intentStateName(intent.state))));
    }
    const GatewayReply reply = m_gateway.capture(key, intent.request.amountMinor, timeoutMs);
    if (reply.outcome == GatewayOutcome::Done) {
        IntentChange change;
        change.gatewayReference = reply.reference;
        return record(reply, key, IntentState::Capturing, IntentState::Captured, change);
    }
    return noteUnknown(reply, key);
}

GatewayReply CardStepHandler::voidPayment(const PaymentIntent& intent, const ServiceCaller& caller,
                                          const QString& why, int timeoutMs)
{
    const QUuid key = intent.request.key;
    if (intent.state == IntentState::Authorised) {
        if (intent.bookingStatus == QLatin1String("CONFIRMED"))
            return answered(GatewayOutcome::Refused,
                            deskTr("The booking is confirmed; its payment is not given back."));
        if (intent.bookingStatus == QLatin1String("PENDING") && !mayGiveUpOpenSale(caller))
            return answered(GatewayOutcome::Refused,
                            deskTr("The sale is still open at the terminal that made it."));
        IntentChange change;
        change.reason = why;
        if (Result<PaymentIntent> voiding =
                m_intents.advance(key, IntentState::Authorised, IntentState::Voiding, change);
            !voiding)
            return answered(GatewayOutcome::Unknown, voiding.error().message);
    } else if (intent.state != IntentState::Voiding) {
        return intent.state == IntentState::Voided
                   ? fromState(intent)
                   : answered(GatewayOutcome::Refused,
                              deskTr("The payment is %1; it cannot be voided.")
                                  .arg(QLatin1String(intentStateName(intent.state))));
    }
    GatewayReply reply = m_gateway.voidPayment(key, timeoutMs);
    if (reply.outcome == GatewayOutcome::Done || reply.outcome == GatewayOutcome::NotFound) {
        IntentChange change;
        change.gatewayReference = reply.reference;
        change.reason = why.isEmpty() ? intent.reason : why;
        reply.outcome = GatewayOutcome::Done;
        return record(reply, key, IntentState::Voiding, IntentState::Voided, change);
    }
    return noteUnknown(reply, key);
}

GatewayReply CardStepHandler::refund(const PaymentIntent& intent, const QUuid& refundKey, int timeoutMs)
{
    if (!m_refunds)
        return answered(GatewayOutcome::Refused, deskTr("This payment service sends no refunds."));
    Result<RefundRecord> found = m_refunds->find(refundKey);
    if (!found)
        return found.error().code == ErrorCode::NotFound
                   ? answered(GatewayOutcome::Refused, deskTr("There is no such refund."))
                   : answered(GatewayOutcome::Unknown,
                              deskTr("The payment service cannot reach its database."));
    const RefundRecord& r = found.value();
    if (r.paymentKey != intent.request.key || r.method != QLatin1String("card"))
        return answered(GatewayOutcome::Refused, deskTr("This refund is not a card refund of this payment."));
    switch (r.state) {
    case RefundState::Refunded:
        return answered(GatewayOutcome::Done);
    case RefundState::Failed:
        return answered(GatewayOutcome::Refused, r.failure);
    case RefundState::Refunding:
        break;
    }
    GatewayReply reply = m_gateway.refund(intent.request.key, refundKey, r.amountMinor, timeoutMs);
    if (m_checkpoint)
        m_checkpoint("refund-answered");
    switch (reply.outcome) {
    case GatewayOutcome::Done:
        if (Result<RefundRecord> done = m_refunds->finish(refundKey, true, reply.reference, {}); !done)
            return answered(GatewayOutcome::Unknown, done.error().message);
        return reply;
    case GatewayOutcome::Declined:
    case GatewayOutcome::Refused:
    case GatewayOutcome::NotFound: {
        const QString why = reply.reason.isEmpty() ? deskTr("the gateway refused the refund") : reply.reason;
        if (Result<RefundRecord> failed = m_refunds->finish(refundKey, false, reply.reference, why); !failed)
            return answered(GatewayOutcome::Unknown, failed.error().message);
        return reply;
    }
    case GatewayOutcome::Unknown:
        break;
    }
    return reply; // no answer to trust: the refund waits, and sending it again with its key is safe
}

CardReply cardReplyAfter(PaymentIntents& own, const QUuid& key, GatewayReply reply)
{
    CardReply out;
    out.reply = std::move(reply);
    if (Result<PaymentIntent> now = own.find(key); now) {
        out.intent = now.value();
        out.known = true;
    }
    return out;
}

CardReply CardStepPayments::authorise(const QUuid& key, int timeoutMs)
{
    return run({CardStepHandler::Step::Authorise, key, {}, timeoutMs, false, {}, {}});
}

CardReply CardStepPayments::lookup(const QUuid& key, int timeoutMs, bool abandonUnseen)
{
    return run({CardStepHandler::Step::Lookup, key, {}, timeoutMs, abandonUnseen, {}, {}});
}

CardReply CardStepPayments::capture(const QUuid& key, int timeoutMs)
{
    return run({CardStepHandler::Step::Capture, key, {}, timeoutMs, false, {}, {}});
}

CardReply CardStepPayments::voidPayment(const QUuid& key, const QString& why, int timeoutMs)
{
    return run({CardStepHandler::Step::Void, key, {}, timeoutMs, false, why, {}});
}

CardReply CardStepPayments::refund(const QUuid& key, const QUuid& refundKey, int timeoutMs)
{
    return run({CardStepHandler::Step::Refund, key, {}, timeoutMs, false, {}, refundKey});
}

LocalCardPayments::LocalCardPayments(PaymentIntents& own, PaymentIntentsFactory serviceIntents,
                                     std::unique_ptr<PaymentGateway> gateway)
    : m_own(own)
    , m_openService(std::move(serviceIntents))
    , m_ownedGateway(std::move(gateway))
    , m_gateway(m_ownedGateway.get())
{}

LocalCardPayments::LocalCardPayments(PaymentIntents& own, PaymentIntents& service, PaymentGateway& gateway,
                                     Refunds* serviceRefunds)
    : m_own(own)
    , m_serviceRefunds(serviceRefunds)
    , m_service(&service)
    , m_gateway(&gateway)
{}

LocalCardPayments::~LocalCardPayments() = default;

CardPaymentsFactory LocalCardPayments::factory(PaymentIntentsFactory serviceIntents,
                                               PaymentGatewayFactory gateways)
{
    return [serviceIntents = std::move(serviceIntents),
            gateways = std::move(gateways)](PaymentIntents& own) -> std::unique_ptr<CardPayments> {
        std::unique_ptr<PaymentGateway> gateway = gateways ? gateways() : nullptr;
        if (!gateway)
            return nullptr;
        return std::make_unique<LocalCardPayments>(own, serviceIntents, std::move(gateway));
    };
}

CardReply LocalCardPayments::run(CardStepHandler::Call call)
{
    Result<QUuid> pass = m_own.servicePass(call.key);
    if (!pass)
        return {answered(pass.error().code == ErrorCode::Offline ? GatewayOutcome::Unknown
                                                                 : GatewayOutcome::Refused,
                         pass.error().message),
                {},
                false};
    call.pass = pass.value();
    if (!m_service && m_openService) {
        Result<std::unique_ptr<PaymentIntents>> opened = m_openService();
        if (!opened)
            return cardReplyAfter(
                m_own, call.key,
                answered(GatewayOutcome::Unknown,
                         QCoreApplication::translate("bo::CardStepHandler",
                                                     "The payment service cannot reach its database.")));
        m_opened = std::move(opened.value());
        m_service = m_opened.get();
    }
    if (!m_service)
        return cardReplyAfter(m_own, call.key, answered(GatewayOutcome::Unknown));
    CardStepHandler desk(*m_service, *m_gateway, m_serviceRefunds);
    desk.setCheckpoint(m_checkpoint);
    GatewayReply reply = desk.handle(call);
    if (reply.outcome == GatewayOutcome::Unknown && m_openService) {
        m_service = nullptr; // opened again for the next step, as after a lost database
        m_opened.reset();
    }
    return cardReplyAfter(m_own, call.key, std::move(reply));
}

ServiceCardPayments::ServiceCardPayments(PaymentIntents& service, std::unique_ptr<PaymentGateway> gateway)
    : m_service(service)
    , m_gateway(std::move(gateway))
{}

ServiceCardPayments::~ServiceCardPayments() = default;

CardPaymentsFactory ServiceCardPayments::factory(PaymentGatewayFactory gateways)
{
    return [gateways = std::move(gateways)](PaymentIntents& service) -> std::unique_ptr<CardPayments> {
        std::unique_ptr<PaymentGateway> gateway = gateways ? gateways() : nullptr;
        if (!gateway)
            return nullptr;
        return std::make_unique<ServiceCardPayments>(service, std::move(gateway));
    };
}

QString ServiceCardPayments::name() const
{
    return m_gateway->name();
}

CardReply ServiceCardPayments::run(CardStepHandler::Call call)
{
    CardStepHandler desk(m_service, *m_gateway);
    return cardReplyAfter(m_service, call.key, desk.handleAsService(call));
}

} // namespace bo
