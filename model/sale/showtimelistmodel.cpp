// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/showtimelistmodel.h"

#include "model/sale/salerules.h"

namespace bo {

ShowtimeListModel::ShowtimeListModel(QObject* parent)
    : QAbstractTableModel(parent)
{}

void ShowtimeListModel::setLocale(const QLocale& locale)
{
    m_locale = locale;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void ShowtimeListModel::setLateSaleMinutes(int minutes)
{
    m_lateSaleMinutes = minutes;
}

void ShowtimeListModel::setQueueWaiting(const QHash<int, int>& waiting)
{
    if (waiting == m_waiting)
        return;
    m_waiting = waiting;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, SeatsColumn), index(int(m_rows.size()) - 1, SeatsColumn));
}

void ShowtimeListModel::applyQueueChange(const QueueChange& change)
{
    qint64& latest = m_queueSequence[change.showtimeId];
    if (change.sequence <= latest)
        return;
    latest = change.sequence;
    const auto known = m_waiting.constFind(change.showtimeId);
    if (known == m_waiting.cend() ? change.waiting == 0 : *known == change.waiting)
        return;
    m_waiting.insert(change.showtimeId, change.waiting);
    if (const int row = rowOf(change.showtimeId); row >= 0)
        emit dataChanged(index(row, SeatsColumn), index(row, SeatsColumn));
}

void ShowtimeListModel::setShowtimes(const QList<ShowtimeInfo>& showtimes)
{
    bool sameRows = showtimes.size() == m_rows.size();
    for (qsizetype i = 0; sameRows && i < showtimes.size(); ++i)
        sameRows = showtimes.at(i).id == m_rows.at(i).id;
    if (!sameRows) {
        beginResetModel();
        m_rows = showtimes;
        endResetModel();
        return;
    }
    m_rows = showtimes;
    if (!m_rows.isEmpty())
        emit dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
}

int ShowtimeListModel::rowOf(int showtimeId) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).id == showtimeId)
            return int(i);
    }
    return -1;
}

int ShowtimeListModel::nextOnSaleRow(const QDateTime& now, int lateSaleMinutes) const
{
    for (qsizetype i = 0; i < m_rows.size(); ++i) {
        const ShowtimeInfo& s = m_rows.at(i);
        if (SaleRules::isOnSale(s, now, lateSaleMinutes) && s.seatsFree > 0)
            return int(i);
    }
    return -1;
}

int ShowtimeListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ShowtimeListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ShowtimeListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const ShowtimeInfo& s = m_rows.at(index.row());
    const bool soldOut = s.seatsFree == 0;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return m_locale.toString(s.startsAt.toLocalTime().time(), QLocale::ShortFormat);
        case AuditoriumColumn:
            return s.auditoriumName;
        case MovieColumn:
            return s.movieTitle;
        case RatingColumn:
            return s.rating;
        case SeatsColumn:
            if (s.status == QLatin1String("CANCELLED"))
                return tr("cancelled");
            if (soldOut)
                return tr("SOLD OUT");
            if (s.saleOpensAt.isValid() && s.saleOpensAt > QDateTime::currentDateTimeUtc())
                return tr("on sale %1")
                    .arg(m_locale.toString(s.saleOpensAt.toLocalTime(), QLocale::ShortFormat));
            if (const int waiting = m_waiting.value(s.id); waiting > 0)
                return tr("%1 / %2, %3 waiting").arg(s.seatsFree).arg(s.seatsTotal).arg(waiting);
            return tr("%1 / %2").arg(s.seatsFree).arg(s.seatsTotal);
        default:
            return {};
        }
    case Qt::TextAlignmentRole:
        return index.column() == SeatsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole:
        return tr("%1, %2 min, rated %3").arg(s.movieTitle).arg(s.runtimeMinutes).arg(s.rating);
    case ShowtimeIdRole:
        return s.id;
    case SoldOutRole:
        return soldOut;
    case SeatsFreeRole:
        return s.seatsFree;
    case QueueWaitingRole:
        return m_waiting.contains(s.id) ? QVariant(m_waiting.value(s.id)) : QVariant();
    case OnSaleRole:
        return SaleRules::isOnSale(s, QDateTime::currentDateTimeUtc(), m_lateSaleMinutes);
    default:
        return {};
    }
}

QVariant ShowtimeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case AuditoriumColumn:
        return tr("Hall");
    case MovieColumn:
        return tr("Film");
    case RatingColumn:
        return tr("Rating");
    case SeatsColumn:
        return tr("Seats left");
    default:
        return {};
    }
}

} // namespace bo
