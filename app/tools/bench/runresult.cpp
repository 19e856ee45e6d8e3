// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/runresult.h"

#include <algorithm>

#include <QJsonArray>

namespace bo::bench {

Percentiles percentilesOf(std::vector<float>& micros)
{
    Percentiles p;
    if (micros.empty())
        return p;
    auto at = [&micros](double q) {
        const auto index = size_t(q * double(micros.size() - 1));
        std::nth_element(micros.begin(), micros.begin() + qint64(index), micros.end());
        return double(micros[index]) / 1000.0;
    };
    p.p50 = at(0.50);
    p.p95 = at(0.95);
    p.p99 = at(0.99);
    p.max = double(*std::max_element(micros.begin(), micros.end())) / 1000.0;
    return p;
}

bool RunResult::samePoint(const RunResult& other) const
{
    return other.workload.k == workload.k && other.workload.hotspot == workload.hotspot &&
           other.clients == clients;
}

QJsonObject RunResult::toJson() const
{
    return QJsonObject{
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("k"), workload.k},
        {QStringLiteral("choice"), workload.hotspot ? QStringLiteral("hotspot") : QStringLiteral("uniform")},
        {QStringLiteral("clients"), clients},
        {QStringLiteral("seconds"), seconds},
        {QStringLiteral("attempts"), attempts},
        {QStringLiteral("holds"), granted},
        {QStringLiteral("holds_per_s"), holdsPerSecond()},
        {QStringLiteral("seat_holds_per_s"), seatHoldsPerSecond()},
        {QStringLiteral("conflicts_per_s"), conflictsPerSecond()},
        {QStringLiteral("hold_p50_ms"), hold.p50},
        {QStringLiteral("hold_p95_ms"), hold.p95},
        {QStringLiteral("hold_p99_ms"), hold.p99},
        {QStringLiteral("hold_max_ms"), hold.max},
        {QStringLiteral("round_trips_per_hold"), tripsPerHold},
        {QStringLiteral("confirms"), confirms},
        {QStringLiteral("confirm_failures"), confirmFailures},
        {QStringLiteral("confirm_p50_ms"), confirm.p50},
        {QStringLiteral("confirm_p99_ms"), confirm.p99},
        {QStringLiteral("round_trips_per_confirm"), tripsPerConfirm},
        {QStringLiteral("retries"), counters.retries},
        {QStringLiteral("deadlocks"), counters.deadlocks},
        {QStringLiteral("serialization_failures"), counters.serialization},
        {QStringLiteral("errors"), errors},
        {QStringLiteral("first_error"), firstError},
        {QStringLiteral("violations"), violations},
        {QStringLiteral("violation_details"), QJsonArray::fromStringList(violationDetails)},
        {QStringLiteral("seats_left_held"), leftHeld},
        {QStringLiteral("ratio_to_limit"), ratioLimit},
        {QStringLiteral("ratio_to_conditional"), ratioConditional},
        {QStringLiteral("client_cpu_cores"), clientCpu},
        {QStringLiteral("machine_cpu_cores"), machineCpu},
    };
}

} // namespace bo::bench
