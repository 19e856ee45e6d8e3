// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The audit log, a manager's: `audit [--since TIME] [--limit N]` lists the
/// events; `audit verify` recomputes the hash chain here and names what breaks it (exit 3).
class AuditCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::AuditCommands)

public:
    explicit AuditCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(AuditCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    [[nodiscard]] ExitCode run(const QStringList& positional);

private:
    [[nodiscard]] ExitCode list();
    [[nodiscard]] ExitCode verify();

    CliSession& m_session;
};

} // namespace bo
