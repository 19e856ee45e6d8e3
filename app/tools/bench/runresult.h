// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <vector>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "app/tools/bench/strategyclient.h"
#include "app/tools/bench/workload.h"

namespace bo::bench {

/// Latencies of one run, in milliseconds.
struct Percentiles
{
    double p50 = 0;
    double p95 = 0;
    double p99 = 0;
    double max = 0;
};

/// The percentiles of `micros` (microseconds; reordered in place).
[[nodiscard]] Percentiles percentilesOf(std::vector<float>& micros);

/// One measured point: one strategy, one workload, one client count.
struct RunResult
{
    QString strategy;
    bool holdsSeats = true;
    Workload workload;
    int clients = 0;
    double seconds = 0;
    qint64 attempts = 0;
    qint64 granted = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirms = 0;
    qint64 confirmFailures = 0;
    Percentiles hold;
    Percentiles confirm;
    double tripsPerHold = 0;
    double tripsPerConfirm = 0;
    ClientCounters counters;
    qint64 violations = 0;
    QStringList violationDetails;
    qint64 leftHeld = 0;
    double clientCpu = 0;  ///< cores used by this process (the load generator)
    double machineCpu = 0; ///< cores busy on the whole machine
    QString firstError;
    double ratioLimit = 0;
    double ratioConditional = 0;

    [[nodiscard]] double holdsPerSecond() const { return seconds > 0 ? double(granted) / seconds : 0; }
    [[nodiscard]] double seatHoldsPerSecond() const
    {
        return holdsSeats ? holdsPerSecond() * workload.k : holdsPerSecond();
    }
    [[nodiscard]] double conflictsPerSecond() const { return seconds > 0 ? double(conflicts) / seconds : 0; }
    /// Same workload and client count: the two runs of one block, whose ratio is fair.
    [[nodiscard]] bool samePoint(const RunResult& other) const;
    [[nodiscard]] QJsonObject toJson() const;
};

} // namespace bo::bench
