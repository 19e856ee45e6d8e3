// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QTextStream>

#include "app/tools/bench/seatbenchoptions.h"

class QCommandLineParser;

namespace bo::bench {

/// What `boxoffice-bench seats --cluster` adds to the seat bench's options.
struct ClusterBenchOptions
{
    int rounds = 2;   ///< measured runs of each server per point, alternated
    int portBase = 0; ///< cluster.sh --port; 0: a free base chosen at random
    QString script;   ///< packaging/cluster.sh
    QString admin;    ///< boxoffice-admin for cluster.sh up (empty: PATH)
    /// --cluster-commit: synchronous_commit of the bench's sessions on the cluster, a diagnostic
    /// (never the product's setting); empty: the server's.
    QString synchronousCommit;
};

/// The options of `seats --cluster` from the command line (--cluster-port, --rounds; with
/// --cluster the seat options default to conditional, 8 and 32 clients, k = 1, uniform): 0, or
/// the exit status of bad input (2, said on `err`), before any server is started.
[[nodiscard]] int parseClusterOptions(const QCommandLineParser& parser, const QString& benchmark,
                                      SeatBenchOptions& seats, ClusterBenchOptions& cluster,
                                      QTextStream& err);

} // namespace bo::bench
