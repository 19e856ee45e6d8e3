// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The manager's reports by CLI: `report day [--date YYYY-MM-DD] | shift N |
/// showtime N [--csv FILE] [--pdf FILE]`: text on standard output, or the report as JSON, and
/// the files written whole or not at all.
class ReportCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ReportCommands)

public:
    explicit ReportCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(ReportCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    [[nodiscard]] ExitCode report(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
