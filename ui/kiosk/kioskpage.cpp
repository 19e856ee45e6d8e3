// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskpage.h"

#include <algorithm>

#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "ui/kiosk/kiosktheme.h"

namespace bo {

KioskPage::KioskPage(const QString& name, QWidget* parent)
    : QWidget(parent)
    , m_layout(new QVBoxLayout(this))
{
    setObjectName(name);
    m_layout->setContentsMargins(48, 48, 48, 48);
    m_layout->setSpacing(24);
}

QPushButton* KioskPage::makeButton(const QString& name, QWidget* parent, bool primary)
{
    auto* button = new QPushButton(parent);
    button->setObjectName(name);
    if (primary)
        button->setProperty("role", QStringLiteral("primary"));
    kiosktheme::makeTouchButton(button);
    return button;
}

QLabel* KioskPage::makeLabel(const QString& name, const QString& role, QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setObjectName(name);
    if (!role.isEmpty())
        label->setProperty("role", role);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::NoTextInteraction);
    return label;
}

void KioskPage::clearLayout(QLayout* layout)
{
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
}

QString KioskPage::timeLeftText(qint64 ms)
{
    const qint64 s = (std::max<qint64>(ms, 0) + 999) / 1000;
    return QStringLiteral("%1:%2").arg(s / 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString KioskPage::keysHint()
{
    return tr("Arrows move, OK chooses, Back goes back, Help calls staff.");
}

bool KioskPage::isCurrent() const
{
    const auto* stack = qobject_cast<const QStackedWidget*>(parentWidget());
    return stack && stack->currentWidget() == this;
}

QWidget* KioskPage::focusTarget() const
{
    if (QWidget* preferred = preferredFocus())
        return preferred;
    for (QPushButton* b : findChildren<QPushButton*>()) {
        if (b->isVisibleTo(this) && b->isEnabled())
            return b;
    }
    return nullptr;
}

void KioskPage::retranslate()
{
    if (m_back) {
        m_back->setText(tr("Back"));
        m_back->setAccessibleName(tr("Back"));
    }
}

void KioskPage::addBackButton()
{
    m_back = makeButton(QStringLiteral("back"), this);
    connect(m_back, &QPushButton::clicked, this, &KioskPage::backClicked);
    m_layout->addWidget(m_back);
}

void KioskPage::chainFocus(QLayout* list) const
{
    QWidget* previous = nullptr;
    for (int i = 0; i < list->count(); ++i) {
        QWidget* w = list->itemAt(i)->widget();
        if (previous)
            QWidget::setTabOrder(previous, w);
        previous = w;
    }
    if (previous && m_back)
        QWidget::setTabOrder(previous, m_back);
}

} // namespace bo
