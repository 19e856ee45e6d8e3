// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QStringList>
#include <QTextStream>

class QCommandLineParser;

#include "app/bench/seatbench.h"
#include "app/bench/seatbenchoptions.h"
#include "db/connectionsettings.h"

namespace bo::bench {

/// What `boxoffice-bench seats --cluster` adds to the seat bench's options.
struct ClusterBenchOptions
{
    int rounds = 2;   ///< measured runs of each server per point, alternated
    int portBase = 0; ///< cluster.sh --port; 0: a free base chosen at random
    QString script;   ///< packaging/cluster.sh
    QString admin;    ///< boxoffice-admin for cluster.sh up (empty: PATH)
};

/// The options of `seats --cluster` from the command line (--cluster-port, --rounds; with
/// --cluster the seat options default to conditional, 8 and 32 clients, k = 1, uniform): 0, or
/// the exit status of bad input (2, said on `err`), before any server is started.
[[nodiscard]] int parseClusterOptions(const QCommandLineParser& parser, const QString& benchmark,
                                      SeatBenchOptions& seats, ClusterBenchOptions& cluster,
                                      QTextStream& err);

/// One server compared: where the bench creates its database, and the data folders of its
/// primary and of its standbys (for their CPU; empty: not measured).
struct ComparedServer
{
    QString name;
    ConnectionSettings server;
    QStringList dataFolders;
    QString description;
    QStringList standbyFolders;
};

/// The seat bench's strategies on the single server and on the three-node synchronous cluster
/// (issue 20): the same workload on both, alternately (single, cluster, single, cluster, ...)
/// so that the ratio cluster / single comes from one run on one machine load. Around every run
/// a ServerProbe reads what the server did (commits, WAL, waits for the standby, CPU).
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
