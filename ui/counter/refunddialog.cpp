// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/refunddialog.h"

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
namespace {

QString methodText(const QString& method)
{
    if (method == QLatin1String("card"))
        return RefundDialog::tr("back to the card");
    if (method == QLatin1String("cash"))
        return RefundDialog::tr("in cash from this drawer");
    return RefundDialog::tr("nothing to pay back (no payment)");
}

} // namespace

RefundDialog::RefundDialog(TillDesk* desk, QString terminal, QUuid terminalId, QWidget* parent)
    : QDialog(parent)
    , m_desk(desk)
    , m_terminal(std::move(terminal))
    , m_terminalId(terminalId)
{
    setWindowTitle(tr("Refund"));
    auto* codeRow = new BookingCodeRow(this);
    m_code = codeRow->codeField();
    m_find = codeRow->findButton();
    m_seats = new QListWidget(this);
    m_seats->setObjectName(QStringLiteral("seats"));
    m_seats->setMaximumHeight(140);
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(QStringLiteral("reason"));
    m_reason->setMaxLength(200);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);

    m_approval = new SupervisorApproval(tr("This refund needs a supervisor:"), this);
    m_supervisor = m_approval->numberField();
    m_pin = m_approval->pinField();
    m_approval->hide();

    m_refund = new QPushButton(tr("Refund"), this);
    m_refund->setObjectName(QStringLiteral("refund"));
    m_refund->setEnabled(false);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("result"));
    m_result->setWordWrap(true);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);

    auto* form = new QFormLayout;
    form->addRow(tr("Booking:"), codeRow);
    form->addRow(tr("Seats:"), m_seats);
    form->addRow(tr("Reason:"), m_reason);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(m_approval);
    layout->addWidget(m_refund);
    layout->addWidget(m_result);
    layout->addWidget(close);

    connect(codeRow, &BookingCodeRow::findRequested, this, &RefundDialog::find);
    connect(m_seats, &QListWidget::itemChanged, this, &RefundDialog::requote);
    connect(m_refund, &QPushButton::clicked, this, &RefundDialog::submit);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_desk, &TillDesk::refundQuoted, this, &RefundDialog::onQuoted);
    connect(m_desk, &TillDesk::approvalChecked, this, &RefundDialog::onApproval);
    connect(m_desk, &TillDesk::refunded, this, &RefundDialog::onRefunded);
    connect(m_desk, &TillDesk::failed, this, &RefundDialog::onFailed);
    resize(520, 520);
}

void RefundDialog::find()
{
    m_fullList = false;
    m_seats->clear();
    m_result->clear();
    m_summary->setText(tr("Looking up the booking…"));
    m_refund->setEnabled(false);
    m_desk->quoteRefund(m_code->text().trimmed().toUpper(), {});
}

QStringList RefundDialog::chosenSeats() const
{
    QStringList seats;
    for (int i = 0; i < m_seats->count(); ++i)
        if (m_seats->item(i)->checkState() == Qt::Checked)
            seats << m_seats->item(i)->text();
    return seats;
}

void RefundDialog::requote()
{
    if (!m_fullList)
        return;
    const QStringList seats = chosenSeats();
    m_refund->setEnabled(false);
    if (seats.isEmpty()) {
        m_summary->setText(tr("Tick the seats to refund."));
        return;
    }
    m_desk->quoteRefund(m_quote.bookingCode, seats);
}

void RefundDialog::onQuoted(const RefundQuote& quote)
{
    m_quote = quote;
    if (!m_fullList) {
        // The first quote is of every seat the booking still has: they make the list, all ticked.
        const QSignalBlocker blocker(m_seats);
        for (const QString& seat : quote.seats) {
            auto* item = new QListWidgetItem(seat, m_seats);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
        }
        m_fullList = true;
    }
    if (quote.cardMinor > 0 && quote.cashMinor > 0)
        m_summary->setText(tr("Refund %1 for %2: %3 back to the card and %4 in cash from this drawer.")
                               .arg(formatMoney(quote.amountMinor, quote.currency, QLocale()),
                                    quote.seats.join(QLatin1Char(' ')),
                                    formatMoney(quote.cardMinor, quote.currency, QLocale()),
                                    formatMoney(quote.cashMinor, quote.currency, QLocale())));
    else
        m_summary->setText(tr("Refund %1 for %2: %3.")
                               .arg(formatMoney(quote.amountMinor, quote.currency, QLocale()),
                                    quote.seats.join(QLatin1Char(' ')), methodText(quote.method)));
    m_approval->setVisible(quote.needsApproval);
    m_refund->setEnabled(true);
}

void RefundDialog::submit()
{
    if (m_reason->text().trimmed().isEmpty()) {
        m_result->setText(tr("Say why the customer is paid back."));
        return;
    }
    m_refund->setEnabled(false);
    m_result->setText(tr("Refunding…"));
    if (m_quote.needsApproval) {
        if (!m_approval->hasPin()) {
            m_refund->setEnabled(true);
            m_result->setText(tr("A supervisor types their number and PIN first."));
            return;
        }
        m_desk->checkApproval(m_approval->supervisor(), m_approval->takePin()); // the PIN is not kept
        return;
    }
    sendRefund(std::nullopt);
}

void RefundDialog::onApproval(const PinCheck& check)
{
    if (!check.ok()) {
        m_refund->setEnabled(true);
        m_result->setText(check.message);
        return;
    }
    sendRefund(check.staffId);
}

void RefundDialog::sendRefund(std::optional<int> approvedBy)
{
    // The same refund retried keeps its key: a lost answer is asked again, never paid twice.
    const QString identity = m_quote.bookingCode + QLatin1Char('|') + m_quote.seats.join(QLatin1Char(','));
    if (m_key.isNull() || identity != m_keyFor) {
        m_key = QUuid::createUuid();
        m_keyFor = identity;
    }
    RefundRequest request;
    request.key = m_key;
    request.bookingCode = m_quote.bookingCode;
    request.seats = m_quote.seats;
    request.reason = m_reason->text().trimmed();
    request.terminal = m_terminal;
    request.terminalId = m_terminalId;
    request.approvedBy = approvedBy;
    m_desk->refund(request);
}

void RefundDialog::onRefunded(const RefundRecord& refund)
{
    if (refund.key != m_key)
        return;
    const QString amount = formatMoney(refund.amountMinor, refund.currency, QLocale());
    QString text;
    switch (refund.state) {
    case RefundState::Refunded:
        text = refund.method == QLatin1String("cash")
                   ? tr("Refunded: hand back %1 in cash.").arg(amount)
                   : tr("Refunded: %1 %2.").arg(amount, methodText(refund.method));
        break;
    case RefundState::Refunding:
        text = tr("The seats are free; %1 back to the card waits for the payment service and is sent "
                  "again by itself.")
                   .arg(amount);
        break;
    case RefundState::Failed:
        text = tr("The payment service refused to give back %1 (%2): settle it with the customer another "
                  "way.")
                   .arg(amount, refund.failure);
        break;
    }
    // The cash an exchange added to a card-paid booking goes back out of the drawer beside the card.
    const qint64 cashToo =
        refund.cashHandedBackMinor() -
        (refund.method == QLatin1String("cash") && refund.state == RefundState::Refunded ? refund.amountMinor
                                                                                         : 0);
    if (cashToo > 0)
        text += QLatin1Char(' ') +
                tr("Hand back %1 in cash as well.").arg(formatMoney(cashToo, refund.currency, QLocale()));
    m_result->setText(text);
    m_seats->clear();
    m_fullList = false;
    m_summary->clear();
    m_approval->hide();
}

void RefundDialog::onFailed(const QString& what, const Error& error)
{
    if (what != QLatin1String("quote") && what != QLatin1String("refund") && what != QLatin1String("approve"))
        return;
    const QString text = error.message.isEmpty() ? error.detail : error.message;
    if (what == QLatin1String("quote"))
        m_summary->setText(text);
    else
        m_result->setText(text);
    m_refund->setEnabled(what != QLatin1String("quote") && m_fullList);
}

} // namespace bo
