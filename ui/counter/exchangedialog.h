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

/// An exchange at the counter: the booking's code and the seats to give up (ticked), the new
/// showtime and the new seats as printed ("H3 H4"), a reason. One transaction in the database:
/// the new booking confirmed, the old seats freed, the difference taken in cash or given back to
/// the old payment. A supervisor's number and PIN when the server asks for them (the showtime has
/// started, or much money goes back).
class ExchangeDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExchangeDialog)

public:
    ExchangeDialog(TillDesk* desk, QString terminal, QUuid terminalId, QWidget* parent = nullptr);

    [[nodiscard]] QLineEdit* codeField() const { return m_code; }
    [[nodiscard]] QPushButton* findButton() const { return m_find; }
    [[nodiscard]] QListWidget* seatList() const { return m_seats; }
    [[nodiscard]] QSpinBox* showtimeField() const { return m_showtime; }
    [[nodiscard]] QLineEdit* newSeatsField() const { return m_newSeats; }
    [[nodiscard]] QLineEdit* reasonField() const { return m_reason; }
    [[nodiscard]] QSpinBox* supervisorField() const { return m_supervisor; }
    [[nodiscard]] QLineEdit* pinField() const { return m_pin; }
    [[nodiscard]] QPushButton* exchangeButton() const { return m_exchange; }
    [[nodiscard]] QLabel* resultLabel() const { return m_result; }

private:
    void find();
    void submit();
    void send(std::optional<int> approvedBy);
    void onQuoted(const bo::RefundQuote& quote);
    void onApproval(const bo::PinCheck& check);
    void onExchanged(const bo::ExchangeResult& result);
    void onFailed(const QString& what, const bo::Error& error);

    TillDesk* m_desk;
    QString m_terminal;
    QUuid m_terminalId;
    QString m_bookingCode;
    bool m_waiting = false; ///< an exchange or its approval is on its way
    QLineEdit* m_code = nullptr;
    QPushButton* m_find = nullptr;
    QListWidget* m_seats = nullptr;
    QSpinBox* m_showtime = nullptr;
    QLineEdit* m_newSeats = nullptr;
    QLineEdit* m_reason = nullptr;
    SupervisorApproval* m_approval = nullptr;
    QSpinBox* m_supervisor = nullptr;
    QLineEdit* m_pin = nullptr;
    QPushButton* m_exchange = nullptr;
    QLabel* m_result = nullptr;
};

} // namespace bo
