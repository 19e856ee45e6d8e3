// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QUuid>

namespace bo {
class DbConnection;
class PaymentGateway;
} // namespace bo

namespace bo::test {

/// Sells `seats` of `showtime` at the till (`till`, `tillId`) as the counter and the CLI do:
/// hold, payment intent, confirm, capture — cash, or card through `gateway`. Every seat costs
/// `seatPrice` (the test fixture's adult price). The booking's code, or "" when the sale failed.
[[nodiscard]] QString paidSale(DbConnection& c, int showtime, const QList<int>& seats, const QString& till,
                               const QUuid& tillId, PaymentGateway* gateway = nullptr,
                               qint64 seatPrice = 10000);

} // namespace bo::test
