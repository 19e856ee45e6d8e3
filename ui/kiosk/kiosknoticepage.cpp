// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kiosknoticepage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace bo {

KioskNoticePage::KioskNoticePage(QWidget* parent)
    : KioskPage(QStringLiteral("noticePage"), parent)
{
    m_text = makeLabel(QStringLiteral("noticeText"), QStringLiteral("notice"), this);
    m_action = makeButton(QStringLiteral("noticeAction"), this, true);
    connect(m_action, &QPushButton::clicked, this, &KioskNoticePage::finished);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_text, 1);
    l->addWidget(m_action);
}

void KioskNoticePage::showNotice(const QString& text)
{
    m_text->setText(text);
    // In the language the text is in, as it is set with it.
    m_action->setText(tr("Start again"));
    m_action->setAccessibleName(m_action->text());
}

QString KioskNoticePage::announcement() const
{
    return m_text->text();
}

} // namespace bo
