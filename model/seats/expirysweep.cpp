// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/expirysweep.h"

#include "model/seats/seatcommands.h"

namespace bo {

SweepRun sweepExpired(SeatCommands& seats, int batchSize, int maxBatches,
                      const std::function<void(const SweepResult&)>& onBatch)
{
    SweepRun run;
    for (int batch = 0; batch < maxBatches; ++batch) {
        auto result = seats.sweep(batchSize);
        if (!result) {
            run.error = result.error();
            break;
        }
        const SweepResult& r = result.value();
        if (onBatch)
            onBatch(r);
        run.seatsFreed += int(r.seats.size());
        run.bookingsExpired += int(r.bookings.size());
        if (r.seats.size() < batchSize && r.bookings.size() < batchSize)
            break;
    }
    return run;
}

} // namespace bo
