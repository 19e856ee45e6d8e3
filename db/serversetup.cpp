// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/serversetup.h"

#include <QRegularExpression>

#include "db/dbconnection.h"

namespace bo {

ServerSetup::ServerSetup(DbConnection& connection)
    : m_connection(connection)
{}

QStringList ServerSetup::roleNames()
{
    return {QStringLiteral("boxoffice_owner"),    QStringLiteral("boxoffice_manager"),
            QStringLiteral("boxoffice_terminal"), QStringLiteral("boxoffice_kiosk"),
            QStringLiteral("boxoffice_till"),     QStringLiteral("boxoffice_door"),
            QStringLiteral("boxoffice_service"),  QStringLiteral("boxoffice_web")};
}

bool ServerSetup::isValidDatabaseName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z_][a-z0-9_]{0,62}$"));
    return pattern.match(name).hasMatch() && !name.startsWith(QLatin1String("pg_")) &&
           name != QLatin1String("postgres") && name != QLatin1String("template0") &&
           name != QLatin1String("template1");
}

Result<ServerFacts> ServerSetup::inspect(const QString& database)
{
    auto rows = m_connection.exec(
        QStringLiteral(
            "SELECT r.rolname, r.rolsuper, r.rolsuper OR r.rolcreatedb, r.rolsuper OR r.rolcreaterole, "
            "       current_setting('server_version_num')::integer, "
            "       current_setting('server_version'), "
            "       (SELECT pg_get_userbyid(d.datdba) FROM pg_database d WHERE d.datname = ?), "
            "       to_regrole('boxoffice_owner') IS NOT NULL "
            "         AND has_parameter_privilege('boxoffice_owner', 'bo.announced', 'SET') "
            "  FROM pg_roles r WHERE r.rolname = current_user"),
        {database});
    if (!rows)
        return rows.error();
    Rows& r = rows.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("pg_roles (current_user)")});
    ServerFacts facts;
    facts.user = r.value(0).toString();
    facts.superuser = r.value(1).toBool();
    facts.createDb = r.value(2).toBool();
    facts.createRole = r.value(3).toBool();
    facts.versionNum = r.value(4).toInt();
    facts.version = r.value(5).toString();
    facts.databaseExists = !r.value(6).isNull();
    facts.databaseOwner = r.value(6).toString();
    facts.parameterGranted = r.value(7).toBool();
    return facts;
}

Status ServerSetup::runFormatted(const QString& format, const QVariantList& values)
{
    QStringList placeholders(values.size(), QStringLiteral("?::text"));
    QVariantList all{format};
    all.append(values);
    auto built = m_connection.exec(
        QStringLiteral("SELECT format(?::text, %1)").arg(placeholders.join(QStringLiteral(", "))), all);
    if (!built)
        return built.error();
    if (!built.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("format()")});
    return m_connection.execScript(built.value().value(0).toString());
}

Status ServerSetup::createDatabase(const QString& database)
{
    if (!isValidDatabaseName(database))
        return refuse(ErrorCode::BadInput, Refusal::DatabaseNameInvalid, {database});
    // One statement per call: CREATE DATABASE cannot run inside a (multi-statement) transaction.
    if (Status s =
            runFormatted(QStringLiteral("CREATE DATABASE %I TEMPLATE template0 ENCODING 'UTF8'"), {database});
        !s)
        return s;
    return runFormatted(QStringLiteral("REVOKE ALL ON DATABASE %I FROM PUBLIC"), {database});
}

Status ServerSetup::dropDatabase(const QString& database)
{
    if (!isValidDatabaseName(database))
        return refuse(ErrorCode::BadInput, Refusal::DatabaseNameInvalid, {database});
    return runFormatted(QStringLiteral("DROP DATABASE IF EXISTS %I WITH (FORCE)"), {database});
}

Result<bool> ServerSetup::grantParameter()
{
    auto needed = m_connection.exec(
        QStringLiteral("SELECT to_regrole('boxoffice_owner') IS NOT NULL "
                       "   AND NOT has_parameter_privilege('boxoffice_owner', 'bo.announced', 'SET')"));
    if (!needed)
        return needed.error();
    if (!needed.value().next() || !needed.value().value(0).toBool())
        return false;
    if (Status s =
            m_connection.execScript(QStringLiteral("GRANT SET ON PARAMETER bo.announced TO boxoffice_owner"));
        !s)
        return s.error();
    return true;
}

Result<QStringList> ServerSetup::restrictDatabase(const QString& database)
{
    // has_database_privilege() counts what PUBLIC has for every role, so PUBLIC is asked first
    // and each role's own grant is read from the ACL itself.
    auto state = m_connection.exec(
        QStringLiteral(
            "SELECT has_database_privilege('public', d.oid, 'CONNECT'), "
            "       has_database_privilege('public', d.oid, 'TEMPORARY'), "
            "       (SELECT coalesce(string_agg(r.rolname, ','), '') "
            "          FROM pg_roles r "
            "         WHERE r.rolname IN ('boxoffice_owner', 'boxoffice_manager', "
            "                             'boxoffice_terminal', 'boxoffice_kiosk', "
            "                             'boxoffice_till', 'boxoffice_door', 'boxoffice_service', "
            "                             'boxoffice_web') "
            "           AND NOT EXISTS (SELECT 1 FROM aclexplode(coalesce(d.datacl, "
            "                                acldefault('d', d.datdba))) a "
            "                            WHERE a.grantee = r.oid AND a.privilege_type = 'CONNECT')) "
            "  FROM pg_database d WHERE d.datname = ?"),
        {database});
    if (!state)
        return state.error();
    Rows& r = state.value();
    if (!r.next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchDatabase, {database});
    QStringList changed;
    if (r.value(0).toBool() || r.value(1).toBool()) {
        if (Status s = runFormatted(QStringLiteral("REVOKE ALL ON DATABASE %I FROM PUBLIC"), {database}); !s)
            return s.error();
        changed << QStringLiteral("revoked CONNECT and TEMPORARY from PUBLIC");
    }
    const QString missing = r.value(2).toString();
    if (!missing.isEmpty()) {
        for (const QString& role : missing.split(QLatin1Char(','))) {
            if (Status s =
                    runFormatted(QStringLiteral("GRANT CONNECT ON DATABASE %I TO %I"), {database, role});
                !s)
                return s.error();
            changed << QStringLiteral("granted CONNECT to %1").arg(role);
        }
    }
    return changed;
}

Result<bool> ServerSetup::restrictPublicSchema()
{
    auto open = m_connection.exec(QStringLiteral("SELECT to_regnamespace('public') IS NOT NULL AND "
                                                 "has_schema_privilege('public', 'public', 'CREATE')"));
    if (!open)
        return open.error();
    if (!open.value().next() || !open.value().value(0).toBool())
        return false;
    if (Status s = m_connection.execScript(QStringLiteral("REVOKE CREATE ON SCHEMA public FROM PUBLIC")); !s)
        return s.error();
    return true;
}

Result<int> ServerSetup::foreignObjects()
{
    auto count = m_connection.exec(QStringLiteral(
        "SELECT CASE WHEN to_regclass('public.schema_migrations') IS NOT NULL THEN 0 ELSE "
        "  (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
        "    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') "
        "      AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
        "      AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%') END"));
    if (!count)
        return count.error();
    return count.value().next() ? count.value().value(0).toInt() : 0;
}

Result<QStringList> ServerSetup::presentRoles()
{
    QStringList present;
    for (const QString& role : roleNames()) {
        auto found = m_connection.exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {role});
        if (!found)
            return found.error();
        if (found.value().next())
            present << role;
    }
    return present;
}

} // namespace bo
