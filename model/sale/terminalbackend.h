// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include "model/queue/admissionqueue.h"
#include "model/sale/seatdesk.h"
#include "model/showtimes/filmposter.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// A terminal's way to the database as a front end (counter, kiosk) sees it: the seat
/// operations of its sales, the board's reads and the connection's state. Every call returns at
/// once; answers come by signal on the caller's thread. Implemented in db/.
class TerminalBackend : public SeatDesk
{
    Q_OBJECT

public:
    using SeatDesk::SeatDesk;
    ~TerminalBackend() override = default;

    /// Connects (and keeps reconnecting) in the background.
    virtual void start() = 0;
    virtual void stop() = 0;
    [[nodiscard]] virtual bool isOnline() const = 0;
    /// Showtimes starting in [from, to), with live seat counts; answer: showtimesLoaded.
    virtual void loadShowtimes(const QDateTime& from, const QDateTime& to) = 0;
    /// The sale settings; answer: settingsLoaded.
    virtual void loadSettings() = 0;
    /// The posters of these films (bytes and type; a film without one answers with empty bytes),
    /// each film's bytes read from the database once per backend; answer: postersLoaded. Callers
    /// ask for the films they have not asked for yet (PosterShelf).
    virtual void loadPosters(const QList<int>& filmIds) = 0;

signals:
    /// Reported once at start, then on every change; `reason` is the technical detail (for the
    /// log and a tooltip, never the screen's text: it may name hosts, ports and users).
    void onlineChanged(bool online, const QString& reason);
    void settingsLoaded(const bo::SaleSettings& settings);
    void showtimesLoaded(const QList<bo::ShowtimeInfo>& showtimes);
    void postersLoaded(const QList<bo::FilmPoster>& posters);
    /// After showtimesLoaded: how many wait in the admission queue, per showtime of that range
    /// that has a queue.
    void queueWaitingLoaded(const QHash<int, int>& waiting);
    /// A showtime's admission queue moved (any terminal's join, leave, heartbeat or admission):
    /// how many wait now. Lost while offline, like seat changes; `reconnected` says so.
    void queueChanged(const bo::QueueChange& change);
};

} // namespace bo
