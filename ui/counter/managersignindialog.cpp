// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/managersignindialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace bo {

ManagerSignInDialog::ManagerSignInDialog(ManagerScreens& screens, ManagerScreens::Screen screen,
                                         QWidget* parent)
    : QDialog(parent)
    , m_screens(screens)
    , m_screen(screen)
{
    setObjectName(QStringLiteral("managerSignInDialog"));
    switch (screen) {
    case ManagerScreens::Screen::WeekPlanner:
        setWindowTitle(tr("Week planner: manager sign-in"));
        break;
    case ManagerScreens::Screen::Films:
        setWindowTitle(tr("Films: manager sign-in"));
        break;
    case ManagerScreens::Screen::HallLayouts:
        setWindowTitle(tr("Hall layouts: manager sign-in"));
        break;
    case ManagerScreens::Screen::Reports:
        setWindowTitle(tr("Reports: manager sign-in"));
        break;
    }
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("The catalogue is a manager's. Sign in with a manager's login."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* form = new QFormLayout;
    m_user = new QLineEdit(this);
    m_user->setObjectName(QStringLiteral("managerUser"));
    m_user->setAccessibleName(tr("Manager login"));
    m_password = new QLineEdit(this);
    m_password->setObjectName(QStringLiteral("managerPassword"));
    m_password->setAccessibleName(tr("Password"));
    m_password->setEchoMode(QLineEdit::Password);
    form->addRow(tr("&Login:"), m_user);
    form->addRow(tr("&Password:"), m_password);
    layout->addLayout(form);
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("managerSignInError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->hide();
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Sign in"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ManagerSignInDialog::signIn);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

QString ManagerSignInDialog::errorText() const
{
    return m_error->isVisible() || !m_error->text().isEmpty() ? m_error->text() : QString();
}

void ManagerSignInDialog::signIn()
{
    const QString user = m_user->text().trimmed();
    if (user.isEmpty()) {
        m_error->setText(tr("Enter a manager's login."));
        m_error->show();
        return;
    }
    auto opened = m_screens.open(m_screen, user, m_password->text());
    m_password->clear();
    if (!opened) {
        m_error->setText(tr("Not signed in: %1").arg(opened.error().message));
        m_error->show();
        m_password->setFocus();
        return;
    }
    accept();
}

} // namespace bo
