// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The read-only commands on what is playing: `showtimes` and `seats`.
class ShowtimeCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ShowtimeCommands)

public:
    explicit ShowtimeCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(ShowtimeCommands)

    /// Lists the showtimes of one day (--date, default today) with their seats left.
    [[nodiscard]] ExitCode showtimes();
    /// Lists the seats of `seats SHOWTIME|next` and their state.
    [[nodiscard]] ExitCode seats(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
