// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QStringList>

#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo::bench {

/// The three-node Patroni cluster of packaging/cluster.sh (strict synchronous mode), started for
/// a benchmark in a folder of the bench's and stopped again (`cluster.sh down`) when this object
/// goes, whatever happened in between.
class ClusterServer final
{
public:
    /// How `cluster.sh up` ended.
    enum class Start { Up, PackagesMissing, Failed };

    /// `script` is cluster.sh, `folder` the cluster's folder (made by `up`), `admin` the
    /// boxoffice-admin that sets the database up (empty: cluster.sh looks in PATH).
    ClusterServer(QString script, QString folder, QString admin);
    ~ClusterServer();
    ClusterServer(const ClusterServer&) = delete;
    ClusterServer& operator=(const ClusterServer&) = delete;

    /// Runs `cluster.sh up` on the port base `base` (ports base..base+201), or, for 0, on up to
    /// four random bases from 20000 below the kernel's ephemeral ports while the ports are taken.
    [[nodiscard]] Start start(int base);
    /// What `up` said when it did not come up (or the packages it lacks).
    [[nodiscard]] QString error() const { return m_error; }
    /// The superuser on the node that is primary now, alone (not the multi-host string: the
    /// bench creates its database there and then connects to it at once, before a standby may
    /// have replayed it).
    [[nodiscard]] Result<ConnectionSettings> primary();
    /// The data folder of the node primary() found (empty before), and those of the others.
    [[nodiscard]] QString primaryFolder() const;
    [[nodiscard]] QStringList standbyFolders() const;
    /// The multi-host string of DIR/conninfo, for the report (no password).
    [[nodiscard]] QString conninfo() const { return m_conninfo; }

    /// Exit status of cluster.sh when the failover packages are not installed.
    static constexpr int missingPackagesExit = 77;

private:
    [[nodiscard]] int run(const QStringList& arguments, QString* output, int timeoutMs) const;

    QString m_script;
    QString m_folder;
    QString m_admin;
    QString m_error;
    QString m_conninfo;
    bool m_started = false;
    int m_primaryNode = 0; ///< 1, 2 or 3 once primary() found it
};

} // namespace bo::bench
