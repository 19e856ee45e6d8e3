// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/cashupdialog.h"

#include <QDialogButtonBox>
#include <QGridLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>

#include "model/core/money.h"
#include "ui/counter/saleslinesview.h"

namespace bo {

QList<qint64> CashUpDialog::denominations(const QString& currency)
{
    if (currency == QLatin1String("KRW"))
        return {50000, 10000, 5000, 1000, 500, 100, 50, 10};
    if (currency == QLatin1String("EUR"))
        return {50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1};
    if (currency == QLatin1String("USD"))
        return {10000, 5000, 2000, 1000, 500, 100, 25, 10, 5, 1};
    if (currency == QLatin1String("GBP"))
        return {5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1};
    if (currency == QLatin1String("JPY"))
        return {10000, 5000, 1000, 500, 100, 50, 10, 5, 1};
    return {};
}

CashUpDialog::CashUpDialog(TillDesk* desk, QString currency, QWidget* parent)
    : QDialog(parent)
    , m_desk(desk)
    , m_currency(std::move(currency))
{
    setWindowTitle(tr("Close the shift: count the drawer"));
    const QLocale locale;
    m_pages = new QStackedWidget(this);

    // The count.
    auto* countPage = new QWidget(m_pages);
    auto* grid = new QGridLayout;
    int row = 0;
    for (qint64 d : denominations(m_currency)) {
        auto* spin = new QSpinBox(countPage);
        spin->setRange(0, 100000);
        spin->setObjectName(QStringLiteral("count_%1").arg(d));
        spin->setMinimumWidth(120);
        connect(spin, &QSpinBox::valueChanged, this, &CashUpDialog::updateTotal);
        grid->addWidget(new QLabel(formatMoney(d, m_currency, locale), countPage), row, 0, Qt::AlignRight);
        grid->addWidget(spin, row, 1);
        m_counts.append({d, spin});
        ++row;
    }
    m_other = new QLineEdit(countPage);
    m_other->setObjectName(QStringLiteral("other"));
    m_other->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,11}")), this));
    connect(m_other, &QLineEdit::textChanged, this, &CashUpDialog::updateTotal);
    grid->addWidget(
        new QLabel(m_counts.isEmpty() ? tr("Cash counted:") : tr("Anything else (total):"), countPage), row,
        0, Qt::AlignRight);
    grid->addWidget(m_other, row, 1);
    m_total = new QLabel(countPage);
    m_total->setObjectName(QStringLiteral("total"));
    QFont big = m_total->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_total->setFont(big);
    m_error = new QLabel(countPage);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #b00020"));
    m_close = new QPushButton(tr("Close the shift with this count"), countPage);
    m_close->setObjectName(QStringLiteral("closeShift"));
    connect(m_close, &QPushButton::clicked, this, &CashUpDialog::submit);
    auto* intro =
        new QLabel(tr("Count the cash in the drawer and enter it. The till tells what it expected only "
                      "after the count is in."),
                   countPage);
    intro->setWordWrap(true);
    auto* countLayout = new QVBoxLayout(countPage);
    countLayout->addWidget(intro);
    countLayout->addLayout(grid);
    countLayout->addWidget(m_total);
    countLayout->addWidget(m_error);
    countLayout->addWidget(m_close);
    m_pages->addWidget(countPage);

    // The verdict and the Z report.
    auto* resultPage = new QWidget(m_pages);
    m_verdict = new QLabel(resultPage);
    m_verdict->setObjectName(QStringLiteral("verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setFont(big);
    m_report = new SalesLinesView(resultPage);
    auto* done = new QDialogButtonBox(QDialogButtonBox::Close, resultPage);
    connect(done, &QDialogButtonBox::rejected, this, &QDialog::accept);
    auto* resultLayout = new QVBoxLayout(resultPage);
    resultLayout->addWidget(m_verdict);
    resultLayout->addWidget(new QLabel(tr("Z report"), resultPage));
    resultLayout->addWidget(m_report);
    resultLayout->addWidget(done);
    m_pages->addWidget(resultPage);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_pages);
    connect(m_desk, &TillDesk::shiftClosed, this, &CashUpDialog::onClosed);
    connect(m_desk, &TillDesk::failed, this, &CashUpDialog::onFailed);
    resize(560, 640);
    updateTotal();
}

QSpinBox* CashUpDialog::countOf(qint64 denomination) const
{
    for (const auto& [d, spin] : m_counts)
        if (d == denomination)
            return spin;
    return nullptr;
}

qint64 CashUpDialog::countedMinor() const
{
    qint64 total = m_other->text().toLongLong();
    for (const auto& [d, spin] : m_counts)
        total += d * spin->value();
    return total;
}

void CashUpDialog::updateTotal()
{
    m_total->setText(tr("Counted: %1").arg(formatMoney(countedMinor(), m_currency, QLocale())));
}

void CashUpDialog::submit()
{
    QJsonObject detail;
    for (const auto& [d, spin] : m_counts)
        if (spin->value() > 0)
            detail.insert(QString::number(d), spin->value());
    if (!m_other->text().isEmpty() && m_other->text().toLongLong() > 0)
        detail.insert(QStringLiteral("other"), m_other->text().toLongLong());
    m_close->setEnabled(false);
    m_error->clear();
    m_desk->closeShift(countedMinor(), detail);
}

void CashUpDialog::onClosed(const ShiftCount& count, const QList<SalesLine>& lines)
{
    const QLocale locale;
    const QString counted = formatMoney(count.countedMinor, count.currency, locale);
    const QString expected = formatMoney(count.expectedMinor, count.currency, locale);
    QString verdict;
    if (count.overShortMinor == 0)
        verdict = tr("Counted %1, expected %2: the drawer is right.").arg(counted, expected);
    else if (count.overShortMinor > 0)
        verdict = tr("Counted %1, expected %2: over by %3.")
                      .arg(counted, expected, formatMoney(count.overShortMinor, count.currency, locale));
    else
        verdict = tr("Counted %1, expected %2: short by %3.")
                      .arg(counted, expected, formatMoney(-count.overShortMinor, count.currency, locale));
    m_verdict->setText(verdict);
    m_report->setLines(lines, count.currency);
    m_pages->setCurrentIndex(1);
}

void CashUpDialog::onFailed(const QString& what, const Error& error)
{
    if (what != QLatin1String("close"))
        return;
    m_close->setEnabled(true);
    m_error->setText(error.message.isEmpty() ? error.detail : error.message);
}

} // namespace bo
