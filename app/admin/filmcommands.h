// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/showtimes/filmcatalog.h"

namespace bo {

/// The films: `films` (any login), `film-add`, `film-edit` and `film-retire` (a
/// manager's).
class FilmCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::FilmCommands)

public:
    explicit FilmCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(FilmCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// Lists the films with their rating, format, languages, dates and poster; retired films only
    /// with --all.
    [[nodiscard]] ExitCode films(const QStringList& positional);
    /// `film-add --title T --runtime MIN --rating R [--title-en E] [--format F] [--language L]
    /// [--subtitles L|none] [--release DAY] [--until DAY] [--poster FILE]`: exit 3 when the film
    /// is there already in that format.
    [[nodiscard]] ExitCode add(const QStringList& positional);
    /// `film-edit FILM [--title T] [--title-en E] [--runtime MIN] [--rating R] [--language L]
    /// [--subtitles L|none] [--release DAY|none] [--until DAY|none] [--poster FILE|none]`: only
    /// the options given change; exit 2 for no such film, 3 when another film has the title.
    [[nodiscard]] ExitCode edit(const QStringList& positional);

    /// `film-retire FILM [--undo]`: no new showtimes for the film (its showtimes keep selling);
    /// --undo gives it back. Exit 2 for no such film, 1 for a terminal's login.
    [[nodiscard]] ExitCode retire(const QStringList& positional);

private:
    /// Applies the film options given to `film`; the exit code of a usage error, if any.
    [[nodiscard]] std::optional<ExitCode> readOptions(Film& film);

    CliSession& m_session;
};

} // namespace bo
