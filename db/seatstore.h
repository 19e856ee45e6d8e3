// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include "db/result.h"
#include "db/seattypes.h"

namespace bo {

class DbConnection;

/// The seat operations of DESIGN.md section 2, each one round trip to a server-side function
/// run in autocommit, so row locks last only for that statement. Use from the connection's thread.
class SeatStore final
{
public:
    explicit SeatStore(DbConnection& connection);

    /// Holds (or extends, for the same owner) all of `seatIds` or none. `ttlSeconds` defaults to
    /// the selection TTL setting. A refusal is a HoldResult with granted == false, not an error.
    [[nodiscard]] Result<HoldResult> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                          std::optional<int> ttlSeconds = std::nullopt);
    /// Extends the hold to the payment TTL and opens the sale's PENDING booking.
    [[nodiscard]] Result<PaymentStart> beginPayment(int showtimeId, const QList<int>& seatIds,
                                                    const QUuid& owner, const QString& terminal,
                                                    std::optional<int> ttlSeconds = std::nullopt,
                                                    const QUuid& terminalId = {});
    /// Frees the owner's holds (the listed seats, or all on the showtime). Returns seats freed.
    [[nodiscard]] Result<int> release(int showtimeId, const QUuid& owner, const QList<int>& seatIds = {});
    /// Idempotent confirm: the same key and request return the stored response (replayed).
    [[nodiscard]] Result<ConfirmResult> confirm(const ConfirmRequest& request);
    /// One releaser batch: frees up to `batch` expired holds and expires overdue PENDING bookings.
    [[nodiscard]] Result<SweepResult> sweep(int batch = 200);
    /// Deletes idempotency keys past the retention horizon. Returns keys deleted.
    [[nodiscard]] Result<int> purgeExpiredKeys();
    /// Every seat of the showtime with its effective state, in layout order.
    [[nodiscard]] Result<QList<SeatState>> seats(int showtimeId);

private:
    DbConnection& m_connection;
};

/// Parses a stored confirm response.
[[nodiscard]] ConfirmResult parseConfirmResponse(const QString& json, bool replayed);

} // namespace bo
