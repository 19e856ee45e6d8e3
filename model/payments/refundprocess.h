// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <functional>

#include "model/payments/refunds.h"

namespace bo {

class CardPayments;

/// The refund workflow for the counter, the manager's pages and the CLI: the
/// database frees the seats and writes the refund (Refunds::begin), then a card refund is asked of
/// the payment service with the refund's own key — asking again after a crash or a timeout is
/// safe — and its answer is recorded. A refund whose answer is unknown stays Refunding and is
/// settled by settleOpen() later; nothing is ever refunded twice. Blocking: run off the GUI thread.
class RefundProcess final
{
    Q_DECLARE_TR_FUNCTIONS(bo::RefundProcess)

public:
    /// Where refund-all stands after a run.
    struct BatchReport
    {
        int bookings = 0;       ///< confirmed bookings met this run
        int refunded = 0;       ///< refunds resolved REFUNDED this run or before
        int waiting = 0;        ///< card refunds whose answer is still unknown (run again)
        int cashOwed = 0;       ///< cash to hand back at a till when the customer comes
        int failed = 0;         ///< card refunds the service refused (settle by hand)
        qint64 amountMinor = 0; ///< refunded (resolved) in the batch
        QString currency;
        QList<RefundRecord> records;
    };

    /// `cards` (the payment service, which alone sends a card refund to the gateway and records
    /// its answer) may be null: card refunds then wait (Refunding) for a run that has one.
    RefundProcess(Refunds& refunds, CardPayments* cards, int gatewayTimeoutMs = 15'000);

    /// A named point of the work, for the kill tests (docs/PAYMENTS.md's checkpoints).
    void setCheckpoint(std::function<void(const char*)> checkpoint) { m_checkpoint = std::move(checkpoint); }

    /// Makes the refund and, for a card, asks the service. The record as it stands at the end.
    [[nodiscard]] Result<RefundRecord> refund(const RefundRequest& request);
    /// Asks the service for a Refunding card refund (again) and records a definite answer.
    [[nodiscard]] Result<RefundRecord> settle(const RefundRecord& refund);
    /// Exchanges the booking's seats for the held ones (one transaction in the database), then asks
    /// the service for the difference a card gets back. The refund inside is as it stands after.
    [[nodiscard]] Result<ExchangeResult> exchange(const ExchangeRequest& request);
    /// Hands back the cash refund-all left owed for booking `bookingCode`, out of the open drawer of
    /// the till `terminalId`. The refunds paid (none when nothing was owed).
    [[nodiscard]] Result<QList<RefundRecord>> payOwedCash(const QString& bookingCode,
                                                          const QUuid& terminalId);
    /// Every card refund still Refunding (of `batch` when given), settled where the service answers.
    [[nodiscard]] Result<QList<RefundRecord>> settleOpen(const QString& batch = {});
    /// refund-all for a cancelled showtime: every confirmed booking refunded whole to its payment,
    /// each with a key made from the showtime and the booking, so that a run killed half way is
    /// finished by running it again and refunds nothing twice.
    [[nodiscard]] Result<BatchReport> refundAll(int showtimeId, const QString& reason,
                                                const QString& terminal, const QUuid& terminalId);

    [[nodiscard]] static QString batchName(int showtimeId);
    [[nodiscard]] static QUuid batchKey(int showtimeId, const QString& bookingCode);

private:
    void checkpoint(const char* name) const;

    Refunds& m_refunds;
    CardPayments* m_cards;
    int m_timeoutMs;
    std::function<void(const char*)> m_checkpoint;
};

} // namespace bo
