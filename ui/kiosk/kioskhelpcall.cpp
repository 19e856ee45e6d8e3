// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskhelpcall.h"

#include <QLabel>

#include "model/help/kioskhelp.h"
#include "ui/kiosk/kioskpage.h"

namespace bo {

KioskHelpCall::KioskHelpCall(QWidget* window)
    : QObject(window)
    , m_keys(KioskPage::makeLabel(QStringLiteral("helpText"), QStringLiteral("notice"), window))
    , m_status(KioskPage::makeLabel(QStringLiteral("helpStatus"), QStringLiteral("notice"), window))
{
    m_keys->hide();
    m_status->hide();
}

void KioskHelpCall::setHelp(KioskHelp* help)
{
    m_help = help;
    if (!help)
        return;
    connect(help, &KioskHelp::helpRequested, this,
            [this] { showStatus(tr("Staff have been called and will come to you. Please stay here.")); });
    connect(help, &KioskHelp::staffOnTheWay, this, [this](const QString& till) {
        showStatus(tr("Staff from %1 are on their way to you.").arg(till));
    });
    connect(help, &KioskHelp::callFailed, this, [this](const Error&) {
        showStatus(tr("We could not reach the staff. Please ask at the counter. We are sorry."));
    });
}

void KioskHelpCall::call(bool toCounter)
{
    m_keys->show();
    if (!m_help || toCounter) {
        showStatus(tr("Please ask at the counter: staff there will help you."));
        return;
    }
    if (m_help->stage() == KioskHelp::Stage::Idle)
        showStatus(tr("Calling staff…"));
    m_help->callForHelp();
}

void KioskHelpCall::hideKeys()
{
    m_keys->hide();
}

void KioskHelpCall::endCall()
{
    if (m_help)
        m_help->endCall();
    m_status->clear();
    m_status->hide();
}

void KioskHelpCall::retranslate()
{
    m_keys->setText(tr("Keys: the arrows move, OK chooses, Back goes back, Help calls staff."));
}

void KioskHelpCall::showStatus(const QString& text)
{
    m_status->setText(text);
    m_status->show();
    emit statusShown(text);
}

} // namespace bo
