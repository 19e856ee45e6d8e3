// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/saledonepanel.h"

#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/money.h"
#include "model/saleflow.h"
#include "ui/common/scaledfont.h"
#include "ui/counter/salepaymentpanel.h"

namespace bo {

SaleDonePanel::SaleDonePanel(SaleFlow* flow, QWidget* parent)
    : QWidget(parent)
    , m_flow(flow)
{
    setObjectName(QStringLiteral("saleDonePanel"));
    m_title = new QLabel(this);
    m_title->setFont(scaledFont(font(), 1.3, true));
    m_code = new QLabel(this);
    m_code->setObjectName(QStringLiteral("bookingCode"));
    m_code->setFont(scaledFont(font(), 2.4, true));
    m_code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details = new QLabel(this);
    m_details->setObjectName(QStringLiteral("bookingDetails"));
    m_details->setWordWrap(true);
    m_details->setFont(scaledFont(font(), 1.15));
    m_nextCustomer = new QPushButton(this);
    m_nextCustomer->setObjectName(QStringLiteral("nextCustomer"));
    m_nextCustomer->setMinimumHeight(44);
    m_nextCustomer->setFocusPolicy(Qt::NoFocus);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_code);
    layout->addWidget(m_details);
    layout->addStretch();
    layout->addWidget(m_nextCustomer);
    connect(m_nextCustomer, &QPushButton::clicked, this, &SaleDonePanel::nextCustomerChosen);
    retranslate();
}

void SaleDonePanel::showBooking(const ConfirmResult& booking)
{
    QStringList seats;
    for (const BookedSeat& s : booking.seats) {
        QString tier = s.tier;
        for (const PriceTier& t : m_flow->tiers()) {
            if (t.code == s.tier)
                tier = SalePaymentPanel::tierLabel(t);
        }
        seats << QStringLiteral("%1 (%2)").arg(s.label, tier);
    }
    m_code->setText(booking.code);
    QString details =
        tr("Seats: %1\nTotal: %2").arg(seats.join(QStringLiteral(", ")), money(booking.totalMinor));
    if (m_flow->changeDueMinor() > 0)
        details += QLatin1Char('\n') + tr("Change due: %1").arg(money(m_flow->changeDueMinor()));
    m_details->setText(details);
}

QString SaleDonePanel::money(qint64 minor) const
{
    return formatMoney(minor, m_flow->currency(), locale());
}

void SaleDonePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void SaleDonePanel::retranslate()
{
    m_title->setText(tr("Booked. Booking code:"));
    m_nextCustomer->setText(tr("Next customer (Enter)"));
}

} // namespace bo
