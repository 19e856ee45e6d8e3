// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "app/admin/clisession.h"

namespace bo {

/// The commands on the database itself: `migrate`, `seed-demo` and `demo-stop`.
class DatabaseCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::DatabaseCommands)

public:
    explicit DatabaseCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(DatabaseCommands)

    /// Applies the migrations the schema lacks.
    [[nodiscard]] ExitCode migrate();
    /// Creates the demo cinema (once) and today's and tomorrow's showtimes.
    [[nodiscard]] ExitCode seedDemo();
    /// Stops the private demo database if it runs.
    [[nodiscard]] ExitCode demoStop();

private:
    CliSession& m_session;
};

} // namespace bo
