// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/saledonepanel.h"

#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/sale/saleflow.h"
#include "model/showtimes/tickettypes.h"
#include "model/tickets/ticketprinting.h"
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
    m_printStatus = new QLabel(this);
    m_printStatus->setObjectName(QStringLiteral("printStatus"));
    m_printStatus->setWordWrap(true);
    m_printStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_printStatus->hide();
    m_print = new QPushButton(this);
    m_print->setObjectName(QStringLiteral("printTickets"));
    m_print->setMinimumHeight(44);
    m_print->setFocusPolicy(Qt::NoFocus);
    m_print->hide();
    connect(m_print, &QPushButton::clicked, this, &SaleDonePanel::printTickets);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_code);
    layout->addWidget(m_details);
    layout->addWidget(m_printStatus);
    layout->addStretch();
    layout->addWidget(m_print);
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
                tier = ticketTypeName(t);
        }
        seats << QStringLiteral("%1 (%2)").arg(s.label, tier);
    }
    m_code->setText(booking.code);
    QString details =
        tr("Seats: %1\nTotal: %2").arg(seats.join(QStringLiteral(", ")), money(booking.totalMinor));
    if (m_flow->changeDueMinor() > 0)
        details += QLatin1Char('\n') + tr("Change due: %1").arg(money(m_flow->changeDueMinor()));
    m_details->setText(details);

    m_bookingCode = booking.code;
    m_printBusy = false;
    m_printedOnce = false;
    m_printStatus->clear();
    m_printStatus->setStyleSheet(QString());
    m_printStatus->hide();
    retranslate();
    if (!m_printing)
        return;
    switch (m_printing->printOnConfirm()) {
    case PrintOnConfirm::Always:
        printTickets();
        break;
    case PrintOnConfirm::Ask:
        m_printStatus->setText(
            tr("Print the tickets? Press Print tickets (P), or go on to the next customer."));
        m_printStatus->show();
        break;
    case PrintOnConfirm::Never:
        break;
    }
}

void SaleDonePanel::setTicketPrinting(TicketPrinting* printing)
{
    m_printing = printing;
    m_print->setVisible(printing != nullptr);
    if (printing) {
        connect(printing, &TicketPrinting::printed, this, &SaleDonePanel::showPrinted);
        connect(printing, &TicketPrinting::printFailed, this, &SaleDonePanel::showPrintFailed);
    }
}

void SaleDonePanel::printTickets()
{
    if (!m_printing || m_bookingCode.isEmpty() || m_printBusy)
        return;
    m_printBusy = true;
    m_print->setEnabled(false);
    m_printStatus->setStyleSheet(QString());
    m_printStatus->setText(tr("Printing the tickets…"));
    m_printStatus->show();
    m_printing->print(m_bookingCode);
}

void SaleDonePanel::showPrinted(const PrintedTickets& printed)
{
    if (printed.bookingCode != m_bookingCode || !m_printBusy)
        return;
    m_printBusy = false;
    m_printedOnce = true;
    m_print->setEnabled(true);
    m_printStatus->setStyleSheet(QString());
    m_printStatus->setText(printed.isFile
                               ? tr("Tickets saved as a PDF: %1").arg(QDir::toNativeSeparators(printed.where))
                               : tr("Tickets printed on %1.").arg(printed.where));
    retranslate();
}

void SaleDonePanel::showPrintFailed(const QString& code, const Error& error)
{
    if (code != m_bookingCode || !m_printBusy)
        return;
    m_printBusy = false;
    m_printedOnce = true;
    m_print->setEnabled(true);
    m_printStatus->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_printStatus->setText(tr("The tickets were not printed: %1\nThe sale stands: booking %2 is paid and "
                              "confirmed. To print its tickets, press Print again (P) here, or later "
                              "Tickets → Print a booking's tickets… (Ctrl+P) with code %2.")
                               .arg(error.message, code));
    retranslate();
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
    m_print->setText(m_printedOnce ? tr("Print again (P)") : tr("Print tickets (P)"));
}

} // namespace bo
