// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskidleprompt.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/kiosk/kioskpage.h"

namespace bo {

KioskIdlePrompt::KioskIdlePrompt(int idleMs, int promptMs, QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("idlePrompt"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(QStringLiteral("QWidget#idlePrompt { background: #2b3440; border: 4px solid #ffd166; }"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(36, 36, 36, 36);
    m_text = KioskPage::makeLabel(QStringLiteral("idleText"), QStringLiteral("heading"), this);
    m_continue = KioskPage::makeButton(QStringLiteral("idleContinue"), this, true);
    connect(m_continue, &QPushButton::clicked, this, [this] {
        m_prompt.stop();
        hide();
        emit continued();
    });
    layout->addWidget(m_text);
    layout->addWidget(m_continue);
    hide();
    m_idle.setSingleShot(true);
    m_idle.setInterval(idleMs);
    connect(&m_idle, &QTimer::timeout, this, &KioskIdlePrompt::idle);
    m_prompt.setSingleShot(true);
    m_prompt.setInterval(promptMs);
    connect(&m_prompt, &QTimer::timeout, this, &KioskIdlePrompt::timedOut);
}

void KioskIdlePrompt::restart()
{
    m_idle.start();
}

void KioskIdlePrompt::pause()
{
    m_idle.stop();
}

void KioskIdlePrompt::cancel()
{
    m_idle.stop();
    m_prompt.stop();
    hide();
}

void KioskIdlePrompt::popUp()
{
    const QWidget* window = parentWidget();
    setGeometry(window->rect().adjusted(60, window->height() / 3, -60, -window->height() / 3));
    show();
    raise();
    m_continue->setFocus(Qt::OtherFocusReason);
    m_prompt.start();
}

void KioskIdlePrompt::retranslate()
{
    m_text->setText(tr("Are you still there? Touch Continue to keep your order."));
    m_continue->setText(tr("Continue"));
}

} // namespace bo
