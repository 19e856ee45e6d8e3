// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>
#include <QTimer>

#include "model/payments/paymentrecords.h"

class QLabel;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace bo {

class PaymentRecordListModel;

/// A manager's view of the money in doubt: every payment intent not in a final state,
/// since when, where, how much, how it stands and what the reconciler will do about it; "Check
/// now" runs one reconciler pass and says what it did. Everything goes through the PaymentRecords
/// port, so the till never waits on the database or the payment service.
class UnresolvedPaymentsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UnresolvedPaymentsDialog)

public:
    explicit UnresolvedPaymentsDialog(PaymentRecords* records, QWidget* parent = nullptr);
    ~UnresolvedPaymentsDialog() override;

    [[nodiscard]] PaymentRecordListModel* model() const { return m_model; }

public slots:
    void refresh();
    void checkNow();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;

private slots:
    void onListed(int requestId, const QList<bo::PaymentRecord>& records);
    void onCheckFinished(int requestId, const bo::PaymentCheck& check);
    void onFailed(int requestId, const bo::Error& error);

private:
    void retranslate();
    void showRecords();

    PaymentRecords* m_records;
    PaymentRecordListModel* m_model = nullptr;
    QStackedWidget* m_pages = nullptr;
    QTableView* m_table = nullptr;
    QLabel* m_empty = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_checkResult = nullptr;
    QPushButton* m_refresh = nullptr;
    QPushButton* m_check = nullptr;
    QPushButton* m_close = nullptr;
    QTimer m_autoRefresh;
    int m_listRequest = 0;  ///< the list request awaited, 0 when none
    int m_checkRequest = 0; ///< the check awaited, 0 when none
    QDateTime m_readAt;     ///< when the list shown was read (terminal clock), null before
};

} // namespace bo
