// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskpaymentpage.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/saleflow.h"

namespace bo {

KioskPaymentPage::KioskPaymentPage(SaleFlow* flow, QWidget* parent)
    : KioskPage(QStringLiteral("paymentPage"), parent)
    , m_flow(flow)
{
    m_heading = makeLabel(QStringLiteral("paymentHeading"), QStringLiteral("heading"), this);
    m_text = makeLabel(QStringLiteral("paymentText"), QString(), this);
    m_retry = makeButton(QStringLiteral("paymentRetry"), this, true);
    m_cancel = makeButton(QStringLiteral("paymentCancel"), this);
    connect(m_retry, &QPushButton::clicked, this, &KioskPaymentPage::retryClicked);
    connect(m_cancel, &QPushButton::clicked, this, &KioskPaymentPage::cancelClicked);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_heading);
    l->addWidget(m_text, 1);
    l->addWidget(m_retry);
    l->addWidget(m_cancel);

    connect(m_flow, &SaleFlow::stateChanged, this, &KioskPaymentPage::askCard);
    connect(m_flow, &SaleFlow::busyChanged, this, &KioskPaymentPage::askCard);
    connect(m_flow, &SaleFlow::paymentPhase, this, &KioskPaymentPage::showPhase);
    connect(m_flow, &SaleFlow::paymentDeclined, this, [this] {
        m_paying = false;
        emit paymentFailed();
        m_heading->setText(tr("The card was declined"));
        m_text->setText(tr("Nothing was charged. Your seats are still kept for you. You can try again "
                           "with another card, or cancel."));
        offerRetry();
    });
    connect(m_flow, &SaleFlow::problem, this, [this](const QString& text) {
        if (!isCurrent())
            return;
        m_paying = false;
        emit paymentFailed();
        m_heading->setText(tr("The payment did not go through"));
        m_text->setText(tr("Nothing was charged. %1").arg(text));
        offerRetry();
    });
}

void KioskPaymentPage::prepare()
{
    m_paying = true;
    m_heading->setText(tr("Card payment"));
    m_text->setText(tr("Please insert or tap your card on the terminal."));
    m_cardAsked = false;
    m_retry->hide();
    m_cancel->hide();
}

void KioskPaymentPage::pay()
{
    if (m_flow->state() == SaleFlow::State::Selecting) {
        m_flow->proceedToPayment();
    } else if (m_flow->state() == SaleFlow::State::Payment && !m_flow->isBusy()) {
        m_cardAsked = true;
        m_flow->payCard();
    }
}

void KioskPaymentPage::askCard()
{
    // The card is asked for once the payment step is held and nothing else is on its way.
    if (m_paying && isCurrent() && m_flow->state() == SaleFlow::State::Payment && !m_flow->isBusy() &&
        !m_cardAsked) {
        m_cardAsked = true;
        m_flow->payCard();
    }
}

void KioskPaymentPage::showPhase(PaymentPhase phase)
{
    switch (phase) {
    case PaymentPhase::Recording:
    case PaymentPhase::Authorising:
        m_text->setText(tr("Please insert or tap your card on the terminal."));
        return;
    case PaymentPhase::Checking:
        m_text->setText(tr("Checking your payment with the bank. This can take a moment; please wait."));
        return;
    case PaymentPhase::Confirming:
    case PaymentPhase::Capturing:
        m_text->setText(tr("Booking your seats…"));
        return;
    case PaymentPhase::Voiding:
        m_text->setText(tr("Your seats could not be booked. Giving the card payment back…"));
        return;
    }
}

void KioskPaymentPage::offerRetry()
{
    m_retry->show();
    m_cancel->show();
    m_retry->setFocus(Qt::OtherFocusReason);
}

void KioskPaymentPage::reset()
{
    m_paying = false;
    m_text->clear();
}

QString KioskPaymentPage::announcement() const
{
    return tr("Card payment. %1").arg(m_text->text());
}

void KioskPaymentPage::retranslate()
{
    KioskPage::retranslate();
    m_retry->setText(tr("Try again"));
    m_cancel->setText(tr("Cancel and start over"));
}

} // namespace bo
