// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>

#include "model/payments/salepayments.h"

namespace bo::test {

/// SalePayments whose answers the test gives: every order is kept; phase() and finish() answer
/// the latest one as the real desk would, by signal.
class ScriptedSalePayments final : public SalePayments
{
    Q_OBJECT

public:
    using SalePayments::SalePayments;

    QList<PaymentOrder> orders;
    bool cards = true;

    int pay(const PaymentOrder& order) override
    {
        orders << order;
        return int(orders.size()) + 1000;
    }
    [[nodiscard]] bool acceptsCards() const override { return cards; }

    void phase(PaymentPhase p) { emit phaseChanged(int(orders.size()) + 1000, p); }

    /// Answers the latest order; Paid carries a booking of its seats.
    void finish(PaymentOutcome::Kind kind, const QString& reason = {})
    {
        PaymentOutcome out;
        out.kind = kind;
        out.reason = reason;
        if (kind == PaymentOutcome::Kind::Paid) {
            out.booking.code = orders.last().intent.bookingCode;
            out.booking.status = QStringLiteral("CONFIRMED");
            out.booking.totalMinor = orders.last().intent.amountMinor;
        }
        finish(out);
    }
    /// Answers the latest order with `out`, its intent filled in.
    void finish(PaymentOutcome out)
    {
        out.intent.request = orders.last().intent;
        emit paymentFinished(int(orders.size()) + 1000, out);
    }
};

} // namespace bo::test
