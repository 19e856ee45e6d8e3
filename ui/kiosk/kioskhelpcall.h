// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QObject>
#include <QPointer>

class QLabel;
class QWidget;

namespace bo {

class KioskHelp;

/// A customer's call for staff (the Help key, the Call staff button): the call to every till's
/// board through KioskHelp, and what became of it, on the screen and for the voice; without
/// KioskHelp, or from the staff screen, the counter is pointed to. Its two notices (the keys, the
/// call's state) are made in the window, which lays them out above its screens.
class KioskHelpCall final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KioskHelpCall)

public:
    explicit KioskHelpCall(QWidget* window);

    /// What the keys do, shown with a call.
    [[nodiscard]] QLabel* keysNotice() const { return m_keys; }
    /// The call's state.
    [[nodiscard]] QLabel* statusNotice() const { return m_status; }
    /// The help desk's client; null: the kiosk points to the counter.
    void setHelp(KioskHelp* help);
    /// Calls staff; `toCounter`: the counter is pointed to instead (the staff screen).
    void call(bool toCounter);
    /// The keys' notice goes (another screen).
    void hideKeys();
    /// The next customer: no call open, nothing shown.
    void endCall();
    void retranslate();

signals:
    /// The call's state changed to `text` (for the voice).
    void statusShown(const QString& text);

private:
    void showStatus(const QString& text);

    QPointer<KioskHelp> m_help;
    QLabel* m_keys;
    QLabel* m_status;
};

} // namespace bo
