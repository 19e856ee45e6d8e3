// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "model/door/doorcheck.h"
#include "ui/common/uilanguage.h"

class QLabel;
class QPushButton;

namespace bo {

class DoorBeeper;
class VerdictView;

/// The door app's one screen, full screen at the door: what the scanner
/// typed is checked when its Enter comes, wherever the keyboard focus is (a keyboard-wedge
/// scanner types into the window, no field to click first), and the verdict fills the screen
/// with colour and words, with its sound. Across the top: which showtimes this door serves,
/// admitted / expected, the connection; under it a red banner while the door decides alone
/// (OFFLINE) and an amber one when a sync found a ticket used twice. Backspace or Ctrl+Z (or the button)
/// takes back the last admit within the undo time; Esc clears the screen.
class DoorWindow final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorWindow)

public:
    struct Options
    {
        int admitShownMs = 4000;  ///< a green screen goes back to "ready" after this
        int refuseShownMs = 8000; ///< a red one stays longer: the usher reads the reason
        int keyGapMs = 1000;      ///< a pause this long between keys starts a new scan
    };

    DoorWindow(DoorCheck* check, DoorBeeper* beeper, QWidget* parent = nullptr);
    DoorWindow(DoorCheck* check, DoorBeeper* beeper, Options options, QWidget* parent = nullptr);
    ~DoorWindow() override;

    [[nodiscard]] VerdictView* verdictView() const { return m_view; }
    void setLanguage(const QString& code);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private slots:
    void onVerdict(const bo::DoorVerdict& verdict);
    void updateHeader();
    void updateUndo();
    void updateBanners();

private:
    /// Takes a key of the scanner or the usher; true when it was ours.
    bool takeKey(const QKeyEvent* key);
    void retranslate();

    DoorCheck* m_check;
    DoorBeeper* m_beeper;
    Options m_options;
    VerdictView* m_view = nullptr;
    QLabel* m_scope = nullptr;
    QLabel* m_count = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_hint = nullptr;
    QLabel* m_offlineBanner = nullptr;
    QLabel* m_reportBanner = nullptr;
    QPushButton* m_undo = nullptr;
    QString m_buffer;
    QElapsedTimer m_lastKey;
    QTimer m_clear;
    QTimer m_tick;
    UiLanguage m_language;
};

} // namespace bo
