// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QTextStream>

#include "db/connectionsettings.h"

namespace bo::bench {

/// Scan to verdict at the door: `tickets` tickets sold and issued on a bench
/// database of `server`, then scanned into the real door window (keystrokes, then Enter) through
/// the real backend; the time from the Enter key to the verdict's screen painted, for admits,
/// for the same tickets refused as already used (both ask the database) and for forged ones
/// (refused by the signature, locally). Prints a Markdown table to `out`; the figures as JSON
/// ("error" set when a run could not be made).
[[nodiscard]] QJsonObject runDoorBenchmark(const ConnectionSettings& server, int tickets, QTextStream& out);

} // namespace bo::bench
