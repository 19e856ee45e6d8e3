// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QWidget>

#include "ui/common/kiosktheme.h"

class QPushButton;

namespace bo {

/// On every kiosk screen, within a seated customer's reach at the bottom: call staff, the display
/// modes (large text, high contrast, low reach), the voice (quieter, louder, slower, faster; shown
/// only with a voice). Last in the focus chain: a screen's own controls come first.
class KioskToolBar final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskToolBar)

public:
    explicit KioskToolBar(QWidget* parent = nullptr);

    /// The display modes as they are (the buttons' states; no signals).
    void showDisplay(const KioskDisplay& display);
    void setVoiceShown(bool shown);
    void retranslate();

signals:
    void helpClicked();
    /// A display mode was turned on or off: the display the customer wants now.
    void displayChosen(const bo::KioskDisplay& display);
    /// The voice louder or quieter (`volumeStep`), faster or slower (`rateStep`).
    void voiceAdjusted(double volumeStep, double rateStep);
    /// What the voice says about the change.
    void announced(const QString& text);

public slots:
    /// The display modes' keys (F2, F3, F4).
    void toggleLargeText();
    void toggleHighContrast();
    void toggleLowReach();

private:
    KioskDisplay m_display;
    QPushButton* m_callHelp = nullptr;
    QPushButton* m_largeText = nullptr;
    QPushButton* m_highContrast = nullptr;
    QPushButton* m_lowReach = nullptr;
    QPushButton* m_quieter = nullptr;
    QPushButton* m_louder = nullptr;
    QPushButton* m_slower = nullptr;
    QPushButton* m_faster = nullptr;
};

} // namespace bo
