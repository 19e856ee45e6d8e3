// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QUuid>

#include "model/core/result.h"

namespace bo {

/// Where a sale's ticket stands in a showtime's admission queue (ARCHITECTURE §3).
///
/// Waiting (in line) -> Admitted (a place is the sale's until `admittedUntil`) -> Active (the
/// sale started: its first hold) -> Done (sold, cancelled, expired, or ended by its terminal).
/// Waiting -> Left (left, or silent too long); Admitted -> Expired (not used in time).
enum class TicketState { Waiting, Admitted, Active, Done, Left, Expired };

/// The database's word for the state ("WAITING", ...) and back; `ok` says whether it was known.
[[nodiscard]] const char* ticketStateName(TicketState state);
[[nodiscard]] TicketState ticketStateFromText(const QString& text, bool* ok = nullptr);

/// One ticket as the database answered for it. Times are the database's clock: a screen counts
/// down from `admittedUntil - dbNow` on its own monotonic clock.
struct QueueTicket
{
    qint64 ticket = 0; ///< the ticket's number; lower numbers joined earlier
    int showtimeId = 0;
    qint64 arrival = 0; ///< its number in the line (1, 2, ...), given at the join; 0 for a till's
    TicketState state = TicketState::Waiting;
    bool counter = false;        ///< a counter till's ticket (admitted at once)
    int position = 0;            ///< 1 = next to be admitted (at most: see QueueChange); 0 when not waiting
    int waiting = 0;             ///< how many wait in this line
    std::optional<int> capacity; ///< sales selecting seats at once; nullopt: the showtime has no queue
    int etaSeconds = -1;         ///< estimated wait from the recent rate of finished sales; -1 unknown
    QDateTime admittedUntil;     ///< while Admitted: the admission ends unused at this time
    QString reason;              ///< why it ended: sold, cancelled, expired, left, silent, unused
    QDateTime dbNow;             ///< the database's clock when it answered

    /// Admitted or Active: the sale may hold seats.
    [[nodiscard]] bool mayHold() const
    {
        return state == TicketState::Admitted || state == TicketState::Active;
    }
    /// Waiting, Admitted or Active: the ticket still stands in its line.
    [[nodiscard]] bool live() const { return mayHold() || state == TicketState::Waiting; }
    /// The queue is visible to the customer: the showtime has a queue and the ticket waits.
    [[nodiscard]] bool waitingInLine() const { return state == TicketState::Waiting; }
};

/// One live ticket in a line, as an operator sees it (no hold tokens: a token is a sale's key).
struct QueueLineEntry
{
    qint64 ticket = 0;
    TicketState state = TicketState::Waiting;
    bool counter = false;
    int position = 0; ///< while waiting, else 0
    QDateTime joinedAt;
    QDateTime seenAt;
    QDateTime admittedUntil;
};

struct QueueLine
{
    int showtimeId = 0;
    std::optional<int> capacity;
    QList<QueueLineEntry> tickets;
    QDateTime dbNow;
};

/// A showtime's capacity after a change.
struct QueueCapacity
{
    int showtimeId = 0;
    std::optional<int> override; ///< the showtime's own; nullopt: the setting's
    std::optional<int> capacity; ///< what applies; nullopt: no queue
    int waiting = 0;
    int occupied = 0; ///< admitted and active tickets
};

/// An announcement that a line moved ("bo_queue"): how many wait, and how far the turns have come.
/// A waiter whose arrival number is at most `admittedUpTo` has had its turn (admitted, or passed
/// over as gone); one numbered above it stands at most `arrival - admittedUpTo` from the front.
struct QueueChange
{
    int showtimeId = 0;
    qint64 sequence = 0; ///< increases with every announcement; drop an older one
    int waiting = 0;
    qint64 admittedUpTo = 0;
};

/// The port of the admission queue (ARCHITECTURE §3). Every call is one committed statement; a
/// join, a leave and a capacity change move the line (ended sales give their places back, the
/// next waiters are admitted), a heartbeat only when the line is due to move. One object
/// belongs to one thread; calls block on the database, so a screen calls them from a worker.
///
/// Errors: BadInput (no token, a token of another showtime's sale or line, capacity outside
/// 0..100000), NotFound (unknown showtime; a token that never joined), NotOnSale.
class AdmissionQueue
{
public:
    AdmissionQueue() = default;
    virtual ~AdmissionQueue() = default;
    AdmissionQueue(const AdmissionQueue&) = delete;
    AdmissionQueue& operator=(const AdmissionQueue&) = delete;

    /// Joins the line for `owner`'s sale, or answers where its ticket stands (and counts as a
    /// heartbeat). Below capacity, without a queue, and for a counter till the ticket comes back
    /// admitted.
    [[nodiscard]] virtual Result<QueueTicket> join(int showtimeId, const QUuid& owner,
                                                   bool counter = false) = 0;
    /// "Still here": keeps a waiting ticket in line (a waiter silent for too long loses its turn
    /// when the turn comes) and answers where it stands. A ticket that ended is answered as it
    /// ended.
    [[nodiscard]] virtual Result<QueueTicket> heartbeat(const QUuid& owner) = 0;
    /// Leaves the line, or gives the sale's place back (the sale is over). Repeatable.
    [[nodiscard]] virtual Result<QueueTicket> leave(const QUuid& owner) = 0;
    /// The live tickets of a showtime's line in order.
    [[nodiscard]] virtual Result<QueueLine> line(int showtimeId) = 0;
    /// Sets a showtime's capacity (nullopt: the setting's). Managers only.
    [[nodiscard]] virtual Result<QueueCapacity> setCapacity(int showtimeId, std::optional<int> capacity) = 0;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::QueueTicket)
Q_DECLARE_METATYPE(bo::QueueChange)
