// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The crowd run's figures: the pool threads' tallies and the customers summed into a CrowdResult.
#include "app/tools/bench/crowdfigures.h"

#include <algorithm>
#include <limits>
#include <tuple>
#include <utility>

#include "app/tools/bench/runresult.h"

namespace bo::bench {
namespace {

/// Share of the customers served before someone who arrived earlier and was served later or
/// never: `visits` are (arrived, served) pairs, served < 0 for never.
double overtakenShare(std::vector<std::pair<qint64, qint64>> visits)
{
    if (visits.empty())
        return 0;
    std::sort(visits.begin(), visits.end());
    qint64 latestBefore = -1; // the latest service among earlier arrivals (max = never served)
    qint64 overtaking = 0;
    for (const auto& visit : visits) {
        const qint64 s = visit.second;
        const qint64 when = s < 0 ? std::numeric_limits<qint64>::max() : s;
        if (s >= 0 && latestBefore > s)
            ++overtaking;
        latestBefore = std::max(latestBefore, when);
    }
    return double(overtaking) / double(visits.size());
}

/// Share of the admitted customers admitted before someone who had surely joined before them (the
/// earlier join answered before the later one was sent) and was admitted after them or never:
/// `joins` are (sent, answered, admission order) with order < 0 for never admitted.
double admittedOutOfTurn(std::vector<std::tuple<qint64, qint64, qint64>> joins)
{
    std::sort(joins.begin(), joins.end());
    qint64 outOfTurn = 0;
    qint64 admitted = 0;
    for (size_t b = 0; b < joins.size(); ++b) {
        const auto& [sentB, answeredB, orderB] = joins[b];
        if (orderB < 0)
            continue;
        ++admitted;
        for (size_t a = 0; a < b; ++a) {
            const auto& [sentA, answeredA, orderA] = joins[a];
            if (answeredA < sentB && (orderA < 0 || orderA > orderB)) {
                ++outOfTurn;
                break;
            }
        }
    }
    return admitted > 0 ? double(outOfTurn) / double(admitted) : 0;
}

} // namespace

void addCrowdFigures(CrowdResult& result, const std::vector<CrowdTally>& tallies,
                     const std::vector<CrowdCustomer>& customers, int capacity)
{
    std::vector<float> holdMicros;
    for (const CrowdTally& t : tallies) {
        holdMicros.insert(holdMicros.end(), t.holdMicros.begin(), t.holdMicros.end());
        result.holdAttempts += t.holdAttempts;
        result.holds += t.holds;
        result.conflicts += t.conflicts;
        result.errors += t.errors;
        result.confirmFailures += t.confirmFailures;
        if (t.doubleOwners + t.lostHolds > 0) {
            result.violations += t.doubleOwners + t.lostHolds;
            result.violationDetails << t.firstViolation;
        }
        if (result.firstError.isEmpty())
            result.firstError = t.firstError;
    }
    result.hold = percentilesOf(holdMicros);
    std::vector<float> waitMicros;
    std::vector<std::tuple<qint64, qint64, qint64>> joins;
    std::vector<std::pair<qint64, qint64>> firstHoldAt;
    qint64 lastDone = 0;
    for (const CrowdCustomer& c : customers) {
        result.sales += c.sold ? 1 : 0;
        result.gaveUp += c.gaveUp ? 1 : 0;
        result.timedOut += c.stage != CrowdCustomer::Stage::Done || c.timedOut ? 1 : 0;
        lastDone = std::max(lastDone, c.doneNs);
        if (c.admittedNs >= 0)
            waitMicros.push_back(float(double(c.admittedNs - c.arrivedNs) / 1000.0));
        // Arrival is when the customer's first step ran (the join was sent), not when it was due.
        const qint64 arrived = c.arrivedNs >= 0 ? c.arrivedNs : c.arrivalNs;
        if (c.joinedNs >= 0)
            joins.emplace_back(c.arrivedNs, c.joinedNs, c.admissionOrder);
        firstHoldAt.emplace_back(arrived, c.firstHoldNs);
    }
    result.sellingS = double(lastDone) / 1e9;
    if (capacity > 0) {
        result.queueWait = percentilesOf(waitMicros);
        result.overtakenShare = admittedOutOfTurn(joins);
    }
    result.holdOvertakenShare = overtakenShare(firstHoldAt);
}

} // namespace bo::bench
