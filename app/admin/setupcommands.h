// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>

#include "app/admin/clisession.h"

namespace bo {

/// `setup-server`: prepares an existing PostgreSQL server for Box office in one idempotent run
/// (docs/OPERATIONS.md, "Preparing the site server"). Connects with --db to a maintenance
/// database as a superuser or a role with CREATEDB and CREATEROLE; creates the application
/// database (--database, default boxoffice) owned by that role when it is missing, migrates it
/// (the roles come from migration 0006), lets only the Box office roles connect, and creates the
/// logins named by --terminal-login and --manager-login when they are missing. Everything is
/// checked before anything changes; a database it created is dropped again when the migrations
/// fail. A second run changes nothing and says so.
class SetupCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::SetupCommands)

public:
    explicit SetupCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(SetupCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    [[nodiscard]] ExitCode setupServer(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
