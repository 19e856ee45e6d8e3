// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/halls/hallseatblocking.h"

namespace bo {

class DbConnection;

/// A hall's blocked seats on PostgreSQL (migration 0032): bo_hall_seat_block and
/// bo_hall_seat_unblock, a manager's; hall_seat_block read by anyone. Repeating a call is safe
/// (a block of blocked seats changes only their reason).
class HallSeatBlockStore final : public HallSeatBlocking
{
public:
    explicit HallSeatBlockStore(DbConnection& connection);

    [[nodiscard]] Result<HallBlockOutcome> blockHallSeats(const QString& hall, const QStringList& labels,
                                                          const QString& reason, bool skipTaken) override;
    [[nodiscard]] Result<QList<HallUnblockOutcome>> unblockHallSeats(const QString& hall,
                                                                     const QStringList& labels) override;
    [[nodiscard]] Result<QList<HallBlock>> hallBlocks(const QString& hall) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
