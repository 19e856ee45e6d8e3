// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/sale/saleflow.h"
#include "tests/support/fakeseatdesk.h"
#include "tests/support/manualclock.h"
#include "tests/support/scriptedsalepayments.h"

namespace bo::test {

/// One sale for the SaleFlow unit tests: the flow at till-1 over an in-memory seat database of
/// showtime 7 (two rows of ten seats, A1..A10 = ids 1..10, B1..B10 = ids 11..20, adult 12000 and
/// child 8000 KRW) and a payment desk whose answers the test gives, every step taken by the test
/// on the test's clock.
class SaleFlowRig final
{
public:
    static constexpr int showtimeId = 7;

    SaleFlowRig();
    SaleFlowRig(const SaleFlowRig&) = delete;
    SaleFlowRig& operator=(const SaleFlowRig&) = delete;

    /// An order of the flow not answered yet.
    [[nodiscard]] bool paymentWaiting() const { return desk.orders.size() > m_answered; }
    /// The desk answers the order waiting as PaymentProcess would over this database: approved
    /// (cash always is), the seats are confirmed at once on the desk's own connection: Paid, or
    /// SeatsLost when the hold ran out or a seat was taken; a card not approved is Declined.
    /// False when no order waits.
    bool answerPayment(bool approve);

    ManualClock clock;
    FakeSeatDesk seats;
    ScriptedSalePayments desk;
    SaleFlow flow;

private:
    qsizetype m_answered = 0;
};

} // namespace bo::test
