// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/connectionsettings.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/payments/cardpayments.h"
#include "model/payments/simulatedpayments.h"
#include "model/payments/threadedsalepayments.h"
#include "tests/support/testdatabase.h"

namespace bo::test {

/// Card payments through the in-process simulated service `service`, recorded by the payment
/// service's own login `serviceSettings` as boxoffice-service records them (migration 0044).
[[nodiscard]] inline CardPaymentsFactory testCardPayments(const ConnectionSettings& serviceSettings,
                                                          SimulatedPaymentService& service)
{
    return LocalCardPayments::factory(PaymentIntentStore::factory(serviceSettings, QStringLiteral("service")),
                                      service.factory());
}

/// The payment desk of a till on a test database, as the counter has one: PaymentProcess on its
/// own thread with connections of its own (`settings`: the terminal login's, never the owner's),
/// cards paid through the in-process simulated service `service` (which must outlive the desk),
/// recorded by the test database's payment-service login.
[[nodiscard]] inline std::unique_ptr<ThreadedSalePayments>
makeTestThreadedSalePayments(const ConnectionSettings& settings, SimulatedPaymentService& service,
                             const PaymentTimings& timings = {})
{
    return std::make_unique<ThreadedSalePayments>(
        PaymentIntentStore::factory(settings, QStringLiteral("payments")),
        SeatStore::factory(settings, QStringLiteral("payments")),
        testCardPayments(TestDatabase::serviceSettingsFor(settings), service), true, timings);
}

} // namespace bo::test
