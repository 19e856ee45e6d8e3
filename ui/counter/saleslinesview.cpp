// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "ui/counter/saleslinesview.h"

#include <algorithm>

#include <QHeaderView>
#include <QLocale>

#include "model/core/money.h"

namespace bo {
namespace {

constexpr int keyRole = Qt::UserRole + 1;

QString sectionTitle(const QString& section)
{
    if (section == QLatin1String("method"))
        return SalesLinesView::tr("Sales by payment method");
    if (section == QLatin1String("type"))
        return SalesLinesView::tr("Sales by ticket type");
    if (section == QLatin1String("refund"))
        return SalesLinesView::tr("Refunds");
    if (section == QLatin1String("void"))
        return SalesLinesView::tr("Voided payments");
    if (section == QLatin1String("net"))
        return SalesLinesView::tr("Net takings");
    return SalesLinesView::tr("Cash drawer");
}

QString keyText(const SalesLine& l)
{
    if (l.section == QLatin1String("method") || l.section == QLatin1String("refund") ||
        l.section == QLatin1String("void")) {
        if (l.key == QLatin1String("card"))
            return SalesLinesView::tr("Card");
        if (l.key == QLatin1String("cash"))
            return SalesLinesView::tr("Cash");
        if (l.key == QLatin1String("none"))
            return SalesLinesView::tr("No payment");
    }
    if (l.section == QLatin1String("net"))
        return SalesLinesView::tr("Taken less refunded");
    if (l.section == QLatin1String("cash")) {
        if (l.key == QLatin1String("float"))
            return SalesLinesView::tr("Float");
        if (l.key == QLatin1String("taken"))
            return SalesLinesView::tr("Cash taken");
        if (l.key == QLatin1String("refunded"))
            return SalesLinesView::tr("Cash refunded");
        if (l.key == QLatin1String("pay_in"))
            return SalesLinesView::tr("Pay-ins");
        if (l.key == QLatin1String("pay_out"))
            return SalesLinesView::tr("Pay-outs");
        if (l.key == QLatin1String("expected"))
            return SalesLinesView::tr("Expected in the drawer");
        if (l.key == QLatin1String("counted"))
            return SalesLinesView::tr("Counted");
        if (l.key == QLatin1String("over_short"))
            return SalesLinesView::tr("Over (+) / short (−)");
    }
    return l.key;
}

} // namespace

SalesLinesView::SalesLinesView(QWidget* parent)
    : QTableWidget(0, 3, parent)
{
    setHorizontalHeaderLabels({tr("Line"), tr("Count"), tr("Amount")});
    horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    verticalHeader()->hide();
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::NoSelection);
}

void SalesLinesView::setLines(const QList<SalesLine>& lines, const QString& currency)
{
    static const QStringList sections{QStringLiteral("method"), QStringLiteral("type"),
                                      QStringLiteral("refund"), QStringLiteral("void"),
                                      QStringLiteral("net"),    QStringLiteral("cash")};
    static const QStringList cashOrder{QStringLiteral("float"),    QStringLiteral("taken"),
                                       QStringLiteral("refunded"), QStringLiteral("pay_in"),
                                       QStringLiteral("pay_out"),  QStringLiteral("expected"),
                                       QStringLiteral("counted"),  QStringLiteral("over_short")};
    setRowCount(0);
    const QLocale locale;
    for (const QString& section : sections) {
        QList<SalesLine> rows;
        for (const SalesLine& l : lines)
            if (l.section == section)
                rows.append(l);
        if (rows.isEmpty())
            continue;
        if (section == QLatin1String("cash"))
            std::stable_sort(rows.begin(), rows.end(), [](const SalesLine& a, const SalesLine& b) {
                return cashOrder.indexOf(a.key) < cashOrder.indexOf(b.key);
            });
        const int title = rowCount();
        insertRow(title);
        auto* heading = new QTableWidgetItem(sectionTitle(section));
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        setItem(title, 0, heading);
        for (const SalesLine& l : rows) {
            const int row = rowCount();
            insertRow(row);
            auto* name = new QTableWidgetItem(QStringLiteral("    ") + keyText(l));
            name->setData(keyRole, l.section + QLatin1Char('.') + l.key);
            setItem(row, 0, name);
            auto* count = new QTableWidgetItem(l.count ? locale.toString(*l.count) : QString());
            count->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, 1, count);
            auto* amount = new QTableWidgetItem(formatMoney(l.amountMinor, currency, locale));
            amount->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            setItem(row, 2, amount);
        }
    }
}

QString SalesLinesView::amountOf(const QString& section, const QString& key) const
{
    const QString wanted = section + QLatin1Char('.') + key;
    for (int row = 0; row < rowCount(); ++row)
        if (item(row, 0) && item(row, 0)->data(keyRole).toString() == wanted)
            return item(row, 2)->text();
    return {};
}

} // namespace bo
