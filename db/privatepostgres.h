// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo {

/// The PostgreSQL server programs of the local installation.
struct PostgresBinaries
{
    QString initdb;
    QString pgCtl;
    QString postgres;

    /// Looks on PATH first, then in /usr/lib/postgresql/<newest>/bin (Debian keeps them there)
    /// and the usual Windows install folders; `.exe` on Windows.
    [[nodiscard]] static Result<PostgresBinaries> locate();
};

struct ClusterOptions
{
    bool durable = true; ///< false for throw-away test clusters: fsync and full-page writes off
    int maxConnections = 120;
};

/// A private PostgreSQL cluster in a folder of ours: created on first use (scram password
/// authentication, a generated password kept in a 0600 file next to it), started on a free
/// loopback port with its socket inside the folder, stopped cleanly. Serves the demo mode (kept
/// between runs), the test fixture (temporary) and the benchmark.
///
/// PostgreSQL refuses to run as root. When this process is root (CI, containers), the server
/// programs run as the `postgres` system user instead: the data folders are handed to that user
/// and the folder must be reachable by it.
class PrivatePostgres final
{
public:
    /// Creates the cluster if needed and starts it if it is not running; waits until it accepts
    /// connections. Returns the settings for its `postgres` database (with the password).
    [[nodiscard]] static Result<ConnectionSettings> ensureRunning(const QString& folder,
                                                                  const ClusterOptions& options = {});
    /// Fast shutdown (open sessions are disconnected), waiting until the server has stopped.
    [[nodiscard]] static Status stop(const QString& folder);
    [[nodiscard]] static bool isRunning(const QString& folder);
};

} // namespace bo
