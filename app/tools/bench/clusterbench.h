// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

#include "app/tools/bench/clusterbenchoptions.h"
#include "app/tools/bench/seatbench.h"
#include "app/tools/bench/seatbenchoptions.h"
#include "db/connectionsettings.h"

namespace bo::bench {

/// One server compared: where the bench creates its database, and the data folders of its
/// primary and of its standbys (for their CPU; empty: not measured).
struct ComparedServer
{
    QString name;
    ConnectionSettings server;
    QStringList dataFolders;
    QString description;
    QStringList standbyFolders;
    QString synchronousCommit; ///< the bench sessions' setting, a diagnostic; empty: the server's
};

/// The seat bench's strategies on the single server and on the three-node synchronous cluster
/// (docs/BENCHMARKS.md, "Failover: the cluster against the single server"): the same workload on
/// both, alternately (single, cluster, single, cluster, ...) so that the ratio cluster / single
/// comes from one run on one machine load. Around every run a ServerProbe reads what the server did
/// (commits, WAL, waits for the standby, CPU).
[[nodiscard]] SeatBenchReport runClusterComparison(const ComparedServer& single,
                                                   const ComparedServer& cluster,
                                                   const SeatBenchOptions& options, int rounds,
                                                   QTextStream& out);

/// Starts the cluster (ClusterServer), runs runClusterComparison against `single` and stops the
/// cluster again. `exitStatus` is set to 77 when the failover packages are not installed (said
/// on `err`), 1 when the cluster did not come up.
[[nodiscard]] SeatBenchReport compareWithCluster(const ComparedServer& single,
                                                 const SeatBenchOptions& options,
                                                 const ClusterBenchOptions& cluster, const QString& folder,
                                                 QTextStream& out, QTextStream& err, int* exitStatus);

} // namespace bo::bench
