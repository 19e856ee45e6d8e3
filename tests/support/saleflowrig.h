// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/saleflow.h"
#include "tests/support/fakecardterminal.h"
#include "tests/support/fakeseatoperations.h"
#include "tests/support/manualclock.h"

namespace bo::test {

/// One sale for the SaleFlow unit tests: the flow at till-1 over an in-memory seat database of
/// showtime 7 (two rows of ten seats, A1..A10 = ids 1..10, B1..B10 = ids 11..20, adult 12000 and
/// child 8000 KRW) and a card terminal, every step taken by the test on the test's clock.
class SaleFlowRig final
{
public:
    static constexpr int showtimeId = 7;

    SaleFlowRig();
    SaleFlowRig(const SaleFlowRig&) = delete;
    SaleFlowRig& operator=(const SaleFlowRig&) = delete;

    ManualClock clock;
    FakeSeatOperations seats;
    FakeCardTerminal card;
    SaleFlow flow;
};

} // namespace bo::test
