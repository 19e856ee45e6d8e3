// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QTimer>

#include "model/core/clock.h"
#include "model/queue/admissionqueue.h"

namespace bo {

/// A waiting terminal's side of the admission queue: joins for a sale, keeps the ticket alive with
/// heartbeats, follows the line's announcements and tells a queue screen everything it shows —
/// position, estimated wait, how long an admission lasts — by one signal on every change.
///
/// The port blocks on the database: the watch lives on a worker thread (the composition root
/// moves it there) and the screen connects to its signals across threads. The announcements come
/// from the terminal's own backend: connect TerminalBackend::queueChanged (the db adapter LISTENs
/// on `bo_queue`) to onQueueChanged, so a terminal keeps one listening connection. A heartbeat runs every
/// `heartbeatMs`, and at once when an announcement's counter reaches this ticket's arrival number;
/// other announcements only bring the shown position forward (the counter, the line's length)
/// until the next answer.
class AdmissionWatch final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdmissionWatch)

public:
    struct Options
    {
        int heartbeatMs = 5000; ///< well below the server's queue_heartbeat_s (default 20 s)
    };

    AdmissionWatch(AdmissionQueue& queue, const MonotonicClock& clock, Options options,
                   QObject* parent = nullptr);
    ~AdmissionWatch() override;

    /// The ticket as last answered (a default ticket before the first answer).
    [[nodiscard]] const QueueTicket& ticket() const { return m_ticket; }
    /// Milliseconds the admission has left, counted on the monotonic clock from the database's
    /// answer; -1 when the ticket is not admitted (an active sale's place does not run out).
    [[nodiscard]] qint64 admissionRemainingMs() const;

signals:
    /// Every answer and every announcement that changed what a queue screen shows.
    void ticketChanged(const bo::QueueTicket& ticket);
    /// The sale may select seats now (emitted once per ticket).
    void admitted(const bo::QueueTicket& ticket);
    /// The ticket left the line: left, silent, unused admission, or the sale is over.
    void ticketEnded(const bo::QueueTicket& ticket);
    void problem(const bo::Error& error);

public slots:
    /// Joins the showtime's line for the sale `owner` (a counter till passes `counter`).
    void join(int showtimeId, const QUuid& owner, bool counter = false);
    /// Leaves the line or gives the place back; the heartbeats stop.
    void leave();
    /// Asks where the ticket stands now.
    void heartbeatNow();
    /// An announcement of the queue channel: TerminalBackend::queueChanged.
    void onQueueChanged(const bo::QueueChange& change);

private:
    void take(const Result<QueueTicket>& answer);

    AdmissionQueue& m_queue;
    const MonotonicClock& m_clock;
    Options m_options;
    QTimer m_heartbeat;
    QUuid m_owner;
    QueueTicket m_ticket;
    qint64 m_answeredAtMs = 0;
    qint64 m_lastSequence = 0;
    bool m_saidAdmitted = false;
};

} // namespace bo
