// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskshowtimespage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace bo {

KioskShowtimesPage::KioskShowtimesPage(QWidget* parent)
    : KioskPage(QStringLiteral("showtimesPage"), parent)
{
    QVBoxLayout* l = pageLayout();
    m_heading = makeLabel(QStringLiteral("showtimesHeading"), QStringLiteral("heading"), this);
    l->addWidget(m_heading);
    m_buttons = new QVBoxLayout;
    l->addLayout(m_buttons);
    l->addStretch(1);
    addBackButton();
}

void KioskShowtimesPage::setShowtimes(const QList<ShowtimeInfo>& showtimes)
{
    clearLayout(m_buttons);
    for (const ShowtimeInfo& s : showtimes) {
        QPushButton* b = makeButton(QStringLiteral("showtime-%1").arg(s.id), this);
        b->setText(tr("%1 · %2 · %n seat(s) free", nullptr, s.seatsFree)
                       .arg(locale().toString(s.startsAt.toLocalTime().time(), QLocale::ShortFormat),
                            s.auditoriumName));
        b->setAccessibleName(b->text());
        const int id = s.id;
        connect(b, &QPushButton::clicked, this, [this, id] { emit showtimeChosen(id); });
        m_buttons->addWidget(b);
    }
    chainFocus(m_buttons);
}

void KioskShowtimesPage::reset()
{
    clearLayout(m_buttons);
}

int KioskShowtimesPage::showtimeCount() const
{
    return m_buttons->count();
}

QString KioskShowtimesPage::announcement() const
{
    return tr("Choose a time. Showings: %1. %2").arg(showtimeCount()).arg(keysHint());
}

void KioskShowtimesPage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("Choose a time"));
}

QWidget* KioskShowtimesPage::preferredFocus() const
{
    return m_buttons->count() > 0 ? m_buttons->itemAt(0)->widget() : nullptr;
}

} // namespace bo
