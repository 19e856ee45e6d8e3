// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/databasesetup.h"

#include <QCoreApplication>
#include <QDir>
#include <QSettings>
#include <QStandardPaths>
#include <QTimeZone>

#include <spdlog/spdlog.h>

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
    return settings;
}

} // namespace bo
