// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QUuid>

#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo {
class ConnectionSettings;
class DbConnection;
class PaymentGateway;
} // namespace bo

namespace bo::test {

/// The fixture's cashier of the test database `terminal` connects to (added through its manager's
/// login the first time), and their PIN.
[[nodiscard]] Result<int> fixtureCashier(const ConnectionSettings& terminal);
[[nodiscard]] QString fixtureCashierPin();

/// Readies the till `tillId` (named `till`) to take cash as a counter is before its first cash
/// sale: the fixture's cashier signed in there by PIN through `c` (the till's own login) and the
/// till's shift open with no float. Does nothing that is already so.
[[nodiscard]] Status staffTill(DbConnection& c, const QUuid& tillId, const QString& till);

/// Pays for the sale `confirm` names as a counter does before it confirms: payment begun on its
/// seats (every seat its owner holds when it names none), their price taken in cash at its till
/// (given an id and staffed first when it has none), and `confirm.payment` set to carry that
/// payment. The confirm itself is the caller's.
[[nodiscard]] Status payCash(DbConnection& c, ConfirmRequest& confirm);

/// Sells `seats` of `showtime` at the till (`till`, `tillId`) as the counter and the CLI do:
/// hold, payment intent, confirm, capture — cash, or card through `gateway`. Every seat costs
/// `seatPrice` (the test fixture's adult price). The booking's code, or "" when the sale failed.
[[nodiscard]] QString paidSale(DbConnection& c, int showtime, const QList<int>& seats, const QString& till,
                               const QUuid& tillId, PaymentGateway* gateway = nullptr,
                               qint64 seatPrice = 10000);

} // namespace bo::test

/// Pays for `request` with payCash() on `connection`, failing the test function with the reason
/// when that does not work.
#define QVERIFY_PAID(connection, request)                                                                    \
    do {                                                                                                     \
        const bo::Status paid_ = bo::test::payCash((connection), (request));                                 \
        QVERIFY2(paid_.ok(), qPrintable(paid_.ok() ? QString()                                               \
                                                   : paid_.error().message + QLatin1String(": ") +           \
                                                         paid_.error().detail));                             \
    } while (false)
