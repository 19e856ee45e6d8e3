// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/refundprocess.h"

#include "model/payments/cardpayments.h"

namespace bo {
namespace {

/// The namespace of refund-all's keys (a UUID v5 of "showtime:N/CODE" in it).
const QUuid batchNamespace(QStringLiteral("{5f1c0b6e-3a8d-4c47-9e21-b07a1f4d2c90}"));

} // namespace

QString refundStateName(RefundState state)
{
    switch (state) {
    case RefundState::Refunding:
        return QStringLiteral("refunding");
    case RefundState::Refunded:
        return QStringLiteral("refunded");
    case RefundState::Failed:
        return QStringLiteral("failed");
    }
    return {};
}

RefundProcess::RefundProcess(Refunds& refunds, CardPayments* cards, int gatewayTimeoutMs)
    : m_refunds(refunds)
    , m_cards(cards)
    , m_timeoutMs(gatewayTimeoutMs)
{}

void RefundProcess::checkpoint(const char* name) const
{
    if (m_checkpoint)
        m_checkpoint(name);
}

QString RefundProcess::batchName(int showtimeId)
{
    return QStringLiteral("showtime:%1").arg(showtimeId);
}

QUuid RefundProcess::batchKey(int showtimeId, const QString& bookingCode)
{
    return QUuid::createUuidV5(batchNamespace, batchName(showtimeId) + QLatin1Char('/') + bookingCode);
}

Result<RefundRecord> RefundProcess::refund(const RefundRequest& request)
{
    auto begun = m_refunds.begin(request);
    if (!begun)
        return begun;
    checkpoint("refund-begun");
    if (begun.value().state != RefundState::Refunding)
        return begun;
    return settle(begun.value());
}

Result<RefundRecord> RefundProcess::settle(const RefundRecord& refund)
{
    // Owed cash waits for a till; without a service a card refund waits for a run that has one.
    if (refund.state != RefundState::Refunding || refund.method != QLatin1String("card") ||
        m_cards == nullptr)
        return refund;
    // The payment service sends it and records the gateway's answer on the refund (a till may not).
    const CardReply answer = m_cards->refund(refund.paymentKey, refund.key, m_timeoutMs);
    auto now = m_refunds.list(refund.bookingCode, {}, false);
    if (now) {
        for (const RefundRecord& r : now.value()) {
            if (r.key != refund.key)
                continue;
            RefundRecord settled = r;
            settled.replay = false; // this call settled it
            settled.parts = refund.parts;
            if (settled.state == RefundState::Refunding)
                settled.failure = answer.reply.reason; // no answer to trust: it waits, sent again by its key
            return settled;
        }
    }
    // Not read back: as it stood, with what the service said.
    RefundRecord waiting = refund;
    waiting.failure = answer.reply.reason;
    return waiting;
}

Result<ExchangeResult> RefundProcess::exchange(const ExchangeRequest& request)
{
    auto done = m_refunds.exchange(request);
    if (!done)
        return done;
    checkpoint("exchange-committed");
    ExchangeResult result = done.value();
    if (!result.refund || result.refund->state != RefundState::Refunding)
        return result;
    // The difference's card refund as it stands now (a replay's may have been settled since).
    auto refunds = m_refunds.list(result.oldCode, {}, false);
    if (!refunds)
        return refunds.error();
    for (const RefundRecord& r : refunds.value()) {
        if (r.key != result.refund->key)
            continue;
        RefundRecord first = r;
        first.parts = result.refund->parts;
        auto settled = settle(first);
        if (!settled)
            return settled.error();
        result.refund = settled.value();
    }
    return result;
}

Result<QList<RefundRecord>> RefundProcess::payOwedCash(const QString& bookingCode, const QUuid& terminalId)
{
    auto open = m_refunds.list(bookingCode, {}, true);
    if (!open)
        return open;
    QList<RefundRecord> paid;
    for (const RefundRecord& r : open.value()) {
        if (r.method != QLatin1String("cash"))
            continue;
        auto done = m_refunds.finish(r.key, true, {}, {}, terminalId);
        if (!done)
            return done.error();
        paid.append(done.value());
    }
    return paid;
}

Result<QList<RefundRecord>> RefundProcess::settleOpen(const QString& batch)
{
    auto open = m_refunds.list({}, batch, true);
    if (!open)
        return open;
    QList<RefundRecord> settled;
    settled.reserve(open.value().size());
    for (const RefundRecord& r : open.value()) {
        auto done = settle(r);
        if (!done)
            return done.error();
        settled.append(done.value());
    }
    return settled;
}

Result<RefundProcess::BatchReport> RefundProcess::refundAll(int showtimeId, const QString& reason,
                                                            const QString& terminal, const QUuid& terminalId)
{
    auto bookings = m_refunds.showtimeBookings(showtimeId);
    if (!bookings)
        return bookings.error();
    BatchReport report;
    const QString batch = batchName(showtimeId);
    for (const ShowtimeBooking& b : bookings.value()) {
        if (b.status != QLatin1String("CONFIRMED"))
            continue;
        ++report.bookings;
        RefundRequest request;
        request.key = batchKey(showtimeId, b.code);
        request.bookingCode = b.code;
        request.reason = reason;
        request.terminal = terminal;
        request.terminalId = terminalId;
        request.batch = batch;
        auto done = refund(request);
        if (!done)
            return done.error();
    }
    // What a killed run left waiting, and this run's unanswered ones, asked once more.
    auto leftOver = settleOpen(batch);
    if (!leftOver)
        return leftOver.error();
    auto all = m_refunds.list({}, batch, false);
    if (!all)
        return all.error();
    report.records = all.value();
    for (const RefundRecord& r : report.records) {
        report.currency = r.currency;
        switch (r.state) {
        case RefundState::Refunded:
            ++report.refunded;
            report.amountMinor += r.amountMinor;
            break;
        case RefundState::Refunding:
            if (r.method == QLatin1String("cash"))
                ++report.cashOwed;
            else
                ++report.waiting;
            break;
        case RefundState::Failed:
            ++report.failed;
            break;
        }
    }
    return report;
}

} // namespace bo
