// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDate>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include "model/core/result.h"

namespace bo {

/// A film as the cinema programmes it.
struct Film
{
    int id = 0;
    QString title;   ///< as the cinema shows it (Korean at a Korean cinema)
    QString titleEn; ///< the English title; empty when none
    int runtimeMinutes = 0;
    QString rating;         ///< Korean age rating code: ALL, 12, 15, 18 or R (see FilmCatalog::ratingName)
    QString format;         ///< 2D, 3D, IMAX, ... (FilmCatalog::formats())
    QString language;       ///< spoken, ISO 639-1 ("ko"); empty when not said
    QString subtitles;      ///< ISO 639-1; empty: none
    QDate releaseOn;        ///< invalid when not said
    QDate playsUntil;       ///< invalid when open-ended
    QByteArray poster;      ///< PNG or JPEG bytes; empty when none (or not read)
    QString posterType;     ///< image/png or image/jpeg when there is a poster
    qint64 posterBytes = 0; ///< the poster's size, also when its bytes were not read
    QDateTime retiredAt;    ///< when a manager retired it (no new showtimes); null while it plays
};

/// The cinema's films (the port; db/FilmStore is its PostgreSQL adapter). Adding needs a manager
/// login (a terminal's is refused by the database).
class FilmCatalog
{
    Q_DECLARE_TR_FUNCTIONS(bo::FilmCatalog)

public:
    FilmCatalog() = default;
    virtual ~FilmCatalog() = default;
    FilmCatalog(const FilmCatalog&) = delete;
    FilmCatalog& operator=(const FilmCatalog&) = delete;

    /// The largest poster kept.
    static constexpr qint64 maxPosterBytes = qint64(2) * 1024 * 1024;

    /// The rating codes, youngest audience first.
    [[nodiscard]] static QStringList ratings();
    /// The formats a film may have.
    [[nodiscard]] static QStringList formats();
    /// A rating's name as Korean law words it (전체관람가, 12세이상관람가, ...); empty for an unknown code.
    [[nodiscard]] static QString ratingName(const QString& code);
    /// The poster's media type from its first bytes: image/png, image/jpeg, or empty.
    [[nodiscard]] static QString posterTypeOf(const QByteArray& bytes);

    /// The film as it is kept (titles trimmed, the rating's and format's spelling normalised, the
    /// poster typed), or BadInput naming the first wrong value.
    [[nodiscard]] static Result<Film> check(Film film);

    /// Adds a checked film; Conflict when a film of that title and format exists. Returns its
    /// number.
    [[nodiscard]] virtual Result<int> add(const Film& film) = 0;
    /// Replaces film `film.id`'s titles, runtime, rating, languages and dates with `film`'s (its
    /// format stays: another format is another film), and its poster too unless `keepPoster`.
    /// NotFound for no such film; Conflict when another film has that title in its format.
    /// Showtimes already made keep their slot.
    [[nodiscard]] virtual Status update(const Film& film, bool keepPoster) = 0;
    /// Retires film `filmId` (`retired`) or gives it back to the planner: a retired film gets no
    /// new showtime, those it has keep selling. Returns when it was retired (the first time, when
    /// retired twice); a null time when it plays again. NotFound for no such film.
    [[nodiscard]] virtual Result<QDateTime> retire(int filmId, bool retired) = 0;
    /// Every film by title and format, retired ones too; posters' bytes only when `withPosters`.
    [[nodiscard]] virtual Result<QList<Film>> films(bool withPosters) = 0;
};

} // namespace bo
