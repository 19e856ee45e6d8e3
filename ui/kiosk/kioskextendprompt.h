// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace bo {

class SaleFlow;

/// The one extension, offered over the seats or the summary before the hold ends (WCAG 2.2.1: at
/// least 20 s to answer): yes asks the flow for more time; no, or Back, leaves the seats as they
/// are. Offered again before a new deadline only while the server allows more.
class KioskExtendPrompt final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskExtendPrompt)

public:
    explicit KioskExtendPrompt(SaleFlow* flow, QWidget* parent = nullptr);

    /// A new hold: the extension may be offered again.
    void reset();
    /// The hold's time left; `offerNow`: the time has come to offer the extension (offered once
    /// per deadline, never after the server said no more).
    void showRemaining(qint64 remainingMs, bool offerNow);
    /// The server's answer to the request for more time.
    void showAnswer(bool granted, int extensionsLeft);
    /// The arrows on the open prompt: its own buttons only.
    void moveFocus(bool forward);
    /// No more time wanted (Back on the prompt).
    void decline();
    void retranslate();

signals:
    /// The prompt was closed: the screen below takes the focus again.
    void dismissed();

private:
    SaleFlow* m_flow;
    bool m_offered = false;    ///< offered for the current deadline
    bool m_noMoreTime = false; ///< the server said no more (or none left)
    QLabel* m_text = nullptr;
    QPushButton* m_yes = nullptr;
    QPushButton* m_no = nullptr;
};

} // namespace bo
