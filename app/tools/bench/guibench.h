// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QTextStream>

#include "db/connectionsettings.h"

namespace bo::bench {

/// The GUI figures: seat-map paint times (full and one seat), NOTIFY-to-repaint latency between
/// two terminals, and resident memory with a 10,000-seat map. Prints a Markdown table to `out`
/// and returns the figures as JSON. `server` is the maintenance database of a PostgreSQL the
/// benchmark may create databases on.
[[nodiscard]] QJsonObject runGuiBenchmarks(const ConnectionSettings& server, int latencySamples,
                                           QTextStream& out);

} // namespace bo::bench
