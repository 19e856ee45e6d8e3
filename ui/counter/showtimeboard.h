// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDate>
#include <QWidget>

class QLabel;
class QPushButton;
class QTableView;

namespace bo {

class ShowtimeListModel;

/// The day's showtimes by time, hall and film with live seats left. Keyboard: arrows move,
/// Enter sells the selected showtime, N sells the next one, PgUp/PgDn switch the day.
class ShowtimeBoard final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShowtimeBoard)

public:
    explicit ShowtimeBoard(ShowtimeListModel* model, QWidget* parent = nullptr);

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
    QDate m_date;
    QLabel* m_title = nullptr;
    QLabel* m_dateLabel = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_sellNext = nullptr;
    QTableView* m_table = nullptr;
};

} // namespace bo
