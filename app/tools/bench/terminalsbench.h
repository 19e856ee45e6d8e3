// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

namespace bo::bench {

/// `boxoffice-bench terminals` (docs/BENCHMARKS.md, "A chain's terminals through a pooler"):
/// hundreds of simulated terminals in this process against a private PostgreSQL, their statements
/// through pgbouncer (packaging/pooler.sh) or straight to the server, the server sessions counted
/// and every seat change timed to the other terminals' main thread. Its own options
/// (`boxoffice-bench terminals --help`); called from main() before any QCoreApplication exists.
/// Returns the exit status: 0, 1 (a failure or a violation), 2 (bad input), 77 (only the pooled
/// mode was asked for and pgbouncer is not installed), 130 (interrupted).
[[nodiscard]] int runTerminalsCommand(int argc, char* argv[]);

} // namespace bo::bench
