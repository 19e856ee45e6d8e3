// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QPushButton>

namespace bo {

class PosterArt;
class PosterShelf;

/// A film on the kiosk's film screen: its poster large (a placeholder with the title's initials
/// when it has none) above its title, one touch to choose it. A push button, so the keypad, the
/// voice and the style sheet treat it as every other; its name is "film-<id>". Repaints when the
/// film's poster arrives.
class FilmTile final : public QPushButton
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilmTile)

public:
    /// The poster's size on a tile, and tiles a row: three fill a portrait 1080 px kiosk.
    static constexpr QSize posterSize{240, 360};
    static constexpr int columns = 3;

    /// `art` and `shelf` are the window's (not owned; they outlive the tile).
    FilmTile(PosterArt* art, const PosterShelf* shelf, int filmId, const QString& title,
             QWidget* parent = nullptr);

    [[nodiscard]] int filmId() const { return m_filmId; }
    /// What the tile shows above the title: the poster, or the placeholder.
    [[nodiscard]] QPixmap picture() const;
    /// Whether that is the film's own poster.
    [[nodiscard]] bool showsPoster() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    PosterArt* m_art;
    int m_filmId;
};

} // namespace bo
