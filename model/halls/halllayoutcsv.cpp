// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The CSV format of a hall layout (docs/FORMATS.md): one seat a line; the rules every layout keeps
// are in model/halls/halllayout.cpp.
#include "model/halls/halllayout.h"

#include <utility>

#include <QSet>
#include <QStringList>

namespace bo {
namespace {

/// Splits one CSV line into its fields; double quotes enclose a field ("" is a quote inside).
/// False when a quote is not closed.
bool splitCsvLine(const QString& line, QStringList* fields)
{
    fields->clear();
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < line.size() && line.at(i + 1) == QLatin1Char('"')) {
                    field += c;
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                field += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            fields->append(field.trimmed());
            field.clear();
        } else {
            field += c;
        }
    }
    fields->append(field.trimmed());
    return !quoted;
}

QString csvField(const QString& value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"')) && value.trimmed() == value)
        return value;
    QString quoted = value;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

} // namespace

Result<HallLayout> HallLayoutFormat::readCsv(const QByteArray& data)
{
    HallLayout layout;
    QList<LayoutProblem> found;
    QSet<QString> zones;
    const QList<QByteArray> lines = data.split('\n');
    bool first = true;
    QStringList fields;
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const int lineNo = int(n) + 1;
        QString line = QString::fromUtf8(lines.at(n));
        if (n == 0 && line.startsWith(QChar(0xFEFF)))
            line.remove(0, 1);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        if (!splitCsvLine(line, &fields)) {
            found.append({lineNo, tr("a quote is not closed")});
            continue;
        }
        const bool header =
            first && fields.first().compare(QLatin1String("section"), Qt::CaseInsensitive) == 0;
        first = false;
        if (header)
            continue;
        if (fields.size() < 6 || fields.size() > 7) {
            found.append(
                {lineNo,
                 tr("%1 fields where section,row,seat,x,y,kind[,zone] has 6 or 7").arg(fields.size())});
            continue;
        }
        LayoutSeat seat;
        seat.line = lineNo;
        seat.section = fields.at(0);
        seat.row = fields.at(1);
        bool ok = false;
        seat.number = fields.at(2).toInt(&ok);
        if (!ok) {
            found.append({lineNo, tr("seat '%1' is not a number").arg(fields.at(2))});
            continue;
        }
        seat.x = fields.at(3).toDouble(&ok);
        if (!ok) {
            found.append({lineNo, tr("x '%1' is not a number").arg(fields.at(3))});
            continue;
        }
        seat.y = fields.at(4).toDouble(&ok);
        if (!ok) {
            found.append({lineNo, tr("y '%1' is not a number").arg(fields.at(4))});
            continue;
        }
        if (!parseKind(fields.at(5), &seat.kind)) {
            found.append(
                {lineNo, tr("unknown seat kind '%1' (standard, premium, couple, wheelchair, companion)")
                             .arg(fields.at(5))});
            continue;
        }
        if (fields.size() == 7)
            seat.zone = fields.at(6);
        if (!seat.zone.isEmpty() && !zones.contains(seat.zone) && isZoneCode(seat.zone)) {
            zones.insert(seat.zone);
            layout.zones.append({seat.zone, seat.zone, lineNo});
        } else if (!seat.zone.isEmpty() && !isZoneCode(seat.zone)) {
            found.append({lineNo, tr("zone '%1' is not 1 to 32 letters, digits, '_' or '-'").arg(seat.zone)});
            continue;
        }
        layout.seats.append(seat);
    }
    return checked(std::move(layout), std::move(found));
}

QByteArray HallLayoutFormat::writeCsv(const HallLayout& layout)
{
    QString out = QStringLiteral("section,row,seat,x,y,kind,zone\n");
    for (const LayoutSeat& s : layout.seats) {
        out += csvField(s.section) + QLatin1Char(',') + s.row + QLatin1Char(',') + QString::number(s.number) +
               QLatin1Char(',') + coordinateText(s.x) + QLatin1Char(',') + coordinateText(s.y) +
               QLatin1Char(',') + seatKindText(s.kind) + QLatin1Char(',') + csvField(s.zone) +
               QLatin1Char('\n');
    }
    return out.toUtf8();
}

} // namespace bo
