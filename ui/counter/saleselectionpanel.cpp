// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/saleselectionpanel.h"

#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/saleflow.h"
#include "model/seats/seatmap.h"
#include "ui/common/scaledfont.h"

namespace bo {

SaleSelectionPanel::SaleSelectionPanel(SaleFlow* flow, QWidget* parent)
    : QWidget(parent)
    , m_flow(flow)
{
    setObjectName(QStringLiteral("saleSelectionPanel"));
    m_title = new QLabel(this);
    m_title->setFont(scaledFont(font(), 1.1, true));
    m_selection = new QLabel(this);
    m_selection->setObjectName(QStringLiteral("selectionLabel"));
    m_selection->setWordWrap(true);
    m_selection->setFont(scaledFont(font(), 1.2));
    m_bestHint = new QLabel(this);
    m_bestHint->setWordWrap(true);
    m_toPayment = new QPushButton(this);
    m_toPayment->setObjectName(QStringLiteral("toPayment"));
    m_toPayment->setMinimumHeight(44);
    m_takeSuggestion = new QPushButton(this);
    m_takeSuggestion->setObjectName(QStringLiteral("takeSuggestion"));
    m_takeSuggestion->hide();
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelSale"));
    for (QPushButton* b : {m_toPayment, m_takeSuggestion, m_cancel})
        b->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_selection);
    layout->addWidget(m_bestHint);
    layout->addWidget(m_takeSuggestion);
    layout->addStretch();
    layout->addWidget(m_toPayment);
    layout->addWidget(m_cancel);
    connect(m_toPayment, &QPushButton::clicked, m_flow, &SaleFlow::proceedToPayment);
    connect(m_cancel, &QPushButton::clicked, m_flow, &SaleFlow::cancel);
    connect(m_takeSuggestion, &QPushButton::clicked, this, &SaleSelectionPanel::takeSuggestion);
    connect(m_flow, &SaleFlow::busyChanged, this,
            [this] { m_toPayment->setEnabled(!m_flow->selection().isEmpty()); });
    retranslate();
}

void SaleSelectionPanel::offerSuggestion(const QList<int>& seatIds)
{
    m_suggestion = seatIds;
    if (seatIds.isEmpty()) {
        m_takeSuggestion->hide();
        return;
    }
    m_takeSuggestion->setText(tr("Take %1 (S)").arg(seatLabels(m_flow->seatMap(), seatIds)));
    m_takeSuggestion->show();
}

QString SaleSelectionPanel::seatLabels(const SeatMap& map, const QList<int>& seatIds)
{
    QStringList out;
    for (int id : seatIds) {
        const SeatState* s = map.seat(id);
        out << (s ? s->label : QString::number(id));
    }
    return out.join(QStringLiteral(", "));
}

void SaleSelectionPanel::takeSuggestion()
{
    if (m_suggestion.isEmpty())
        return;
    m_flow->replaceSelection(m_suggestion);
    m_takeSuggestion->hide();
    emit suggestionTaken();
    m_suggestion.clear();
}

void SaleSelectionPanel::refreshSelection()
{
    const QList<int> selection = m_flow->selection();
    m_selection->setText(selection.isEmpty()
                             ? tr("Click seats on the map, or press 1–9 for the best seats together.")
                             : seatLabels(m_flow->seatMap(), selection));
    m_toPayment->setEnabled(!selection.isEmpty());
}

void SaleSelectionPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refreshSelection();
    }
    QWidget::changeEvent(event);
}

void SaleSelectionPanel::retranslate()
{
    m_title->setText(tr("Selected seats"));
    m_bestHint->setText(
        tr("Keys: 1–9 best seats together · arrows + Space pick a seat · +/− zoom · Esc cancel"));
    m_toPayment->setText(tr("To payment (Enter)"));
    m_cancel->setText(tr("Cancel sale (Esc)"));
}

} // namespace bo
