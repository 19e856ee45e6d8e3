// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "app/tools/bench/crowdadmission.h"
#include "db/connectionsettings.h"

namespace bo::bench {

/// The product's admission queue (model's AdmissionQueue over db's QueueStore, migration 0014) as
/// the crowd drives it: each pool thread gets a QueueStore on a connection of its own; join,
/// heartbeat and leave are the product's calls. The admission order is not in the answers: the
/// bench reads it from the queue's table after the run (BenchDatabase::admissionOrders).
[[nodiscard]] CrowdAdmissionFactory databaseAdmission(const ConnectionSettings& settings, int showtimeId);

} // namespace bo::bench
