// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/setupcommands.h"

#include <optional>

#include <QJsonArray>
#include <QJsonObject>

#include <spdlog/spdlog.h>

#include "app/admin/logincommands.h"
#include "db/dbconnection.h"
#include "db/loginstore.h"
#include "db/migrator.h"
#include "db/serversetup.h"

namespace bo {
namespace {

const QString defaultDatabase = QStringLiteral("boxoffice");

/// One login named on the command line, and what became of it.
struct LoginPlan
{
    QString name;
    LoginRole role = LoginRole::Terminal;
    bool create = false; ///< missing before the run
    QString password;    ///< for a login to create; printed only when generated
};

QString roleWord(LoginRole role)
{
    return loginRoleWord(role);
}

} // namespace

SetupCommands::SetupCommands(CliSession& session)
    : m_session(session)
{}

ExitCode SetupCommands::setupServer(const QStringList& positional)
{
    // Everything the user typed is checked before the server is asked anything.
    if (positional.size() != 1)
        return m_session.usageError(
            tr("setup-server takes no arguments; name the database with --database."));
    if (m_session.isSet(QStringLiteral("demo")))
        return m_session.usageError(
            tr("setup-server prepares a site's server; the --demo database sets itself up."));
    const QString database = m_session.isSet(QStringLiteral("database"))
                                 ? m_session.value(QStringLiteral("database"))
                                 : defaultDatabase;
    if (!ServerSetup::isValidDatabaseName(database))
        return m_session.usageError(tr("'%1' is not a valid database name (lower-case letters, digits and _, "
                                       "at most 63, not pg_..., postgres or template0/1).")
                                        .arg(database));
    QList<LoginPlan> logins;
    for (const auto& [option, role] : {std::pair{QStringLiteral("terminal-login"), LoginRole::Terminal},
                                       std::pair{QStringLiteral("manager-login"), LoginRole::Manager}}) {
        if (!m_session.isSet(option))
            continue;
        const QString name = m_session.value(option);
        if (!LoginStore::isValidName(name))
            return m_session.usageError(tr("--%1: '%2' is not a valid login name (lower-case letters, digits "
                                           "and _, at most 63, not pg_ or boxoffice_).")
                                            .arg(option, name));
        logins.append({name, role, false, {}});
    }
    if (logins.size() == 2 && logins.first().name == logins.last().name)
        return m_session.usageError(tr("The terminal and the manager login need two different names."));
    const bool fromStdin = m_session.isSet(QStringLiteral("password-stdin"));
    const bool generate = m_session.isSet(QStringLiteral("generate-password"));
    if (logins.isEmpty() && (fromStdin || generate))
        return m_session.usageError(
            tr("--password-stdin and --generate-password go with --terminal-login or --manager-login."));
    if (logins.size() == 2 && fromStdin)
        return m_session.usageError(tr("--password-stdin sets one login's password; for two logins use "
                                       "--generate-password."));

    if (Status s = m_session.connect(false, true); !s)
        return m_session.fail(s.error());
    DbConnection& admin = m_session.connection();
    ServerSetup setup(admin);
    auto inspected = setup.inspect(database);
    if (!inspected)
        return m_session.fail(inspected.error());
    const ServerFacts& facts = inspected.value();
    if (facts.versionNum < ServerSetup::minimumVersionNum)
        return m_session.fail(makeError(
            ErrorCode::Internal, tr("The server runs PostgreSQL %1; Box office needs PostgreSQL 15 or later.")
                                     .arg(facts.version)));
    if (!facts.superuser) {
        if (!facts.databaseExists && !facts.createDb)
            return m_session.fail(makeError(
                ErrorCode::BadInput,
                tr("Role %1 may not create databases: it needs CREATEDB (a superuser runs ALTER ROLE %1 "
                   "CREATEDB), or connect as a superuser.")
                    .arg(facts.user)));
        if (!facts.createRole)
            return m_session.fail(makeError(
                ErrorCode::BadInput,
                tr("Role %1 may not create roles: it needs CREATEROLE for the Box office roles and logins (a "
                   "superuser runs ALTER ROLE %1 CREATEROLE), or connect as a superuser.")
                    .arg(facts.user)));
        if (facts.databaseExists && facts.databaseOwner != facts.user)
            return m_session.fail(makeError(ErrorCode::BadInput,
                                            tr("Database %1 exists and belongs to %2: connect as %2 or as a "
                                               "superuser to set it up.")
                                                .arg(database, facts.databaseOwner)));
    }
    if (facts.databaseExists) {
        // Never take over (and close to PUBLIC) a database of another application.
        auto existing =
            DbConnection::open(admin.settings().withDatabase(database), QStringLiteral("admin-setup"));
        if (!existing)
            return m_session.fail(existing.error());
        auto foreign = ServerSetup(*existing.value()).foreignObjects();
        if (!foreign)
            return m_session.fail(foreign.error());
        if (foreign.value() > 0)
            return m_session.fail(makeError(ErrorCode::BadInput,
                                            tr("Database %1 exists and holds %2 tables or other objects of "
                                               "something else than Box office; it is left alone. Choose "
                                               "another --database.")
                                                .arg(database)
                                                .arg(foreign.value())));
    }
    LoginCommands passwords(m_session);
    LoginStore loginStore(admin);
    for (LoginPlan& login : logins) {
        auto presence = loginStore.presence(login.name, login.role);
        if (!presence)
            return m_session.fail(presence.error());
        if (presence.value() == LoginPresence::Foreign)
            return m_session.fail(makeError(ErrorCode::Conflict,
                                            tr("A database role named %1 exists and is not a Box office %2 "
                                               "login; choose another name.")
                                                .arg(login.name, roleWord(login.role))));
        login.create = presence.value() == LoginPresence::Missing;
        if (!login.create)
            continue;
        auto secret = passwords.password(login.name);
        if (!secret)
            return m_session.usageError(secret.error().message);
        login.password = secret.value();
    }

    // From here on the server changes.
    QStringList changes;
    QStringList warnings;
    QString parameterGrant = facts.parameterGranted ? QStringLiteral("present") : QStringLiteral("missing");
    if (facts.superuser) {
        auto granted = setup.grantParameter();
        if (!granted)
            return m_session.fail(granted.error());
        if (granted.value()) {
            changes << QStringLiteral("granted SET on bo.announced to boxoffice_owner");
            parameterGrant = QStringLiteral("granted");
        }
    } else if (!facts.parameterGranted) {
        warnings << tr("boxoffice_owner may not SET bo.announced, so the migrations leave its pin off the "
                       "functions (they still reset it themselves). Before the first setup a superuser runs "
                       "once: CREATE ROLE boxoffice_owner NOLOGIN; GRANT SET ON PARAMETER bo.announced TO "
                       "boxoffice_owner;");
    }
    const bool created = !facts.databaseExists;
    if (created) {
        if (Status s = setup.createDatabase(database); !s)
            return m_session.fail(s.error());
        changes << QStringLiteral("created database %1").arg(database);
        spdlog::info("created database {}", database.toStdString());
    }
    // A database this run created goes again when a later step fails: nothing half-made stays.
    const auto undo = [&](const Error& e) {
        if (created && !setup.dropDatabase(database))
            spdlog::warn("could not drop the half-made database {}", database.toStdString());
        return m_session.fail(e);
    };

    ConnectionSettings targetSettings = admin.settings().withDatabase(database);
    auto target = DbConnection::open(targetSettings, QStringLiteral("admin-setup"));
    if (!target)
        return undo(target.error());
    Migrator migrator(*target.value());
    auto migrated = migrator.migrate();
    if (!migrated)
        return undo(migrated.error());
    const MigrationReport& report = migrated.value();
    if (!report.applied.isEmpty())
        changes
            << QStringLiteral("migrated from version %1 to %2").arg(report.fromVersion).arg(report.toVersion);
    if (facts.superuser && parameterGrant == QLatin1String("missing")) // 0006 made and granted the role
        parameterGrant = QStringLiteral("granted");

    auto schema = ServerSetup(*target.value()).restrictPublicSchema();
    if (!schema)
        return undo(schema.error());
    if (schema.value())
        changes << QStringLiteral("revoked CREATE on schema public from PUBLIC");
    target.value().reset();
    auto access = setup.restrictDatabase(database);
    if (!access)
        return undo(access.error());
    changes << access.value();

    QJsonArray loginsJson;
    QString loginsText;
    for (const LoginPlan& login : logins) {
        QJsonObject json{{QStringLiteral("login"), login.name},
                         {QStringLiteral("role"), roleWord(login.role)},
                         {QStringLiteral("created"), login.create}};
        if (!login.create) {
            loginsText += tr("  login %1 (%2): already there, password unchanged\n")
                              .arg(login.name, roleWord(login.role));
            loginsJson.append(json);
            continue;
        }
        if (Status s = loginStore.createLogin(login.name, login.role, login.password); !s)
            return m_session.fail(s.error());
        changes << QStringLiteral("created login %1").arg(login.name);
        if (generate) {
            json.insert(QStringLiteral("password"), login.password);
            loginsText += tr("  login %1 (%2): created; password (shown only now): %3\n")
                              .arg(login.name, roleWord(login.role), login.password);
        } else {
            loginsText += tr("  login %1 (%2): created\n").arg(login.name, roleWord(login.role));
        }
        loginsJson.append(json);
    }

    auto roles = setup.presentRoles();
    if (!roles)
        return m_session.fail(roles.error());
    for (const QString& w : warnings)
        m_session.printError(tr("warning: %1").arg(w));

    const bool changed = !changes.isEmpty();
    QString text = tr("Box office on %1 (PostgreSQL %2), set up as %3%4:\n")
                       .arg(admin.settings().describe(), facts.version, facts.user,
                            facts.superuser ? tr(" (superuser)") : QString());
    text += created ? tr("  database %1: created (UTF8, owner %2)\n").arg(database, facts.user)
                    : tr("  database %1: already there (owner %2)\n").arg(database, facts.databaseOwner);
    text +=
        report.applied.isEmpty()
            ? tr("  schema: up to date (version %1)\n").arg(report.toVersion)
            : tr("  schema: migrated from version %1 to %2\n").arg(report.fromVersion).arg(report.toVersion);
    text += tr("  roles: %1\n").arg(roles.value().join(QStringLiteral(", ")));
    text += tr("  access: only the Box office roles may connect%1\n")
                .arg(access.value().isEmpty() ? tr(" (already so)") : QString());
    text += loginsText;
    if (changed)
        text += tr("Done: %1.\n").arg(changes.join(QStringLiteral("; ")));
    else
        text += tr("Nothing changed: the server was already set up.\n");
    if (logins.isEmpty())
        text += tr("Next, one login per till, kiosk or door and per manager:\n"
                   "  boxoffice-admin --db \"... dbname=%1\" create-login till_1 --role till "
                   "--generate-password\n"
                   "  boxoffice-admin --db \"... dbname=%1\" create-login kiosk_1 --role kiosk "
                   "--generate-password\n"
                   "  boxoffice-admin --db \"... dbname=%1\" create-login office --role manager\n")
                    .arg(database);

    QJsonObject schemaJson{{QStringLiteral("from_version"), report.fromVersion},
                           {QStringLiteral("to_version"), report.toVersion},
                           {QStringLiteral("applied"), QJsonArray::fromStringList(report.applied)}};
    m_session.print(QJsonObject{{QStringLiteral("database"), database},
                                {QStringLiteral("database_created"), created},
                                {QStringLiteral("owner"), created ? facts.user : facts.databaseOwner},
                                {QStringLiteral("server_version"), facts.version},
                                {QStringLiteral("user"), facts.user},
                                {QStringLiteral("superuser"), facts.superuser},
                                {QStringLiteral("schema"), schemaJson},
                                {QStringLiteral("roles"), QJsonArray::fromStringList(roles.value())},
                                {QStringLiteral("parameter_grant"), parameterGrant},
                                {QStringLiteral("logins"), loginsJson},
                                {QStringLiteral("changes"), QJsonArray::fromStringList(changes)},
                                {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
                                {QStringLiteral("changed"), changed}},
                    text);
    return ExitCode::Ok;
}

QList<QCommandLineOption> SetupCommands::options()
{
    return {
        {QStringLiteral("database"), tr("Database 'setup-server' prepares (default boxoffice)."), tr("name")},
        {QStringLiteral("terminal-login"), tr("A terminal login 'setup-server' creates when missing."),
         tr("name")},
        {QStringLiteral("manager-login"), tr("A manager login 'setup-server' creates when missing."),
         tr("name")},
    };
}

} // namespace bo
