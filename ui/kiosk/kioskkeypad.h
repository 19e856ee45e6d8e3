// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QTimer>

class QWidget;

namespace bo {

/// Reads every input of the application for the kiosk's window (docs/KIOSK.md, "Keypad
/// mapping") and says what the customer or staff asked for: arrows move the focus in reading order
/// (a seat map keeps them; the seat list keeps them inside its ends), OK (Enter) presses the
/// focused button, Back (Esc, Backspace outside a text field), Help (F1), the display modes (F2,
/// F3, F4), the voice (volume keys or F7, F8; speed F9, F10). Context menus never open. The staff
/// exit: the chord Ctrl+Alt+Shift+F12 on a service keyboard, or a long press in the top-left
/// corner.
class KioskKeypad final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskKeypad)

public:
    /// Filters the application's events for `window` from now on, until destroyed.
    explicit KioskKeypad(QWidget* window);
    ~KioskKeypad() override;

signals:
    /// A touch or a click anywhere.
    void touched();
    /// A key anywhere (before it is read).
    void keyPressed();
    /// The arrows: on (`forward`) or back in reading order.
    void focusMoveAsked(bool forward);
    void backPressed();
    void helpPressed();
    void largeTextPressed();
    void highContrastPressed();
    void lowReachPressed();
    /// The voice louder or quieter (`volumeStep`), faster or slower (`rateStep`).
    void voiceAdjustAsked(double volumeStep, double rateStep);
    /// The staff chord, or the corner held long enough.
    void staffAsked();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    [[nodiscard]] bool readKey(QObject* watched, int key, Qt::KeyboardModifiers modifiers);

    QWidget* m_window;
    QTimer m_cornerPress; ///< the staff corner's long press
};

} // namespace bo
