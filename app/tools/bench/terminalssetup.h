// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "app/tools/bench/terminalsrun.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo::bench {

constexpr int poolerSkipped = 77; ///< pooler.sh's status when pgbouncer is not installed

/// Runs packaging/pooler.sh (`script`) with `arguments`, at most 30 s: its exit status (-1 when
/// it crashed or hung) and its merged output.
[[nodiscard]] int runPoolerScript(const QString& script, const QStringList& arguments, QString* output);

/// pgbouncer in transaction mode through pooler.sh in `dir`, in front of `server` on a free
/// loopback port, accepting `server`'s login and using at most `pool` server sessions: the port,
/// or 0 with `status` the exit status to report (poolerSkipped: pgbouncer is not installed) and
/// `message` why. `dir` is made reachable by the postgres user (pgbouncer's, when run as root).
[[nodiscard]] int startPooler(const QString& script, const ConnectionSettings& server, int pool,
                              const QString& dir, int* status, QString* message);

/// A fresh database `name` on `server`: the real migrations, and per showtime a hall of `seats`
/// seats with one showtime tomorrow (on sale). The showtimes with their seat ids.
[[nodiscard]] Result<QList<WatchedShowtime>>
createTerminalsDatabase(const ConnectionSettings& server, const QString& name, int showtimes, int seats);

/// After a run: seats in two active bookings, and seats of confirmed bookings not RESERVED for
/// them (each counted; a check that cannot run counts 1). Details name what was found.
[[nodiscard]] qint64 terminalsViolations(const ConnectionSettings& database, QStringList* details);

} // namespace bo::bench
