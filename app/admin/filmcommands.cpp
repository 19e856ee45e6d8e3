// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/filmcommands.h"

#include <algorithm>
#include <utility>

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include "db/filmstore.h"

namespace bo {
namespace {

QJsonValue dayOrNull(const QDate& day)
{
    return day.isValid() ? QJsonValue(day.toString(Qt::ISODate)) : QJsonValue();
}

QJsonValue textOrNull(const QString& text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonObject toJson(const Film& f)
{
    QJsonObject o{{QStringLiteral("id"), f.id},
                  {QStringLiteral("title"), f.title},
                  {QStringLiteral("title_en"), textOrNull(f.titleEn)},
                  {QStringLiteral("runtime_min"), f.runtimeMinutes},
                  {QStringLiteral("rating"), f.rating},
                  {QStringLiteral("rating_name"), FilmCatalog::ratingName(f.rating)},
                  {QStringLiteral("format"), f.format},
                  {QStringLiteral("language"), textOrNull(f.language)},
                  {QStringLiteral("subtitles"), textOrNull(f.subtitles)},
                  {QStringLiteral("release_on"), dayOrNull(f.releaseOn)},
                  {QStringLiteral("plays_until"), dayOrNull(f.playsUntil)}};
    o.insert(QStringLiteral("poster"),
             f.posterType.isEmpty() ? QJsonValue()
                                    : QJsonValue(QJsonObject{{QStringLiteral("type"), f.posterType},
                                                             {QStringLiteral("bytes"), f.posterBytes}}));
    o.insert(QStringLiteral("retired_at"),
             f.retiredAt.isNull() ? QJsonValue() : QJsonValue(CliSession::isoUtc(f.retiredAt)));
    return o;
}

} // namespace

FilmCommands::FilmCommands(CliSession& session)
    : m_session(session)
{}

ExitCode FilmCommands::films(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("films takes no arguments (--all lists retired films too)."));
    const bool all = m_session.isSet(QStringLiteral("all"));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    FilmStore store(m_session.connection());
    auto films = store.films(false);
    if (!films)
        return m_session.fail(films.error());
    QJsonArray list;
    QString text;
    int hidden = 0;
    for (const Film& f : films.value()) {
        // A retired film is history: listed on request (showtimes and bookings still name it).
        if (!f.retiredAt.isNull() && !all) {
            ++hidden;
            continue;
        }
        list.append(toJson(f));
        QStringList parts{QStringLiteral("%1 min").arg(f.runtimeMinutes), FilmCatalog::ratingName(f.rating),
                          f.format};
        if (!f.language.isEmpty())
            parts << (f.subtitles.isEmpty()
                          ? f.language
                          : QStringLiteral("%1, %2 subtitles").arg(f.language, f.subtitles));
        if (f.releaseOn.isValid() || f.playsUntil.isValid())
            parts << QStringLiteral("%1 to %2")
                         .arg(f.releaseOn.toString(Qt::ISODate), f.playsUntil.toString(Qt::ISODate));
        if (!f.posterType.isEmpty())
            parts << tr("poster");
        if (!f.retiredAt.isNull())
            parts << tr("retired %1").arg(f.retiredAt.toLocalTime().date().toString(Qt::ISODate));
        text += QStringLiteral("%1\t%2%3\t%4\n")
                    .arg(f.id)
                    .arg(f.title, f.titleEn.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(f.titleEn),
                         parts.join(QStringLiteral(", ")));
    }
    if (list.isEmpty())
        text = hidden > 0 ? QString() : tr("No films yet (film-add).\n");
    if (hidden > 0)
        text += tr("%n retired film(s) not listed (films --all).\n", nullptr, hidden);
    m_session.print(QJsonObject{{QStringLiteral("films"), list}}, text);
    return ExitCode::Ok;
}

std::optional<ExitCode> FilmCommands::readOptions(Film& film)
{
    // Only the options given change the film (film-edit starts from the film as it is).
    for (const auto& [option, text] :
         {std::pair{"title", &film.title}, std::pair{"title-en", &film.titleEn},
          std::pair{"rating", &film.rating}, std::pair{"format", &film.format},
          std::pair{"language", &film.language}, std::pair{"subtitles", &film.subtitles}}) {
        if (m_session.isSet(QLatin1String(option)))
            *text = m_session.value(QLatin1String(option));
    }
    if (m_session.isSet(QStringLiteral("runtime"))) {
        bool ok = false;
        film.runtimeMinutes = m_session.value(QStringLiteral("runtime")).trimmed().toInt(&ok);
        if (!ok)
            return m_session.usageError(tr("--runtime '%1' is not a number of minutes.")
                                            .arg(m_session.value(QStringLiteral("runtime"))));
    }
    for (const auto& [option, day] :
         {std::pair{"release", &film.releaseOn}, std::pair{"until", &film.playsUntil}}) {
        if (!m_session.isSet(QLatin1String(option)))
            continue;
        const QString given = m_session.value(QLatin1String(option)).trimmed();
        if (given == QLatin1String("none")) {
            *day = QDate();
            continue;
        }
        *day = QDate::fromString(given, Qt::ISODate);
        if (!day->isValid())
            return m_session.usageError(
                tr("--%1 '%2' is not a day like 2026-12-24 (or none).")
                    .arg(QLatin1String(option), m_session.value(QLatin1String(option))));
    }
    if (m_session.isSet(QStringLiteral("poster"))) {
        film.poster.clear();
        film.posterType.clear();
        if (m_session.value(QStringLiteral("poster")) == QLatin1String("none"))
            return std::nullopt;
        QFile file(m_session.value(QStringLiteral("poster")));
        if (!file.open(QIODevice::ReadOnly))
            return m_session.usageError(
                tr("Cannot read the poster %1: %2.").arg(file.fileName(), file.errorString()));
        if (file.size() > FilmCatalog::maxPosterBytes)
            return m_session.usageError(tr("A poster has at most %1 bytes; %2 has %3.")
                                            .arg(FilmCatalog::maxPosterBytes)
                                            .arg(file.fileName())
                                            .arg(file.size()));
        film.poster = file.readAll();
    }
    return std::nullopt;
}

ExitCode FilmCommands::edit(const QStringList& positional)
{
    bool ok = false;
    const int id = positional.value(1).toInt(&ok);
    if (positional.size() != 2 || !ok || id <= 0)
        return m_session.usageError(
            tr("film-edit takes one film number (see 'films') and the options to change."));
    if (m_session.isSet(QStringLiteral("format")))
        return m_session.usageError(tr(
            "A film's format is not edited: the same title in another format is another film (film-add)."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    FilmStore store(m_session.connection());
    auto films = store.films(false);
    if (!films)
        return m_session.fail(films.error());
    const auto found = std::find_if(films.value().cbegin(), films.value().cend(),
                                    [id](const Film& f) { return f.id == id; });
    if (found == films.value().cend())
        return m_session.fail(refuse(ErrorCode::NotFound, Refusal::NoSuchFilm, {QString::number(id)}));
    Film film = *found;
    if (std::optional<ExitCode> bad = readOptions(film))
        return *bad;
    const bool keepPoster = !m_session.isSet(QStringLiteral("poster"));
    auto checked = FilmCatalog::check(film);
    if (!checked)
        return m_session.usageError(checked.error().message);
    if (Status s = store.update(checked.value(), keepPoster); !s) {
        if (CliSession::permissionDenied(s.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Editing a film needs a manager login."),
                                            s.error().detail));
        return m_session.fail(s.error());
    }
    Film made = checked.value();
    if (keepPoster) {
        made.posterType = found->posterType;
        made.posterBytes = found->posterBytes;
    } else {
        made.posterBytes = made.poster.size();
    }
    m_session.print(QJsonObject{{QStringLiteral("film"), toJson(made)}},
                    tr("Film %1 changed: %2, %3 min, %4, %5.\n")
                        .arg(made.id)
                        .arg(made.title)
                        .arg(made.runtimeMinutes)
                        .arg(FilmCatalog::ratingName(made.rating), made.format));
    return ExitCode::Ok;
}

ExitCode FilmCommands::retire(const QStringList& positional)
{
    bool ok = false;
    const int id = positional.value(1).toInt(&ok);
    if (positional.size() != 2 || !ok || id <= 0)
        return m_session.usageError(tr("film-retire takes one film number (see 'films --all'), and --undo "
                                       "to give it back."));
    const bool retired = !m_session.isSet(QStringLiteral("undo"));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    FilmStore store(m_session.connection());
    auto at = store.retire(id, retired);
    if (!at) {
        if (CliSession::permissionDenied(at.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Retiring a film needs a manager login."),
                                            at.error().detail));
        return m_session.fail(at.error());
    }
    auto films = store.films(false);
    if (!films)
        return m_session.fail(films.error());
    const auto found = std::find_if(films.value().cbegin(), films.value().cend(),
                                    [id](const Film& f) { return f.id == id; });
    Film film = found == films.value().cend() ? Film{} : *found;
    film.id = id;
    film.retiredAt = at.value();
    m_session.print(QJsonObject{{QStringLiteral("film"), toJson(film)}},
                    retired
                        ? tr("Film %1 (%2) is retired: no new showtimes; those it has keep selling.\n")
                              .arg(id)
                              .arg(film.title)
                        : tr("Film %1 (%2) plays again: it may get showtimes.\n").arg(id).arg(film.title));
    return ExitCode::Ok;
}

ExitCode FilmCommands::add(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("film-add takes options only: --title, --runtime and --rating."));
    for (const char* required : {"title", "runtime", "rating"}) {
        if (!m_session.isSet(QLatin1String(required)))
            return m_session.usageError(tr("film-add needs --%1.").arg(QLatin1String(required)));
    }
    Film film;
    if (std::optional<ExitCode> bad = readOptions(film))
        return *bad;
    auto checked = FilmCatalog::check(film);
    if (!checked)
        return m_session.usageError(checked.error().message);
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    FilmStore store(m_session.connection());
    auto id = store.add(checked.value());
    if (!id) {
        if (CliSession::permissionDenied(id.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Adding a film needs a manager login."),
                                            id.error().detail));
        return m_session.fail(id.error());
    }
    Film made = checked.value();
    made.id = id.value();
    m_session.print(QJsonObject{{QStringLiteral("film"), toJson(made)}},
                    tr("Film %1 added: %2, %3 min, %4, %5.\n")
                        .arg(made.id)
                        .arg(made.title)
                        .arg(made.runtimeMinutes)
                        .arg(FilmCatalog::ratingName(made.rating), made.format));
    return ExitCode::Ok;
}

QList<QCommandLineOption> FilmCommands::options()
{
    return {
        {QStringLiteral("title"), tr("The film's title of 'film-add', as the cinema shows it."), tr("title")},
        {QStringLiteral("title-en"), tr("The film's English title."), tr("title")},
        {QStringLiteral("runtime"), tr("The film's runtime in minutes."), tr("minutes")},
        {QStringLiteral("rating"), tr("The film's Korean age rating: ALL, 12, 15, 18 or R."), tr("code")},
        {QStringLiteral("language"), tr("The language the film speaks (ko, en, ...)."), tr("code")},
        {QStringLiteral("subtitles"), tr("The film's subtitles (ko, en, ... or none)."), tr("code")},
        {QStringLiteral("release"), tr("The film's release day."), tr("YYYY-MM-DD")},
        {QStringLiteral("until"), tr("The last day the film plays."), tr("YYYY-MM-DD")},
        {QStringLiteral("poster"), tr("The film's poster, a PNG or JPEG file of at most 2 MiB."), tr("file")},
        {QStringLiteral("all"), tr("'films': list retired films too.")},
        {QStringLiteral("undo"), tr("'film-retire': give the retired film back to the planner.")},
    };
}

} // namespace bo
