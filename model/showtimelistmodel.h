// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QLocale>

#include "model/catalog.h"

namespace bo {

/// The showtime board: one row per showtime of the chosen day, by start time, with live seat
/// counts. Rows are replaced in place when a fresh list arrives, so the view keeps its selection.
class ShowtimeListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShowtimeListModel)

public:
    enum Column { TimeColumn, AuditoriumColumn, MovieColumn, RatingColumn, SeatsColumn, ColumnCount };
    enum Role { ShowtimeIdRole = Qt::UserRole + 1, SoldOutRole, SeatsFreeRole, OnSaleRole };
    ///< OnSaleRole: on sale now (not cancelled or closed, and not started longer ago than late sales allow)

    explicit ShowtimeListModel(QObject* parent = nullptr);

    void setShowtimes(const QList<ShowtimeInfo>& showtimes);
    void setLocale(const QLocale& locale);
    /// Sales stay open this long after the start (settings); later showtimes read as not on sale.
    void setLateSaleMinutes(int minutes);
    [[nodiscard]] int lateSaleMinutes() const { return m_lateSaleMinutes; }
    [[nodiscard]] const QList<ShowtimeInfo>& showtimes() const { return m_rows; }
    [[nodiscard]] int rowOf(int showtimeId) const;
    /// The first row that is still on sale at `now` (late sales included), or -1.
    [[nodiscard]] int nextOnSaleRow(const QDateTime& now, int lateSaleMinutes) const;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

private:
    QList<ShowtimeInfo> m_rows;
    QLocale m_locale;
    int m_lateSaleMinutes = 20;
};

} // namespace bo
