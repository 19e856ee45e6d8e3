// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>
#include <QUuid>

#include "model/till/tilldesk.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QWidget;

namespace bo {

class SupervisorApproval;

/// A refund at the counter: the booking's code, its seats (all, or the ones ticked), a reason;
/// what it pays back and to which method; a supervisor's number and PIN when the amount is above
/// the limit or the showtime has started. One idempotency key per refund, kept while the same
/// refund is retried, so a double press or a retry after a lost answer pays back once.
class RefundDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RefundDialog)

public:
    RefundDialog(TillDesk* desk, QString terminal, QUuid terminalId, QWidget* parent = nullptr);

    [[nodiscard]] QLineEdit* codeField() const { return m_code; }
    [[nodiscard]] QListWidget* seatList() const { return m_seats; }
    [[nodiscard]] QLineEdit* reasonField() const { return m_reason; }
    [[nodiscard]] QSpinBox* supervisorField() const { return m_supervisor; }
    [[nodiscard]] QLineEdit* pinField() const { return m_pin; }
    [[nodiscard]] QPushButton* findButton() const { return m_find; }
    [[nodiscard]] QPushButton* refundButton() const { return m_refund; }
    [[nodiscard]] QLabel* summaryLabel() const { return m_summary; }
    [[nodiscard]] QLabel* resultLabel() const { return m_result; }
    [[nodiscard]] bool needsApproval() const { return m_quote.needsApproval; }

private:
    void find();
    void requote();
    void submit();
    void sendRefund(std::optional<int> approvedBy);
    [[nodiscard]] QStringList chosenSeats() const;
    void onQuoted(const bo::RefundQuote& quote);
    void onApproval(const bo::PinCheck& check);
    void onRefunded(const bo::RefundRecord& refund);
    void onFailed(const QString& what, const bo::Error& error);

    TillDesk* m_desk;
    QString m_terminal;
    QUuid m_terminalId;
    RefundQuote m_quote;
    bool m_fullList = false; ///< the seat list shows the booking's seats (from the first quote)
    QUuid m_key;             ///< this refund's key; a new one when the refund changes
    QString m_keyFor;        ///< the code and seats m_key was made for
    QLineEdit* m_code = nullptr;
    QPushButton* m_find = nullptr;
    QListWidget* m_seats = nullptr;
    QLineEdit* m_reason = nullptr;
    QLabel* m_summary = nullptr;
    SupervisorApproval* m_approval = nullptr;
    QSpinBox* m_supervisor = nullptr;
    QLineEdit* m_pin = nullptr;
    QPushButton* m_refund = nullptr;
    QLabel* m_result = nullptr;
};

} // namespace bo
