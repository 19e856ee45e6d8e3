// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// A seat a block could not take: held by a sale in progress (until `heldUntil`) or sold.
struct SeatInTheWay
{
    int seatId = 0;
    bool sold = false;
    QDateTime heldUntil; ///< UTC; the hold's deadline when held
};

/// What a block did: every seat blocked (those blocked before keep the new reason), or nothing
/// at all and the seats in the way.
struct SeatBlockOutcome
{
    QList<int> blocked;        ///< free before, blocked now
    QList<int> alreadyBlocked; ///< blocked before; the reason is the new one now
    QList<SeatInTheWay> inTheWay;

    [[nodiscard]] bool done() const { return inTheWay.isEmpty(); }
};

/// What an unblock did: the seats given back for sale, and those that were not blocked.
struct SeatUnblockOutcome
{
    QList<int> freed;
    QList<int> notBlocked;
};

/// A blocked seat of a showtime and why.
struct BlockedSeat
{
    int seatId = 0;
    QString label;     ///< as printed, e.g. "K12"
    QString reason;    ///< empty when the hall had the seat out of service (no block of its own)
    QString blockedBy; ///< the login that blocked it
    QDateTime blockedAt;
};

/// House and blocked seats of a showtime (the port; db/SeatBlockStore is its PostgreSQL adapter).
/// A held or sold seat is never blocked silently: the block changes nothing and names it. Writes
/// need a manager login (a terminal's is refused by the database).
class SeatBlocking
{
    Q_DECLARE_TR_FUNCTIONS(bo::SeatBlocking)

public:
    SeatBlocking() = default;
    virtual ~SeatBlocking() = default;
    SeatBlocking(const SeatBlocking&) = delete;
    SeatBlocking& operator=(const SeatBlocking&) = delete;

    /// The longest reason the database keeps.
    static constexpr int maxReasonLength = 200;
    /// The reason as it is kept (trimmed), or BadInput: empty, too long, or with a line break or
    /// another control character (a reason is one line on a report).
    [[nodiscard]] static Result<QString> checkReason(const QString& reason);

    /// Blocks `seatIds` of the showtime for `reason`, all or nothing (see SeatBlockOutcome). An
    /// unknown showtime or seat is NotFound, a cancelled showtime NotOnSale.
    [[nodiscard]] virtual Result<SeatBlockOutcome> block(int showtimeId, const QList<int>& seatIds,
                                                         const QString& reason) = 0;
    /// Gives the blocked seats of `seatIds` back for sale.
    [[nodiscard]] virtual Result<SeatUnblockOutcome> unblock(int showtimeId, const QList<int>& seatIds) = 0;
    /// The showtime's blocked seats in row and seat order.
    [[nodiscard]] virtual Result<QList<BlockedSeat>> blockedSeats(int showtimeId) = 0;
};

} // namespace bo
