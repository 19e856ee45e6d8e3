// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/showtimes/filmcatalog.h"

#include <algorithm>

namespace bo {
namespace {

bool oneLine(const QString& text)
{
    return std::none_of(text.cbegin(), text.cend(),
                        [](QChar c) { return c.category() == QChar::Other_Control; });
}

bool languageCode(const QString& code)
{
    return code.size() == 2 && std::all_of(code.cbegin(), code.cend(), [](QChar c) {
               return c >= QLatin1Char('a') && c <= QLatin1Char('z');
           });
}

/// `wanted` as spelled in `known` (case aside), or empty.
QString spelled(const QStringList& known, const QString& wanted)
{
    for (const QString& k : known) {
        if (k.compare(wanted.trimmed(), Qt::CaseInsensitive) == 0)
            return k;
    }
    return {};
}

} // namespace

QStringList FilmCatalog::ratings()
{
    return {QStringLiteral("ALL"), QStringLiteral("12"), QStringLiteral("15"), QStringLiteral("18"),
            QStringLiteral("R")};
}

QStringList FilmCatalog::formats()
{
    return {QStringLiteral("2D"),      QStringLiteral("3D"),  QStringLiteral("IMAX"),
            QStringLiteral("IMAX 3D"), QStringLiteral("4DX"), QStringLiteral("ScreenX"),
            QStringLiteral("Dolby")};
}

QString FilmCatalog::ratingName(const QString& code)
{
    if (code == u"ALL")
        return QStringLiteral("전체관람가");
    if (code == u"12")
        return QStringLiteral("12세이상관람가");
    if (code == u"15")
        return QStringLiteral("15세이상관람가");
    if (code == u"18")
        return QStringLiteral("청소년관람불가");
    if (code == u"R")
        return QStringLiteral("제한상영가");
    return {};
}

QString FilmCatalog::posterTypeOf(const QByteArray& bytes)
{
    if (bytes.startsWith(QByteArrayLiteral("\x89PNG\r\n\x1a\n")))
        return QStringLiteral("image/png");
    if (bytes.startsWith(QByteArrayLiteral("\xff\xd8\xff")))
        return QStringLiteral("image/jpeg");
    return {};
}

Result<Film> FilmCatalog::check(Film film)
{
    film.title = film.title.trimmed();
    film.titleEn = film.titleEn.trimmed();
    if (film.title.isEmpty())
        return makeError(ErrorCode::BadInput, tr("A film needs a title."));
    for (const QString* title : {&film.title, &film.titleEn}) {
        if (title->size() > 200)
            return makeError(ErrorCode::BadInput,
                             tr("A title has at most 200 characters: '%1…'.").arg(title->left(20)));
        if (!oneLine(*title))
            return makeError(ErrorCode::BadInput, tr("A title is one line without control characters."));
    }
    if (film.runtimeMinutes < 1 || film.runtimeMinutes > 600)
        return makeError(ErrorCode::BadInput,
                         tr("A runtime is 1 to 600 minutes, not %1.").arg(film.runtimeMinutes));
    const QString rating = spelled(ratings(), film.rating);
    if (rating.isEmpty())
        return makeError(ErrorCode::BadInput, tr("'%1' is no age rating; use one of %2.")
                                                  .arg(film.rating, ratings().join(QStringLiteral(", "))));
    film.rating = rating;
    if (film.format.trimmed().isEmpty())
        film.format = QStringLiteral("2D");
    const QString format = spelled(formats(), film.format);
    if (format.isEmpty())
        return makeError(
            ErrorCode::BadInput,
            tr("'%1' is no format; use one of %2.").arg(film.format, formats().join(QStringLiteral(", "))));
    film.format = format;
    film.language = film.language.trimmed().toLower();
    film.subtitles = film.subtitles.trimmed().toLower();
    if (film.subtitles == u"none")
        film.subtitles.clear();
    for (const QString* code : {&film.language, &film.subtitles}) {
        if (!code->isEmpty() && !languageCode(*code))
            return makeError(ErrorCode::BadInput,
                             tr("'%1' is no language code; use two letters like ko or en.").arg(*code));
    }
    if (film.releaseOn.isValid() && film.playsUntil.isValid() && film.playsUntil < film.releaseOn)
        return makeError(ErrorCode::BadInput, tr("A film cannot stop playing (%1) before its release (%2).")
                                                  .arg(film.playsUntil.toString(Qt::ISODate),
                                                       film.releaseOn.toString(Qt::ISODate)));
    film.posterBytes = film.poster.size();
    film.posterType.clear();
    if (!film.poster.isEmpty()) {
        if (film.poster.size() > maxPosterBytes)
            return makeError(
                ErrorCode::BadInput,
                tr("A poster has at most %1 bytes, not %2.").arg(maxPosterBytes).arg(film.poster.size()));
        film.posterType = posterTypeOf(film.poster);
        if (film.posterType.isEmpty())
            return makeError(ErrorCode::BadInput, tr("A poster is a PNG or JPEG image."));
    }
    return film;
}

} // namespace bo
