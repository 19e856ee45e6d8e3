// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDeadlineTimer>

#include "app/tools/audit/stormledger.h"
#include "db/connectionsettings.h"

namespace bo::audit {

/// One sweeper of the storm: its own connection, sweeping expired holds in batches of 200 with
/// `pauseMs` (jittered by half) between sweeps until the deadline or the stop.
[[nodiscard]] StormLedger runSweeper(const ConnectionSettings& settings, int index, int pauseMs,
                                     StormShared& shared, const QDeadlineTimer& deadline);

} // namespace bo::audit
