// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "app/tools/bench/crowdadmission.h"
#include "db/connectionsettings.h"

namespace bo::bench {

/// The product's admission queue (model's AdmissionQueue over db's QueueStore, migrations 0014 and
/// 0048) as the crowd drives it when its waiters poll: each pool thread gets a QueueStore on a
/// connection of its own; join, heartbeat (every `--poll-ms` while waiting) and leave are the
/// product's calls. The admission order is not in the answers: the bench reads it from the
/// queue's table after the run (BenchDatabase::admissionOrders).
[[nodiscard]] CrowdAdmissionFactory databaseAdmission(const ConnectionSettings& settings, int showtimeId);

/// A line's announcements as a waiting terminal hears them (ARCHITECTURE §3): one session
/// LISTENs on the queue's channel for the whole crowd, as one terminal's backend does for its
/// screens, and keeps the newest "admitted up to" of the showtime's line. The same session
/// publishes the announcements every few milliseconds, standing in for the site's announcer (the
/// payment service's; the bench runs none), so the crowd's seat announcements are published too.
/// Thread-safe; stops on destruction.
class QueueBroadcast
{
public:
    virtual ~QueueBroadcast() = default;
    QueueBroadcast(const QueueBroadcast&) = delete;
    QueueBroadcast& operator=(const QueueBroadcast&) = delete;

    /// Listens and publishes on a connection and a thread of its own.
    [[nodiscard]] static Result<std::unique_ptr<QueueBroadcast>> start(const ConnectionSettings& settings,
                                                                       int showtimeId);
    /// The newest counter announced for the showtime's line (0 before the first).
    [[nodiscard]] virtual qint64 admittedUpTo() const = 0;
    /// The line's announcements heard so far.
    [[nodiscard]] virtual qint64 heard() const = 0;

protected:
    QueueBroadcast() = default;
};

/// The product's queue with waiters that listen, as AdmissionWatch does: a waiter asks the
/// database (a heartbeat) only when the broadcast's counter has reached its arrival number, or
/// when `keepAliveMs` have passed since it last asked (the product's terminals heartbeat every
/// 5 s); otherwise its answer comes from the counter, in the process. It looks at the counter as
/// often as a polling waiter asks the database (`--poll-ms`), so the two differ only in what the
/// database is asked.
[[nodiscard]] CrowdAdmissionFactory listeningDatabaseAdmission(const ConnectionSettings& settings,
                                                               int showtimeId, QueueBroadcast& broadcast,
                                                               int keepAliveMs = 5000);

} // namespace bo::bench
