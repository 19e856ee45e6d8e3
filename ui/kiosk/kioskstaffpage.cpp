// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskstaffpage.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/staff/staffsession.h"
#include "ui/common/staffsigninwidget.h"

namespace bo {
namespace {

/// Wrong PINs before the staff screen gives up.
constexpr int staffTries = 3;

} // namespace

KioskStaffPage::KioskStaffPage(QWidget* parent)
    : KioskPage(QStringLiteral("staffPage"), parent)
{
    m_text = makeLabel(QStringLiteral("staffText"), QStringLiteral("heading"), this);
    m_pin = new QLineEdit(this);
    m_pin->setObjectName(QStringLiteral("staffPin"));
    m_pin->setEchoMode(QLineEdit::Password);
    m_pin->setContextMenuPolicy(Qt::NoContextMenu);
    m_pin->setMaxLength(12);
    connect(m_pin, &QLineEdit::returnPressed, this, &KioskStaffPage::checkPin);
    m_confirm = makeButton(QStringLiteral("staffConfirm"), this, true);
    m_cancel = makeButton(QStringLiteral("staffCancel"), this);
    connect(m_confirm, &QPushButton::clicked, this, &KioskStaffPage::checkPin);
    connect(m_cancel, &QPushButton::clicked, this, &KioskStaffPage::cancelClicked);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_text);
    l->addWidget(m_pin);
    l->addWidget(m_confirm);
    l->addWidget(m_cancel);
    l->addStretch(1);
}

void KioskStaffPage::setStaffSession(StaffSession* session)
{
    if (m_signIn || !session)
        return;
    m_signIn = new StaffSignInWidget(session, PinPurpose::Approve, StaffRole::Supervisor, this);
    // A public machine does not list its staff: the number is typed.
    m_signIn->setShowNames(false);
    m_signIn->hide();
    pageLayout()->insertWidget(1, m_signIn, 1);
    connect(m_signIn, &StaffSignInWidget::staffListed, this, [this](int count) {
        if (!isCurrent())
            return;
        // No staff (or the list unreadable): the kiosk's own PIN stays the way out.
        const bool staff = count > 0;
        m_signIn->setVisible(staff);
        m_pin->setVisible(!staff);
        m_confirm->setVisible(!staff);
        if (staff)
            m_text->setText(tr("Staff: a supervisor's number and PIN close the kiosk."));
        else
            showPinPrompt();
    });
    connect(m_signIn, &StaffSignInWidget::signedIn, this, [this](const PinCheck&) {
        if (isCurrent())
            emit exitGranted();
    });
}

void KioskStaffPage::open()
{
    m_wrongPins = 0;
    m_pin->clear();
    showPinPrompt();
    if (m_signIn) {
        // Whether the database has staff decides the way out; until it answers, nothing is typed.
        m_signIn->reset();
        m_signIn->hide();
        m_pin->setEnabled(false);
        m_confirm->setEnabled(false);
        m_text->setText(tr("Staff: one moment…"));
        m_signIn->reload();
    }
}

void KioskStaffPage::showPinPrompt()
{
    m_text->setText(m_pinCheck ? tr("Staff: enter the PIN to close the kiosk.")
                               : tr("No staff PIN is set on this kiosk (boxoffice-kiosk --set-staff-pin)."));
    m_pin->setEnabled(bool(m_pinCheck));
    m_confirm->setEnabled(bool(m_pinCheck));
}

void KioskStaffPage::checkPin()
{
    if (!isCurrent() || !m_pinCheck)
        return;
    const QString pin = m_pin->text();
    m_pin->clear();
    if (m_pinCheck(pin)) {
        emit exitGranted();
        return;
    }
    if (++m_wrongPins >= staffTries) {
        emit triesUsedUp();
        return;
    }
    m_text->setText(tr("Wrong PIN. Try again."));
}

QString KioskStaffPage::announcement() const
{
    return m_text->text();
}

void KioskStaffPage::retranslate()
{
    KioskPage::retranslate();
    m_confirm->setText(tr("Close the kiosk"));
    m_cancel->setText(tr("Cancel"));
    m_pin->setAccessibleName(tr("Staff PIN"));
}

QWidget* KioskStaffPage::preferredFocus() const
{
    return m_pin;
}

} // namespace bo
