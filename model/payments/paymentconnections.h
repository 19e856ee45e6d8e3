// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>

#include "model/core/result.h"
#include "model/payments/cardpayments.h"
#include "model/payments/paymentintents.h"
#include "model/seats/seatcommands.h"

namespace bo {

/// What a payment worker thread opens for itself: its own connection for the intents, one for the
/// seats, and its own way to the payment service (ARCHITECTURE §1: one connection per thread). Shared by the
/// workers of ThreadedSalePayments, BackgroundReconciler and ThreadedPaymentRecords, so opening, re-opening
/// after the database was lost and closing are written once. Lives on the worker's thread.
class PaymentConnections
{
public:
    PaymentConnections(PaymentIntentsFactory intents, SeatCommandsFactory seats, CardPaymentsFactory cards);
    ~PaymentConnections();
    PaymentConnections(const PaymentConnections&) = delete;
    PaymentConnections& operator=(const PaymentConnections&) = delete;

    /// Opens whatever is not open yet (on the calling thread). The payment service is optional:
    /// without a factory, or when it makes none, cards() stays null.
    [[nodiscard]] Status open();
    /// Forgets both database connections after the database was lost; the next open() opens new
    /// ones (session state such as the reconciler's lock is gone with them), and the way to the
    /// payment service with them (it takes its passes on the intents' connection).
    void dropConnections();
    /// Closes everything (the thread is ending).
    void close();

    /// Valid after a successful open().
    [[nodiscard]] PaymentIntents& intents() const { return *m_intents; }
    [[nodiscard]] SeatCommands& seats() const { return *m_seats; }
    [[nodiscard]] CardPayments* cards() const { return m_cards.get(); }
    [[nodiscard]] bool isOpen() const { return m_intents && m_seats; }

private:
    PaymentIntentsFactory m_openIntents;
    SeatCommandsFactory m_openSeats;
    CardPaymentsFactory m_openCards;
    std::unique_ptr<PaymentIntents> m_intents;
    std::unique_ptr<SeatCommands> m_seats;
    std::unique_ptr<CardPayments> m_cards;
};

} // namespace bo
