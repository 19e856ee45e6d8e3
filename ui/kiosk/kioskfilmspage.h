// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QList>
#include <QStringList>

#include "ui/kiosk/kioskpage.h"

class QGridLayout;

namespace bo {

class PosterArt;
class PosterShelf;
class TerminalBackend;

/// The film screen: a poster tile per film on sale (FilmTile, a few a row), one touch to choose.
/// Owns the posters the tiles show (read through `backend`).
class KioskFilmsPage final : public KioskPage
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskFilmsPage)

public:
    explicit KioskFilmsPage(TerminalBackend* backend, QWidget* parent = nullptr);
    ~KioskFilmsPage() override;

    /// A tile per film, `movieIds` and `titles` in the same order.
    void setFilms(const QList<int>& movieIds, const QStringList& titles);
    [[nodiscard]] int filmCount() const;
    [[nodiscard]] QString announcement() const override;
    void retranslate() override;

signals:
    void filmChosen(int movieId);

protected:
    [[nodiscard]] QWidget* preferredFocus() const override;

private:
    QLabel* m_heading = nullptr;
    QGridLayout* m_tiles = nullptr;
    PosterShelf* m_posterShelf = nullptr;
    std::unique_ptr<PosterArt> m_posterArt;
};

} // namespace bo
