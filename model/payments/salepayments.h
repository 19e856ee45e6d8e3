// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>

#include "model/payments/paymentintents.h"
#include "model/payments/paymentprocess.h"
#include "model/seats/seattypes.h"

namespace bo {

/// One payment of a sale as a front end asks for it: the intent to record (its key made by the
/// caller and kept for every retry), the confirm to make once paid, and how long the sale's hold
/// has left (from when the order was made).
struct PaymentOrder
{
    NewPaymentIntent intent;
    ConfirmRequest confirm;
    qint64 msLeft = 0;
};

/// The port through which a sale is paid and booked: asynchronous requests that return
/// a request id at once and answer by signal on the caller's thread, the phases on the way
/// included, so the screen says what is happening ("waiting for the card terminal", "checking the
/// payment") and never a false success.
class SalePayments : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~SalePayments() override = default;

    /// Pays by the order's method and, once paid, confirms the booking.
    [[nodiscard]] virtual int pay(const PaymentOrder& order) = 0;
    /// False when no card payment service is configured (cash only).
    [[nodiscard]] virtual bool acceptsCards() const = 0;

signals:
    void phaseChanged(int requestId, bo::PaymentPhase phase);
    void paymentFinished(int requestId, const bo::PaymentOutcome& outcome);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::PaymentOrder)
Q_DECLARE_METATYPE(bo::PaymentOutcome)
Q_DECLARE_METATYPE(bo::PaymentPhase)
