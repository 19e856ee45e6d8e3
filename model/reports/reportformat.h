// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QLocale>
#include <QString>

#include "model/core/result.h"
#include "model/reports/reportdocument.h"

namespace bo {

/// A report's document as text (the CLI's), as CSV and as JSON, and one cell as it is shown.
class ReportFormat final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ReportFormat)

public:
    ReportFormat() = delete;

    /// A cell as shown: money formatted in the report's currency, a share as "87.5 %".
    [[nodiscard]] static QString cell(const ReportDocument& doc, const ReportColumn& column,
                                      const QVariant& value, const QLocale& locale = QLocale());
    [[nodiscard]] static QString text(const ReportDocument& doc, const QLocale& locale = QLocale());
    /// RFC 4180 in UTF-8 with CRLF line ends: a header block, then one table per section after a
    /// line naming it. Amounts as plain minor units, each followed by a column of its formatted
    /// text; the totals row says "Total" in its first column.
    [[nodiscard]] static QByteArray csv(const ReportDocument& doc, const QLocale& locale = QLocale());
    /// Writes csv() to `path` whole or not at all (aside, then renamed); BadInput when it cannot.
    [[nodiscard]] static Status writeCsv(const ReportDocument& doc, const QString& path,
                                         const QLocale& locale = QLocale());
    /// A column's JSON key from its title: lower case, words joined by underscores ("Cash taken"
    /// -> "cash_taken").
    [[nodiscard]] static QString jsonKey(const QString& title);
    /// Every section with its rows as objects keyed by column (amounts as minor units).
    [[nodiscard]] static QJsonObject json(const ReportDocument& doc);
};

} // namespace bo
