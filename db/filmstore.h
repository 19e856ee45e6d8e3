// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/showtimes/filmcatalog.h"
#include "model/showtimes/filmposter.h"

namespace bo {

class DbConnection;

/// The films on PostgreSQL (migrations 0022, 0027, 0031): added, edited and retired through
/// bo_film_add, bo_film_update and bo_film_retire, a manager's; read from
/// the movie table by any login.
class FilmStore final : public FilmCatalog
{
public:
    explicit FilmStore(DbConnection& connection);

    [[nodiscard]] Result<int> add(const Film& film) override;
    [[nodiscard]] Status update(const Film& film, bool keepPoster) override;
    [[nodiscard]] Result<QDateTime> retire(int filmId, bool retired) override;
    [[nodiscard]] Result<QList<Film>> films(bool withPosters) override;
    /// The posters of these films, in one query (any login: the terminal's reads them for its
    /// board); a film without a poster, or with no such id, answers with empty bytes. Every id
    /// asked for is answered once, in the order asked.
    [[nodiscard]] Result<QList<FilmPoster>> posters(const QList<int>& filmIds);

private:
    /// The database's "film N has that title and format" as the manager reads it.
    [[nodiscard]] static Error named(Error e, const Film& film);

    DbConnection& m_connection;
};

} // namespace bo
