// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/connectionsettings.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/paymentdesk.h"
#include "model/simulatedpayments.h"

namespace bo::test {

/// The payment desk of a till on a test database, as the counter has one: PaymentProcess on its
/// own thread with connections of its own (`settings`: the terminal login's, never the owner's),
/// cards paid through the in-process simulated service `service` (which must outlive the desk).
[[nodiscard]] inline std::unique_ptr<PaymentDesk> makeTestPaymentDesk(const ConnectionSettings& settings,
                                                                      SimulatedPaymentService& service,
                                                                      const PaymentTimings& timings = {})
{
    return std::make_unique<PaymentDesk>(PaymentIntentStore::factory(settings, QStringLiteral("payments")),
                                         SeatStore::factory(settings, QStringLiteral("payments")),
                                         service.factory(), true, timings);
}

} // namespace bo::test
