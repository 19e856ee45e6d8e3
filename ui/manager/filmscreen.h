// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

#include "model/core/workerthread.h"
#include "model/showtimes/filmcatalog.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace bo {

class FilmForm;

/// The manager's films: every film in a table (poster thumbnail, titles, format,
/// runtime, rating, release and last day, retired), and a form to add one or edit the one
/// selected. The form is checked with FilmCatalog::check as it is typed, the problem shown next
/// to it and Save disabled: nothing is written on bad input. Retire takes the selected film out
/// of the planner (its showtimes keep selling), Un-retire gives it back. Talks to FilmCatalog
/// only.
class FilmScreen final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilmScreen)

public:
    /// `catalog` is called on this thread: a manager's own connection (docs/DECISIONS.md).
    explicit FilmScreen(PortCaller<FilmCatalog> catalog, QWidget* parent = nullptr);

    [[nodiscard]] const QList<Film>& films() const { return m_films; }
    [[nodiscard]] FilmForm* form() const { return m_form; }
    [[nodiscard]] QTableWidget* table() const { return m_table; }
    [[nodiscard]] QString statusText() const;
    /// The table row showing film `filmId`; -1 when none does.
    [[nodiscard]] int rowOf(int filmId) const;

signals:
    /// A film was added or changed (`filmId`), or retired or given back.
    void filmSaved(int filmId);

public slots:
    /// Reads the films again; the film `selectFilm` selected afterwards when given.
    void reload(int selectFilm = 0);
    /// An empty form for a new film.
    void newFilm();
    /// Adds the film in the form, or saves the one edited; false, with the reason shown, when the
    /// form's check refuses it (nothing sent). The catalogue's answer shows in the status line
    /// (filmSaved when it was saved).
    bool saveFilm();
    /// Retires the selected film, or gives a retired one back; false when none is selected or a
    /// change is still on its way.
    bool toggleRetired();

private:
    void showFilms(const Result<QList<Film>>& films, int selectFilm);
    void onSelectionChanged();
    void fillRow(int row, const Film& film);
    [[nodiscard]] const Film* selected() const;
    void showStatus(const QString& text, bool error);
    void updateButtons();

    PortCaller<FilmCatalog> m_catalog;
    int m_reading = 0;      ///< the last read asked for: an older answer is not shown
    bool m_writing = false; ///< a save or retire is on its way: its buttons wait for the answer
    QList<Film> m_films;
    QTableWidget* m_table = nullptr;
    FilmForm* m_form = nullptr;
    QPushButton* m_new = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_retire = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace bo
