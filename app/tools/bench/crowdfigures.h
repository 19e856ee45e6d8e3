// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The crowd run's figures, apart from its set-up (app/tools/bench/crowdrun.h) and its client loop
// (app/tools/bench/crowddriver.h): what the pool threads counted and what each customer went
// through, summed into the run's CrowdResult, with the two fairness shares (admitted out of turn,
// first hold before an earlier arrival).
#pragma once

#include <vector>

#include "app/tools/bench/crowddriver.h"
#include "app/tools/bench/crowdresult.h"

namespace bo::bench {

/// Adds to `result` what the pool threads counted (`tallies`: attempts, holds, conflicts, errors,
/// the owner ledger's violations, the hold percentiles, the first error) and what `customers` went
/// through (sales, gave up, timed out, the selling time, first hold before an earlier arrival;
/// with `capacity` > 0 the queue wait and admitted out of turn, from each customer's admission
/// order). The run's sold seats, last sale, sold-out and database checks are the caller's.
void addCrowdFigures(CrowdResult& result, const std::vector<CrowdTally>& tallies,
                     const std::vector<CrowdCustomer>& customers, int capacity);

} // namespace bo::bench
