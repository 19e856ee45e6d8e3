// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/money.h"

namespace bo {

int minorDigits(const QString& currency)
{
    static const QStringList zero = {QStringLiteral("KRW"), QStringLiteral("JPY"), QStringLiteral("VND"),
                                     QStringLiteral("CLP"), QStringLiteral("ISK")};
    return zero.contains(currency) ? 0 : 2;
}

QString formatMoney(qint64 minor, const QString& currency, const QLocale& locale)
{
    const int digits = minorDigits(currency);
    QString symbol = currency;
    if (currency == QLatin1String("KRW"))
        symbol = QStringLiteral("₩");
    else if (currency == QLatin1String("EUR"))
        symbol = QStringLiteral("€");
    else if (currency == QLatin1String("USD"))
        symbol = QStringLiteral("$");
    if (digits == 0)
        return locale.toCurrencyString(minor, symbol);
    qint64 scale = 1;
    for (int i = 0; i < digits; ++i)
        scale *= 10;
    // Integer arithmetic for the value; the locale only lays out the digits.
    const QString units = locale.toString(minor / scale);
    const QString cents = QStringLiteral("%1").arg(qAbs(minor % scale), digits, 10, QLatin1Char('0'));
    return symbol + units + locale.decimalPoint() + cents;
}

QString spokenMoney(qint64 minor, const QString& currency, const QLocale& locale)
{
    if (currency != QLatin1String("KRW"))
        return formatMoney(minor, currency, locale);
    const QString amount = locale.toString(minor);
    return locale.language() == QLocale::Korean ? amount + QStringLiteral("원")
                                                : amount + QStringLiteral(" won");
}

} // namespace bo
