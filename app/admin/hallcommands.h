// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The halls and their seat layouts: `halls`, `hall-import`, `hall-export`. The file
/// formats are docs/FORMATS.md's; importing needs a manager login.
class HallCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::HallCommands)

public:
    explicit HallCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(HallCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// Lists the halls with their current layout version and seats.
    [[nodiscard]] ExitCode halls();
    /// `hall-import FILE [--name N] [--replace] [--format csv|json]`: a new hall, or with
    /// --replace a new layout version of an existing one (showtimes keep theirs).
    [[nodiscard]] ExitCode importHall(const QStringList& positional);
    /// `hall-export HALL [--format csv|json] [--output FILE]`: the hall's current layout.
    [[nodiscard]] ExitCode exportHall(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
