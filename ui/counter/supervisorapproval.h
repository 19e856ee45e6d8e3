// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

class QLineEdit;
class QPushButton;
class QSpinBox;

namespace bo {

/// A supervisor's approval, as the refund and exchange dialogs ask for it when the till's quote
/// says the action needs one: the supervisor's staff number and PIN under a heading that says
/// what needs approving. The server checks the PIN (TillDesk::checkApproval); takePin() hands it
/// over once and clears the field, so the PIN is not kept.
class SupervisorApproval final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SupervisorApproval)

public:
    explicit SupervisorApproval(const QString& heading, QWidget* parent = nullptr);

    [[nodiscard]] int supervisor() const;
    [[nodiscard]] bool hasPin() const;
    /// The PIN typed, cleared from the field.
    [[nodiscard]] QString takePin();
    [[nodiscard]] QSpinBox* numberField() const { return m_supervisor; }
    [[nodiscard]] QLineEdit* pinField() const { return m_pin; }

private:
    QSpinBox* m_supervisor = nullptr;
    QLineEdit* m_pin = nullptr;
};

/// The booking row of the refund and exchange dialogs: the code as printed (XXXX-XXXX) and Find;
/// Find or Return asks for the booking with the code trimmed and in capitals.
class BookingCodeRow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BookingCodeRow)

public:
    explicit BookingCodeRow(QWidget* parent = nullptr);

    [[nodiscard]] QString code() const;
    [[nodiscard]] QLineEdit* codeField() const { return m_code; }
    [[nodiscard]] QPushButton* findButton() const { return m_find; }

signals:
    void findRequested(const QString& code);

private:
    QLineEdit* m_code = nullptr;
    QPushButton* m_find = nullptr;
};

} // namespace bo
