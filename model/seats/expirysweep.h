// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <optional>

#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo {

class SeatCommands;

/// What one run of the expiry sweep freed, and the error that stopped it early, if any.
struct SweepRun
{
    int seatsFreed = 0;
    int bookingsExpired = 0;
    std::optional<Error> error;
};

/// The expiry sweep of ARCHITECTURE §4 as every caller runs it (the releaser thread, the ops CLI):
/// batches of `batchSize` until one comes back short, at most `maxBatches`; each batch is handed
/// to `onBatch` (to log and announce it). Small batches keep each statement's row locks short.
[[nodiscard]] SweepRun sweepExpired(SeatCommands& seats, int batchSize, int maxBatches,
                                    const std::function<void(const SweepResult&)>& onBatch = {});

} // namespace bo
