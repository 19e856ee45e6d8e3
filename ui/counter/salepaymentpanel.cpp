// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/salepaymentpanel.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIntValidator>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/sale/saleflow.h"
#include "model/seats/seatmap.h"
#include "model/showtimes/showtimeinfo.h"
#include "model/showtimes/tickettypes.h"
#include "ui/common/scaledfont.h"

namespace bo {

SalePaymentPanel::SalePaymentPanel(SaleFlow* flow, QWidget* parent)
    : QWidget(parent)
    , m_flow(flow)
{
    setObjectName(QStringLiteral("salePaymentPanel"));
    m_tickets = new QTableWidget(0, 2, this);
    m_tickets->setObjectName(QStringLiteral("ticketTable"));
    m_tickets->verticalHeader()->hide();
    m_tickets->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_tickets->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_tickets->setFocusPolicy(Qt::NoFocus);
    m_tierButtonBox = new QWidget(this);
    m_tierButtonBox->setLayout(new QGridLayout);
    m_total = new QLabel(this);
    m_total->setObjectName(QStringLiteral("totalLabel"));
    m_total->setFont(scaledFont(font(), 1.6, true));
    m_tenderedLabel = new QLabel(this);
    m_tendered = new QLineEdit(this);
    m_tendered->setObjectName(QStringLiteral("tendered"));
    m_tendered->setValidator(new QIntValidator(0, 100000000, m_tendered));
    m_change = new QLabel(this);
    m_change->setObjectName(QStringLiteral("changeLabel"));
    m_cash = new QPushButton(this);
    m_cash->setObjectName(QStringLiteral("payCash"));
    m_cash->setMinimumHeight(44);
    m_card = new QPushButton(this);
    m_card->setObjectName(QStringLiteral("payCard"));
    m_card->setMinimumHeight(44);
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelPayment"));
    for (QPushButton* b : {m_cash, m_card, m_cancel})
        b->setFocusPolicy(Qt::NoFocus);
    auto* cashRow = new QHBoxLayout;
    cashRow->addWidget(m_tenderedLabel);
    cashRow->addWidget(m_tendered, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tickets, 1);
    layout->addWidget(m_tierButtonBox);
    layout->addWidget(m_total);
    layout->addLayout(cashRow);
    layout->addWidget(m_change);
    layout->addWidget(m_cash);
    layout->addWidget(m_card);
    layout->addWidget(m_cancel);
    connect(m_cash, &QPushButton::clicked, this, &SalePaymentPanel::payCash);
    connect(m_card, &QPushButton::clicked, m_flow, &SaleFlow::payCard);
    connect(m_cancel, &QPushButton::clicked, m_flow, &SaleFlow::cancel);
    connect(m_tendered, &QLineEdit::textChanged, this, &SalePaymentPanel::showChange);
    connect(m_flow, &SaleFlow::busyChanged, this, [this](bool busy) {
        m_cash->setEnabled(!busy);
        m_card->setEnabled(!busy);
    });
    retranslate();
}

void SalePaymentPanel::rebuildTierButtons()
{
    qDeleteAll(m_tierButtons);
    m_tierButtons.clear();
    m_buttonTiers.clear();
    auto* grid = static_cast<QGridLayout*>(m_tierButtonBox->layout());
    const QList<PriceTier>& tiers = m_flow->tiers();
    for (qsizetype i = 0; i < tiers.size() && i < 4; ++i) {
        const PriceTier tier = tiers.at(i);
        auto* button = new QPushButton(m_tierButtonBox);
        button->setObjectName(QStringLiteral("tier_") + tier.code);
        button->setFocusPolicy(Qt::NoFocus);
        grid->addWidget(button, int(i / 2), int(i % 2));
        connect(button, &QPushButton::clicked, this, [this, code = tier.code] { m_flow->setAllTiers(code); });
        m_tierButtons << button;
        m_buttonTiers << tier;
    }
    retranslateTierButtons();
    emit tierButtonsRebuilt();
}

void SalePaymentPanel::retranslateTierButtons()
{
    for (qsizetype i = 0; i < m_tierButtons.size(); ++i)
        m_tierButtons.at(i)->setText(tr("F%1 All %2").arg(i + 2).arg(ticketTypeName(m_buttonTiers.at(i))));
}

void SalePaymentPanel::payCash()
{
    if (m_flow->state() != SaleFlow::State::Payment)
        return;
    m_flow->payCash(m_tendered->text().isEmpty() ? m_flow->totalMinor() : m_tendered->text().toLongLong());
}

void SalePaymentPanel::payCard()
{
    m_card->click();
}

void SalePaymentPanel::clearCash()
{
    m_tendered->clear();
    m_change->clear();
}

void SalePaymentPanel::refreshTickets()
{
    if (m_flow->state() != SaleFlow::State::Payment && m_flow->state() != SaleFlow::State::Confirming)
        return;
    const QList<int> selection = m_flow->selection();
    m_tickets->setRowCount(int(selection.size()));
    for (qsizetype row = 0; row < selection.size(); ++row) {
        const int seatId = selection.at(row);
        const SeatState* seat = m_flow->seatMap().seat(seatId);
        auto* label = new QTableWidgetItem(seat ? seat->label : QString::number(seatId));
        m_tickets->setItem(int(row), 0, label);
        auto* combo = qobject_cast<QComboBox*>(m_tickets->cellWidget(int(row), 1));
        if (!combo) {
            combo = new QComboBox(m_tickets);
            combo->setFocusPolicy(Qt::NoFocus);
            m_tickets->setCellWidget(int(row), 1, combo);
        }
        QSignalBlocker block(combo);
        combo->clear();
        // A premium or couple seat's surcharge is part of every type's price on its line.
        const qint64 surcharge = m_flow->surchargeOf(seatId);
        for (const PriceTier& t : m_flow->tiers()) {
            const QString price =
                surcharge == 0 ? money(t.amountMinor)
                               : tr("%1 (seat +%2)").arg(money(t.amountMinor + surcharge), money(surcharge));
            combo->addItem(tr("%1 — %2").arg(ticketTypeName(t), price), t.code);
        }
        combo->setCurrentIndex(combo->findData(m_flow->tierOf(seatId)));
        disconnect(combo, nullptr, this, nullptr);
        connect(combo, &QComboBox::currentIndexChanged, this,
                [this, combo, seatId] { m_flow->setTier(seatId, combo->currentData().toString()); });
    }
    m_total->setText(tr("Total %1").arg(money(m_flow->totalMinor())));
}

void SalePaymentPanel::showChange(const QString& tendered)
{
    const qint64 change = tendered.toLongLong() - m_flow->totalMinor();
    m_change->setText(tendered.isEmpty() || change < 0 ? QString() : tr("Change: %1").arg(money(change)));
}

QString SalePaymentPanel::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

void SalePaymentPanel::changeEvent(QEvent* event)
{
    // Only texts change here: nothing is deleted while the event still travels to the children.
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        retranslateTierButtons();
        refreshTickets();
    }
    QWidget::changeEvent(event);
}

void SalePaymentPanel::retranslate()
{
    m_tickets->setHorizontalHeaderLabels({tr("Seat"), tr("Ticket type")});
    m_tenderedLabel->setText(tr("Cash tendered:"));
    m_tendered->setPlaceholderText(tr("empty = exact amount"));
    m_cash->setText(tr("Cash (Enter)"));
    m_card->setText(tr("Card (F9)"));
    m_cancel->setText(tr("Cancel sale (Esc)"));
}

} // namespace bo
