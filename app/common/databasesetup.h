// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "db/connectionsettings.h"
#include "model/result.h"

namespace bo {

/// Where the connection comes from: --db, then $BOXOFFICE_DB, then the settings file; or the
/// private demo cluster when `demo` is set.
struct DatabaseChoice
{
    QString conninfo; ///< from --db (may be empty)
    bool demo = false;
};

/// The folder of the private demo cluster: $BOXOFFICE_DEMO_DIR, else the app-data folder; when
/// running as root (PostgreSQL then runs as 'postgres', which cannot enter /root) /var/tmp.
[[nodiscard]] QString demoClusterFolder();

/// Resolves the connection. For the demo: starts (or reuses) the private cluster, creates the
/// `boxoffice` database, migrates it and seeds the demo cinema for today and tomorrow.
[[nodiscard]] Result<ConnectionSettings> resolveDatabase(const DatabaseChoice& choice);

} // namespace bo
