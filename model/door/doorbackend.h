// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QUuid>

#include "model/core/result.h"
#include "model/tickets/ticket.h"
#include "model/tickets/ticketbook.h"

namespace bo {

/// Why a door admits or refuses a scan (what its screen says).
enum class DoorReason {
    Admitted,
    AlreadyUsed,   ///< `usedAt` and `usedDoor` say when and where
    WrongShowtime, ///< another showtime or hall than this door serves (`showtime` when known)
    TooEarly,      ///< `minutes` until the doors of its showtime open
    TooLate,       ///< `minutes` since its showtime started
    Cancelled,
    Refunded,
    Reprinted,     ///< a newer ticket replaced this one
    NotValid,      ///< its booking is not confirmed (pending, expired)
    Forged,        ///< the signature does not verify, the key is unknown, or not the ticket issued
    UnknownTicket, ///< signed, but no such ticket in the database (or the door's list)
    Unreadable,    ///< not a ticket code
    Offline,       ///< the database cannot be reached and the door cannot decide alone
    Undone,        ///< the last admit was taken back
};

/// The reason's name as the journal and the database's door_scan keep it ("ADMITTED", ...).
[[nodiscard]] QString doorReasonName(DoorReason reason);
[[nodiscard]] std::optional<DoorReason> doorReasonFromName(const QString& name);

/// A showtime as the door sees it: when, where, and how many of its valid tickets were admitted.
struct DoorShowtime
{
    int id = 0;
    QDateTime startsAt; ///< UTC
    QString film;
    QString hall;
    int expected = 0; ///< valid tickets of confirmed bookings
    int admitted = 0; ///< admits standing
};

/// One ticket of a showtime as a door downloads it before the doors open (bo_door_tickets), so
/// that it can decide without the database (docs/DECISIONS.md, "Offline rules").
struct DoorTicket
{
    quint32 serial = 0;
    int showtimeId = 0;
    int seatId = 0;
    QString bookingCode; ///< "XXXX-XXXX"
    QString seatLabel;
    QString tierName;
    QString bookingStatus; ///< CONFIRMED, CANCELLED, REFUNDED, PENDING, EXPIRED
    bool voided = false;   ///< replaced by a reprint
    QDateTime usedAt;      ///< UTC: the admit standing when downloaded (null: none)
    QString usedDoor;
};

/// The tickets of the showtimes a door serves or will serve soon.
struct DoorTicketList
{
    QList<int> showtimeIds; ///< the showtimes whose every ticket is listed
    QList<DoorTicket> tickets;
    quint32 newestSerial = 0; ///< the highest serial of the list (a newer one was sold after it)
};

/// One scan as the door's journal keeps it, from the moment it is scanned to its sync.
struct DoorScan
{
    qint64 id = 0; ///< the journal's row
    QUuid scanId;  ///< its idempotency key in the database
    QString door;
    QString text; ///< what was scanned
    quint32 serial = 0;
    int showtimeId = 0;
    QDateTime scannedAt;  ///< UTC, the database's clock as the door carries it
    bool decided = false; ///< false: the database was asked and has not answered yet
    DoorReason reason = DoorReason::Unreadable;
    bool offline = false; ///< decided by the door alone
    QString seatLabel;
    QString tierName;
    QDateTime undoneAt;  ///< UTC: its admit was taken back
    bool synced = false; ///< the database has it (its own answer, or the sync's)
    QString syncResult;  ///< the sync's answer: ADMITTED, USED_TWICE, CANCELLED, ... (bo_door_sync)
    QString firstDoor;   ///< USED_TWICE: the admit that stands
    QDateTime firstAt;

    [[nodiscard]] bool admitted() const { return decided && reason == DoorReason::Admitted; }
    /// Admitted here, but the database says the guest should not have been (a report).
    [[nodiscard]] bool reported() const
    {
        return synced && offline && admitted() && !syncResult.isEmpty() &&
               syncResult != QLatin1String("ADMITTED") && syncResult != QLatin1String("UNDONE");
    }
};

/// The database's answer to a synced offline scan.
struct DoorSyncResult
{
    QString result;
    QString firstDoor;
    QDateTime firstAt;
};

/// What a door loads before it scans, and again every minute: the database's clock, the public
/// keys, and the showtimes around now.
struct DoorSnapshot
{
    QDateTime serverNow; ///< the database's clock when the snapshot was read (UTC)
    QList<TicketKey> keys;
    QList<DoorShowtime> showtimes;
};

/// The door's way to the database (db/PgDoorBackend). Every call returns at once; answers come
/// by signal on the caller's thread, in the order of the calls.
class DoorBackend : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~DoorBackend() override = default;

    /// Connects (and keeps reconnecting) in the background; listens for admitted counts.
    virtual void start() = 0;
    virtual void stop() = 0;
    /// The keys and the showtimes starting from `pastMinutes` before the database's now to
    /// `aheadMinutes` after it, and showtime `alsoShowtimeId` wherever it is (0: none); answer:
    /// loaded (or requestFailed with id 0).
    virtual void load(int pastMinutes, int aheadMinutes, int alsoShowtimeId) = 0;
    /// The tickets of these showtimes; answer: ticketsLoaded (or requestFailed with id 0).
    virtual void loadTickets(const QList<int>& showtimeIds) = 0;
    /// Admits the ticket of a verified payload at `door` (bo_door_checkin with the payload's own
    /// showtime: the door has decided the showtime already); `scanId` makes a repeat harmless.
    /// Answer: checkinFinished.
    [[nodiscard]] virtual int checkin(const TicketPayload& payload, const QString& text, const QString& door,
                                      const QUuid& scanId) = 0;
    /// Sends a scan the door decided alone (or one whose answer never came) to the database
    /// (bo_door_sync; idempotent by its scan id); answer: syncFinished.
    [[nodiscard]] virtual int sync(const DoorScan& scan) = 0;
    /// Undoes `door`'s admit of `serial` made within `withinSeconds`; answer: undoFinished.
    [[nodiscard]] virtual int undo(quint32 serial, const QString& door, int withinSeconds) = 0;

signals:
    /// Reported once at start, then on every change; `reason` is for the log.
    void onlineChanged(bool online, const QString& reason);
    void loaded(const bo::DoorSnapshot& snapshot);
    void ticketsLoaded(const bo::DoorTicketList& list);
    void syncFinished(int requestId, const bo::DoorSyncResult& result);
    void checkinFinished(int requestId, const bo::CheckinResult& result);
    void undoFinished(int requestId, bool undone);
    void requestFailed(int requestId, const bo::Error& error);
    /// A showtime's admits standing, as announced (by any door) and then read back.
    void admittedChanged(int showtimeId, int admitted);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::DoorShowtime)
Q_DECLARE_METATYPE(bo::DoorSnapshot)
Q_DECLARE_METATYPE(bo::DoorTicketList)
Q_DECLARE_METATYPE(bo::DoorScan)
Q_DECLARE_METATYPE(bo::DoorSyncResult)
Q_DECLARE_METATYPE(bo::CheckinResult)
