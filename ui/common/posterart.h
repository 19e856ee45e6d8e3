// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QPixmap>
#include <QSize>
#include <QString>

namespace bo {

class PosterShelf;

/// The posters of a PosterShelf as pixmaps of one size (the board's thumbnail, the kiosk's tile):
/// each film's bytes decoded once and scaled once, the result kept. A film without a poster (or
/// whose poster has not arrived yet, or does not decode) gets a placeholder: its title's initials
/// on a tile tinted by the title. GUI thread.
class PosterArt final
{
public:
    PosterArt(const PosterShelf* shelf, QSize size);

    [[nodiscard]] QSize size() const { return m_size; }
    /// The film's poster, or its placeholder, at size().
    [[nodiscard]] QPixmap pixmap(int filmId, const QString& title);
    /// Whether pixmap() shows the film's own poster (not a placeholder).
    [[nodiscard]] bool showsPoster(int filmId);
    /// How many posters were decoded (tests: once per film).
    [[nodiscard]] int decodes() const { return m_decodes; }

    /// Up to two letters for a placeholder: the first letters of the title's first two words.
    [[nodiscard]] static QString initials(const QString& title);
    /// A placeholder of `size` for a film called `title`.
    [[nodiscard]] static QPixmap placeholder(const QString& title, QSize size);

private:
    struct Entry
    {
        QPixmap pixmap;
        bool poster = false;
    };

    const PosterShelf* m_shelf;
    QSize m_size;
    QHash<int, Entry> m_posters;            ///< by film: its poster, once decoded
    QHash<QString, QPixmap> m_placeholders; ///< by title
    int m_decodes = 0;
};

} // namespace bo
