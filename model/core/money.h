// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QLocale>
#include <QString>

namespace bo {

/// Formats integer minor units for `locale`: "₩14,000" (KRW has no minor digits), "€12.50".
[[nodiscard]] QString formatMoney(qint64 minor, const QString& currency, const QLocale& locale);
/// Money as a voice reads it: "15,000 won" / "15,000원" for KRW (a synthesiser reads "₩" badly or
/// not at all); other currencies as formatMoney.
[[nodiscard]] QString spokenMoney(qint64 minor, const QString& currency, const QLocale& locale);
/// Number of minor digits of an ISO 4217 currency (0 for KRW and JPY, else 2).
[[nodiscard]] int minorDigits(const QString& currency);

} // namespace bo
