// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/databasecommands.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonObject>
#include <QTimeZone>

#include "app/common/databasesetup.h"
#include "app/common/demostaff.h"
#include "db/catalogstore.h"
#include "db/migrator.h"
#include "db/privatepostgres.h"

namespace bo {

DatabaseCommands::DatabaseCommands(CliSession& session)
    : m_session(session)
{}

ExitCode DatabaseCommands::migrate()
{
    if (Status s = m_session.connect(false, true); !s)
        return m_session.fail(s.error());
    Migrator migrator(m_session.connection());
    auto report = migrator.migrate();
    if (!report)
        return m_session.fail(report.error());
    const MigrationReport& r = report.value();
    m_session.print(QJsonObject{{QStringLiteral("from_version"), r.fromVersion},
                                {QStringLiteral("to_version"), r.toVersion},
                                {QStringLiteral("applied"), QJsonArray::fromStringList(r.applied)},
                                {QStringLiteral("functions_updated"), r.functionsUpdated}},
                    (r.applied.isEmpty() ? tr("Schema is up to date (version %1).\n").arg(r.toVersion)
                                         : tr("Migrated from version %1 to %2: %3\n")
                                               .arg(r.fromVersion)
                                               .arg(r.toVersion)
                                               .arg(r.applied.join(QStringLiteral(", ")))) +
                        (r.functionsUpdated ? tr("Database functions and grants updated.\n") : QString()));
    return ExitCode::Ok;
}

ExitCode DatabaseCommands::seedDemo()
{
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    CatalogStore catalog(m_session.connection());
    auto seeded = catalog.seedDemo(QDate::currentDate(), QTimeZone::systemTimeZone());
    if (!seeded)
        return m_session.fail(seeded.error());
    const SeedSummary& s = seeded.value();
    QJsonObject summary{{QStringLiteral("auditoriums"), s.auditoriums},
                        {QStringLiteral("seats"), s.seats},
                        {QStringLiteral("movies"), s.movies},
                        {QStringLiteral("showtimes_added"), s.showtimesAdded}};
    QString text = tr("Demo cinema: %1 auditoriums, %2 seats, %3 films; %4 showtimes added.\n")
                       .arg(s.auditoriums)
                       .arg(s.seats)
                       .arg(s.movies)
                       .arg(s.showtimesAdded);
    // The demo's staff only in the private demo database (app/common/demostaff.h): a named
    // database may be a real cinema's, whose staff are its own.
    if (m_session.isSet(QStringLiteral("demo"))) {
        auto staff = seedDemoStaff(m_session.connection());
        if (!staff)
            return m_session.fail(staff.error());
        summary.insert(QStringLiteral("staff_added"), staff.value());
        text += tr("Demo staff: %1 added (Demo Cashier 1111, Demo Supervisor 2222, Demo Manager 3333).\n")
                    .arg(staff.value());
    }
    m_session.print(summary, text);
    return ExitCode::Ok;
}

ExitCode DatabaseCommands::demoStop()
{
    const QString folder = demoClusterFolder();
    if (!PrivatePostgres::isRunning(folder)) {
        m_session.print(QJsonObject{{QStringLiteral("stopped"), false}},
                        tr("The demo database is not running.\n"));
        return ExitCode::Ok;
    }
    if (Status s = PrivatePostgres::stop(folder); !s)
        return m_session.fail(s.error());
    m_session.print(QJsonObject{{QStringLiteral("stopped"), true}},
                    tr("Stopped the demo database in %1.\n").arg(folder));
    return ExitCode::Ok;
}

} // namespace bo
