// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>
#include <QTextStream>

#include "app/admin/clisession.h"

namespace bo {

/// The ops CLI (ARCHITECTURE §6): parses the arguments, runs one command, prints text or
/// JSON to `out` and one-line errors to `err`. The commands live in their groups
/// (DatabaseCommands, ShowtimeCommands, SaleCommands, MaintenanceCommands,
/// LoginCommands, SetupCommands); this class only
/// picks one.
class AdminCli final
{
    Q_DECLARE_TR_FUNCTIONS(bo::AdminCli)

public:
    AdminCli(QTextStream& out, QTextStream& err);
    Q_DISABLE_COPY_MOVE(AdminCli)

    [[nodiscard]] ExitCode run(const QStringList& arguments);

private:
    CliSession m_session;
};

/// Runs boxoffice-admin once with `arguments` (the program name first).
[[nodiscard]] ExitCode runAdminCli(const QStringList& arguments, QTextStream& out, QTextStream& err);

} // namespace bo
