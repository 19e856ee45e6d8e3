// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/serverprobe.h"

#include <algorithm>
#include <chrono>

#include "app/tools/bench/clustercpu.h"
#include "app/tools/bench/steadyclock.h"
#include "db/dbconnection.h"

namespace bo::bench {
namespace {

constexpr auto samplePeriod = std::chrono::milliseconds(250);
constexpr int maxSamples = 4 * 3600; // an hour of samples bounds the sampler whatever happens

} // namespace

QJsonObject ServerActivity::toJson() const
{
    QJsonObject statements;
    for (auto it = syncRepStatements.cbegin(); it != syncRepStatements.cend(); ++it)
        statements[it.key()] = it.value();
    return QJsonObject{
        {QStringLiteral("commits"), commits},
        {QStringLiteral("commits_per_s"), seconds > 0 ? double(commits) / seconds : 0},
        {QStringLiteral("wal_records"), walRecords},
        {QStringLiteral("wal_bytes"), walBytes},
        {QStringLiteral("wal_writes"), walWrites},
        {QStringLiteral("wal_syncs"), walSyncs},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("server_cores"), serverCores},
        {QStringLiteral("standby_cores"), standbyCores},
        {QStringLiteral("samples"), samples},
        {QStringLiteral("waiting_syncrep"), syncRepWaiting},
        {QStringLiteral("waiting_wal"), walWaiting},
        {QStringLiteral("waiting_lock"), lockWaiting},
        {QStringLiteral("running"), running},
        {QStringLiteral("write_lag_ms"), writeLagMs},
        {QStringLiteral("flush_lag_ms"), flushLagMs},
        {QStringLiteral("replay_lag_ms"), replayLagMs},
        {QStringLiteral("flush_lag_max_ms"), flushLagMaxMs},
        {QStringLiteral("syncrep_statements"), statements},
    };
}

ServerProbe::ServerProbe(ConnectionSettings database, QStringList dataFolders, QStringList standbyFolders)
    : m_database(std::move(database))
    , m_dataFolders(std::move(dataFolders))
    , m_standbyFolders(std::move(standbyFolders))
{}

ServerProbe::~ServerProbe()
{
    m_stop.store(true);
    if (m_sampler.joinable())
        m_sampler.join();
}

double ServerProbe::cpuSeconds(const QStringList& folders)
{
    if (folders.isEmpty())
        return -1;
    double total = 0;
    for (const QString& folder : folders) {
        const std::optional<double> cpu = clusterCpuSeconds(folder);
        if (!cpu)
            return -1;
        total += *cpu;
    }
    return total;
}

ServerProbe::Counters ServerProbe::read()
{
    Counters c;
    c.cpuSeconds = cpuSeconds(m_dataFolders);
    c.standbyCpuSeconds = cpuSeconds(m_standbyFolders);
    if (!m_db) {
        auto opened = DbConnection::open(m_database, QStringLiteral("bench-probe"));
        if (!opened)
            return c;
        m_db = std::move(opened).value();
    }
    auto q = m_db->exec(
        QStringLiteral("SELECT d.xact_commit, w.wal_records, w.wal_bytes::bigint, w.wal_write, w.wal_sync "
                       "FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = current_database()"));
    if (q && q.value().next()) {
        c.commits = q.value().value(0).toLongLong();
        c.walRecords = q.value().value(1).toLongLong();
        c.walBytes = q.value().value(2).toLongLong();
        c.walWrites = q.value().value(3).toLongLong();
        c.walSyncs = q.value().value(4).toLongLong();
    }
    return c;
}

void ServerProbe::start()
{
    m_before = read();
    m_startedNs = nowNs();
    m_stop.store(false);
    m_sampled = ServerActivity();
    m_sampler = std::thread([this] { sample(); });
}

void ServerProbe::sample()
{
    // Its own session: a DbConnection belongs to the thread that opened it.
    auto opened = DbConnection::open(m_database, QStringLiteral("bench-probe-sampler"));
    if (!opened)
        return;
    std::unique_ptr<DbConnection> db = std::move(opened).value();
    const QString sql =
        QStringLiteral("SELECT count(*) FILTER (WHERE wait_event = 'SyncRep'), "
                       "       count(*) FILTER (WHERE wait_event IN ('WALWrite', 'WALSync', 'WALInsert')), "
                       "       count(*) FILTER (WHERE wait_event_type = 'Lock'), "
                       "       count(*) FILTER (WHERE wait_event IS NULL), "
                       "       (SELECT extract(epoch FROM write_lag) * 1000 FROM pg_stat_replication "
                       "         WHERE sync_state = 'sync' LIMIT 1), "
                       "       (SELECT extract(epoch FROM flush_lag) * 1000 FROM pg_stat_replication "
                       "         WHERE sync_state = 'sync' LIMIT 1), "
                       "       (SELECT extract(epoch FROM replay_lag) * 1000 FROM pg_stat_replication "
                       "         WHERE sync_state = 'sync' LIMIT 1), "
                       "       string_agg(left(query, 48), '|') FILTER (WHERE wait_event = 'SyncRep') "
                       "FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' "
                       "  AND backend_type = 'client backend' AND pid <> pg_backend_pid()");
    ServerActivity& s = m_sampled;
    double lags[3] = {0, 0, 0};
    int lagSamples = 0;
    for (int i = 0; i < maxSamples && !m_stop.load(); ++i) {
        std::this_thread::sleep_for(samplePeriod);
        auto q = db->exec(sql, {}, DbConnection::RoundTrip::Short);
        if (!q || !q.value().next())
            continue;
        Rows& r = q.value();
        ++s.samples;
        s.syncRepWaiting += r.value(0).toDouble();
        s.walWaiting += r.value(1).toDouble();
        s.lockWaiting += r.value(2).toDouble();
        s.running += r.value(3).toDouble();
        // A lag is NULL while the standby has caught up and nothing new came: counted as 0 then,
        // when the server has a synchronous standby at all.
        if (!r.value(5).isNull() || !r.value(4).isNull()) {
            ++lagSamples;
            for (int l = 0; l < 3; ++l)
                lags[l] += r.value(4 + l).toDouble();
            s.flushLagMaxMs = std::max(s.flushLagMaxMs, r.value(5).toDouble());
        }
        const QString waiting = r.value(7).toString();
        // A few examples are enough to tell which calls wait (each client prepares its own).
        for (const QString& statement : waiting.split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
            if (s.syncRepStatements.size() < 5 || s.syncRepStatements.contains(statement))
                ++s.syncRepStatements[statement];
        }
    }
    if (s.samples > 0) {
        s.syncRepWaiting /= s.samples;
        s.walWaiting /= s.samples;
        s.lockWaiting /= s.samples;
        s.running /= s.samples;
    }
    if (lagSamples > 0) {
        s.writeLagMs = lags[0] / lagSamples;
        s.flushLagMs = lags[1] / lagSamples;
        s.replayLagMs = lags[2] / lagSamples;
    }
}

ServerActivity ServerProbe::stop()
{
    m_stop.store(true);
    if (m_sampler.joinable())
        m_sampler.join();
    const Counters after = read();
    ServerActivity a = m_sampled;
    a.seconds = double(nowNs() - m_startedNs) / 1e9;
    a.commits = after.commits - m_before.commits;
    a.walRecords = after.walRecords - m_before.walRecords;
    a.walBytes = after.walBytes - m_before.walBytes;
    a.walWrites = after.walWrites - m_before.walWrites;
    a.walSyncs = after.walSyncs - m_before.walSyncs;
    if (after.cpuSeconds >= 0 && m_before.cpuSeconds >= 0)
        a.serverCores = (after.cpuSeconds - m_before.cpuSeconds) / std::max(a.seconds, 0.001);
    if (after.standbyCpuSeconds >= 0 && m_before.standbyCpuSeconds >= 0)
        a.standbyCores = (after.standbyCpuSeconds - m_before.standbyCpuSeconds) / std::max(a.seconds, 0.001);
    return a;
}

} // namespace bo::bench
