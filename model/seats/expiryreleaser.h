// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>

#include <QList>
#include <QObject>

#include "model/core/workerthread.h"
#include "model/seats/seatcommands.h"

namespace bo {

class ReleaserWorker;

/// The background releaser of ARCHITECTURE §4: its own thread, its own connection and a
/// QTimer. Every tick it frees expired holds in small batches (until a batch comes back short),
/// marks their pending bookings EXPIRED, and logs what it freed with the hold token. Any number
/// of terminals may run one against the same database: rows another releaser has locked are
/// skipped, so every seat is freed exactly once.
class ExpiryReleaser final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExpiryReleaser)

public:
    struct Options
    {
        int intervalMs = 2000;
        int batchSize = 100;
        int purgeEveryTicks = 900; ///< idempotency keys past retention are purged this often
    };

    /// `open` makes the releaser's own seat commands (its own connection) on its thread; it is
    /// called again after a failure.
    ExpiryReleaser(SeatCommandsFactory open, Options options, QObject* parent = nullptr);
    ~ExpiryReleaser() override;

    /// Starts the thread; the first sweep runs at once.
    void start();
    /// Stops the timer, closes the connection and joins the thread.
    void stop();
    [[nodiscard]] bool isRunning() const;

    /// Seats freed and bookings expired by this releaser since start (any thread may read).
    [[nodiscard]] int seatsFreed() const { return m_seatsFreed.load(); }
    [[nodiscard]] int bookingsExpired() const { return m_bookingsExpired.load(); }

signals:
    void seatsReleased(int showtimeId, const QList<int>& seatIds);
    void sweepFinished(int seatsFreed, int bookingsExpired);
    void sweepFailed(const QString& reason);

public slots:
    /// Runs a sweep now on the releaser's thread (e.g. after a countdown ran out).
    void sweepNow();

private:
    friend class ReleaserWorker;
    void count(int seats, int bookings);

    SeatCommandsFactory m_open;
    Options m_options;
    std::atomic<int> m_seatsFreed{0};
    std::atomic<int> m_bookingsExpired{0};
    ThreadedWorker<ReleaserWorker> m_worker;
};

} // namespace bo
