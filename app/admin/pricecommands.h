// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The price lists: `prices` (any login) and `price-set` (a manager's).
class PriceCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::PriceCommands)

public:
    explicit PriceCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(PriceCommands)

    /// `prices`: every list with its ticket types and rules; `prices NAME`: that list's card as
    /// its file (docs/FORMATS.md), to edit and set again.
    [[nodiscard]] ExitCode prices(const QStringList& positional);
    /// `price-set FILE [--name N]`: sets the list the card names (a new version of an existing
    /// one; its showtimes on sale keep theirs).
    [[nodiscard]] ExitCode set(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
