// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskattractpage.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/kiosk/kiosktheme.h"

namespace bo {

KioskAttractPage::KioskAttractPage(QWidget* parent)
    : KioskPage(QStringLiteral("attractPage"), parent)
{
    m_title = makeLabel(QStringLiteral("attractTitle"), QStringLiteral("title"), this);
    m_title->setAlignment(Qt::AlignCenter);
    m_films = makeLabel(QStringLiteral("attractFilms"), QString(), this);
    m_films->setAlignment(Qt::AlignCenter);
    m_start = makeButton(QStringLiteral("start"), this, true);
    m_start->setMinimumHeight(kiosktheme::touchTargetPx * 4);
    connect(m_start, &QPushButton::clicked, this, &KioskAttractPage::startClicked);
    m_korean = makeButton(QStringLiteral("korean"), this);
    m_english = makeButton(QStringLiteral("english"), this);
    m_korean->setText(QStringLiteral("한국어"));
    m_english->setText(QStringLiteral("English"));
    connect(m_korean, &QPushButton::clicked, this, [this] { emit languageChosen(QStringLiteral("ko")); });
    connect(m_english, &QPushButton::clicked, this, [this] { emit languageChosen(QStringLiteral("en")); });
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_title);
    l->addWidget(m_films, 1);
    l->addWidget(m_start);
    auto* languages = new QHBoxLayout;
    languages->addWidget(m_korean);
    languages->addWidget(m_english);
    l->addLayout(languages);
}

void KioskAttractPage::setFilms(const QStringList& titles)
{
    m_films->setText(titles.isEmpty() ? tr("No films on sale now.")
                                      : tr("Showing today:\n%1").arg(titles.join(QLatin1Char('\n'))));
}

void KioskAttractPage::setStartEnabled(bool enabled)
{
    const bool wasEnabled = m_start->isEnabled();
    m_start->setEnabled(enabled);
    if (!wasEnabled && m_start->isEnabled() && isCurrent())
        m_start->setFocus(Qt::OtherFocusReason);
}

QString KioskAttractPage::announcement() const
{
    return tr("Ticket kiosk. Press OK to start buying tickets. %1").arg(keysHint());
}

void KioskAttractPage::retranslate()
{
    KioskPage::retranslate();
    m_title->setText(tr("Buy your tickets here"));
    m_start->setText(tr("Touch to start"));
    m_start->setAccessibleName(tr("Start buying tickets"));
    m_korean->setAccessibleName(QStringLiteral("한국어"));
    m_english->setAccessibleName(QStringLiteral("English"));
}

QWidget* KioskAttractPage::preferredFocus() const
{
    return m_start;
}

} // namespace bo
