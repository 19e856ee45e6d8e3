// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>

#include "ui/counter/managerscreens.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QStackedWidget;

namespace bo {

class StaffSession;
class StaffSignInWidget;
struct PinCheck;

/// Asks for a manager's login and password and opens a manager's screen with them; a refusal
/// (a wrong password) is shown in the dialog, which stays open, and opens nothing. With a staff
/// session (the database has staff) a member with the manager's role first gives their number
/// and PIN on the keypad; the screen's connection then names them, so the audit log attributes
/// the screen's changes to that member.
class ManagerSignInDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManagerSignInDialog)

public:
    ManagerSignInDialog(ManagerScreens& screens, ManagerScreens::Screen screen, StaffSession* staff = nullptr,
                        QWidget* parent = nullptr);

    [[nodiscard]] QString errorText() const;
    [[nodiscard]] StaffSignInWidget* staffSignIn() const { return m_staffSignIn; }
    /// The member whose manager's PIN was checked; 0 before (or without staff).
    [[nodiscard]] int staffId() const { return m_staffId; }

public slots:
    /// Signs in and opens the screen; accepts the dialog when it opened. The answer comes later:
    /// meanwhile the fields and the button wait (signingIn()) and Cancel closes the dialog, after
    /// which nothing opens.
    void signIn();

public:
    /// A sign-in is on its way to the database.
    [[nodiscard]] bool signingIn() const { return m_signingIn; }

private:
    void onStaffSignedIn(const bo::PinCheck& check);
    void setSigningIn(bool busy);

    ManagerScreens& m_screens;
    ManagerScreens::Screen m_screen;
    QLineEdit* m_user = nullptr;
    QLineEdit* m_password = nullptr;
    QLabel* m_error = nullptr;
    QStackedWidget* m_steps = nullptr;
    QWidget* m_loginStep = nullptr;
    QLabel* m_staffName = nullptr;
    StaffSignInWidget* m_staffSignIn = nullptr;
    QPushButton* m_signInButton = nullptr;
    int m_staffId = 0;
    bool m_signingIn = false;
};

} // namespace bo
