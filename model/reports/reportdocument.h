// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QVariant>

namespace bo {

/// How a report's column is read and shown: text; a count; an amount in minor units; a share in
/// tenths of a percent (integers throughout, so that totals add up exactly).
enum class ReportValue { Text, Count, Money, Permille };

struct ReportColumn
{
    QString title; ///< in the user's language
    ReportValue type = ReportValue::Text;
    QString key; ///< stable, for JSON: the English title in lower case with underscores
};

/// One table of a report. Each row holds one QVariant per column: a QString for Text, a qint64
/// otherwise, or a null QVariant for a cell left empty. `totals` is empty when the table has none.
struct ReportSection
{
    QString id; ///< stable: "summary", "method", "type", "film", "showtime", "hour", ...
    QString title;
    QList<ReportColumn> columns;
    QList<QVariantList> rows;
    QVariantList totals;
};

/// A report as the CLI prints it, writes it to CSV and PDF, and the manager's screen shows it:
/// built once by ReportBuilder from a ReportSource.
struct ReportDocument
{
    QString kind; ///< "day", "shift" or "showtime"
    QString title;
    QString cinema;
    QString period;      ///< in words, local time
    QString printedBy;   ///< the database login
    QDateTime printedAt; ///< UTC
    QString currency;
    qint64 grossMinor = 0;
    qint64 refundsMinor = 0; ///< card and cash refunds: money that went back
    qint64 netMinor = 0;
    qint64 voidsMinor = 0;
    qint64 auditPosition = 0;
    QString auditHash;
    QList<ReportSection> sections;

    /// The section `id`; nullptr when the report has none.
    [[nodiscard]] const ReportSection* section(const QString& id) const;
};

} // namespace bo
