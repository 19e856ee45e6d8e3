// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QTextStream>

#include "db/connectionsettings.h"

namespace bo::bench {

struct SeatBenchOptions
{
    QStringList strategies; ///< empty: every strategy of this build
    QList<int> clients{1, 8, 32, 64};
    QList<int> seatsPerRequest{1, 4};
    QStringList choices{QStringLiteral("uniform"), QStringLiteral("hotspot")};
    int seconds = 10;
    double confirmRatio = 0;
};

struct SeatBenchReport
{
    QJsonObject json;
    QString markdown;     ///< machine, one table per workload, the targets
    int violations = 0;   ///< double owners, lost or partial holds, reservations without one booking
    QStringList failures; ///< runs that could not run or mostly failed
};

/// Ends the current run at once and starts no other (the rest of the report still comes, and the
/// servers are stopped). Safe to call from a signal handler.
void requestStop();
[[nodiscard]] bool stopRequested();

/// The seat-hold strategies side by side: a fresh database with the real migrations and one
/// showtime of 300 seats (15 rows × 20) on `server`, every strategy against the same workloads
/// one after another, the database checked after every run. `folder` holds the private
/// redis-server's files. Prints one line per run to `out`.
[[nodiscard]] SeatBenchReport runSeatBenchmarks(const ConnectionSettings& server,
                                                const SeatBenchOptions& options, const QString& folder,
                                                QTextStream& out);

} // namespace bo::bench
