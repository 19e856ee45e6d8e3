// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/filmstore.h"

#include <QHash>

#include "db/dbconnection.h"

namespace bo {
namespace {

QVariant textOrNull(const QString& text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

QVariant dateOrNull(const QDate& day)
{
    return day.isValid() ? QVariant(day) : QVariant(QMetaType::fromType<QDate>());
}

} // namespace

FilmStore::FilmStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<int> FilmStore::add(const Film& wanted)
{
    auto checked = check(wanted);
    if (!checked)
        return checked.error();
    const Film& film = checked.value();
    auto q = m_connection.exec(
        QStringLiteral("SELECT bo_film_add(?::text, ?::text, ?::integer, ?::text, ?::text, ?::text, ?::text, "
                       "?::date, ?::date, ?::bytea, ?::text)"),
        {film.title, textOrNull(film.titleEn), film.runtimeMinutes, film.rating, film.format,
         textOrNull(film.language), textOrNull(film.subtitles), dateOrNull(film.releaseOn),
         dateOrNull(film.playsUntil),
         film.poster.isEmpty() ? QVariant(QMetaType::fromType<QByteArray>()) : QVariant(film.poster),
         textOrNull(film.posterType)});
    if (!q)
        return named(q.error(), film);
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_film_add")});
    return q.value().value(0).toInt();
}

Status FilmStore::update(const Film& wanted, bool keepPoster)
{
    auto checked = check(wanted);
    if (!checked)
        return checked.error();
    const Film& film = checked.value();
    auto q = m_connection.exec(
        QStringLiteral("SELECT bo_film_update(?::integer, ?::text, ?::text, ?::integer, ?::text, ?::text, "
                       "?::text, ?::date, ?::date, ?::bytea, ?::text, ?::boolean)"),
        {film.id, film.title, textOrNull(film.titleEn), film.runtimeMinutes, film.rating,
         textOrNull(film.language), textOrNull(film.subtitles), dateOrNull(film.releaseOn),
         dateOrNull(film.playsUntil),
         film.poster.isEmpty() ? QVariant(QMetaType::fromType<QByteArray>()) : QVariant(film.poster),
         textOrNull(film.posterType), keepPoster});
    if (!q) {
        Error e = named(q.error(), film);
        if (e.code == ErrorCode::NotFound)
            return refuse(e, Refusal::NoSuchFilm, {QString::number(film.id)});
        return e;
    }
    return success();
}

Result<QDateTime> FilmStore::retire(int filmId, bool retired)
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT bo_film_retire(?::integer, ?::boolean)"), {filmId, retired});
    if (!q) {
        Error e = q.error();
        if (e.code == ErrorCode::NotFound)
            return refuse(e, Refusal::NoSuchFilm, {QString::number(filmId)});
        return e;
    }
    if (!q.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_film_retire")});
    const QVariant at = q.value().value(0);
    return at.isNull() ? QDateTime() : at.toDateTime().toUTC();
}

Error FilmStore::named(Error e, const Film& film)
{
    // The server names the film that has them; the sentence also names what was asked for.
    if (e.refusal == Refusal::FilmTitleTaken)
        e = refuse(e, Refusal::FilmExists, {e.args.value(0), film.title, film.format});
    return e;
}

Result<QList<Film>> FilmStore::films(bool withPosters)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT id, title, coalesce(title_en, ''), runtime_min, rating, format, coalesce(language, ''), "
            "       coalesce(subtitles, ''), release_on, plays_until, coalesce(poster_type, ''), "
            "       coalesce(octet_length(poster), 0), CASE WHEN ? THEN poster END, retired_at "
            "  FROM movie ORDER BY lower(title), format, id"),
        {withPosters});
    if (!q)
        return q.error();
    QList<Film> films;
    Rows& r = q.value();
    while (r.next()) {
        Film f;
        f.id = r.value(0).toInt();
        f.title = r.value(1).toString();
        f.titleEn = r.value(2).toString();
        f.runtimeMinutes = r.value(3).toInt();
        f.rating = r.value(4).toString();
        f.format = r.value(5).toString();
        f.language = r.value(6).toString();
        f.subtitles = r.value(7).toString();
        f.releaseOn = r.value(8).toDate();
        f.playsUntil = r.value(9).toDate();
        f.posterType = r.value(10).toString();
        f.posterBytes = r.value(11).toLongLong();
        f.poster = r.value(12).toByteArray();
        if (!r.value(13).isNull())
            f.retiredAt = r.value(13).toDateTime().toUTC();
        films << f;
    }
    return films;
}

Result<QList<FilmPoster>> FilmStore::posters(const QList<int>& filmIds)
{
    QList<int> ids;
    for (int id : filmIds) {
        if (!ids.contains(id))
            ids << id;
    }
    if (ids.isEmpty())
        return QList<FilmPoster>();
    auto q = m_connection.exec(QStringLiteral("SELECT id, coalesce(poster_type, ''), poster FROM movie "
                                              " WHERE id = ANY (?::integer[]) AND poster IS NOT NULL"),
                               {toPgIntArray(ids)});
    if (!q)
        return q.error();
    QHash<int, FilmPoster> found;
    Rows& r = q.value();
    while (r.next()) {
        FilmPoster p;
        p.filmId = r.value(0).toInt();
        p.type = r.value(1).toString();
        p.bytes = r.value(2).toByteArray();
        found.insert(p.filmId, p);
    }
    QList<FilmPoster> posters;
    for (int id : std::as_const(ids))
        posters << found.value(id, FilmPoster{id, {}, {}});
    return posters;
}

} // namespace bo
