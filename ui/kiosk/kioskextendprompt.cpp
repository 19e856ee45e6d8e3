// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskextendprompt.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/saleflow.h"
#include "ui/kiosk/kioskpage.h"

namespace bo {

KioskExtendPrompt::KioskExtendPrompt(SaleFlow* flow, QWidget* parent)
    : QWidget(parent)
    , m_flow(flow)
{
    setObjectName(QStringLiteral("extendPrompt"));
    setAttribute(Qt::WA_StyledBackground);
    setStyleSheet(QStringLiteral("QWidget#extendPrompt { background: #2b3440; border: 4px solid #4cc38a; }"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(36, 36, 36, 36);
    m_text = KioskPage::makeLabel(QStringLiteral("extendText"), QStringLiteral("heading"), this);
    m_yes = KioskPage::makeButton(QStringLiteral("extendYes"), this, true);
    m_no = KioskPage::makeButton(QStringLiteral("extendNo"), this);
    connect(m_yes, &QPushButton::clicked, this, [this] {
        m_yes->setEnabled(false);
        m_text->setText(tr("Asking for more time…"));
        m_flow->extendTime();
    });
    connect(m_no, &QPushButton::clicked, this, [this] {
        hide();
        emit dismissed();
    });
    layout->addWidget(m_text);
    layout->addWidget(m_yes);
    layout->addWidget(m_no);
    hide();
}

void KioskExtendPrompt::reset()
{
    m_offered = false;
    m_noMoreTime = false;
}

void KioskExtendPrompt::showRemaining(qint64 remainingMs, bool offerNow)
{
    if (isVisible() && m_yes->isEnabled())
        m_text->setText(tr("Your seats are kept for %1 more. Do you need more time?")
                            .arg(KioskPage::timeLeftText(remainingMs)));
    if (m_offered || m_noMoreTime || !offerNow)
        return;
    m_offered = true;
    m_yes->setEnabled(true);
    m_yes->show();
    m_no->setText(tr("No, thank you"));
    m_text->setText(tr("Your seats are kept for %1 more. Do you need more time?")
                        .arg(KioskPage::timeLeftText(remainingMs)));
    const QWidget* window = parentWidget();
    setGeometry(window->rect().adjusted(60, window->height() / 3, -60, -window->height() / 3));
    show();
    raise();
    m_yes->setFocus(Qt::OtherFocusReason);
}

void KioskExtendPrompt::showAnswer(bool granted, int extensionsLeft)
{
    if (granted) {
        m_offered = false;
        m_noMoreTime = extensionsLeft <= 0;
        hide();
        emit dismissed();
        return;
    }
    m_noMoreTime = true;
    if (isVisible()) {
        m_text->setText(tr("Sorry, no more time can be added. Please finish your order now."));
        m_yes->hide();
        m_no->setText(tr("OK"));
        m_no->setFocus(Qt::OtherFocusReason);
    }
}

void KioskExtendPrompt::moveFocus(bool forward)
{
    QPushButton* to = forward || !m_yes->isVisible() ? m_no : m_yes;
    if (to->isEnabled())
        to->setFocus(Qt::OtherFocusReason);
}

void KioskExtendPrompt::decline()
{
    m_no->click();
}

void KioskExtendPrompt::retranslate()
{
    m_yes->setText(tr("Yes, more time"));
    m_no->setText(tr("No, thank you"));
}

} // namespace bo
