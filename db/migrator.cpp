// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/migrator.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"

namespace bo {
namespace {

// A fixed key for pg_advisory_lock: "BOXOFFICE" folded into 63 bits.
constexpr qint64 migrationLockKey = 0x426f784f6666696cLL;
// The migration that creates the roles (0006_roles): later ones run as boxoffice_owner.
constexpr int rolesVersion = 6;

struct Migration
{
    int version = 0;
    QString name;
    QString sql;
    QString checksum;
};

QList<Migration> embeddedMigrations()
{
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})_([a-z0-9_]+)\\.sql$"));
    QList<Migration> out;
    const QDir dir(QStringLiteral(":/boxoffice/migrations"));
    for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        out.append(
            {match.captured(1).toInt(), file.chopped(4), QString::fromUtf8(bytes),
             QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())});
    }
    return out;
}

/// The function files (db/functions/), in the order they are applied, and one checksum over
/// their names and contents: a database whose schema_functions holds another gets them again.
struct FunctionSet
{
    QString sql;
    QString checksum;
};

FunctionSet embeddedFunctions()
{
    static const QRegularExpression pattern(QStringLiteral("^\\d{2}_[a-z0-9_]+\\.sql$"));
    FunctionSet set;
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const QDir dir(QStringLiteral(":/boxoffice/functions"));
    for (const QString& file : dir.entryList(QDir::Files, QDir::Name)) {
        if (!pattern.match(file).hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = f.readAll();
        hash.addData(file.toUtf8());
        hash.addData(bytes);
        set.sql += QStringLiteral("\n-- db/functions/") + file + QLatin1Char('\n') +
                   QString::fromUtf8(bytes) + QStringLiteral("\n;");
    }
    set.checksum = QString::fromLatin1(hash.result().toHex());
    return set;
}

/// One transaction around a script, as the owner role when `asOwner`. Concatenated, not .arg():
/// a "%1" in the SQL must stay as written.
QString transaction(const QString& sql, bool asOwner, const QString& record)
{
    return QStringLiteral("BEGIN;\n") +
           (asOwner ? QStringLiteral("SET LOCAL ROLE boxoffice_owner;\n") : QString()) + sql +
           QStringLiteral("\n;") + record + QStringLiteral(";\nCOMMIT;");
}

QList<int> shippedVersions()
{
    QList<int> out;
    for (const Migration& m : embeddedMigrations())
        out << m.version;
    return out;
}

QString versionList(const QList<int>& versions)
{
    QStringList names;
    names.reserve(versions.size());
    for (int v : versions)
        names << QStringLiteral("%1").arg(v, 4, 10, QLatin1Char('0'));
    return names.join(QStringLiteral(", "));
}

} // namespace

Migrator::Migrator(DbConnection& connection)
    : m_connection(connection)
{}

int Migrator::latestVersion()
{
    const auto all = embeddedMigrations();
    return all.isEmpty() ? 0 : all.last().version;
}

Result<int> Migrator::currentVersion()
{
    auto exists = m_connection.exec(QStringLiteral("SELECT to_regclass('schema_migrations') IS NOT NULL"));
    if (!exists)
        return exists.error();
    Rows& q = exists.value();
    if (!q.next() || !q.value(0).toBool())
        return 0;
    auto version =
        m_connection.exec(QStringLiteral("SELECT coalesce(max(version), 0) FROM schema_migrations"));
    if (!version)
        return version.error();
    Rows& v = version.value();
    return v.next() ? v.value(0).toInt() : 0;
}

Result<QList<int>> Migrator::appliedVersions()
{
    auto exists = m_connection.exec(QStringLiteral("SELECT to_regclass('schema_migrations') IS NOT NULL"));
    if (!exists)
        return exists.error();
    Rows& q = exists.value();
    if (!q.next() || !q.value(0).toBool())
        return QList<int>{};
    auto versions =
        m_connection.exec(QStringLiteral("SELECT version FROM schema_migrations ORDER BY version"));
    if (!versions)
        return versions.error();
    QList<int> out;
    Rows& v = versions.value();
    while (v.next())
        out << v.value(0).toInt();
    return out;
}

MigrationGap Migrator::findGap(const QList<int>& shipped, const QList<int>& applied)
{
    MigrationGap gap;
    if (applied.isEmpty())
        return gap;
    const int highestApplied = applied.last();
    const int highestShipped = shipped.isEmpty() ? 0 : shipped.last();
    for (int v : shipped) {
        if (v < highestApplied && !applied.contains(v))
            gap.missing << v;
    }
    for (int v : applied) {
        if (v <= highestShipped && !shipped.contains(v))
            gap.unknown << v;
    }
    return gap;
}

Status Migrator::refuseGap(const QList<int>& applied)
{
    const MigrationGap gap = findGap(shippedVersions(), applied);
    if (gap.isEmpty())
        return success();
    return refuse(ErrorCode::SchemaMismatch, Refusal::SchemaGap,
                  {gap.missing.isEmpty() ? QString() : versionList(gap.missing),
                   QStringLiteral("%1").arg(applied.last(), 4, 10, QLatin1Char('0')),
                   gap.unknown.isEmpty() ? QString() : versionList(gap.unknown)});
}

Status Migrator::checkCompatible()
{
    auto applied = appliedVersions();
    if (!applied)
        return applied.error();
    const int current = applied.value().isEmpty() ? 0 : applied.value().last();
    const int latest = latestVersion();
    if (current > latest)
        return refuse(ErrorCode::SchemaTooNew, Refusal::SchemaTooNew,
                      {QString::number(current), QString::number(latest)});
    if (Status gap = refuseGap(applied.value()); !gap)
        return gap;
    if (current < latest)
        return refuse(ErrorCode::BadInput, Refusal::SchemaTooOld,
                      {QString::number(current), QString::number(latest)});
    auto functions = appliedFunctions();
    if (!functions)
        return functions.error();
    if (functions.value() != shippedFunctionsChecksum())
        return refuse(ErrorCode::BadInput, Refusal::FunctionsMismatch);
    return success();
}

Result<MigrationReport> Migrator::migrate()
{
    return migrateTo(latestVersion());
}

Result<MigrationReport> Migrator::migrateTo(int version)
{
    // Migrations may take longer than an interactive statement, and a second terminal starting at
    // the same moment waits here for the first to finish.
    if (Status s =
            m_connection.execScript(QStringLiteral("SET statement_timeout = 0; SET lock_timeout = '120s'"));
        !s)
        return s.error();
    if (Status s =
            m_connection.execScript(QStringLiteral("SELECT pg_advisory_lock(%1)").arg(migrationLockKey));
        !s)
        return s.error();
    Result<MigrationReport> report = migrateLocked(version);
    if (!m_connection.execScript(QStringLiteral("SELECT pg_advisory_unlock(%1); RESET statement_timeout; "
                                                "RESET lock_timeout")
                                     .arg(migrationLockKey)))
        spdlog::warn("could not release the migration lock (the session ends anyway)");
    return report;
}

Result<MigrationReport> Migrator::migrateLocked(int target)
{
    if (Status s = m_connection.execScript(
            QStringLiteral("CREATE TABLE IF NOT EXISTS schema_migrations ("
                           " version integer PRIMARY KEY, name text NOT NULL, checksum text NOT NULL,"
                           " applied_at timestamptz NOT NULL DEFAULT now())"));
        !s)
        return s.error();

    MigrationReport report;
    auto applied = appliedVersions();
    if (!applied)
        return applied.error();
    report.fromVersion = report.toVersion = applied.value().isEmpty() ? 0 : applied.value().last();
    const auto migrations = embeddedMigrations();
    if (migrations.isEmpty())
        return refuse(ErrorCode::Internal, Refusal::MigrationsMissing);
    if (report.fromVersion > migrations.last().version)
        return refuse(ErrorCode::SchemaTooNew, Refusal::SchemaTooNew,
                      {QString::number(report.fromVersion), QString::number(migrations.last().version)});
    // Only versions above the highest applied are applied, in order: one below it that is
    // missing would never run, so the whole migration is refused, naming it.
    if (Status gap = refuseGap(applied.value()); !gap)
        return gap.error();

    for (const Migration& m : migrations) {
        if (m.version <= report.toVersion || m.version > target)
            continue;
        spdlog::info("applying migration {}", m.name.toStdString());
        // Once this database has the roles, what a migration creates belongs to the owner role
        // (ARCHITECTURE §7), whoever runs it.
        bool asOwner = false;
        if (report.toVersion >= rolesVersion) {
            auto member = actsAsOwner();
            if (!member)
                return member.error();
            asOwner = member.value();
        }
        const QString script = transaction(
            m.sql, asOwner,
            QStringLiteral("INSERT INTO schema_migrations (version, name, checksum) VALUES (%1, '%2', '%3')")
                .arg(m.version)
                .arg(m.name, m.checksum));
        if (Status s = m_connection.execScript(script); !s) {
            m_connection.rollback();
            const Error& e = s.error();
            return refuse(e, Refusal::MigrationFailed, {m.name, e.detail});
        }
        report.toVersion = m.version;
        report.applied << m.name;
    }
    if (target < migrations.last().version)
        return report;
    auto functions = applyFunctions();
    if (!functions)
        return functions.error();
    report.functionsUpdated = functions.value();
    return report;
}

Result<QString> Migrator::appliedFunctions()
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT CASE WHEN to_regclass('schema_functions') IS NULL THEN '' "
                                         "ELSE coalesce((SELECT checksum FROM schema_functions), '') END"));
    if (!q)
        return q.error();
    Rows& r = q.value();
    return r.next() ? r.value(0).toString() : QString();
}

QString Migrator::shippedFunctionsChecksum()
{
    return embeddedFunctions().checksum;
}

Result<bool> Migrator::applyFunctions()
{
    const FunctionSet set = embeddedFunctions();
    if (set.sql.isEmpty())
        return refuse(ErrorCode::Internal, Refusal::FunctionsMissing);
    auto applied = appliedFunctions();
    if (!applied)
        return applied.error();
    if (applied.value() == set.checksum)
        return false;
    auto owner = actsAsOwner();
    if (!owner)
        return owner.error();
    spdlog::info("applying the database functions ({})", set.checksum.left(12).toStdString());
    // Bodies are checked when they run, not when created (as pg_restore does): a file may call a
    // function of a later file.
    const QString script =
        transaction(QStringLiteral("SET LOCAL check_function_bodies = off;\n") + set.sql, owner.value(),
                    QStringLiteral("INSERT INTO schema_functions (checksum) VALUES ('") + set.checksum +
                        QStringLiteral("') ON CONFLICT (one) DO UPDATE SET checksum = EXCLUDED.checksum, "
                                       "applied_at = now()"));
    if (Status s = m_connection.execScript(script); !s) {
        m_connection.rollback();
        const Error& e = s.error();
        return refuse(e, Refusal::FunctionsFailed, {e.detail});
    }
    return true;
}

Result<bool> Migrator::actsAsOwner()
{
    auto member =
        m_connection.exec(QStringLiteral("SELECT CASE WHEN to_regrole('boxoffice_owner') IS NULL THEN false "
                                         "ELSE pg_has_role(current_user, 'boxoffice_owner', 'MEMBER') END"));
    if (!member)
        return member.error();
    Rows& r = member.value();
    return r.next() && r.value(0).toBool();
}

} // namespace bo
