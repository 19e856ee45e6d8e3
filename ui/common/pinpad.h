// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QWidget>

class QLineEdit;
class QPushButton;

namespace bo {

/// A PIN field with an on-screen numeric keypad (0-9, clear, back, OK) for a touch screen; the
/// field also takes the keyboard's digits, and Enter is OK. The PIN is handed on by pinEntered
/// and the field is emptied at once: the widget keeps no PIN.
class PinPad final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PinPad)

public:
    explicit PinPad(QWidget* parent = nullptr);

    [[nodiscard]] QLineEdit* field() const { return m_field; }
    /// Empties the field and gives it the keyboard.
    void clear();
    /// While a PIN is checked the keys take nothing; the field keeps the keyboard (a disabled
    /// field would hand it to the next button, which the Enter just typed would then press).
    void setBusy(bool busy);
    void retranslate();

signals:
    /// OK (or Enter) with whatever digits were typed; the field is empty again.
    void pinEntered(const QString& pin);

public slots:
    void submit();

private:
    void press(int digit);
    void backspace();

    QLineEdit* m_field = nullptr;
    QList<QPushButton*> m_digits;
    QPushButton* m_clear = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_ok = nullptr;
};

} // namespace bo
