// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QUuid>

#include "model/core/result.h"
#include "model/seats/seatchanges.h"
#include "model/seats/seattypes.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// What the seat operations answer to a hold or begin-payment request.
struct HoldReply
{
    int requestId = 0;
    int showtimeId = 0;
    QList<int> seats;    ///< the seats asked for
    HoldDecision result; ///< granted with deadline, or the unavailable seats
    QString bookingCode; ///< begin-payment only: the pending booking
    QUuid bookingId;     ///< begin-payment only: its id
};

/// The port through which a sale reaches the seats: asynchronous requests that return a request
/// id at once and answer later by signal on the caller's thread, plus the committed seat changes
/// of every terminal. An implementation runs one terminal's requests in the order they were made
/// (one connection); a request whose outcome is unknown (the connection was lost) fails with
/// ErrorCode::Offline, and every such failure is followed, once the connection is back, by
/// `reconnected`, which also says that what was announced in between is lost.
class SeatDesk : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~SeatDesk() override = default;

    /// The showtime, its seats (holds included, an expired hold reads as free) and its prices.
    /// Seats held by the sale `owner` carry its token; other holds carry none (the database tells
    /// no terminal another sale's token).
    [[nodiscard]] virtual int loadShowtime(int showtimeId, const QUuid& owner) = 0;
    /// Holds every seat in `seats` for `owner` (or extends the owner's hold), all or nothing.
    [[nodiscard]] virtual int hold(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                   int ttlSeconds) = 0;
    /// Frees the owner's listed seats; an empty list frees all of them and cancels the owner's
    /// pending booking.
    [[nodiscard]] virtual int release(int showtimeId, const QUuid& owner, const QList<int>& seats = {}) = 0;
    /// Extends the hold for the payment step and opens (or keeps) the sale's pending booking.
    [[nodiscard]] virtual int beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                           const QString& terminal, const QUuid& terminalId = {}) = 0;
    /// The idempotent confirm: the same key answers with the stored response.
    [[nodiscard]] virtual int confirm(const ConfirmRequest& request) = 0;
    /// More time for the owner's sale (its held seats and pending booking), as much and as often
    /// as the server allows: answered by extendFinished. 0 (the default): this implementation
    /// cannot extend, and nothing will answer.
    [[nodiscard]] virtual int extendHold(int showtimeId, const QUuid& owner)
    {
        Q_UNUSED(showtimeId);
        Q_UNUSED(owner);
        return 0;
    }
    /// Joins the showtime's admission queue as a counter till for the sale `owner`: admitted at
    /// once, a place taken beside the line's capacity until the sale ends (ARCHITECTURE §3).
    /// Answered by queueJoined. 0 (the default): this implementation has no queue, and nothing
    /// will answer.
    [[nodiscard]] virtual int joinQueueAsTill(int showtimeId, const QUuid& owner)
    {
        Q_UNUSED(showtimeId);
        Q_UNUSED(owner);
        return 0;
    }

signals:
    void showtimeLoaded(int requestId, const bo::ShowtimeInfo& showtime, const QList<bo::SeatState>& seats,
                        const QList<bo::PriceTier>& tiers);
    void holdFinished(const bo::HoldReply& reply);
    void releaseFinished(int requestId, int seatsReleased);
    void confirmFinished(int requestId, const bo::ConfirmResult& result);
    void extendFinished(int requestId, const bo::HoldExtension& extension);
    void queueJoined(int requestId);
    void requestFailed(int requestId, const bo::Error& error);
    /// Committed seat changes of any terminal.
    void seatsChanged(const bo::SeatChanges& changes);
    /// Sent after a reconnect: everything shown may be stale.
    void reconnected();
};

} // namespace bo

Q_DECLARE_METATYPE(bo::HoldReply)
