// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QStringList>

#include "model/core/result.h"

namespace bo {

class DbConnection;

struct MigrationReport
{
    int fromVersion = 0;
    int toVersion = 0;
    QStringList applied;
    /// True when the function files (db/functions/) were applied: they differed from the database's.
    bool functionsUpdated = false;
};

/// How the migrations recorded in a database differ from the ones shipped in this binary, besides
/// the newest not yet applied: `missing` are shipped versions below the highest applied one that
/// were never applied, `unknown` are applied versions (up to the highest shipped) that this
/// binary does not ship. Either is a gap: applying past it would run migrations out of order.
struct MigrationGap
{
    QList<int> missing;
    QList<int> unknown;

    [[nodiscard]] bool isEmpty() const { return missing.isEmpty() && unknown.isEmpty(); }
};

/// Applies the numbered .sql files embedded under :/boxoffice/migrations, each in one
/// transaction, recorded in schema_migrations. Concurrent migrators (terminals starting at once)
/// serialise on a session advisory lock. A database newer than this binary is refused. Once the
/// roles migration is applied, each later one runs under SET LOCAL ROLE boxoffice_owner (when
/// the migrating user may), so everything it creates belongs to the owner role. A gap (see
/// MigrationGap) is refused with SchemaMismatch, naming the versions: nothing is applied.
/// After the migrations the function files under :/boxoffice/functions (db/functions/: every
/// function's one body, then their settings and grants) are applied in one transaction whenever
/// their checksum differs from the one recorded in schema_functions.
class Migrator final
{
public:
    explicit Migrator(DbConnection& connection);

    /// The highest migration version this binary knows.
    [[nodiscard]] static int latestVersion();
    [[nodiscard]] Result<MigrationReport> migrate();
    /// Applies the migrations up to `version` only, and the function files only when that is
    /// the latest: the database an older release left (tests of upgrades).
    [[nodiscard]] Result<MigrationReport> migrateTo(int version);
    /// The version recorded in the database (0 when it was never migrated).
    [[nodiscard]] Result<int> currentVersion();
    /// Ok when the database is at exactly this binary's version; otherwise an error that says
    /// which side is newer (SchemaTooNew, or BadInput asking for `boxoffice-admin migrate`), or
    /// SchemaMismatch naming the versions of a gap.
    [[nodiscard]] Status checkCompatible();
    /// The gap between `shipped` and `applied` (both ascending); versions above the highest shipped
    /// are not part of it (that database is newer: SchemaTooNew).
    /// The checksum of the function files this binary carries (schema_functions holds the applied one).
    [[nodiscard]] static QString shippedFunctionsChecksum();
    [[nodiscard]] static MigrationGap findGap(const QList<int>& shipped, const QList<int>& applied);

private:
    [[nodiscard]] Result<MigrationReport> migrateLocked(int target);
    /// The versions recorded in schema_migrations, ascending (empty when it does not exist).
    [[nodiscard]] Result<QList<int>> appliedVersions();
    /// Ok, or the SchemaMismatch error that names the gap between the shipped and the applied.
    [[nodiscard]] static Status refuseGap(const QList<int>& applied);
    /// Applies db/functions/ in one transaction when its checksum differs from the database's;
    /// true when it did.
    [[nodiscard]] Result<bool> applyFunctions();
    /// The checksum recorded in schema_functions ("" before it exists or was filled).
    [[nodiscard]] Result<QString> appliedFunctions();
    /// True when the session may SET ROLE boxoffice_owner (a member, or a superuser).
    [[nodiscard]] Result<bool> actsAsOwner();

    DbConnection& m_connection;
};

} // namespace bo
