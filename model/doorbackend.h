// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>

#include "model/result.h"
#include "model/ticket.h"
#include "model/ticketbook.h"

namespace bo {

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
    /// Admits the ticket of a verified payload at `door` (bo_checkin with the payload's own
    /// showtime: the door has decided the showtime already); answer: checkinFinished.
    [[nodiscard]] virtual int checkin(const TicketPayload& payload, const QString& text,
                                      const QString& door) = 0;
    /// Undoes `door`'s admit of `serial` made within `withinSeconds`; answer: undoFinished.
    [[nodiscard]] virtual int undo(quint32 serial, const QString& door, int withinSeconds) = 0;

signals:
    /// Reported once at start, then on every change; `reason` is for the log.
    void onlineChanged(bool online, const QString& reason);
    void loaded(const bo::DoorSnapshot& snapshot);
    void checkinFinished(int requestId, const bo::CheckinResult& result);
    void undoFinished(int requestId, bool undone);
    void requestFailed(int requestId, const bo::Error& error);
    /// A showtime's admits standing, as announced (by any door) and then read back.
    void admittedChanged(int showtimeId, int admitted);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::DoorShowtime)
Q_DECLARE_METATYPE(bo::DoorSnapshot)
Q_DECLARE_METATYPE(bo::CheckinResult)
