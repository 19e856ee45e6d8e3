// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QTimer>
#include <QWidget>

class QLabel;
class QPushButton;

namespace bo {

/// The kiosk's idle time and "Are you still there?" over whatever it shows: without input for
/// `idleMs` the window is told; the prompt it then pops up waits `promptMs` for Continue, then the
/// time is up.
class KioskIdlePrompt final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskIdlePrompt)

public:
    KioskIdlePrompt(int idleMs, int promptMs, QWidget* parent = nullptr);

    /// The customer did something: the idle time starts again.
    void restart();
    /// The idle time stops (the last screen stays its own time).
    void pause();
    /// No idle time and no prompt: nobody there, or the card terminal has its own time.
    void cancel();
    /// The prompt over the middle of the window, Continue focused, its own time running.
    void popUp();
    void retranslate();

signals:
    /// Nothing happened for the idle time.
    void idle();
    /// The prompt was not answered in its time.
    void timedOut();
    /// Continue: the prompt is gone, the customer stays.
    void continued();

private:
    QTimer m_idle;
    QTimer m_prompt;
    QLabel* m_text = nullptr;
    QPushButton* m_continue = nullptr;
};

} // namespace bo
