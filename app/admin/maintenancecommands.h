// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "app/admin/clisession.h"

namespace bo {

/// The housekeeping commands: `sweep`.
class MaintenanceCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::MaintenanceCommands)

public:
    explicit MaintenanceCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(MaintenanceCommands)

    /// Frees expired holds and expires unpaid bookings now, through bo::sweepExpired (the same
    /// sweep the background releaser runs).
    [[nodiscard]] ExitCode sweep();

private:
    CliSession& m_session;
};

} // namespace bo
