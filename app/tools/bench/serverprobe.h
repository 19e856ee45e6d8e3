// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <memory>
#include <thread>

#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include "db/connectionsettings.h"

namespace bo {
class DbConnection;
}

namespace bo::bench {

/// What one server did during one run: its statistics views read before and after, its sessions
/// and its synchronous standby sampled while the clients ran, its processes' CPU from /proc.
struct ServerActivity
{
    qint64 commits = 0;    ///< pg_stat_database.xact_commit of the bench's database
    qint64 walRecords = 0; ///< pg_stat_wal, the whole server
    qint64 walBytes = 0;
    qint64 walWrites = 0; ///< write() calls of WAL
    qint64 walSyncs = 0;  ///< fsync() calls of WAL (a synchronous commit flushes its WAL)
    double seconds = 0;
    double serverCores = -1;  ///< CPU of the server (the primary) in cores; -1 unknown
    double standbyCores = -1; ///< CPU of its standbys' PostgreSQL in cores; -1 none or unknown
    int samples = 0;
    /// Bench sessions on average (per sample) waiting for: the synchronous standby (SyncRep),
    /// WAL to be written or flushed (WALWrite, WALSync, WALInsert), a lock; or running (no wait).
    double syncRepWaiting = 0;
    double walWaiting = 0;
    double lockWaiting = 0;
    double running = 0;
    /// The synchronous standby's lags from pg_stat_replication (average and largest sampled), ms;
    /// -1 when the server has no synchronous standby.
    double writeLagMs = -1;
    double flushLagMs = -1;
    double replayLagMs = -1;
    double flushLagMaxMs = -1;
    /// What the sessions seen waiting for the standby ran (the statement's start), how often.
    QHash<QString, int> syncRepStatements;

    [[nodiscard]] QJsonObject toJson() const;
};

/// Reads a ServerActivity around one run: start() when the clients go, stop() when they have
/// stopped. Both on the thread that made the probe; a sampler thread of its own (one query every
/// 250 ms, its own session) watches in between.
class ServerProbe final
{
public:
    /// `database` is the bench's database on the server (its primary); `dataFolders` the data
    /// folder of the server (none: CPU not measured) and those of its standbys.
    ServerProbe(ConnectionSettings database, QStringList dataFolders, QStringList standbyFolders);
    ~ServerProbe();
    ServerProbe(const ServerProbe&) = delete;
    ServerProbe& operator=(const ServerProbe&) = delete;

    void start();
    [[nodiscard]] ServerActivity stop();

private:
    struct Counters
    {
        qint64 commits = 0;
        qint64 walRecords = 0;
        qint64 walBytes = 0;
        qint64 walWrites = 0;
        qint64 walSyncs = 0;
        double cpuSeconds = -1;
        double standbyCpuSeconds = -1;
    };
    [[nodiscard]] Counters read();
    [[nodiscard]] static double cpuSeconds(const QStringList& folders);
    void sample();

    ConnectionSettings m_database;
    QStringList m_dataFolders;
    QStringList m_standbyFolders;
    std::unique_ptr<DbConnection> m_db;
    Counters m_before;
    qint64 m_startedNs = 0;
    std::atomic<bool> m_stop{false};
    std::thread m_sampler;
    ServerActivity m_sampled; ///< written by the sampler thread, read after it was joined
};

} // namespace bo::bench
