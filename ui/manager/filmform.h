// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QWidget>

#include "model/showtimes/filmcatalog.h"

class QCheckBox;
class QComboBox;
class QDateEdit;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace bo {

/// The fields of one film as a manager enters it (the film screen's form): titles, runtime, the
/// Korean age rating from the fixed list, format, languages, release and last day, the poster
/// with a preview. Every change is checked with FilmCatalog::check at once; the first wrong
/// value is shown under the form (problem()) and `validityChanged` tells the screen.
class FilmForm final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FilmForm)

public:
    explicit FilmForm(QWidget* parent = nullptr);

    /// Shows `film` for editing (its format is then fixed: another format is another film).
    void setFilm(const Film& film);
    /// Empties the form for a new film.
    void clear();
    /// The film as entered (not checked; id 0 for a new one).
    [[nodiscard]] Film film() const;
    /// True when the poster was chosen or taken away since setFilm/clear.
    [[nodiscard]] bool posterChanged() const { return m_posterChanged; }
    /// What is wrong with the film as entered; empty when FilmCatalog::check accepts it.
    [[nodiscard]] QString problem() const { return m_problem; }
    /// Shows a message under the form (the database's refusal, or "saved").
    void showMessage(const QString& text, bool error);

signals:
    /// The entered film became acceptable (true) or not (false).
    void validityChanged(bool valid);

public slots:
    /// Reads a PNG or JPEG file as the poster and previews it; false, with the reason shown, if
    /// it cannot (unreadable, too large, no image). The Choose button asks for the file first.
    bool loadPosterFile(const QString& path);
    /// No poster.
    void clearPoster();

private:
    void onChoosePosterClicked();
    void showPoster();
    /// Checks the film as entered and shows the first problem.
    void revalidate();

    int m_id = 0;
    QByteArray m_poster;
    bool m_posterChanged = false;
    QString m_problem;
    bool m_valid = false;
    QLineEdit* m_title = nullptr;
    QLineEdit* m_titleEn = nullptr;
    QSpinBox* m_runtime = nullptr;
    QComboBox* m_rating = nullptr;
    QComboBox* m_format = nullptr;
    QLineEdit* m_language = nullptr;
    QLineEdit* m_subtitles = nullptr;
    QCheckBox* m_hasRelease = nullptr;
    QDateEdit* m_release = nullptr;
    QCheckBox* m_hasUntil = nullptr;
    QDateEdit* m_until = nullptr;
    QLabel* m_posterPreview = nullptr;
    QLabel* m_posterInfo = nullptr;
    QPushButton* m_choosePoster = nullptr;
    QPushButton* m_noPoster = nullptr;
    QLabel* m_message = nullptr;
};

} // namespace bo
