// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QWidget>

#include "model/staff/staffsession.h"

class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace bo {

class PinPad;

/// One sign-in for every screen that asks a member of staff for their PIN (the counter's sign-in
/// and lock, the manager's pages, the kiosk's staff exit): the active staff as big buttons (name
/// and number) or a number typed, a PIN on a keypad, and the server's answer in words. A member
/// locked after too many wrong PINs gets "Unlock with a supervisor": a supervisor picks their name
/// and types their PIN, and the member tries again. The PIN goes to the session and is not kept.
class StaffSignInWidget final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(StaffSignInWidget)

public:
    StaffSignInWidget(StaffSession* session, PinPurpose purpose, StaffRole needed, QWidget* parent = nullptr);

    /// The headline above the names ("Sign in", "Till locked: …"); the default says what
    /// `purpose` asks for.
    void setTitle(const QString& title);
    /// Whether the names are shown as buttons (default); without them the number is typed (a
    /// public kiosk does not list its staff).
    void setShowNames(bool show);
    /// Reads the active staff again; answer: staffListed.
    void reload();
    /// Picks a member as if their button was pressed (the lock screen picks the one signed in).
    void select(int staffId);
    /// Back to the first step: no member picked, no message, not unlocking.
    void reset();
    [[nodiscard]] int selectedStaff() const;
    [[nodiscard]] QString messageText() const;
    [[nodiscard]] bool isUnlocking() const { return m_unlockingId != 0; }
    [[nodiscard]] int staffCount() const { return int(m_staff.size()); }
    [[nodiscard]] PinPad* pinPad() const { return m_pad; }

signals:
    /// The right PIN of a member with the role needed; for SignIn the server has signed them in.
    void signedIn(const bo::PinCheck& check);
    /// The staff list arrived (`count` active members); -1 when it could not be read.
    void staffListed(int count);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private slots:
    void onStaffLoaded(int requestId, const QList<bo::StaffMember>& staff);
    void onPinEntered(const QString& pin);
    void onPinChecked(int requestId, const bo::PinCheck& check);
    void onFailed(int requestId, const bo::Error& error);
    void onUnlockClicked();

private:
    void retranslate();
    void showMessage(const QString& text, bool alert);
    void setBusy(bool busy);
    void updateTitle();

    StaffSession* m_session;
    PinPurpose m_purpose;
    StaffRole m_needed;
    QString m_title;
    QList<StaffMember> m_staff;
    QHash<int, QPushButton*> m_buttons;
    QLabel* m_heading = nullptr;
    QWidget* m_names = nullptr;
    QWidget* m_namesArea = nullptr;
    QGridLayout* m_namesLayout = nullptr;
    QLabel* m_numberLabel = nullptr;
    QLineEdit* m_number = nullptr;
    PinPad* m_pad = nullptr;
    QLabel* m_message = nullptr;
    QPushButton* m_unlock = nullptr;
    QPushButton* m_cancelUnlock = nullptr;
    int m_loadRequest = 0;
    int m_pending = 0;  ///< the PIN check or unlock being answered
    int m_lockedId = 0; ///< the member whose last try ended in the lock
    QString m_lockedName;
    int m_unlockingId = 0; ///< while a supervisor unlocks: the member being unlocked
};

} // namespace bo
