// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kiosktoolbar.h"

#include <QGridLayout>
#include <QPushButton>

#include "ui/kiosk/kioskpage.h"
#include "ui/kiosk/kioskvoiceguide.h"

namespace bo {

KioskToolBar::KioskToolBar(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("toolBar"));
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(24, 8, 24, 16);
    grid->setSpacing(KioskTheme::touchGap);
    const auto tool = [this](const QString& name, bool checkable) {
        QPushButton* b = KioskPage::makeButton(name, this);
        b->setProperty("role", QStringLiteral("tool"));
        b->setCheckable(checkable);
        return b;
    };
    m_callHelp = tool(QStringLiteral("callHelp"), false);
    m_largeText = tool(QStringLiteral("largeText"), true);
    m_highContrast = tool(QStringLiteral("highContrast"), true);
    m_lowReach = tool(QStringLiteral("lowReach"), true);
    m_quieter = tool(QStringLiteral("quieter"), false);
    m_louder = tool(QStringLiteral("louder"), false);
    m_slower = tool(QStringLiteral("slower"), false);
    m_faster = tool(QStringLiteral("faster"), false);
    connect(m_callHelp, &QPushButton::clicked, this, &KioskToolBar::helpClicked);
    connect(m_largeText, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.largeText = on;
        emit displayChosen(d);
        emit announced(on ? tr("Large text on") : tr("Large text off"));
    });
    connect(m_highContrast, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.highContrast = on;
        emit displayChosen(d);
        emit announced(on ? tr("High contrast on") : tr("High contrast off"));
    });
    connect(m_lowReach, &QPushButton::toggled, this, [this](bool on) {
        KioskDisplay d = m_display;
        d.lowReach = on;
        emit displayChosen(d);
        emit announced(on ? tr("Low reach on: everything is in the lower half of the screen")
                          : tr("Low reach off"));
    });
    const double volume = KioskVoiceGuide::volumeStep;
    const double rate = KioskVoiceGuide::rateStep;
    connect(m_quieter, &QPushButton::clicked, this, [this, volume] { emit voiceAdjusted(-volume, 0); });
    connect(m_louder, &QPushButton::clicked, this, [this, volume] { emit voiceAdjusted(volume, 0); });
    connect(m_slower, &QPushButton::clicked, this, [this, rate] { emit voiceAdjusted(0, -rate); });
    connect(m_faster, &QPushButton::clicked, this, [this, rate] { emit voiceAdjusted(0, rate); });
    grid->addWidget(m_callHelp, 0, 0);
    grid->addWidget(m_largeText, 0, 1);
    grid->addWidget(m_highContrast, 0, 2);
    grid->addWidget(m_lowReach, 0, 3);
    grid->addWidget(m_quieter, 1, 0);
    grid->addWidget(m_louder, 1, 1);
    grid->addWidget(m_slower, 1, 2);
    grid->addWidget(m_faster, 1, 3);
    for (int c = 0; c < 4; ++c)
        grid->setColumnStretch(c, 1);
}

void KioskToolBar::showDisplay(const KioskDisplay& display)
{
    m_display = display;
    const QSignalBlocker b1(m_largeText);
    const QSignalBlocker b2(m_highContrast);
    const QSignalBlocker b3(m_lowReach);
    m_largeText->setChecked(display.largeText);
    m_highContrast->setChecked(display.highContrast);
    m_lowReach->setChecked(display.lowReach);
}

void KioskToolBar::setVoiceShown(bool shown)
{
    for (QPushButton* b : {m_quieter, m_louder, m_slower, m_faster})
        b->setVisible(shown);
}

void KioskToolBar::toggleLargeText()
{
    m_largeText->toggle();
}

void KioskToolBar::toggleHighContrast()
{
    m_highContrast->toggle();
}

void KioskToolBar::toggleLowReach()
{
    m_lowReach->toggle();
}

void KioskToolBar::retranslate()
{
    m_callHelp->setText(tr("Call staff"));
    m_callHelp->setAccessibleName(tr("Call staff"));
    m_callHelp->setAccessibleDescription(tr("Staff at the counter are told to come to this kiosk."));
    m_largeText->setText(tr("Large text"));
    m_highContrast->setText(tr("Contrast"));
    m_highContrast->setAccessibleName(tr("High contrast"));
    m_lowReach->setText(tr("Low reach"));
    m_lowReach->setAccessibleDescription(tr("Moves everything into the lower half of the screen."));
    m_quieter->setText(tr("Quieter"));
    m_louder->setText(tr("Louder"));
    m_slower->setText(tr("Slower"));
    m_faster->setText(tr("Faster"));
    for (QPushButton* b : {m_largeText, m_lowReach, m_quieter, m_louder, m_slower, m_faster})
        b->setAccessibleName(b->text());
}

} // namespace bo
