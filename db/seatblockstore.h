// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/halls/seatblocking.h"

namespace bo {

class DbConnection;

/// Blocked seats on PostgreSQL (migration 0021): bo_seat_block and bo_seat_unblock, a manager's;
/// the reasons are read from seat_block. Repeating a call is safe (a block of blocked seats
/// changes only their reason), so a statement re-sent over a re-opened connection does no harm.
class SeatBlockStore final : public SeatBlocking
{
public:
    explicit SeatBlockStore(DbConnection& connection);

    [[nodiscard]] Result<SeatBlockOutcome> block(int showtimeId, const QList<int>& seatIds,
                                                 const QString& reason) override;
    [[nodiscard]] Result<SeatUnblockOutcome> unblock(int showtimeId, const QList<int>& seatIds) override;
    [[nodiscard]] Result<QList<BlockedSeat>> blockedSeats(int showtimeId) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
