// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/core/workerthread.h"
#include "model/payments/backgroundreconciler.h"
#include "model/payments/paymentconnections.h"
#include "model/payments/paymentrecords.h"

namespace bo {

class PaymentRecordsWorker;

/// PaymentRecords on a thread of its own, with its own connections (intents and seats) and its
/// own payment service; requests are answered one after another.
class ThreadedPaymentRecords final : public PaymentRecords
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThreadedPaymentRecords)

public:
    /// The background reconciler's rules: `terminal`, `ownSilentSeconds` and `graceSeconds` are
    /// used (the interval is not: a pass runs only when asked).
    using Options = BackgroundReconciler::Options;

    /// `cards` may make null (no card service: card intents stay unresolved, with the reason).
    ThreadedPaymentRecords(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                           CardPaymentsFactory cards, Options options, QObject* parent = nullptr);
    /// Waits for a request in progress (each of its steps is a committed change).
    ~ThreadedPaymentRecords() override;

    [[nodiscard]] int listUnresolved() override;
    [[nodiscard]] int checkNow() override;

private:
    int m_nextId = 0;
    ThreadedWorker<PaymentRecordsWorker> m_worker;
};

} // namespace bo
