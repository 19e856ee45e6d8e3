// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace bo {

/// An amount of cash, and a reason when one is asked for: the float of a new shift, a pay-in or
/// a pay-out. Digits only, in the currency's smallest unit as the drawer counts it (won for KRW).
class AmountDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AmountDialog)

public:
    AmountDialog(const QString& title, const QString& prompt, bool askReason, QWidget* parent = nullptr);

    [[nodiscard]] qint64 amountMinor() const;
    [[nodiscard]] QString reason() const;
    [[nodiscard]] QLineEdit* amountField() const { return m_amount; }
    [[nodiscard]] QLineEdit* reasonField() const { return m_reason; }

private:
    void check();

    QLineEdit* m_amount = nullptr;
    QLineEdit* m_reason = nullptr;
    QLabel* m_error = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace bo
