// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include "model/core/result.h"

namespace bo {

/// A seat of one of the hall's showtimes that a hall's block did not take: held by a sale in
/// progress (until `heldUntil`) or sold.
struct HallSeatInTheWay
{
    int showtimeId = 0;
    QDateTime startsAt; ///< UTC
    QString label;      ///< as printed, e.g. "F7"
    bool sold = false;
    QDateTime heldUntil; ///< UTC; the hold's deadline when held
};

/// What a hall's block did. Without `skipTaken`, a seat held or sold in any coming showtime stops
/// it: nothing changed and `inTheWay` names them. Otherwise the block is set and `inTheWay` names
/// the seats it left to their sale.
struct HallBlockOutcome
{
    bool applied = false;
    QList<int> showtimes; ///< coming showtimes whose seats it blocks now (when applied)
    int seatsBlocked = 0; ///< showtimes' seats free before, blocked now
    QList<HallSeatInTheWay> inTheWay;
};

/// What a hall's unblock did for one label.
struct HallUnblockOutcome
{
    QString label;
    bool wasBlocked = false; ///< the hall had it blocked
    int showtimesFreed = 0;  ///< coming showtimes whose seat it gave back for sale
};

/// A seat the hall keeps blocked for every showtime, and why.
struct HallBlock
{
    QString label;
    QString reason;
    QString blockedBy;
    QDateTime blockedAt; ///< UTC
};

/// A hall's blocked seats (the port; db/HallSeatBlockStore is its PostgreSQL adapter): a seat
/// blocked by label for every showtime of the hall that has not ended and every one made later
/// (a broken seat, a wheelchair space kept free). A held or sold seat is never blocked silently.
/// Writes need a manager login. Reasons are checked with SeatBlocking::checkReason.
class HallSeatBlocking
{
public:
    HallSeatBlocking() = default;
    virtual ~HallSeatBlocking() = default;
    HallSeatBlocking(const HallSeatBlocking&) = delete;
    HallSeatBlocking& operator=(const HallSeatBlocking&) = delete;

    /// Blocks the seats `labels` of `hall` (a name or number) for `reason`. An unknown hall or a
    /// label the hall's current layout does not have is NotFound, naming it.
    [[nodiscard]] virtual Result<HallBlockOutcome>
    blockHallSeats(const QString& hall, const QStringList& labels, const QString& reason, bool skipTaken) = 0;
    /// Removes the hall's block of `labels` and gives back the showtimes' seats it blocked; a
    /// showtime's own block of a seat stays.
    [[nodiscard]] virtual Result<QList<HallUnblockOutcome>> unblockHallSeats(const QString& hall,
                                                                             const QStringList& labels) = 0;
    /// The hall's blocked seats by label.
    [[nodiscard]] virtual Result<QList<HallBlock>> hallBlocks(const QString& hall) = 0;
};

} // namespace bo
