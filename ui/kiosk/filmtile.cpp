// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/filmtile.h"

#include <algorithm>

#include <QFontMetrics>
#include <QStyleOptionButton>
#include <QStylePainter>

#include "model/sale/postershelf.h"
#include "ui/common/posterart.h"
#include "ui/kiosk/kiosktheme.h"

namespace bo {
namespace {

/// Room around the poster and between it and the title.
constexpr int paddingPx = 12;
/// Room either side of the title: the style sheet's padding and focus frame.
constexpr int titleMarginPx = 32;

} // namespace

FilmTile::FilmTile(PosterArt* art, const PosterShelf* shelf, int filmId, const QString& title,
                   QWidget* parent)
    : QPushButton(title, parent)
    , m_art(art)
    , m_filmId(filmId)
{
    setObjectName(QStringLiteral("film-%1").arg(filmId));
    setAccessibleName(title);
    kiosktheme::makeTouchButton(this);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    if (shelf) {
        connect(shelf, &PosterShelf::postersArrived, this, [this](const QList<int>& filmIds) {
            if (filmIds.contains(m_filmId))
                update();
        });
    }
}

QPixmap FilmTile::picture() const
{
    return m_art->pixmap(m_filmId, text());
}

bool FilmTile::showsPoster() const
{
    return m_art->showsPoster(m_filmId);
}

QSize FilmTile::sizeHint() const
{
    const QSize poster = m_art->size();
    const QFontMetrics metrics(font());
    const int width =
        std::max(poster.width() + 2 * paddingPx, metrics.horizontalAdvance(text()) + 2 * titleMarginPx);
    return {width, poster.height() + metrics.height() + 3 * paddingPx};
}

QSize FilmTile::minimumSizeHint() const
{
    return sizeHint();
}

void FilmTile::paintEvent(QPaintEvent*)
{
    QStylePainter p(this);
    QStyleOptionButton option;
    initStyleOption(&option);
    // The frame and background as the style sheet has every button (focus frame included); the
    // poster and the title are drawn here, one above the other.
    option.text.clear();
    option.icon = {};
    p.drawControl(QStyle::CE_PushButton, option);
    const QPixmap picture = this->picture();
    const QRect area = rect().adjusted(paddingPx, paddingPx, -paddingPx, -paddingPx);
    const QFontMetrics metrics(font());
    const QRect pictureRect(area.left() + (area.width() - picture.width()) / 2, area.top(), picture.width(),
                            picture.height());
    p.drawPixmap(pictureRect, picture);
    const QRect titleRect(area.left(), pictureRect.bottom() + paddingPx, area.width(), metrics.height());
    p.setPen(palette().color(QPalette::ButtonText));
    p.drawText(titleRect, Qt::AlignHCenter | Qt::AlignVCenter,
               metrics.elidedText(text(), Qt::ElideRight, titleRect.width()));
}

} // namespace bo
