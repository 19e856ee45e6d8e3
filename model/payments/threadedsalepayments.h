// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/core/workerthread.h"
#include "model/payments/backgroundreconciler.h"
#include "model/payments/salepayments.h"

namespace bo {

class ThreadedSalePaymentsWorker;

/// SalePayments on a thread of its own: each order runs PaymentProcess there with the desk's own
/// connection (intents and seats) and payment service, one order after another, so a slow card
/// terminal never blocks the screen or the seat map's live updates.
class ThreadedSalePayments final : public SalePayments
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ThreadedSalePayments)

public:
    /// `cards` may make null (no card service: card orders fail, nothing is charged).
    ThreadedSalePayments(PaymentIntentsFactory intents, SeatCommandsFactory seats, CardPaymentsFactory cards,
                         bool acceptsCards, PaymentTimings timings = {}, QObject* parent = nullptr);
    ~ThreadedSalePayments() override;

    [[nodiscard]] int pay(const PaymentOrder& order) override;
    [[nodiscard]] bool acceptsCards() const override { return m_acceptsCards; }

private:
    friend class ThreadedSalePaymentsWorker;

    PaymentIntentsFactory m_intents;
    SeatCommandsFactory m_seats;
    CardPaymentsFactory m_cards;
    bool m_acceptsCards;
    PaymentTimings m_timings;
    int m_nextId = 0;
    ThreadedWorker<ThreadedSalePaymentsWorker> m_worker;
};

} // namespace bo
