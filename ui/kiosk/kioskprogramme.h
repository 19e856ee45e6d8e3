// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include "model/showtimes/showtimeinfo.h"

namespace bo {

class TerminalBackend;

/// What the kiosk sells now: the backend's showtimes from an hour ago to midnight, read again
/// every minute and whenever asked (back online); the films on sale, and a film's showings on
/// sale with seats free, by the late-sale minutes of the server's settings.
class KioskProgramme final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskProgramme)

public:
    struct Films
    {
        QList<int> movieIds;
        QStringList titles; ///< in the order of movieIds
    };

    explicit KioskProgramme(TerminalBackend* backend, QObject* parent = nullptr);

    /// How long after its start a showing still sells (the server's setting).
    void setLateSaleMinutes(int minutes);
    /// Reads the showtimes again.
    void reload();
    /// The films with a showing on sale now, each once, in the order of their first showing.
    [[nodiscard]] Films filmsOnSale() const;
    /// The film's showings on sale now with seats free.
    [[nodiscard]] QList<ShowtimeInfo> showingsOf(int movieId) const;

signals:
    /// The showtimes or the late-sale minutes changed: what is on sale may have.
    void changed();

private:
    TerminalBackend* m_backend;
    QList<ShowtimeInfo> m_showtimes;
    int m_lateSaleMinutes = 20;
    QTimer m_refresh;
};

} // namespace bo
