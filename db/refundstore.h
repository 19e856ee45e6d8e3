// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/payments/refunds.h"

namespace bo {

class DbConnection;

/// Refunds on PostgreSQL (migration 0036): bo_refund_quote, bo_refund_begin, bo_refund_finish and
/// bo_refund_list for tills and managers; bo_showtime_bookings a manager's.
class RefundStore final : public Refunds
{
public:
    explicit RefundStore(DbConnection& connection);

    [[nodiscard]] Result<RefundQuote> quote(const QString& bookingCode, const QStringList& seats,
                                            const QUuid& terminalId) override;
    [[nodiscard]] Result<RefundRecord> begin(const RefundRequest& request) override;
    [[nodiscard]] Result<RefundRecord> finish(const QUuid& key, bool refunded, const QString& reference,
                                              const QString& failure, const QUuid& terminalId = {}) override;
    [[nodiscard]] Result<RefundRecord> find(const QUuid& key) override;
    [[nodiscard]] Result<QList<RefundRecord>> list(const QString& bookingCode, const QString& batch,
                                                   bool openOnly) override;
    [[nodiscard]] Result<QList<ShowtimeBooking>> showtimeBookings(int showtimeId) override;
    [[nodiscard]] Result<ExchangeResult> exchange(const ExchangeRequest& request) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
