// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAbstractTableModel>
#include <QDateTime>
#include <QList>
#include <QLocale>

#include "model/payments/paymentrecords.h"

namespace bo {

/// The unresolved payments, one row per intent, newest first: since when, terminal, method,
/// amount, state, booking, the service's reference, the last problem, and what the reconciler
/// will do. Rows are replaced when a fresh list arrives.
class PaymentRecordListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PaymentRecordListModel)

public:
    enum Column {
        SinceColumn,
        TerminalColumn,
        MethodColumn,
        AmountColumn,
        StateColumn,
        BookingColumn,
        ReferenceColumn,
        ProblemColumn,
        ReconcilerColumn,
        ColumnCount
    };
    enum Role { KeyRole = Qt::UserRole + 1, StateRole, ActionRole, DueRole };

    explicit PaymentRecordListModel(QObject* parent = nullptr);

    /// `now` (the terminal's clock) is what the ages are counted from.
    void setRecords(const QList<PaymentRecord>& records, const QDateTime& now);
    void setLocale(const QLocale& locale);
    [[nodiscard]] const QList<PaymentRecord>& records() const { return m_rows; }

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation orientation,
                                      int role = Qt::DisplayRole) const override;

    /// For people: "Authorised", "Checking…" (the words shown in the state column).
    [[nodiscard]] static QString stateText(IntentState state);
    /// What the reconciler will do, for people: "Void", "Capture", "Waits: the sale may finish".
    [[nodiscard]] static QString actionText(const PaymentRecord& record);
    /// How long ago, for people: "under a minute", "12 min", "3 h 5 min", "2 d 1 h".
    [[nodiscard]] static QString ageText(qint64 seconds);

private:
    [[nodiscard]] QVariant display(const PaymentRecord& record, int column) const;

    QList<PaymentRecord> m_rows;
    QDateTime m_now;
    QLocale m_locale;
};

} // namespace bo
