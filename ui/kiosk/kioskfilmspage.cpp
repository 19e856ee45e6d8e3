// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskfilmspage.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "model/sale/postershelf.h"
#include "ui/common/posterart.h"
#include "ui/kiosk/filmtile.h"

namespace bo {

KioskFilmsPage::KioskFilmsPage(TerminalBackend* backend, QWidget* parent)
    : KioskPage(QStringLiteral("filmsPage"), parent)
{
    QVBoxLayout* l = pageLayout();
    m_heading = makeLabel(QStringLiteral("filmsHeading"), QStringLiteral("heading"), this);
    l->addWidget(m_heading);
    m_posterShelf = new PosterShelf(backend, this);
    m_posterArt = std::make_unique<PosterArt>(m_posterShelf, FilmTile::posterSize);
    m_tiles = new QGridLayout;
    l->addLayout(m_tiles);
    l->addStretch(1);
    addBackButton();
}

KioskFilmsPage::~KioskFilmsPage() = default;

void KioskFilmsPage::setFilms(const QList<int>& movieIds, const QStringList& titles)
{
    clearLayout(m_tiles);
    for (qsizetype i = 0; i < movieIds.size(); ++i) {
        const int movie = movieIds.at(i);
        auto* b = new FilmTile(m_posterArt.get(), m_posterShelf, movie, titles.at(i), this);
        connect(b, &QPushButton::clicked, this, [this, movie] { emit filmChosen(movie); });
        m_tiles->addWidget(b, int(i / FilmTile::columns), int(i % FilmTile::columns));
    }
    chainFocus(m_tiles);
}

int KioskFilmsPage::filmCount() const
{
    return m_tiles->count();
}

QString KioskFilmsPage::announcement() const
{
    return tr("Choose a film. Films showing: %1. %2").arg(filmCount()).arg(keysHint());
}

void KioskFilmsPage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("Choose a film"));
}

QWidget* KioskFilmsPage::preferredFocus() const
{
    return m_tiles->count() > 0 ? m_tiles->itemAt(0)->widget() : nullptr;
}

} // namespace bo
