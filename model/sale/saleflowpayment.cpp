// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow's payment step: what it orders from SalePayments and what it does with each outcome.
// Opening and selecting are in saleflow.cpp, holding and releasing in saleflowholds.cpp.
#include "model/sale/saleflow.h"

#include <utility>

#include <spdlog/spdlog.h>

#include "model/core/logtext.h"
#include "model/payments/paymentintents.h"

namespace bo {
void SaleFlow::payCash(qint64 tenderedMinor)
{
    if (m_state != State::Payment || isBusy())
        return;
    if (tenderedMinor < totalMinor()) {
        emit problem(tr("The amount tendered is less than the total."));
        return;
    }
    m_changeDueMinor = tenderedMinor - totalMinor();
    sendPay(PaymentMethod::Cash, tenderedMinor);
}

void SaleFlow::payCard()
{
    if (m_state != State::Payment || isBusy())
        return;
    if (!m_payments->acceptsCards()) {
        emit problem(tr("No card payment service is set up at this till."));
        return;
    }
    m_changeDueMinor = 0;
    sendPay(PaymentMethod::Card, 0);
}

ConfirmRequest SaleFlow::confirmRequest() const
{
    // What was paid is added by the payment from its stored intent.
    ConfirmRequest request;
    request.terminal = m_terminal;
    request.key = m_confirmKey;
    request.showtimeId = m_showtime.id;
    request.owner = m_token;
    request.seatIds = m_sale.held();
    request.tiers = m_basket.tiersFor(request.seatIds);
    request.terminalId = m_terminalId;
    return request;
}

void SaleFlow::sendPay(PaymentMethod method, qint64 tenderedMinor)
{
    PaymentOrder order;
    // One intent per attempt (a declined card is tried again under a new key); the confirm keeps
    // the payment step's key.
    order.intent.key = QUuid::createUuid();
    order.intent.holdToken = m_token;
    order.intent.showtimeId = m_showtime.id;
    order.intent.bookingId = m_bookingId;
    order.intent.bookingCode = m_bookingCode;
    order.intent.terminal = m_terminal;
    order.intent.terminalId = m_terminalId;
    order.intent.method = method;
    order.intent.amountMinor = totalMinor();
    order.intent.currency = currency();
    order.intent.tenderedMinor = tenderedMinor;
    order.confirm = confirmRequest();
    order.msLeft = remainingMs();
    spdlog::info("sale {}: paying {} by {}, intent {}", logText(m_token), order.intent.amountMinor,
                 paymentMethodName(method), logText(order.intent.key));
    // From here the payment decides for itself: no cancel, and the countdown does not end it.
    setState(State::Confirming);
    send(Pending::Pay, m_payments->pay(order));
}

void SaleFlow::onPaymentPhase(int requestId, PaymentPhase phase)
{
    if (requestId == m_flight.id && m_flight.kind == Pending::Pay)
        emit paymentPhase(phase);
}

void SaleFlow::onPaymentFinished(int requestId, const PaymentOutcome& outcome)
{
    if (requestId != m_flight.id || m_flight.kind != Pending::Pay)
        return;
    (void)takeFlight();
    spdlog::info("sale {}: payment {} {}", logText(m_token), paymentOutcomeName(outcome.kind),
                 logText(outcome.intent.request.key));
    switch (outcome.kind) {
    case PaymentOutcome::Kind::Paid:
        m_bookingId = QUuid(); // not {}: ambiguous with operator=(const GUID&) on Windows
        complete(outcome.booking);
        return;
    case PaymentOutcome::Kind::Declined:
        setState(State::Payment);
        emit paymentDeclined(outcome.reason);
        reconcile();
        return;
    case PaymentOutcome::Kind::Failed:
        setState(State::Payment);
        emit problem(outcome.reason);
        reconcile();
        return;
    case PaymentOutcome::Kind::SeatsLost:
        endSale(EndReason::Expired,
                outcome.intent.request.method == PaymentMethod::Cash
                    ? tr("The seats were lost before the sale was confirmed; hand the cash back.")
                    : tr("The seats were lost before the sale was confirmed; the card payment was voided."));
        return;
    case PaymentOutcome::Kind::Unknown:
        // Released like any ended sale: a booking still pending is cancelled, so a payment that
        // went through is voided by the reconciler; one that was booked is captured by it.
        endSale(EndReason::Expired, outcome.reason);
        return;
    }
}

void SaleFlow::complete(const ConfirmResult& result)
{
    m_booking = result;
    stopCountdown();
    m_sale.clear();
    m_map.setMine({});
    m_confirmKey = QUuid();
    if (std::exchange(m_outcomeUnknown, false)) {
        // A hold whose answer was lost may have left rows of this sale that ran out unnoticed:
        // harmless, but a finished sale leaves none.
        sendOwedRelease({m_showtime.id, m_token});
    }
    setState(State::Completed);
    spdlog::info("sale {}: confirmed booking {}{}", logText(m_token), result.code.toStdString(),
                 result.replayed ? " (replayed)" : "");
    emit completed(result);
}

void SaleFlow::finish()
{
    if (m_state == State::Completed)
        setState(State::Idle);
}

} // namespace bo
