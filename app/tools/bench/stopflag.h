// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

namespace bo::bench {

/// Ends the current run at once and starts no other (the rest of the report still comes, and the
/// servers are stopped). Safe to call from a signal handler.
void requestStop();
[[nodiscard]] bool stopRequested();

} // namespace bo::bench
