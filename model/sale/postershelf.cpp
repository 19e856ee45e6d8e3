// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/postershelf.h"

#include "model/sale/terminalbackend.h"

namespace bo {

PosterShelf::PosterShelf(TerminalBackend* backend, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
{
    if (!m_backend)
        return;
    connect(m_backend, &TerminalBackend::showtimesLoaded, this, &PosterShelf::want);
    connect(m_backend, &TerminalBackend::postersLoaded, this, &PosterShelf::receive);
    connect(m_backend, &TerminalBackend::onlineChanged, this, [this](bool online, const QString&) {
        // A request sent before the connection dropped may never be answered: ask again.
        if (!online)
            m_asked.clear();
    });
}

void PosterShelf::want(const QList<ShowtimeInfo>& showtimes)
{
    QList<int> missing;
    for (const ShowtimeInfo& s : showtimes) {
        if (s.movieId <= 0 || m_posters.contains(s.movieId) || m_asked.contains(s.movieId))
            continue;
        m_asked.insert(s.movieId);
        missing << s.movieId;
    }
    if (missing.isEmpty())
        return;
    ++m_requests;
    if (m_backend)
        m_backend->loadPosters(missing);
    else
        emit postersWanted(missing);
}

void PosterShelf::receive(const QList<FilmPoster>& posters)
{
    QList<int> arrived;
    for (const FilmPoster& p : posters) {
        if (p.filmId <= 0 || m_posters.contains(p.filmId))
            continue;
        m_asked.remove(p.filmId);
        m_posters.insert(p.filmId, p);
        arrived << p.filmId;
    }
    if (!arrived.isEmpty())
        emit postersArrived(arrived);
}

const FilmPoster* PosterShelf::poster(int filmId) const
{
    const auto it = m_posters.constFind(filmId);
    return it == m_posters.cend() ? nullptr : &it.value();
}

} // namespace bo
