// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

#include "app/tools/bench/crowdoptions.h"
#include "app/tools/bench/crowdresult.h"
#include "db/connectionsettings.h"

namespace bo::bench {

/// A crowd strategy: a seat strategy's client, behind an admission queue or not.
struct CrowdStrategy
{
    QString name;
    QString client; ///< the StrategyClient that holds and confirms
    QString summary;
    /// The admission queue in front: none, the bench's own (in-process), the database's with
    /// waiters that poll, or the database's with waiters that follow its announcements; a queued
    /// strategy is swept over the options' capacities.
    enum class Queue { None, Local, Database, DatabaseListening } queue = Queue::None;
};

/// Every crowd strategy of this build, in the order a run measures them.
[[nodiscard]] QList<CrowdStrategy> crowdStrategies();
/// Why a known crowd strategy is missing from this build, or empty.
[[nodiscard]] QString missingCrowdStrategyReason(const QString& name);

struct CrowdBenchReport
{
    QList<CrowdResult> runs;
    QJsonObject json;
    QString markdown;
    QString csv;
    QString caption; ///< the conditions in one line, for the plot
    qint64 violations = 0;
    QStringList failures;
};

/// `boxoffice-bench crowd`: a fresh database with the real migrations and the demo cinema, one
/// showtime of its largest hall; for every crowd size, every strategy in turn (CrowdRun) on the
/// same crowd, the showtime reset and checked around each run. Prints one line per run.
/// `serverData` is the private cluster's data folder (empty with --db: no server CPU figure);
/// `folder` holds the private redis-server's files.
[[nodiscard]] CrowdBenchReport runCrowdBenchmark(const ConnectionSettings& server,
                                                 const CrowdOptions& options, const QString& serverData,
                                                 const QString& folder, QTextStream& out);

} // namespace bo::bench
