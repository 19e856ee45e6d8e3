// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <QStringList>

#include "model/result.h"

namespace bo {

class DbConnection;

struct MigrationReport
{
    int fromVersion = 0;
    int toVersion = 0;
    QStringList applied;
};

/// Applies the numbered .sql files embedded under :/boxoffice/migrations, each in one
/// transaction, recorded in schema_migrations. Concurrent migrators (terminals starting at once)
/// serialise on a session advisory lock. A database newer than this binary is refused. Once the
/// roles migration is applied, each later one runs under SET LOCAL ROLE boxoffice_owner (when
/// the migrating user may), so everything it creates belongs to the owner role.
class Migrator final
{
    Q_DECLARE_TR_FUNCTIONS(bo::Migrator)

public:
    explicit Migrator(DbConnection& connection);

    /// The highest migration version this binary knows.
    [[nodiscard]] static int latestVersion();
    [[nodiscard]] Result<MigrationReport> migrate();
    /// The version recorded in the database (0 when it was never migrated).
    [[nodiscard]] Result<int> currentVersion();
    /// Ok when the database is at exactly this binary's version; otherwise an error that says
    /// which side is newer (SchemaTooNew, or BadInput asking for `boxoffice-admin migrate`).
    [[nodiscard]] Status checkCompatible();

private:
    [[nodiscard]] Result<MigrationReport> migrateLocked();
    /// True when the session may SET ROLE boxoffice_owner (a member, or a superuser).
    [[nodiscard]] Result<bool> actsAsOwner();

    DbConnection& m_connection;
};

} // namespace bo
