// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdRun: one run of the crowd bench for one strategy and crowd, set up, driven through
// CrowdDriver's pool (app/tools/bench/crowddriver.h) and gathered into a CrowdResult
// (app/tools/bench/crowdfigures.h).
#pragma once

#include <QString>

#include "app/tools/bench/crowdadmission.h"
#include "app/tools/bench/crowdoptions.h"
#include "app/tools/bench/crowdresult.h"
#include "app/tools/bench/strategyclient.h"

namespace bo::bench {

class BenchDatabase;
class CrowdHall;

/// One crowd run: the showtime reset, `customers` customers arriving along the options' curve,
/// driven by a bounded pool of threads (each with its own strategy client, payment gateway and
/// admission handle) through an agenda of timed steps: a customer waiting, thinking or paying
/// holds no thread. Each customer: join the queue (queued strategies) and wait to be admitted,
/// pick the best free block of 1–4 seats from the live map, hold it (on a refusal, the next best
/// block, up to `tries` holds), think, pay through the in-process simulated card terminal,
/// confirm, capture, leave. Then the database is checked.
class CrowdRun final
{
public:
    /// `database`, `hall` outlive this object; `context` has Redis filled in; `serverData` is the
    /// private cluster's data folder (empty: a server of the user's, no CPU figure).
    CrowdRun(BenchDatabase& database, CrowdHall& hall, StrategyContext context, CrowdOptions options,
             QString serverData);

    /// `client` is the strategy whose clients hold and confirm; `admission` null for no queue.
    /// `databaseQueue`: the admission is the database's queue, whose capacity is set on the
    /// showtime for the run (and cleared after) and whose admission order is read from its table.
    [[nodiscard]] CrowdResult measure(const QString& client, const QString& label, int capacity,
                                      const CrowdAdmissionFactory& admission, bool databaseQueue,
                                      int customers, int runIndex);

private:
    BenchDatabase& m_database;
    CrowdHall& m_hall;
    StrategyContext m_context;
    CrowdOptions m_options;
    QString m_serverData;
};

} // namespace bo::bench
