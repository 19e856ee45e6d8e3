// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// A hall's blocked seats, in each of its showtimes not yet ended and each made later: `hall-block`
/// and `hall-unblock` (a manager's), `hall-blocks` (any login).
class HallBlockCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::HallBlockCommands)

public:
    explicit HallBlockCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(HallBlockCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// `hall-block HALL SEAT... --reason R [--skip-taken]`: every coming showtime of the hall and
    /// every one made later; exit 3 naming the showtimes' seats held or sold (none blocked),
    /// unless --skip-taken, which blocks the rest and names those it left.
    [[nodiscard]] ExitCode block(const QStringList& positional);
    /// `hall-unblock HALL SEAT...`: the hall's block removed, the showtimes' seats it made
    /// BLOCKED given back for sale.
    [[nodiscard]] ExitCode unblock(const QStringList& positional);
    /// `hall-blocks HALL`: the seats the hall keeps blocked, with their reasons.
    [[nodiscard]] ExitCode blocks(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
