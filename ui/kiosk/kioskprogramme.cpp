// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskprogramme.h"

#include <QDateTime>

#include "model/sale/salerules.h"
#include "model/sale/terminalbackend.h"

namespace bo {

KioskProgramme::KioskProgramme(TerminalBackend* backend, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
{
    connect(m_backend, &TerminalBackend::showtimesLoaded, this, [this](const QList<ShowtimeInfo>& showtimes) {
        m_showtimes = showtimes;
        emit changed();
    });
    m_refresh.setInterval(60000);
    connect(&m_refresh, &QTimer::timeout, this, &KioskProgramme::reload);
    m_refresh.start();
}

void KioskProgramme::setLateSaleMinutes(int minutes)
{
    m_lateSaleMinutes = minutes;
    emit changed();
}

void KioskProgramme::reload()
{
    const QDateTime now = QDateTime::currentDateTime();
    m_backend->loadShowtimes(now.addSecs(-3600), QDateTime(now.date().addDays(1), QTime(0, 0)));
}

KioskProgramme::Films KioskProgramme::filmsOnSale() const
{
    const QDateTime now = QDateTime::currentDateTime();
    Films films;
    for (const ShowtimeInfo& s : m_showtimes) {
        if (!SaleRules::isOnSale(s, now, m_lateSaleMinutes) || films.movieIds.contains(s.movieId))
            continue;
        films.movieIds << s.movieId;
        films.titles << s.movieTitle;
    }
    return films;
}

QList<ShowtimeInfo> KioskProgramme::showingsOf(int movieId) const
{
    const QDateTime now = QDateTime::currentDateTime();
    QList<ShowtimeInfo> showings;
    for (const ShowtimeInfo& s : m_showtimes) {
        if (s.movieId == movieId && SaleRules::isOnSale(s, now, m_lateSaleMinutes) && s.seatsFree > 0)
            showings << s;
    }
    return showings;
}

} // namespace bo
