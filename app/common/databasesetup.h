// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "db/connectionsettings.h"
#include "db/loginstore.h"
#include "model/core/result.h"

namespace bo {

/// Where the connection comes from: --db, then $BOXOFFICE_DB, then the settings file; or the
/// private demo cluster when `demo` is set.
struct DatabaseChoice
{
    QString conninfo; ///< from --db (may be empty)
    bool demo = false;
    /// For the demo: the superuser (migrate, seed-demo, create-login) instead of the demo's
    /// terminal login. A conninfo is used as given either way.
    bool owner = false;
    /// For the demo: the kind of login handed out (a kiosk's, a till's, a door's), as each
    /// program would have at a cinema (docs/SECURITY.md).
    LoginRole kind = LoginRole::Till;
};

/// The folder of the private demo cluster: $BOXOFFICE_DEMO_DIR, else the app-data folder; when
/// running as root (PostgreSQL then runs as 'postgres', which cannot enter /root) /var/tmp.
[[nodiscard]] QString demoClusterFolder();

/// Resolves the connection. For the demo: starts (or reuses) the private cluster, creates the
/// `boxoffice` database, migrates it and seeds the demo cinema for today and tomorrow as the
/// cluster's superuser, then hands out the login of `kind`, `demo_till`, `demo_kiosk` or
/// `demo_door` (IN ROLE boxoffice_till and so on, created on first use, its password in a 0600
/// file of the cluster folder) unless `owner` is set: each program and the CLI's sale commands
/// run with the rights of their kind of terminal (docs/SECURITY.md).
[[nodiscard]] Result<ConnectionSettings> resolveDatabase(const DatabaseChoice& choice);

} // namespace bo
