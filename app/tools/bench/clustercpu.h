// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QString>

namespace bo::bench {

/// CPU seconds (user + system) used so far by the PostgreSQL cluster whose data folder is
/// `dataDir`: the postmaster with the children it has reaped, plus every live child (backends,
/// walwriter, checkpointer, ...), read from /proc. Nothing when the folder holds no running
/// cluster or this is not Linux. The difference of two readings is the CPU a run cost the server
/// (a backend that exits between them is counted once it is reaped).
[[nodiscard]] std::optional<double> clusterCpuSeconds(const QString& dataDir);

} // namespace bo::bench
