// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QDate>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace bo {

class BoardLook;
class PosterArt;
class PosterShelf;
class ShowtimeListModel;

/// The day's showtimes by time, hall and film with live seats left. Keyboard: arrows move,
/// Enter sells the selected showtime, N sells the next one, PgUp/PgDn switch the day.
class ShowtimeBoard final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShowtimeBoard)

public:
    explicit ShowtimeBoard(ShowtimeListModel* model, QWidget* parent = nullptr);
    ~ShowtimeBoard() override;

    /// Shows each film's poster (a placeholder without one) beside its title, from `shelf`
    /// (not owned; it outlives the board). Without a shelf the board shows no thumbnails.
    void setPosters(PosterShelf* shelf);
    /// The thumbnail's size on the board.
    [[nodiscard]] static QSize thumbnailSize();

    [[nodiscard]] QDate date() const { return m_date; }
    void setDate(const QDate& date);
    /// Selects the next showtime still on sale; false when there is none.
    bool selectNext(int lateSaleMinutes);
    [[nodiscard]] int selectedShowtime() const;
    [[nodiscard]] int rowCount() const;
    void focusTable();

signals:
    void showtimeChosen(int showtimeId);
    void dateChanged(const QDate& date);
    void nextShowtimeRequested();

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();
    void chooseCurrent();

    ShowtimeListModel* m_model;
    std::unique_ptr<PosterArt> m_art;
    BoardLook* m_look = nullptr;
    QDate m_date;
    QLabel* m_title = nullptr;
    QLabel* m_dateLabel = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_sellNext = nullptr;
    QTableView* m_table = nullptr;
};

} // namespace bo
