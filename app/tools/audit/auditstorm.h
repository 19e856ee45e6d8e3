// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QString>

#include "app/tools/audit/auditstormreport.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo::audit {

/// Where the storm runs: one migrated database, reached with three logins (the same settings
/// three times where there are no roles yet).
struct AuditStormTarget
{
    ConnectionSettings owner;    ///< sets the settings, seeds the hall, audits (reads everything)
    ConnectionSettings terminal; ///< the workers' sales
    ConnectionSettings manager;  ///< cancels bookings
    ConnectionSettings service;  ///< the sweepers: the payment service's login alone sweeps
};

/// How long and how hard. Every loop is bounded in time (seconds) and in count (maxOpsPerWorker).
struct AuditStormOptions
{
    int seconds = 60;
    int workers = 6;
    int sweepers = 2;
    int perRow = 12;
    int hotSeats = 8;      ///< the first seats of row A, which most holds go for
    int selectionTtlS = 2; ///< settings.selection_ttl_s during the storm
    int paymentTtlS = 2;   ///< settings.payment_ttl_s
    int graceMs = 1000;    ///< how late a PENDING booking may be closed (see README, "audit storm")
    int auditIntervalMs = 1000;
    int sweepPauseMs = 20;      ///< between two sweeps of one sweeper
    int bookingsPerWorker = 3;  ///< live bookings a worker keeps before cancelling its oldest
    qint64 maxOpsPerWorker = 0; ///< 0: 5000 per second of the run
    quint32 seed = 0;           ///< 0: random
};

/// A long storm that checks itself: workers hold / extend / release / begin payment /
/// take cash / confirm (replayed sequentially, concurrently and under another terminal name) /
/// cancel on a small hall with a hot spot, each confirm carrying its sale's cash payment as a
/// staffed till's does (a cashier the manager login adds, signed in at each worker's till), while
/// sweepers run with tiny TTLs and an InvariantAuditor checks every second inside one snapshot; at
/// the end a final sweep and a final audit. The database must be migrated and hold no showtime of
/// the name "Audit hall" yet.
/// `progress` (may be empty) gets a line every `progressSeconds`; `stop` (may be empty) ends the
/// storm early when it returns true.
[[nodiscard]] AuditStormReport runAuditStorm(const AuditStormTarget& target, const AuditStormOptions& options,
                                             const std::function<void(const QString&)>& progress = {},
                                             int progressSeconds = 10,
                                             const std::function<bool()>& stop = {});

/// The same on a database of its own: created on `server` (a maintenance database's settings),
/// migrated, stormed with the server's login for all three roles, and dropped again.
[[nodiscard]] AuditStormReport runAuditStormOnServer(const ConnectionSettings& server,
                                                     const AuditStormOptions& options,
                                                     const std::function<void(const QString&)>& progress = {},
                                                     int progressSeconds = 60,
                                                     const std::function<bool()>& stop = {});

} // namespace bo::audit
