// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/managersignindialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "model/staff/staffsession.h"
#include "ui/common/staffsigninwidget.h"

namespace bo {

ManagerSignInDialog::ManagerSignInDialog(ManagerScreens& screens, ManagerScreens::Screen screen,
                                         StaffSession* staff, QWidget* parent)
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
    m_loginStep = new QWidget(this);
    auto* layout = new QVBoxLayout(m_loginStep);
    layout->setContentsMargins(0, 0, 0, 0);
    m_staffName = new QLabel(m_loginStep);
    m_staffName->setObjectName(QStringLiteral("managerStaffName"));
    m_staffName->hide();
    layout->addWidget(m_staffName);
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
    m_signInButton = buttons->button(QDialogButtonBox::Ok);
    m_signInButton->setText(tr("Sign in"));
    m_signInButton->setObjectName(QStringLiteral("managerSignInButton"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ManagerSignInDialog::signIn);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    m_steps = new QStackedWidget(this);
    auto* outer = new QVBoxLayout(this);
    outer->addWidget(m_steps);
    if (staff) {
        // First the member: a manager's number and PIN on the keypad, then the database's login.
        auto* staffStep = new QWidget(this);
        auto* staffLayout = new QVBoxLayout(staffStep);
        staffLayout->setContentsMargins(0, 0, 0, 0);
        m_staffSignIn = new StaffSignInWidget(staff, PinPurpose::Manager, StaffRole::Manager, staffStep);
        staffLayout->addWidget(m_staffSignIn, 1);
        auto* cancel = new QDialogButtonBox(QDialogButtonBox::Cancel, staffStep);
        staffLayout->addWidget(cancel);
        connect(cancel, &QDialogButtonBox::rejected, this, &QDialog::reject);
        connect(m_staffSignIn, &StaffSignInWidget::signedIn, this, &ManagerSignInDialog::onStaffSignedIn);
        m_steps->addWidget(staffStep);
        m_staffSignIn->reload();
        resize(900, 600);
    }
    m_steps->addWidget(m_loginStep);
}

void ManagerSignInDialog::onStaffSignedIn(const PinCheck& check)
{
    m_staffId = check.staffId;
    m_staffName->setText(tr("Manager: %1 (%2)").arg(check.name).arg(check.staffId));
    m_staffName->show();
    m_steps->setCurrentWidget(m_loginStep);
    m_user->setFocus();
}

QString ManagerSignInDialog::errorText() const
{
    if (m_signingIn)
        return {};
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
    if (m_staffSignIn && m_staffId == 0)
        return;
    if (m_signingIn)
        return;
    // The sign-in goes to the database on a worker (a connection may take seconds to refuse):
    // the dialog and the till behind it keep painting, the fields wait, Cancel still works.
    const QString password = m_password->text();
    m_password->clear();
    setSigningIn(true);
    m_screens.open(m_screen, user, password, m_staffId, this, [this](const Result<bool>& opened) {
        setSigningIn(false);
        if (!opened) {
            m_error->setText(tr("Not signed in: %1").arg(opened.error().message));
            m_error->show();
            m_password->setFocus();
            return;
        }
        accept();
    });
}

void ManagerSignInDialog::setSigningIn(bool busy)
{
    m_signingIn = busy;
    m_user->setEnabled(!busy);
    m_password->setEnabled(!busy);
    m_signInButton->setEnabled(!busy);
    if (busy) {
        m_error->setText(tr("Signing in…"));
        m_error->setStyleSheet(QString());
        m_error->show();
    } else {
        m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
        m_error->clear();
        m_error->hide();
    }
}

} // namespace bo
