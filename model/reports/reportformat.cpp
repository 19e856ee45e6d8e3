// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/reports/reportformat.h"

#include <QJsonArray>
#include <QSaveFile>

#include "model/core/money.h"

namespace bo {
namespace {

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')) &&
        !s.contains(QLatin1Char('\r')))
        return s;
    QString quoted = s;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLine(const QStringList& fields)
{
    QStringList out;
    out.reserve(fields.size());
    for (const QString& f : fields)
        out.append(csvField(f));
    return out.join(QLatin1Char(',')) + QLatin1String("\r\n");
}

} // namespace

QString ReportFormat::jsonKey(const QString& title)
{
    QString key;
    for (const QChar c : title.toLower()) {
        if (c.isLetterOrNumber())
            key += c;
        else if (!key.endsWith(QLatin1Char('_')))
            key += QLatin1Char('_');
    }
    while (key.endsWith(QLatin1Char('_')))
        key.chop(1);
    return key;
}

QString ReportFormat::cell(const ReportDocument& doc, const ReportColumn& column, const QVariant& value,
                           const QLocale& locale)
{
    if (value.isNull() || !value.isValid())
        return {};
    switch (column.type) {
    case ReportValue::Text:
        return value.toString();
    case ReportValue::Count:
        return locale.toString(value.toLongLong());
    case ReportValue::Money:
        return formatMoney(value.toLongLong(), doc.currency, locale);
    case ReportValue::Permille: {
        const qint64 v = value.toLongLong();
        return QStringLiteral("%1%2%3 %").arg(locale.toString(v / 10), locale.decimalPoint()).arg(v % 10);
    }
    }
    return value.toString();
}

QString ReportFormat::text(const ReportDocument& doc, const QLocale& locale)
{
    QString out = QStringLiteral("%1 — %2\n%3\n").arg(doc.cinema, doc.title, doc.period);
    out +=
        tr("Printed %1 by %2\n")
            .arg(doc.printedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")), doc.printedBy);
    for (const ReportSection& s : doc.sections) {
        out += QLatin1Char('\n') + s.title + QLatin1Char('\n');
        if (s.rows.isEmpty()) {
            out += QStringLiteral("  %1\n").arg(tr("none"));
            continue;
        }
        // Columns as wide as their widest cell; text to the left, figures to the right.
        QList<int> widths;
        QList<QVariantList> all = s.rows;
        if (!s.totals.isEmpty())
            all.append(s.totals);
        for (int c = 0; c < s.columns.size(); ++c) {
            int w = int(s.columns.at(c).title.size());
            for (const QVariantList& row : all)
                w = std::max(w, int(cell(doc, s.columns.at(c), row.value(c), locale).size()));
            widths.append(w);
        }
        auto line = [&](const QStringList& cells) {
            QStringList padded;
            for (int c = 0; c < cells.size(); ++c)
                padded.append(s.columns.at(c).type == ReportValue::Text
                                  ? cells.at(c).leftJustified(widths.at(c))
                                  : cells.at(c).rightJustified(widths.at(c)));
            QString joined = QStringLiteral("  ") + padded.join(QStringLiteral("  "));
            while (joined.endsWith(QLatin1Char(' ')))
                joined.chop(1);
            return joined + QLatin1Char('\n');
        };
        QStringList titles;
        for (const ReportColumn& c : s.columns)
            titles.append(c.title);
        out += line(titles);
        for (const QVariantList& row : all) {
            QStringList cells;
            for (int c = 0; c < s.columns.size(); ++c)
                cells.append(cell(doc, s.columns.at(c), row.value(c), locale));
            out += line(cells);
        }
    }
    out += QLatin1Char('\n') +
           tr("Audit log head: position %1, SHA-256 %2\n").arg(doc.auditPosition).arg(doc.auditHash);
    return out;
}

QByteArray ReportFormat::csv(const ReportDocument& doc, const QLocale& locale)
{
    QString out;
    out += csvLine({tr("Report"), doc.title});
    out += csvLine({tr("Cinema"), doc.cinema});
    out += csvLine({tr("Period"), doc.period});
    out += csvLine({tr("Printed at"), doc.printedAt.toUTC().toString(Qt::ISODate)});
    out += csvLine({tr("Printed by"), doc.printedBy});
    out += csvLine({tr("Currency"), doc.currency});
    out += csvLine({tr("Audit log head"), QString::number(doc.auditPosition), doc.auditHash});
    for (const ReportSection& s : doc.sections) {
        out += QLatin1String("\r\n");
        out += csvLine({tr("Section"), s.id, s.title});
        QStringList header;
        for (const ReportColumn& c : s.columns) {
            header.append(c.type == ReportValue::Money ? c.title + QLatin1String(" (minor units)") : c.title);
            if (c.type == ReportValue::Money || c.type == ReportValue::Permille)
                header.append(c.title + QLatin1String(" (formatted)"));
        }
        out += csvLine(header);
        QList<QVariantList> all = s.rows;
        if (!s.totals.isEmpty())
            all.append(s.totals);
        for (const QVariantList& row : all) {
            QStringList fields;
            for (int c = 0; c < s.columns.size(); ++c) {
                const ReportColumn& col = s.columns.at(c);
                const QVariant v = row.value(c);
                if (col.type == ReportValue::Text)
                    fields.append(v.toString());
                else
                    fields.append(v.isNull() ? QString() : QString::number(v.toLongLong()));
                if (col.type == ReportValue::Money || col.type == ReportValue::Permille)
                    fields.append(cell(doc, col, v, locale));
            }
            out += csvLine(fields);
        }
    }
    return out.toUtf8();
}

Status ReportFormat::writeCsv(const ReportDocument& doc, const QString& path, const QLocale& locale)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    const QByteArray bytes = csv(doc, locale);
    if (file.write(bytes) != bytes.size() || !file.commit())
        return makeError(ErrorCode::BadInput, tr("Cannot write %1: %2").arg(path, file.errorString()));
    return success();
}

QJsonObject ReportFormat::json(const ReportDocument& doc)
{
    QJsonArray sections;
    for (const ReportSection& s : doc.sections) {
        QStringList keys;
        for (const ReportColumn& c : s.columns)
            keys.append((c.key.isEmpty() ? jsonKey(c.title) : c.key) +
                        (c.type == ReportValue::Money ? QStringLiteral("_minor") : QString()));
        auto toObject = [&](const QVariantList& row) {
            QJsonObject o;
            for (int c = 0; c < s.columns.size(); ++c) {
                const QVariant v = row.value(c);
                if (v.isNull())
                    o.insert(keys.at(c), QJsonValue());
                else if (s.columns.at(c).type == ReportValue::Text)
                    o.insert(keys.at(c), v.toString());
                else
                    o.insert(keys.at(c), v.toLongLong());
            }
            return o;
        };
        QJsonArray rows;
        for (const QVariantList& row : s.rows)
            rows.append(toObject(row));
        QJsonObject section{
            {QStringLiteral("id"), s.id}, {QStringLiteral("title"), s.title}, {QStringLiteral("rows"), rows}};
        if (!s.totals.isEmpty())
            section.insert(QStringLiteral("totals"), toObject(s.totals));
        sections.append(section);
    }
    return QJsonObject{{QStringLiteral("report"), doc.kind},
                       {QStringLiteral("title"), doc.title},
                       {QStringLiteral("cinema"), doc.cinema},
                       {QStringLiteral("period"), doc.period},
                       {QStringLiteral("printed_at"), doc.printedAt.toUTC().toString(Qt::ISODateWithMs)},
                       {QStringLiteral("printed_by"), doc.printedBy},
                       {QStringLiteral("currency"), doc.currency},
                       {QStringLiteral("gross_minor"), doc.grossMinor},
                       {QStringLiteral("refunds_minor"), doc.refundsMinor},
                       {QStringLiteral("net_minor"), doc.netMinor},
                       {QStringLiteral("voids_minor"), doc.voidsMinor},
                       {QStringLiteral("audit_position"), doc.auditPosition},
                       {QStringLiteral("audit_hash"), doc.auditHash},
                       {QStringLiteral("sections"), sections}};
}

} // namespace bo
