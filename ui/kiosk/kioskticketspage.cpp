// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskticketspage.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/sale/saleflow.h"
#include "model/seats/seatmap.h"
#include "model/showtimes/tickettypes.h"

namespace bo {

KioskTicketsPage::KioskTicketsPage(SaleFlow* flow, QWidget* parent)
    : KioskPage(QStringLiteral("ticketsPage"), parent)
    , m_flow(flow)
{
    QVBoxLayout* l = pageLayout();
    m_heading = makeLabel(QStringLiteral("ticketsHeading"), QStringLiteral("heading"), this);
    l->addWidget(m_heading);
    m_tierGrid = new QGridLayout;
    m_tierGrid->setHorizontalSpacing(24);
    m_tierGrid->setVerticalSpacing(24);
    l->addLayout(m_tierGrid);
    m_total = makeLabel(QStringLiteral("ticketsTotal"), QString(), this);
    l->addWidget(m_total);
    l->addStretch(1);
    m_next = makeButton(QStringLiteral("ticketsNext"), this, true);
    connect(m_next, &QPushButton::clicked, this, &KioskTicketsPage::nextClicked);
    l->addWidget(m_next);
    addBackButton();
}

void KioskTicketsPage::rebuild()
{
    clearLayout(m_tierGrid);
    m_tiers.clear();
    for (const PriceTier& tier : m_flow->tiers()) {
        TierRow row;
        row.tier = tier;
        row.count = m_tiers.isEmpty() ? 1 : 0; // one adult to start with
        const int r = int(m_tiers.size());
        row.name = makeLabel(QStringLiteral("tier-%1").arg(tier.code), QString(), this);
        row.countLabel =
            makeLabel(QStringLiteral("count-%1").arg(tier.code), QStringLiteral("heading"), this);
        row.countLabel->setAlignment(Qt::AlignCenter);
        row.minus = makeButton(QStringLiteral("minus-%1").arg(tier.code), this);
        row.plus = makeButton(QStringLiteral("plus-%1").arg(tier.code), this);
        row.minus->setText(QStringLiteral("−"));
        row.plus->setText(QStringLiteral("+"));
        connect(row.minus, &QPushButton::clicked, this, [this, r] {
            if (m_tiers[r].count > 0)
                --m_tiers[r].count;
            updateCounts();
        });
        connect(row.plus, &QPushButton::clicked, this, [this, r] {
            if (ticketCount() < m_flow->seatMap().seats().size() && ticketCount() < 10)
                ++m_tiers[r].count;
            updateCounts();
        });
        m_tierGrid->addWidget(row.name, r, 0);
        m_tierGrid->addWidget(row.minus, r, 1);
        m_tierGrid->addWidget(row.countLabel, r, 2);
        m_tierGrid->addWidget(row.plus, r, 3);
        m_tiers << row;
    }
    m_tierGrid->setColumnStretch(0, 1);
    // Reading order: each row's minus, then its plus, row by row, then on.
    QWidget* previous = nullptr;
    for (const TierRow& row : std::as_const(m_tiers)) {
        for (QWidget* w : {static_cast<QWidget*>(row.minus), static_cast<QWidget*>(row.plus)}) {
            if (previous)
                setTabOrder(previous, w);
            previous = w;
        }
    }
    if (previous)
        setTabOrder(previous, m_next);
    updateCounts();
}

void KioskTicketsPage::updateCounts()
{
    for (TierRow& row : m_tiers) {
        row.name->setText(
            QStringLiteral("%1 · %2").arg(ticketTypeName(row.tier), money(row.tier.amountMinor)));
        row.countLabel->setText(QString::number(row.count));
        row.minus->setAccessibleName(tr("One %1 ticket less").arg(ticketTypeName(row.tier)));
        row.plus->setAccessibleName(tr("One %1 ticket more").arg(ticketTypeName(row.tier)));
        row.minus->setEnabled(row.count > 0);
    }
    m_total->setText(tr("%n ticket(s), %1", nullptr, ticketCount()).arg(money(totalMinor())));
    m_next->setEnabled(ticketCount() > 0);
    emit countsChanged(ticketCount(), totalMinor());
}

void KioskTicketsPage::reset()
{
    m_tiers.clear();
    clearLayout(m_tierGrid);
    emit countsChanged(0, 0);
}

int KioskTicketsPage::ticketCount() const
{
    int n = 0;
    for (const TierRow& row : m_tiers)
        n += row.count;
    return n;
}

qint64 KioskTicketsPage::totalMinor() const
{
    qint64 total = 0;
    for (const TierRow& row : m_tiers)
        total += row.count * row.tier.amountMinor;
    return total;
}

void KioskTicketsPage::applyTiers() const
{
    const QList<int> seats = m_flow->selection();
    qsizetype i = 0;
    for (const TierRow& row : m_tiers) {
        for (int n = 0; n < row.count && i < seats.size(); ++n, ++i)
            m_flow->setTier(seats.at(i), row.tier.code);
    }
}

QString KioskTicketsPage::tierNameOf(const QString& code) const
{
    QString name = code;
    for (const TierRow& row : m_tiers) {
        if (row.tier.code == code)
            name = ticketTypeName(row.tier);
    }
    return name;
}

QString KioskTicketsPage::announcement() const
{
    return tr("How many tickets? Plus and minus for each ticket type, then Continue to seats. %1")
        .arg(m_total->text());
}

void KioskTicketsPage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("How many tickets?"));
    m_next->setText(tr("Continue to seats"));
}

QWidget* KioskTicketsPage::preferredFocus() const
{
    return m_tiers.isEmpty() ? nullptr : m_tiers.first().plus;
}

QString KioskTicketsPage::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

} // namespace bo
