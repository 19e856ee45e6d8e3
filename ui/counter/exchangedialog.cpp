// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/exchangedialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "ui/counter/supervisorapproval.h"

namespace bo {

ExchangeDialog::ExchangeDialog(TillDesk* desk, QString terminal, QUuid terminalId, QWidget* parent)
    : QDialog(parent)
    , m_desk(desk)
    , m_terminal(std::move(terminal))
    , m_terminalId(terminalId)
{
    setWindowTitle(tr("Exchange"));
    auto* codeRow = new BookingCodeRow(this);
    m_code = codeRow->codeField();
    m_find = codeRow->findButton();
    m_seats = new QListWidget(this);
    m_seats->setObjectName(QStringLiteral("seats"));
    m_seats->setMaximumHeight(120);
    m_showtime = new QSpinBox(this);
    m_showtime->setObjectName(QStringLiteral("showtime"));
    m_showtime->setRange(1, 999999999);
    m_newSeats = new QLineEdit(this);
    m_newSeats->setObjectName(QStringLiteral("newSeats"));
    m_newSeats->setPlaceholderText(tr("as printed, e.g. H3 H4"));
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("reason"));
    m_reason->setMaxLength(200);

    m_approval = new SupervisorApproval(tr("This exchange needs a supervisor:"), this);
    m_supervisor = m_approval->numberField();
    m_pin = m_approval->pinField();
    m_approval->hide();

    m_exchange = new QPushButton(tr("Exchange"), this);
    m_exchange->setObjectName(QStringLiteral("exchange"));
    m_exchange->setEnabled(false);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("result"));
    m_result->setWordWrap(true);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto* form = new QFormLayout;
    form->addRow(tr("Booking:"), codeRow);
    form->addRow(tr("Seats to give up:"), m_seats);
    form->addRow(tr("New showtime:"), m_showtime);
    form->addRow(tr("New seats:"), m_newSeats);
    form->addRow(tr("Reason:"), m_reason);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_approval);
    layout->addWidget(m_exchange);
    layout->addWidget(m_result);
    layout->addWidget(close);

    connect(codeRow, &BookingCodeRow::findRequested, this, &ExchangeDialog::find);
    connect(m_exchange, &QPushButton::clicked, this, &ExchangeDialog::submit);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_desk, &TillDesk::refundQuoted, this, &ExchangeDialog::onQuoted);
    connect(m_desk, &TillDesk::approvalChecked, this, &ExchangeDialog::onApproval);
    connect(m_desk, &TillDesk::exchanged, this, &ExchangeDialog::onExchanged);
    connect(m_desk, &TillDesk::failed, this, &ExchangeDialog::onFailed);
    resize(520, 560);
}

void ExchangeDialog::find()
{
    m_seats->clear();
    m_result->setText(tr("Looking up the booking…"));
    m_exchange->setEnabled(false);
    m_desk->quoteRefund(m_code->text().trimmed().toUpper(), {});
}

void ExchangeDialog::onQuoted(const RefundQuote& quote)
{
    m_bookingCode = quote.bookingCode;
    m_seats->clear();
    for (const QString& seat : quote.seats) {
        auto* item = new QListWidgetItem(seat, m_seats);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    m_showtime->setValue(quote.showtimeId);
    m_result->setText(tr("Booking %1 paid %2 for %3.")
                          .arg(quote.bookingCode, formatMoney(quote.amountMinor, quote.currency, QLocale()),
                               quote.seats.join(QLatin1Char(' '))));
    m_exchange->setEnabled(true);
}

void ExchangeDialog::submit()
{
    if (m_newSeats->text().trimmed().isEmpty() || m_reason->text().trimmed().isEmpty()) {
        m_result->setText(tr("Name the new seats and say why."));
        return;
    }
    m_exchange->setEnabled(false);
    m_waiting = true;
    m_result->setText(tr("Exchanging…"));
    if (m_approval->isVisible()) {
        if (!m_approval->hasPin()) {
            m_waiting = false;
            m_exchange->setEnabled(true);
            m_result->setText(tr("A supervisor types their number and PIN first."));
            return;
        }
        m_desk->checkApproval(m_approval->supervisor(), m_approval->takePin()); // the PIN is not kept
        return;
    }
    send(std::nullopt);
}

void ExchangeDialog::onApproval(const PinCheck& check)
{
    if (!m_waiting)
        return;
    if (!check.ok()) {
        m_waiting = false;
        m_exchange->setEnabled(true);
        m_result->setText(check.message);
        return;
    }
    send(check.staffId);
}

void ExchangeDialog::send(std::optional<int> approvedBy)
{
    ExchangeRequest request;
    request.key = QUuid::createUuid();
    request.bookingCode = m_bookingCode;
    for (int i = 0; i < m_seats->count(); ++i)
        if (m_seats->item(i)->checkState() == Qt::Checked)
            request.seats << m_seats->item(i)->text();
    request.showtimeId = m_showtime->value();
    request.reason = m_reason->text().trimmed();
    request.terminal = m_terminal;
    request.terminalId = m_terminalId;
    request.approvedBy = approvedBy;
    QStringList newSeats;
    for (const QString& label :
         m_newSeats->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts))
        newSeats << label.toUpper();
    m_desk->exchange(request, newSeats);
}

void ExchangeDialog::onExchanged(const ExchangeResult& x)
{
    m_waiting = false;
    const QLocale locale;
    QString text =
        tr("Exchanged %1 of %2 for %3 in the new booking %4.")
            .arg(x.oldSeats.join(QLatin1Char(' ')), x.oldCode, x.newSeats.join(QLatin1Char(' ')), x.newCode);
    if (x.differenceMinor > 0)
        text +=
            QLatin1Char(' ') + tr("Take %1 in cash.").arg(formatMoney(x.differenceMinor, x.currency, locale));
    else if (x.differenceMinor < 0 && x.refund) {
        // Given back over what paid for the old booking: the card first, then cash from the drawer.
        const qint64 cash = x.refund->cashHandedBackMinor();
        qint64 card = x.refund->method == QLatin1String("card") ? x.refund->amountMinor : 0;
        for (const RefundPart& part : x.refund->parts)
            card += part.method == QLatin1String("card") ? part.amountMinor : 0;
        if (card > 0)
            text +=
                QLatin1Char(' ') + tr("%1 goes back to the card.").arg(formatMoney(card, x.currency, locale));
        if (cash > 0)
            text += QLatin1Char(' ') + tr("Hand back %1 in cash.").arg(formatMoney(cash, x.currency, locale));
    }
    m_result->setText(text);
    m_seats->clear();
    m_approval->hide();
}

void ExchangeDialog::onFailed(const QString& what, const Error& error)
{
    if (what == QLatin1String("quote")) {
        m_result->setText(error.message.isEmpty() ? error.detail : error.message);
        return;
    }
    if (what != QLatin1String("exchange") && what != QLatin1String("approve"))
        return;
    m_waiting = false;
    const QString text = error.message.isEmpty() ? error.detail : error.message;
    if (text.contains(QLatin1String("approval")))
        m_approval->show();
    m_result->setText(text);
    m_exchange->setEnabled(true);
}

} // namespace bo
