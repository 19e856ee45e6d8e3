// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The CSV format of a hall layout (docs/FORMATS.md): one seat a line; the rules every layout keeps
// are in model/halls/halllayout.cpp.
#include "model/halls/halllayout.h"

// MinGW's GCC, inlining the reader's error classes at -O2, warns that their bounded file-name copy
// may truncate: it may, by design (the name is ours, "layout.csv"). Not a warning of our code.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-truncation"
#endif
#include <libfccp/csv.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <array>
#include <string>
#include <utility>

#include <QSet>

namespace bo {
namespace {

/// The columns of a layout's CSV, as the header names them; the seventh, the zone, may be left out.
constexpr std::array<const char*, 7> kColumns = {"section", "row", "seat", "x", "y", "kind", "zone"};

/// fast-cpp-csv-parser reads the fields: spaces and tabs trimmed, double quotes enclosing a field
/// ("" a quote inside), blank lines and lines starting with '#' skipped, a number too large refused.
using CommentPolicy = io::single_and_empty_line_comment<'#'>;
using CsvReader = io::CSVReader<7, io::trim_chars<' ', '\t'>, io::double_quote_escape<',', '"'>,
                                io::throw_on_overflow, CommentPolicy>;

/// The reader needs a header to know the columns: the file's own (any order, the zone optional,
/// names in any case), or one put in front of a file without, with as many columns as its first line.
struct CsvText
{
    QByteArray text;
    bool headerAdded = false;
};

bool isColumnName(const QByteArray& field)
{
    for (const char* name : kColumns) {
        if (field.compare(name, Qt::CaseInsensitive) == 0)
            return true;
    }
    return false;
}

/// True when the first data line of `text` (a header added in front of it) has the seven fields.
bool firstLineHasZone(const QByteArray& text)
{
    const QByteArray probe = QByteArrayLiteral("section,row,seat,x,y,kind,zone\n") + text;
    try {
        CsvReader reader("layout.csv", probe.constData(), probe.constData() + probe.size());
        reader.read_header(io::ignore_no_column, kColumns[0], kColumns[1], kColumns[2], kColumns[3],
                           kColumns[4], kColumns[5], kColumns[6]);
        std::array<std::string, 7> f;
        reader.read_row(f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
        return true;
    } catch (const io::error::base&) {
        return false;
    }
}

CsvText withHeader(const QByteArray& data)
{
    CsvText csv{data.startsWith("\xEF\xBB\xBF") ? data.mid(3) : data};
    qsizetype from = 0;
    while (from < csv.text.size()) {
        qsizetype end = csv.text.indexOf('\n', from);
        if (end < 0)
            end = csv.text.size();
        const QByteArray line = csv.text.mid(from, end - from);
        if (CommentPolicy::is_comment(line.constData()) || line.trimmed().isEmpty()) {
            from = end + 1;
            continue;
        }
        const QByteArray firstField = line.left(line.indexOf(',')).trimmed();
        if (isColumnName(firstField)) {
            csv.text.replace(from, line.size(), line.toLower());
            return csv;
        }
        break;
    }
    csv.headerAdded = true;
    csv.text.prepend(firstLineHasZone(csv.text) ? "section,row,seat,x,y,kind,zone\n"
                                                : "section,row,seat,x,y,kind\n");
    return csv;
}

/// The file's line of the row the reader is on.
int fileLine(const CsvReader& reader, const CsvText& csv)
{
    return int(reader.get_file_line()) - (csv.headerAdded ? 1 : 0);
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
    const CsvText csv = withHeader(data);
    CsvReader reader("layout.csv", csv.text.constData(), csv.text.constData() + csv.text.size());
    int columns = 0;
    try {
        reader.read_header(io::ignore_missing_column, kColumns[0], kColumns[1], kColumns[2], kColumns[3],
                           kColumns[4], kColumns[5], kColumns[6]);
        for (const char* name : kColumns) {
            if (reader.has_column(name))
                ++columns;
            else if (qstrcmp(name, "zone") != 0)
                found.append(
                    {fileLine(reader, csv), tr("the header has no column '%1'").arg(QLatin1String(name))});
        }
    } catch (const io::error::extra_column_in_header& e) {
        found.append(
            {fileLine(reader, csv), tr("unknown column '%1' in the header (section,row,seat,x,y,kind,zone)")
                                        .arg(QString::fromUtf8(e.column_name))});
    } catch (const io::error::duplicated_column_in_header& e) {
        found.append({fileLine(reader, csv),
                      tr("the header names column '%1' twice").arg(QString::fromUtf8(e.column_name))});
    } catch (const io::error::escaped_string_not_closed&) {
        found.append({fileLine(reader, csv), tr("a quote is not closed")});
    } catch (const io::error::base&) {
        found.append({fileLine(reader, csv), tr("the line is longer than 16 MiB")});
    }
    if (!found.isEmpty())
        return error(found); // without the columns no line can be read

    std::array<std::string, 7> f;
    for (;;) {
        try {
            if (!reader.read_row(f[0], f[1], f[2], f[3], f[4], f[5], f[6]))
                break;
        } catch (const io::error::too_few_columns&) {
            found.append({fileLine(reader, csv),
                          csv.headerAdded ? tr("fewer fields than the %1 of the first line").arg(columns)
                                          : tr("fewer fields than the %1 the header names").arg(columns)});
            continue;
        } catch (const io::error::too_many_columns&) {
            found.append({fileLine(reader, csv),
                          csv.headerAdded ? tr("more fields than the %1 of the first line").arg(columns)
                                          : tr("more fields than the %1 the header names").arg(columns)});
            continue;
        } catch (const io::error::escaped_string_not_closed&) {
            found.append({fileLine(reader, csv), tr("a quote is not closed")});
            continue;
        } catch (const io::error::base&) {
            // The one error the reader cannot read past: a line over its 16 MiB block.
            found.append({fileLine(reader, csv), tr("the line is longer than 16 MiB")});
            break;
        }
        const int lineNo = fileLine(reader, csv);
        const auto field = [&f](int i) { return QString::fromStdString(f.at(i)); };
        LayoutSeat seat;
        seat.line = lineNo;
        seat.section = field(0);
        seat.row = field(1);
        bool ok = false;
        seat.number = field(2).toInt(&ok);
        if (!ok) {
            found.append({lineNo, tr("seat '%1' is not a number").arg(field(2))});
            continue;
        }
        seat.x = field(3).toDouble(&ok);
        if (!ok) {
            found.append({lineNo, tr("x '%1' is not a number").arg(field(3))});
            continue;
        }
        seat.y = field(4).toDouble(&ok);
        if (!ok) {
            found.append({lineNo, tr("y '%1' is not a number").arg(field(4))});
            continue;
        }
        if (!parseKind(field(5), &seat.kind)) {
            found.append(
                {lineNo, tr("unknown seat kind '%1' (standard, premium, couple, wheelchair, companion)")
                             .arg(field(5))});
            continue;
        }
        seat.zone = field(6);
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
