// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/unresolvedpaymentsdialog.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "model/payments/paymentrecordlistmodel.h"

namespace bo {

UnresolvedPaymentsDialog::UnresolvedPaymentsDialog(PaymentRecords* records, QWidget* parent)
    : QDialog(parent)
    , m_records(records)
{
    setObjectName(QStringLiteral("unresolvedPaymentsDialog"));
    m_model = new PaymentRecordListModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("paymentsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(PaymentRecordListModel::ProblemColumn,
                                                      QHeaderView::Interactive);

    m_empty = new QLabel(this);
    m_empty->setObjectName(QStringLiteral("emptyState"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(m_table);
    m_pages->addWidget(m_empty);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("paymentsStatus"));
    m_status->setWordWrap(true);
    m_checkResult = new QLabel(this);
    m_checkResult->setObjectName(QStringLiteral("checkResult"));
    m_checkResult->setWordWrap(true);
    m_checkResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_checkResult->setStyleSheet(
        QStringLiteral("QLabel { background: #e8f0fe; color: #0b2a5b; padding: 8px; }"));
    m_checkResult->hide();

    m_refresh = new QPushButton(this);
    m_refresh->setObjectName(QStringLiteral("refreshButton"));
    m_check = new QPushButton(this);
    m_check->setObjectName(QStringLiteral("checkNowButton"));
    m_close = new QPushButton(this);
    m_close->setObjectName(QStringLiteral("closeButton"));
    m_close->setAutoDefault(false);
    m_refresh->setAutoDefault(false);
    m_check->setAutoDefault(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_refresh);
    buttons->addWidget(m_check);
    buttons->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_checkResult);
    layout->addLayout(buttons);

    connect(m_refresh, &QPushButton::clicked, this, &UnresolvedPaymentsDialog::refresh);
    // F5 besides the button's mnemonic (a button's text with '&' replaces its shortcut).
    auto* f5 = new QShortcut(QKeySequence(Qt::Key_F5), this);
    connect(f5, &QShortcut::activated, this, &UnresolvedPaymentsDialog::refresh);
    connect(m_check, &QPushButton::clicked, this, &UnresolvedPaymentsDialog::checkNow);
    connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_records, &PaymentRecords::unresolvedListed, this, &UnresolvedPaymentsDialog::onListed);
    connect(m_records, &PaymentRecords::checkFinished, this, &UnresolvedPaymentsDialog::onCheckFinished);
    connect(m_records, &PaymentRecords::requestFailed, this, &UnresolvedPaymentsDialog::onFailed);
    // Ages move on and other tills add payments: read again while the view is open.
    m_autoRefresh.setInterval(30'000);
    connect(&m_autoRefresh, &QTimer::timeout, this, &UnresolvedPaymentsDialog::refresh);

    retranslate();
    resize(1200, 460);
}

UnresolvedPaymentsDialog::~UnresolvedPaymentsDialog() = default;

void UnresolvedPaymentsDialog::refresh()
{
    if (m_listRequest != 0)
        return; // one read at a time; its answer is on the way
    m_listRequest = m_records->listUnresolved();
    m_status->setText(tr("Reading the payments…"));
}

void UnresolvedPaymentsDialog::checkNow()
{
    if (m_checkRequest != 0)
        return;
    m_checkRequest = m_records->checkNow();
    m_check->setEnabled(false);
    m_checkResult->setText(tr("Checking the payments with the payment service…"));
    m_checkResult->show();
}

void UnresolvedPaymentsDialog::onListed(int requestId, const QList<PaymentRecord>& records)
{
    if (requestId != m_listRequest)
        return; // another view's request
    m_listRequest = 0;
    m_readAt = QDateTime::currentDateTime();
    m_model->setLocale(locale());
    m_model->setRecords(records, m_readAt.toUTC());
    showRecords();
}

void UnresolvedPaymentsDialog::showRecords()
{
    const int count = m_model->rowCount();
    m_pages->setCurrentWidget(count == 0 ? static_cast<QWidget*>(m_empty) : m_table);
    if (m_readAt.isNull())
        return;
    const QString at = locale().toString(m_readAt.time(), QLocale::ShortFormat);
    m_status->setText(count == 0 ? tr("Read at %1.").arg(at)
                                 : tr("%n payment(s) in doubt, read at %1.", nullptr, count).arg(at));
}

void UnresolvedPaymentsDialog::onCheckFinished(int requestId, const PaymentCheck& check)
{
    if (requestId != m_checkRequest)
        return;
    m_checkRequest = 0;
    m_check->setEnabled(true);
    QStringList lines;
    for (const ReconcileEntry& e : check.entries) {
        if (e.action == ReconcileAction::Wait)
            continue;
        const PaymentIntent& p = e.before;
        const QString which = tr("%1 (%2, %3)")
                                  .arg(p.request.bookingCode, p.request.terminal,
                                       formatMoney(p.request.amountMinor, p.request.currency, locale()));
        if (!e.error.isEmpty())
            lines << tr("%1: still %2 — %3").arg(which, PaymentRecordListModel::stateText(e.after), e.error);
        else
            lines << tr("%1: %2 → %3")
                         .arg(which, PaymentRecordListModel::stateText(p.state),
                              PaymentRecordListModel::stateText(e.after));
    }
    if (lines.isEmpty())
        lines << tr("Nothing was due: no payment in doubt has been silent long enough for the reconciler.");
    else
        lines.prepend(tr("The reconciler took %n payment(s):", nullptr, int(lines.size())));
    if (!check.othersChecked)
        lines << tr("The other terminals' payments are the payment service's: its reconciler takes them on "
                    "its next pass.");
    m_checkResult->setText(lines.join(QLatin1Char('\n')));
    m_checkResult->show();
    refresh();
}

void UnresolvedPaymentsDialog::onFailed(int requestId, const Error& error)
{
    if (requestId == m_listRequest) {
        m_listRequest = 0;
        m_status->setText(tr("The payments could not be read: %1").arg(error.message));
    } else if (requestId == m_checkRequest) {
        m_checkRequest = 0;
        m_check->setEnabled(true);
        m_checkResult->setText(tr("The check could not run: %1").arg(error.message));
        m_checkResult->show();
    }
}

void UnresolvedPaymentsDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    m_autoRefresh.start();
    refresh();
}

void UnresolvedPaymentsDialog::hideEvent(QHideEvent* event)
{
    m_autoRefresh.stop();
    QDialog::hideEvent(event);
}

void UnresolvedPaymentsDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::LocaleChange)
        m_model->setLocale(locale());
    QDialog::changeEvent(event);
}

void UnresolvedPaymentsDialog::retranslate()
{
    setWindowTitle(tr("Unresolved payments"));
    m_empty->setText(tr("No payment is in doubt.\nEvery card and cash payment is settled."));
    m_refresh->setText(tr("&Refresh"));
    m_refresh->setToolTip(tr("Read the payments again (F5)"));
    m_check->setText(tr("&Check now"));
    m_check->setToolTip(tr("Run one reconciler pass now: payments silent past their grace period are "
                           "looked up, captured or voided by the usual rules"));
    m_close->setText(tr("Close"));
    m_model->setLocale(locale());
    showRecords();
}

} // namespace bo
