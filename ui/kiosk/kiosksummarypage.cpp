// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kiosksummarypage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/sale/saleflow.h"
#include "model/seats/seatmap.h"

namespace bo {

KioskSummaryPage::KioskSummaryPage(SaleFlow* flow, QWidget* parent)
    : KioskPage(QStringLiteral("summaryPage"), parent)
    , m_flow(flow)
{
    m_heading = makeLabel(QStringLiteral("summaryHeading"), QStringLiteral("heading"), this);
    m_countdown = makeLabel(QStringLiteral("summaryCountdown"), QStringLiteral("countdown"), this);
    m_text = makeLabel(QStringLiteral("summaryText"), QString(), this);
    m_pay = makeButton(QStringLiteral("pay"), this, true);
    connect(m_pay, &QPushButton::clicked, this, &KioskSummaryPage::payClicked);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_heading);
    l->addWidget(m_countdown);
    l->addWidget(m_text, 1);
    l->addWidget(m_pay);
    addBackButton();
}

void KioskSummaryPage::showOrder(const std::function<QString(const QString& code)>& tierName)
{
    QStringList lines;
    lines << m_flow->showtime().movieTitle
          << tr("%1, %2").arg(
                 locale().toString(m_flow->showtime().startsAt.toLocalTime(), QLocale::ShortFormat),
                 m_flow->showtime().auditoriumName);
    for (int id : m_flow->selection()) {
        const SeatState* s = m_flow->seatMap().seat(id);
        lines << tr("Seat %1 · %2").arg(s ? s->label : QString::number(id), tierName(m_flow->tierOf(id)));
    }
    lines << QString() << tr("Total %1").arg(formatMoney(m_flow->totalMinor(), m_flow->currency(), locale()));
    m_text->setText(lines.join(QLatin1Char('\n')));
}

void KioskSummaryPage::reset()
{
    m_text->clear();
}

void KioskSummaryPage::setCountdown(const QString& text)
{
    m_countdown->setText(text);
}

QString KioskSummaryPage::announcement() const
{
    return tr("Check your order. %1. Pay by card to buy.")
        .arg(m_text->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts).join(QStringLiteral(". ")));
}

void KioskSummaryPage::retranslate()
{
    KioskPage::retranslate();
    m_heading->setText(tr("Check your order"));
    m_pay->setText(tr("Pay by card"));
}

QWidget* KioskSummaryPage::preferredFocus() const
{
    return m_pay;
}

} // namespace bo
