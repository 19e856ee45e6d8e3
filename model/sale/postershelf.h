// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>

#include "model/showtimes/filmposter.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

class TerminalBackend;

/// The posters of the films on a terminal's board (docs/DECISIONS.md "Posters on the board and
/// the kiosk"), each asked for once: every list of showtimes the backend loads names its
/// films, and only the films not asked for before are asked for (TerminalBackend::loadPosters),
/// so a board's refresh never reads posters again. A request lost to a dropped connection is asked
/// again with the next list once the terminal is back online. GUI thread.
class PosterShelf final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PosterShelf)

public:
    /// Follows `backend`'s showtime lists and poster answers; without one, want() and receive()
    /// are called by hand.
    explicit PosterShelf(TerminalBackend* backend, QObject* parent = nullptr);

    /// Asks for the posters of the films of `showtimes` not asked for yet (one request, or none).
    void want(const QList<ShowtimeInfo>& showtimes);
    /// Keeps posters that arrived and says so (postersArrived).
    void receive(const QList<FilmPoster>& posters);
    /// The film's poster once it arrived (its bytes empty when it has none); nullptr before.
    [[nodiscard]] const FilmPoster* poster(int filmId) const;
    /// How many requests went to the backend (tests: a refresh asks for nothing new).
    [[nodiscard]] int requests() const { return m_requests; }

signals:
    /// The posters of these films arrived (the board repaints their rows, the kiosk its tiles).
    void postersArrived(const QList<int>& filmIds);
    /// Emitted instead of calling a backend when there is none (tests).
    void postersWanted(const QList<int>& filmIds);

private:
    TerminalBackend* m_backend;
    QHash<int, FilmPoster> m_posters;
    QSet<int> m_asked; ///< asked for and not arrived yet
    int m_requests = 0;
};

} // namespace bo
