// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QStringList>

#include "model/core/result.h"

namespace bo {

class DbConnection;

/// What the server and the connecting role are, seen from the maintenance database before
/// `boxoffice-admin setup-server` changes anything.
struct ServerFacts
{
    QString user; ///< the connecting role (current_user)
    bool superuser = false;
    bool createDb = false; ///< CREATEDB (or superuser)
    bool createRole = false;
    int versionNum = 0; ///< server_version_num, e.g. 150004
    QString version;    ///< server_version, e.g. "15.4"
    bool databaseExists = false;
    QString databaseOwner; ///< "" when the database does not exist
    /// boxoffice_owner may SET bo.announced (the one-time superuser grant; migration 0006).
    bool parameterGranted = false;
};

/// Prepares an existing PostgreSQL server for Box office (ARCHITECTURE §7): the application
/// database and who may connect to it. Works on a connection to a maintenance database (such as
/// `postgres`) except where a function says otherwise. The roles themselves come from migration
/// 0006. Names are checked with isValidDatabaseName() and quoted by the server (%I).
class ServerSetup final
{
public:
    explicit ServerSetup(DbConnection& connection);

    /// The oldest server the migrations run on (GRANT SET ON PARAMETER: PostgreSQL 15).
    static constexpr int minimumVersionNum = 150000;
    /// The roles of migrations 0006 and 0041.
    [[nodiscard]] static QStringList roleNames();
    /// A database name as we accept it: a lower-case SQL identifier of at most 63 characters
    /// (letters, digits, underscore; not starting with a digit), not `postgres`, `template0`,
    /// `template1` and not starting with `pg_`.
    [[nodiscard]] static bool isValidDatabaseName(const QString& name);

    /// Reads the facts (no change).
    [[nodiscard]] Result<ServerFacts> inspect(const QString& database);
    /// CREATE DATABASE name (UTF8, from template0, owned by the connecting role), then REVOKE ALL
    /// ON DATABASE FROM PUBLIC so that nobody else connects before the roles are granted.
    [[nodiscard]] Status createDatabase(const QString& database);
    /// DROP DATABASE name WITH (FORCE): undoes createDatabase() when the migrations failed.
    [[nodiscard]] Status dropDatabase(const QString& database);
    /// As a superuser: GRANT SET ON PARAMETER bo.announced TO boxoffice_owner when that role
    /// exists and lacks it. True when it granted.
    [[nodiscard]] Result<bool> grantParameter();
    /// Least privilege on the database: PUBLIC loses CONNECT and TEMPORARY, the three roles get
    /// CONNECT. Returns what it changed (empty when it was so already).
    [[nodiscard]] Result<QStringList> restrictDatabase(const QString& database);
    /// On a connection to the application database: REVOKE CREATE ON SCHEMA public FROM PUBLIC
    /// when PUBLIC still has it (servers before 15, or a changed template). True when it revoked.
    [[nodiscard]] Result<bool> restrictPublicSchema();
    /// On a connection to an existing database: how many tables, views and sequences it holds
    /// outside the system schemas when it was never migrated by Box office (0 once it was, or
    /// when it is empty). setup-server leaves such a database of another application alone.
    [[nodiscard]] Result<int> foreignObjects();
    /// Which of roleNames() exist, in that order.
    [[nodiscard]] Result<QStringList> presentRoles();

private:
    /// Builds a statement on the server with format() from bound values and runs it.
    [[nodiscard]] Status runFormatted(const QString& format, const QVariantList& values);

    DbConnection& m_connection;
};

} // namespace bo
