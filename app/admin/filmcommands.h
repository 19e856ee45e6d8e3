// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

/// The films (issue 15): `films` (any login) and `film-add` (a manager's).
class FilmCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::FilmCommands)

public:
    explicit FilmCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(FilmCommands)

    /// Lists the films with their rating, format, languages, dates and poster.
    [[nodiscard]] ExitCode films(const QStringList& positional);
    /// `film-add --title T --runtime MIN --rating R [--title-en E] [--format F] [--language L]
    /// [--subtitles L|none] [--release DAY] [--until DAY] [--poster FILE]`: exit 3 when the film
    /// is there already in that format.
    [[nodiscard]] ExitCode add(const QStringList& positional);

private:
    CliSession& m_session;
};

} // namespace bo
