// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <QTextStream>

#include "app/tools/bench/seatbenchoptions.h"
#include "app/tools/bench/strategies.h"
#include "db/connectionsettings.h"

namespace bo::bench {

class BenchDatabase;
class RedisServer;

struct SeatBenchReport
{
    QJsonObject json;
    QString markdown;     ///< machine, one table per workload, the targets
    int violations = 0;   ///< double owners, lost or partial holds, reservations without one booking
    QStringList failures; ///< runs that could not run or mostly failed
};

/// The seat-hold strategies side by side: a fresh database with the real migrations and one
/// showtime of 300 seats (15 rows × 20) on a server, every strategy against the same workloads
/// one after another (SeatRun), the database checked after every run, the report at the end
/// (SeatReport). Prints one line per run to `out`.
class SeatBench final
{
public:
    SeatBench(SeatBenchOptions options, QTextStream& out);
    ~SeatBench();
    SeatBench(const SeatBench&) = delete;
    SeatBench& operator=(const SeatBench&) = delete;

    /// Runs on `server` (the bench creates and drops its own database there); `folder` holds the
    /// private redis-server's files.
    [[nodiscard]] SeatBenchReport run(const ConnectionSettings& server, const QString& folder);

private:
    [[nodiscard]] QStringList choose(QList<StrategyInfo>& chosen);
    [[nodiscard]] QJsonObject machine();

    SeatBenchOptions m_options;
    QTextStream& m_out;
    std::unique_ptr<BenchDatabase> m_database;
    std::unique_ptr<RedisServer> m_redis;
};

/// SeatBench(options, out).run(server, folder).
[[nodiscard]] SeatBenchReport runSeatBenchmarks(const ConnectionSettings& server,
                                                const SeatBenchOptions& options, const QString& folder,
                                                QTextStream& out);

} // namespace bo::bench
