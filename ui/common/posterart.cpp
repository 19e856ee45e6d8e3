// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/common/posterart.h"

#include <algorithm>

#include <QColor>
#include <QFont>
#include <QImage>
#include <QPainter>

#include "model/sale/postershelf.h"

namespace bo {

PosterArt::PosterArt(const PosterShelf* shelf, QSize size)
    : m_shelf(shelf)
    , m_size(size)
{}

QPixmap PosterArt::pixmap(int filmId, const QString& title)
{
    if (showsPoster(filmId))
        return m_posters.value(filmId).pixmap;
    auto it = m_placeholders.find(title);
    if (it == m_placeholders.end())
        it = m_placeholders.insert(title, placeholder(title, m_size));
    return it.value();
}

bool PosterArt::showsPoster(int filmId)
{
    if (const auto it = m_posters.constFind(filmId); it != m_posters.cend())
        return it.value().poster;
    const FilmPoster* p = m_shelf ? m_shelf->poster(filmId) : nullptr;
    if (!p)
        return false; // not arrived yet: the placeholder, and look again next time
    Entry entry;
    if (!p->bytes.isEmpty()) {
        ++m_decodes;
        const QImage image = QImage::fromData(p->bytes);
        if (!image.isNull()) {
            // Fill the frame, cropping what sticks out, so every tile has the same shape.
            const QImage scaled =
                image.scaled(m_size, Qt::KeepAspectRatioByExpanding, Qt::SmoothTransformation);
            const QRect crop((scaled.width() - m_size.width()) / 2, (scaled.height() - m_size.height()) / 2,
                             m_size.width(), m_size.height());
            entry.pixmap = QPixmap::fromImage(scaled.copy(crop));
            entry.poster = true;
        }
    }
    m_posters.insert(filmId, entry);
    return entry.poster;
}

QString PosterArt::initials(const QString& title)
{
    QString letters;
    const QStringList words = title.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString& word : words) {
        const QChar first = word.at(0);
        if (!first.isLetterOrNumber())
            continue;
        letters += first.toUpper();
        if (letters.size() == 2)
            break;
    }
    return letters.isEmpty() ? QStringLiteral("?") : letters;
}

QPixmap PosterArt::placeholder(const QString& title, QSize size)
{
    QPixmap tile(size);
    // A tint per title, dark enough for white letters to read (kiosk contrast).
    const int hue = int(qHash(title) % 360U);
    tile.fill(QColor::fromHsv(hue, 110, 95));
    QPainter p(&tile);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.setPen(QColor::fromHsv(hue, 60, 150));
    p.drawRect(tile.rect().adjusted(0, 0, -1, -1));
    QFont font;
    font.setBold(true);
    font.setPixelSize(std::max(8, std::min(size.width() * 2 / 5, size.height() / 3)));
    p.setFont(font);
    p.setPen(Qt::white);
    p.drawText(tile.rect(), Qt::AlignCenter, initials(title));
    return tile;
}

} // namespace bo
