// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include "app/tools/bench/runresult.h"
#include "app/tools/bench/strategies.h"
#include "app/tools/bench/strategyclient.h"
#include "app/tools/bench/workload.h"

namespace bo::bench {

class BenchDatabase;

/// Called on the measuring thread: `started` right after the clients are let go, `ended` right
/// after the last one stopped (before the database is checked), e.g. to read the server's
/// statistics around the measured seconds alone.
struct RunHooks
{
    std::function<void()> started;
    std::function<void()> ended;
};

/// One measured point: resets the database, starts one thread per client of one strategy
/// (ClientLoop), lets them go together for `seconds`, watches for partial holds while they run,
/// then sums their figures and has the database checked.
class SeatRun final
{
public:
    /// `context` is the database's with Redis filled in; `database` outlives this object.
    SeatRun(BenchDatabase& database, StrategyContext context, int seconds, double confirmRatio);

    [[nodiscard]] RunResult measure(const StrategyInfo& strategy, const Workload& workload, int clients,
                                    int runIndex, const RunHooks& hooks = {});

private:
    BenchDatabase& m_database;
    StrategyContext m_context;
    int m_seconds;
    double m_confirmRatio;
};

} // namespace bo::bench
