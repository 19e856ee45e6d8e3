// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include "db/connectionsettings.h"

namespace bo::bench {

/// A showtime the simulated terminals watch and the seats the run may sell of it.
struct WatchedShowtime
{
    int id = 0;
    QList<int> seatIds;
};

struct TerminalsRunOptions
{
    int terminals = 500;
    int seconds = 20;
    double rate = 10;       ///< sales per second over all terminals
    int statementLanes = 4; ///< threads owning the terminals' lead sessions and statement connections
};

/// Milliseconds.
struct LatencyStats
{
    qint64 count = 0;
    double p50 = 0;
    double p95 = 0;
    double max = 0;
};

/// What one mode's run measured.
struct TerminalsRunResult
{
    QString mode;
    int terminals = 0;
    int online = 0;                ///< backends that reported online
    int loaded = 0;                ///< backends that loaded their showtime
    int statementConnections = 0;  ///< statement connections opened (pooler clients when pooled)
    int peakSessions = 0;          ///< client backends of the bench database, at the peak sample
    QString sessionsByName;        ///< application_name: count, at the peak sample
    qint64 deliveriesExpected = 0; ///< per announced change: the other terminals on its showtime
    qint64 deliveriesReceived = 0;
    qint64 foreignDeliveries = 0; ///< announcements of another showtime than the terminal's
    LatencyStats fromSend;        ///< the hold's (confirm's) send to seatsChanged on the main thread
    LatencyStats fromCommit;      ///< the writer's answer arriving to seatsChanged
    int holdsSent = 0;
    int holdsGranted = 0;
    int holdsRefused = 0;
    int holdsFailed = 0;
    int confirms = 0;
    int confirmsFailed = 0;
    double holdsPerSecond = 0;
    double startSeconds = 0; ///< starting the terminals, loading their maps, opening the rest
    QStringList failures;

    [[nodiscard]] QJsonObject toJson() const;
};

/// Runs `options.terminals` simulated terminals in this process for one mode: each a real
/// PgTerminalBackend on `direct` (its session LISTENs, its Announcer elects), one idle session on
/// `direct` holding the payment reconciler's lead, and one statement connection on `statements`
/// (through the pooler or not) for its confirms. Sells at `options.rate` for `options.seconds`
/// and measures how each seat change reaches the other terminals. Call on the main thread with
/// an event loop (QCoreApplication).
[[nodiscard]] TerminalsRunResult runTerminals(const QString& mode, const ConnectionSettings& direct,
                                              const ConnectionSettings& statements,
                                              const QList<WatchedShowtime>& showtimes,
                                              const TerminalsRunOptions& options);

} // namespace bo::bench
