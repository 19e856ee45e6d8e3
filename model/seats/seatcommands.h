// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QList>
#include <QUuid>

#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo {

/// The port of the seat operations of ARCHITECTURE §2 on one connection, answered at once:
/// for the ops CLI, the expiry releaser, the benchmark and tests. One object belongs to one
/// thread. A refused hold is a HoldDecision with granted == false, not an error.
class SeatCommands
{
public:
    SeatCommands() = default;
    virtual ~SeatCommands() = default;
    SeatCommands(const SeatCommands&) = delete;
    SeatCommands& operator=(const SeatCommands&) = delete;

    /// Holds (or extends, for the same owner) all of `seatIds` or none. `ttlSeconds` defaults to
    /// the selection TTL setting.
    [[nodiscard]] virtual Result<HoldDecision> hold(int showtimeId, const QList<int>& seatIds,
                                                    const QUuid& owner,
                                                    std::optional<int> ttlSeconds = std::nullopt) = 0;
    /// Extends the hold to the payment TTL and opens the sale's PENDING booking.
    [[nodiscard]] virtual Result<PaymentStart> beginPayment(int showtimeId, const QList<int>& seatIds,
                                                            const QUuid& owner, const QString& terminal,
                                                            std::optional<int> ttlSeconds = std::nullopt,
                                                            const QUuid& terminalId = {}) = 0;
    /// Frees the owner's holds (the listed seats, or all on the showtime). Returns seats freed.
    [[nodiscard]] virtual Result<int> release(int showtimeId, const QUuid& owner,
                                              const QList<int>& seatIds = {}) = 0;
    /// Idempotent confirm: the same key and request return the stored response (replayed).
    [[nodiscard]] virtual Result<ConfirmResult> confirm(const ConfirmRequest& request) = 0;
    /// One releaser batch: frees up to `batch` expired holds and expires overdue PENDING bookings.
    [[nodiscard]] virtual Result<SweepResult> sweep(int batch = 200) = 0;
    /// Deletes idempotency keys past the retention horizon. Returns keys deleted.
    [[nodiscard]] virtual Result<int> purgeExpiredKeys() = 0;
    /// Every seat of the showtime with its effective state, in layout order. A seat held by the
    /// sale `owner` (its token; null for none) has `heldBy` = `owner`; no other hold's token is
    /// told (docs/SECURITY.md, capabilities).
    [[nodiscard]] virtual Result<QList<SeatState>> seats(int showtimeId, const QUuid& owner) = 0;
};

/// Opens seat commands on a connection of their own; called on the thread that will use them.
using SeatCommandsFactory = std::function<Result<std::unique_ptr<SeatCommands>>()>;

} // namespace bo
