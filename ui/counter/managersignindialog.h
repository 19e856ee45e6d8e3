// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDialog>

#include "ui/counter/managerscreens.h"

class QLabel;
class QLineEdit;

namespace bo {

/// Asks for a manager's login and password and opens a manager's screen with them; a refusal
/// (a wrong password) is shown in the dialog, which stays open, and opens nothing.
class ManagerSignInDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ManagerSignInDialog)

public:
    ManagerSignInDialog(ManagerScreens& screens, ManagerScreens::Screen screen, QWidget* parent = nullptr);

    [[nodiscard]] QString errorText() const;

public slots:
    /// Signs in and opens the screen; accepts the dialog when it opened.
    void signIn();

private:
    ManagerScreens& m_screens;
    ManagerScreens::Screen m_screen;
    QLineEdit* m_user = nullptr;
    QLineEdit* m_password = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace bo
