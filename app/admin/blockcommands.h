// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// House and blocked seats: `block` and `unblock` (a manager's), `blocks` (any login).
class BlockCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::BlockCommands)

public:
    explicit BlockCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(BlockCommands)

    /// `block SHOWTIME SEAT... --reason R`: all or nothing; exit 3 naming the seats held or sold.
    [[nodiscard]] ExitCode block(const QStringList& positional);
    /// `unblock SHOWTIME SEAT...`: gives blocked seats back for sale; says which were not blocked.
    [[nodiscard]] ExitCode unblock(const QStringList& positional);
    /// `blocks SHOWTIME`: the showtime's blocked seats with their reasons.
    [[nodiscard]] ExitCode blocks(const QStringList& positional);

private:
    /// The showtime and the seats named after it, resolved by label (`labels` gets the labels as
    /// printed, by seat id); exit code set when they are not usable.
    struct Named
    {
        int showtimeId = 0;
        QList<int> seatIds;
    };
    [[nodiscard]] Result<Named> named(const QStringList& positional, QHash<int, QString>& labels);

    CliSession& m_session;
};

} // namespace bo
