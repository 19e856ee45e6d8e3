// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/databasesetup.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QRandomGenerator>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTimeZone>

#include <spdlog/spdlog.h>

#include "app/common/demostaff.h"
#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace bo {
namespace {

const QString demoDatabase = QStringLiteral("boxoffice");

QString newPassword()
{
    return QStringLiteral("%1%2")
        .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'))
        .arg(QRandomGenerator::system()->generate64(), 16, 16, QLatin1Char('0'));
}

/// The demo's login of one kind: created (or given a new password) when its password file is
/// missing, else used as it is. A lock file keeps two programs starting at once apart.
Result<ConnectionSettings> demoLogin(const QString& folder, DbConnection& owner,
                                     const ConnectionSettings& ownerSettings, LoginRole kind)
{
    const QString name = QStringLiteral("demo_") + loginRoleWord(kind);
    QLockFile lock(QDir(folder).filePath(name + QStringLiteral("-login.lock")));
    lock.setStaleLockTime(30000);
    if (!lock.tryLock(60000))
        return makeError(ErrorCode::Internal,
                         QCoreApplication::translate("bo::DatabaseSetup", "The demo login is locked by %1.")
                             .arg(lock.fileName()));
    const QString path = QDir(folder).filePath(name + QStringLiteral("-login.pw"));
    QString password;
    if (QFile f(path); f.open(QIODevice::ReadOnly))
        password = QString::fromUtf8(f.readAll()).trimmed();
    auto exists = owner.exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {name});
    if (!exists)
        return exists.error();
    const bool roleExists = exists.value().next();
    if (password.isEmpty() || !roleExists) {
        password = newPassword();
        auto verifier = owner.encryptPassword(name, password);
        if (!verifier)
            return verifier.error();
        auto statement = owner.exec(
            roleExists ? QStringLiteral("SELECT format('ALTER ROLE %I LOGIN PASSWORD %L', ?::text, ?::text)")
                       : QStringLiteral("SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', "
                                        "?::text, ?::text, ?::text)"),
            roleExists ? QVariantList{name, verifier.value()}
                       : QVariantList{name, verifier.value(), LoginStore::roleName(kind)});
        if (!statement)
            return statement.error();
        if (!statement.value().next())
            return makeError(ErrorCode::Internal, QStringLiteral("no statement"));
        if (Status s = owner.execScript(statement.value().value(0).toString()); !s)
            return s.error();
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(password.toUtf8() + '\n') < 0 || !out.commit())
            return makeError(ErrorCode::Internal,
                             QCoreApplication::translate("bo::DatabaseSetup", "Cannot write %1.").arg(path));
        QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    ConnectionSettings login = ownerSettings;
    login.setValue(QStringLiteral("user"), name);
    login.setValue(QStringLiteral("password"), password);
    return login;
}

} // namespace

QString demoClusterFolder()
{
    QString fromEnv = qEnvironmentVariable("BOXOFFICE_DEMO_DIR");
    if (!fromEnv.isEmpty())
        return fromEnv;
#ifdef Q_OS_UNIX
    if (geteuid() == 0)
        return QStringLiteral("/var/tmp/boxoffice-demo");
#endif
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/demo-db");
}

Result<ConnectionSettings> resolveDatabase(const DatabaseChoice& choice)
{
    if (!choice.demo) {
        QString conninfo = choice.conninfo;
        if (conninfo.isEmpty())
            conninfo = qEnvironmentVariable("BOXOFFICE_DB");
        if (conninfo.isEmpty())
            conninfo = QSettings().value(QStringLiteral("database/conninfo")).toString();
        if (conninfo.isEmpty())
            return makeError(
                ErrorCode::BadInput,
                QCoreApplication::translate(
                    "bo::DatabaseSetup",
                    "No database is configured: pass --db CONNINFO, set BOXOFFICE_DB, or use --demo."));
        return ConnectionSettings::parse(conninfo);
    }

    const QString folder = demoClusterFolder();
    auto server = PrivatePostgres::ensureRunning(folder);
    if (!server)
        return server.error();
    {
        auto admin = DbConnection::open(server.value(), QStringLiteral("demo-setup"));
        if (!admin)
            return admin.error();
        auto exists = admin.value()->exec(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = ?"),
                                          {demoDatabase});
        if (!exists)
            return exists.error();
        if (!exists.value().next()) {
            if (Status s = admin.value()->execScript(QStringLiteral("CREATE DATABASE ") + demoDatabase); !s) {
                // Another terminal may have created it a moment ago.
                auto again = admin.value()->exec(
                    QStringLiteral("SELECT 1 FROM pg_database WHERE datname = ?"), {demoDatabase});
                if (!again || !again.value().next())
                    return s.error();
            }
        }
    }
    ConnectionSettings settings = server.value().withDatabase(demoDatabase);
    auto connection = DbConnection::open(settings, QStringLiteral("demo-setup"));
    if (!connection)
        return connection.error();
    Migrator migrator(*connection.value());
    if (auto report = migrator.migrate(); !report)
        return report.error();
    CatalogStore catalog(*connection.value());
    auto seeded = catalog.seedDemo(QDate::currentDate(), QTimeZone::systemTimeZone());
    if (!seeded)
        return seeded.error();
    if (seeded.value().showtimesAdded > 0)
        spdlog::info("demo cinema: added {} showtimes", seeded.value().showtimesAdded);
    // The demo's staff, so that its tills open on the sign-in (PINs in the README).
    auto staff = seedDemoStaff(*connection.value());
    if (!staff)
        return staff.error();
    if (staff.value() > 0)
        spdlog::info("demo cinema: added {} members of staff", staff.value());
    if (choice.owner)
        return settings;
    return demoLogin(folder, *connection.value(), settings, choice.kind);
}

} // namespace bo
