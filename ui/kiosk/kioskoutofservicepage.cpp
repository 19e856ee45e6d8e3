// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskoutofservicepage.h"

#include <QLabel>
#include <QVBoxLayout>

namespace bo {

KioskOutOfServicePage::KioskOutOfServicePage(QWidget* parent)
    : KioskPage(QStringLiteral("outOfServicePage"), parent)
{
    m_text = makeLabel(QStringLiteral("outOfService"), QStringLiteral("title"), this);
    m_text->setAlignment(Qt::AlignCenter);
    pageLayout()->addWidget(m_text, 1);
}

QString KioskOutOfServicePage::announcement() const
{
    return m_text->text();
}

void KioskOutOfServicePage::retranslate()
{
    KioskPage::retranslate();
    m_text->setText(tr("Out of service. Please buy your tickets at the counter. We are sorry."));
}

} // namespace bo
