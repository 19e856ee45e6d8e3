// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/kiosk/kioskdonepage.h"

#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/sale/saleflow.h"

namespace bo {

KioskDonePage::KioskDonePage(SaleFlow* flow, QWidget* parent)
    : KioskPage(QStringLiteral("donePage"), parent)
    , m_flow(flow)
{
    m_heading = makeLabel(QStringLiteral("doneHeading"), QStringLiteral("heading"), this);
    m_text = makeLabel(QStringLiteral("doneText"), QString(), this);
    m_qrLabel = makeLabel(QStringLiteral("doneQr"), QString(), this);
    m_qrLabel->setAlignment(Qt::AlignCenter);
    m_finish = makeButton(QStringLiteral("doneButton"), this, true);
    connect(m_finish, &QPushButton::clicked, this, &KioskDonePage::finishClicked);
    QVBoxLayout* l = pageLayout();
    l->addWidget(m_heading);
    l->addWidget(m_text);
    l->addWidget(m_qrLabel, 1);
    l->addWidget(m_finish);
}

void KioskDonePage::setTicketPrinting(TicketPrinting* printing)
{
    m_printing = printing;
    if (!printing)
        return;
    connect(printing, &TicketPrinting::printed, this, [this](const PrintedTickets& tickets) {
        if (tickets.bookingCode != m_printCode || !isCurrent())
            return;
        m_printCode.clear();
        // The code stays on the screen with the tickets: the customer's proof for the counter.
        showDone(tr("Please take your tickets below. Your booking code is %1. Enjoy the film!")
                     .arg(tickets.bookingCode),
                 false);
    });
    connect(printing, &TicketPrinting::printFailed, this, [this](const QString& code, const Error&) {
        if (code != m_printCode || !isCurrent())
            return;
        m_printCode.clear();
        // The sale stands: the code and its QR on the screen, the counter prints again.
        showDone(tr("Your booking is confirmed, but the tickets could not be printed. Show this code at "
                    "the counter or the door: %1. Staff at the counter can print your tickets.")
                     .arg(code),
                 true);
    });
}

void KioskDonePage::showBooking(const ConfirmResult& booking)
{
    m_heading->setText(tr("Thank you!"));
    if (m_printing) {
        m_printCode = booking.code;
        showDone(tr("Printing your tickets…"), false);
        m_printing->print(booking.code);
    } else {
        showDone(tr("Your booking is confirmed. Show this code at the door: %1").arg(booking.code), true);
    }
}

void KioskDonePage::showDone(const QString& text, bool withQr)
{
    m_text->setText(text);
    const QString code = m_flow->lastBooking().code;
    if (withQr && m_qr && !code.isEmpty()) {
        const QImage qr = m_qr(code);
        m_qrLabel->setPixmap(
            QPixmap::fromImage(qr.scaled(360, 360, Qt::KeepAspectRatio, Qt::FastTransformation)));
        m_qrLabel->setAccessibleName(tr("QR code of booking %1").arg(code));
    } else {
        m_qrLabel->clear();
        m_qrLabel->setText(withQr ? code : QString());
    }
    emit bookingShown();
}

void KioskDonePage::reset()
{
    m_printCode.clear();
    m_text->clear();
    m_qrLabel->clear();
}

QString KioskDonePage::announcement() const
{
    return tr("%1 %2").arg(m_heading->text(), m_text->text());
}

void KioskDonePage::retranslate()
{
    KioskPage::retranslate();
    m_finish->setText(tr("Finish"));
}

} // namespace bo
