// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QLocale>

#include "model/queue/admissionqueue.h"
#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// The showtime board: one row per showtime of the chosen day, by start time, with live seat
/// counts. Rows are replaced in place when a fresh list arrives, so the view keeps its selection.
class ShowtimeListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShowtimeListModel)

public:
    enum Column { TimeColumn, AuditoriumColumn, MovieColumn, RatingColumn, SeatsColumn, ColumnCount };
    enum Role { ShowtimeIdRole = Qt::UserRole + 1, SoldOutRole, SeatsFreeRole, OnSaleRole, QueueWaitingRole };
    ///< OnSaleRole: on sale now (not cancelled or closed, and not started longer ago than late sales allow)

    explicit ShowtimeListModel(QObject* parent = nullptr);

    void setShowtimes(const QList<ShowtimeInfo>& showtimes);
    void setLocale(const QLocale& locale);
    /// How many wait in the admission queue, per showtime with a queue; a showtime not
    /// named has no queue. Shown beside the seats while someone waits; QueueWaitingRole reads it.
    void setQueueWaiting(const QHash<int, int>& waiting);
    /// A line moved (an announcement): its showtime's count follows, unless an announcement with a
    /// later sequence was applied already. A showtime not known to have a queue is named once
    /// someone waits in it (its queue was switched on after the counts were read).
    void applyQueueChange(const bo::QueueChange& change);
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
    QHash<int, int> m_waiting;
    QHash<int, qint64> m_queueSequence; ///< per showtime, the latest announcement applied
    QLocale m_locale;
    int m_lateSaleMinutes = 20;
};

} // namespace bo
