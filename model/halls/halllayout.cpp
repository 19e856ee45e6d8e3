// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/halls/halllayout.h"

#include <algorithm>
#include <cmath>

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include "model/seats/seatmap.h"

namespace bo {
namespace {

constexpr double epsilon = 1e-6;
constexpr int maxSectionLength = 40;
constexpr int maxZoneNameLength = 80;
constexpr int maxSeatNumber = 999;

bool sameCoordinate(double a, double b)
{
    return HallLayoutFormat::rounded(a) == HallLayoutFormat::rounded(b);
}

const QRegularExpression& rowPattern()
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Z]{1,3}$"));
    return pattern;
}

const QRegularExpression& zonePattern()
{
    static const QRegularExpression pattern(QStringLiteral("^[A-Za-z0-9_-]{1,32}$"));
    return pattern;
}

QString screenSideText(ScreenSide side)
{
    return side == ScreenSide::Bottom ? QStringLiteral("bottom") : QStringLiteral("top");
}

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

QString jsonString(const QString& value)
{
    const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(array.mid(1, array.size() - 2));
}

int lineAt(const QByteArray& data, qsizetype offset)
{
    return int(data.left(offset).count('\n')) + 1;
}

/// The line on which each object of the top-level arrays "seats", "aisles" and "zones" starts,
/// found by scanning the text (QJsonDocument keeps no positions). The data parsed as JSON.
QHash<QString, QList<int>> objectLines(const QByteArray& data)
{
    QHash<QString, QList<int>> lines;
    int depth = 0;
    int line = 1;
    bool inString = false;
    QByteArray lastString;
    QByteArray current;
    QByteArray key;     ///< the last key at depth 1
    QByteArray inArray; ///< the depth-1 key whose array we are in
    for (qsizetype i = 0; i < data.size(); ++i) {
        const char c = data.at(i);
        if (c == '\n')
            ++line;
        if (inString) {
            if (c == '\\') {
                ++i;
                continue;
            }
            if (c == '"') {
                inString = false;
                lastString = current;
            } else {
                current += c;
            }
            continue;
        }
        switch (c) {
        case '"':
            inString = true;
            current.clear();
            break;
        case ':':
            if (depth == 1)
                key = lastString;
            break;
        case '{':
        case '[':
            ++depth;
            if (c == '[' && depth == 2)
                inArray = key;
            else if (c == '{' && depth == 3 && !inArray.isEmpty())
                lines[QString::fromUtf8(inArray)].append(line);
            break;
        case '}':
        case ']':
            if (c == ']' && depth == 2)
                inArray.clear();
            --depth;
            break;
        default:
            break;
        }
    }
    return lines;
}

class JsonReader
{
public:
    explicit JsonReader(QList<LayoutProblem>* problems)
        : m_problems(problems)
    {}

    void problem(int line, const QString& message) { m_problems->append({line, message}); }

    /// Fields other than `known` are problems (a misspelt field would otherwise be lost).
    void onlyFields(const QJsonObject& object, const QStringList& known, int line, const QString& what)
    {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!known.contains(it.key()))
                problem(line, HallLayoutFormat::tr("%1 has an unknown field '%2'").arg(what, it.key()));
        }
    }

    bool number(const QJsonObject& object, const QString& field, int line, const QString& what, double* value,
                bool required = true)
    {
        const QJsonValue v = object.value(field);
        if (v.isUndefined() && !required)
            return false;
        if (!v.isDouble()) {
            problem(line, HallLayoutFormat::tr("%1 needs a number '%2'").arg(what, field));
            return false;
        }
        *value = v.toDouble();
        return true;
    }

    QString text(const QJsonObject& object, const QString& field, int line, const QString& what,
                 bool required)
    {
        const QJsonValue v = object.value(field);
        if (v.isUndefined() && !required)
            return {};
        if (!v.isString()) {
            problem(line, HallLayoutFormat::tr("%1 needs a text '%2'").arg(what, field));
            return {};
        }
        return v.toString();
    }

private:
    QList<LayoutProblem>* m_problems;
};

} // namespace

bool LayoutSeat::operator==(const LayoutSeat& other) const
{
    return section == other.section && row == other.row && number == other.number &&
           sameCoordinate(x, other.x) && sameCoordinate(y, other.y) && kind == other.kind &&
           zone == other.zone && outOfService == other.outOfService;
}

bool LayoutAisle::operator==(const LayoutAisle& other) const
{
    return sameCoordinate(x, other.x) && sameCoordinate(y, other.y) && sameCoordinate(width, other.width) &&
           sameCoordinate(height, other.height);
}

bool LayoutScreen::operator==(const LayoutScreen& other) const
{
    return side == other.side && placed == other.placed &&
           (!placed || (sameCoordinate(x, other.x) && sameCoordinate(width, other.width)));
}

QString LayoutProblem::text() const
{
    return line > 0 ? HallLayoutFormat::tr("line %1: %2").arg(line).arg(message) : message;
}

double HallLayoutFormat::rounded(double value)
{
    return double(std::llround(value * 1000)) / 1000;
}

QString HallLayoutFormat::coordinateText(double value)
{
    QString text = QString::number(rounded(value), 'f', 3);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

bool HallLayoutFormat::parseKind(const QString& word, SeatKind* kind)
{
    for (SeatKind k : {SeatKind::Standard, SeatKind::Premium, SeatKind::Couple, SeatKind::Wheelchair,
                       SeatKind::Companion}) {
        if (seatKindText(k) == word) {
            *kind = k;
            return true;
        }
    }
    return false;
}

Error HallLayoutFormat::error(const QList<LayoutProblem>& problems)
{
    QStringList texts;
    for (qsizetype i = 0; i < problems.size() && i < maxProblemsListed; ++i)
        texts << problems.at(i).text();
    QString message = texts.join(QLatin1String("; "));
    if (problems.size() > maxProblemsListed)
        message += tr(" (and %n more problem(s))", nullptr, int(problems.size() - maxProblemsListed));
    return makeError(ErrorCode::BadInput, message);
}

Status HallLayoutFormat::validate(const HallLayout& layout)
{
    const QList<LayoutProblem> found = problems(layout);
    if (found.isEmpty())
        return success();
    return error(found);
}

QList<LayoutProblem> HallLayoutFormat::problems(const HallLayout& layout)
{
    QList<LayoutProblem> found;
    auto coordinate = [&](double value, const QString& what, int line) {
        if (!std::isfinite(value) || std::abs(value) > coordinateLimit)
            found.append({line, tr("%1 is not a number within +/-%2").arg(what).arg(coordinateLimit)});
        else if (std::abs(value * 1000 - double(std::llround(value * 1000))) >
                 1e-6 * std::max(1.0, std::abs(value)))
            found.append({line, tr("%1 has more than three decimals").arg(what)});
    };

    if (layout.screen.placed) {
        coordinate(layout.screen.x, tr("the screen's x"), 0);
        coordinate(layout.screen.width, tr("the screen's width"), 0);
        if (layout.screen.width <= 0)
            found.append({0, tr("the screen's width is not positive")});
    }

    QHash<QString, int> zoneLines;
    for (const LayoutZone& z : layout.zones) {
        if (!zonePattern().match(z.code).hasMatch())
            found.append(
                {z.line, tr("zone code '%1' is not 1 to 32 letters, digits, '_' or '-'").arg(z.code)});
        else if (zoneLines.contains(z.code))
            found.append({z.line, tr("zone '%1' is declared twice").arg(z.code)});
        else
            zoneLines.insert(z.code, z.line);
        if (z.name.size() > maxZoneNameLength)
            found.append(
                {z.line, tr("zone '%1' has a name longer than %2").arg(z.code).arg(maxZoneNameLength)});
    }

    for (const LayoutAisle& a : layout.aisles) {
        coordinate(a.x, tr("the aisle's x"), a.line);
        coordinate(a.y, tr("the aisle's y"), a.line);
        coordinate(a.width, tr("the aisle's width"), a.line);
        coordinate(a.height, tr("the aisle's height"), a.line);
        if (a.width <= 0 || a.height <= 0)
            found.append({a.line, tr("an aisle's width and height are positive")});
    }

    if (layout.seats.isEmpty())
        found.append({0, tr("the layout has no seats")});

    QHash<QString, int> labels; // label -> index of its first seat
    for (qsizetype i = 0; i < layout.seats.size(); ++i) {
        const LayoutSeat& s = layout.seats.at(i);
        const QString label = s.label();
        if (!rowPattern().match(s.row).hasMatch())
            found.append({s.line, tr("row '%1' is not one to three capital letters").arg(s.row)});
        if (s.number < 1 || s.number > maxSeatNumber)
            found.append(
                {s.line, tr("seat number %1 is not between 1 and %2").arg(s.number).arg(maxSeatNumber)});
        if (s.section.size() > maxSectionLength)
            found.append({s.line, tr("section '%1' is longer than %2").arg(s.section).arg(maxSectionLength)});
        coordinate(s.x, tr("seat %1's x").arg(label), s.line);
        coordinate(s.y, tr("seat %1's y").arg(label), s.line);
        if (!s.zone.isEmpty() && !zoneLines.contains(s.zone))
            found.append(
                {s.line,
                 tr("seat %1 is in zone '%2', which the layout does not declare").arg(label, s.zone)});
        if (const auto it = labels.constFind(label); it != labels.constEnd()) {
            const LayoutSeat& first = layout.seats.at(*it);
            found.append(
                {s.line, first.line > 0
                             ? tr("duplicate seat label %1 (also on line %2)").arg(label).arg(first.line)
                             : tr("duplicate seat label %1").arg(label)});
        } else {
            labels.insert(label, int(i));
        }
        for (const LayoutAisle& a : layout.aisles) {
            if (s.x < a.x + a.width - epsilon && s.x + 1 > a.x + epsilon && s.y < a.y + a.height - epsilon &&
                s.y + SeatMap::seatDepth > a.y + epsilon) {
                found.append(
                    {s.line, a.line > 0 ? tr("seat %1 stands in the aisle of line %2").arg(label).arg(a.line)
                                        : tr("seat %1 stands in an aisle").arg(label)});
                break;
            }
        }
    }

    // Overlapping seats (a seat is 1 x seatDepth): a sweep over the seats sorted by y.
    QList<qsizetype> order(layout.seats.size());
    for (qsizetype i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](qsizetype a, qsizetype b) { return layout.seats.at(a).y < layout.seats.at(b).y; });
    for (qsizetype i = 0; i < order.size(); ++i) {
        const LayoutSeat& a = layout.seats.at(order.at(i));
        for (qsizetype j = i + 1; j < order.size(); ++j) {
            const LayoutSeat& b = layout.seats.at(order.at(j));
            if (b.y - a.y >= SeatMap::seatDepth - epsilon)
                break;
            if (std::abs(b.x - a.x) < 1 - epsilon) {
                const LayoutSeat& later = order.at(i) < order.at(j) ? b : a;
                const LayoutSeat& earlier = order.at(i) < order.at(j) ? a : b;
                found.append(
                    {later.line, earlier.line > 0
                                     ? tr("seat %1 overlaps seat %2 (line %3)")
                                           .arg(later.label(), earlier.label())
                                           .arg(earlier.line)
                                     : tr("seat %1 overlaps seat %2").arg(later.label(), earlier.label())});
            }
        }
    }

    std::stable_sort(found.begin(), found.end(),
                     [](const LayoutProblem& a, const LayoutProblem& b) { return a.line < b.line; });
    return found;
}

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
        if (!seat.zone.isEmpty() && !zones.contains(seat.zone) && zonePattern().match(seat.zone).hasMatch()) {
            zones.insert(seat.zone);
            layout.zones.append({seat.zone, seat.zone, lineNo});
        } else if (!seat.zone.isEmpty() && !zonePattern().match(seat.zone).hasMatch()) {
            found.append({lineNo, tr("zone '%1' is not 1 to 32 letters, digits, '_' or '-'").arg(seat.zone)});
            continue;
        }
        layout.seats.append(seat);
    }
    found += problems(layout);
    if (!found.isEmpty()) {
        std::stable_sort(found.begin(), found.end(),
                         [](const LayoutProblem& a, const LayoutProblem& b) { return a.line < b.line; });
        return error(found);
    }
    return layout;
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

Result<HallLayout> HallLayoutFormat::readJson(const QByteArray& data)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(data, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return error({{lineAt(data, parseError.offset), tr("not JSON: %1").arg(parseError.errorString())}});
    if (!document.isObject())
        return error({{1, tr("a layout is a JSON object")}});
    const QHash<QString, QList<int>> lines = objectLines(data);
    auto lineOf = [&](const QString& array, qsizetype index) {
        const QList<int>& l = lines.value(array);
        return index < l.size() ? l.at(index) : 0;
    };

    QList<LayoutProblem> found;
    JsonReader reader(&found);
    const QJsonObject root = document.object();
    HallLayout layout;
    reader.onlyFields(root,
                      {QStringLiteral("format"), QStringLiteral("name"), QStringLiteral("screen"),
                       QStringLiteral("zones"), QStringLiteral("aisles"), QStringLiteral("seats")},
                      0, tr("the layout"));
    if (root.contains(QLatin1String("format")) &&
        root.value(QLatin1String("format")).toString() != QLatin1String("boxoffice-hall-1"))
        found.append({0, tr("the format is '%1', not boxoffice-hall-1")
                             .arg(root.value(QLatin1String("format")).toVariant().toString())});
    layout.name = reader.text(root, QStringLiteral("name"), 0, tr("the layout"), false);

    if (root.contains(QLatin1String("screen"))) {
        const QJsonObject screen = root.value(QLatin1String("screen")).toObject();
        reader.onlyFields(screen, {QStringLiteral("side"), QStringLiteral("x"), QStringLiteral("width")}, 0,
                          tr("the screen"));
        const QString side = reader.text(screen, QStringLiteral("side"), 0, tr("the screen"), false);
        if (side == QLatin1String("bottom"))
            layout.screen.side = ScreenSide::Bottom;
        else if (!side.isEmpty() && side != QLatin1String("top"))
            found.append({0, tr("the screen's side is top or bottom, not '%1'").arg(side)});
        const bool hasX = screen.contains(QLatin1String("x"));
        const bool hasWidth = screen.contains(QLatin1String("width"));
        if (hasX != hasWidth)
            found.append({0, tr("the screen has both x and width, or neither")});
        else if (hasX)
            layout.screen.placed =
                reader.number(screen, QStringLiteral("x"), 0, tr("the screen"), &layout.screen.x) &&
                reader.number(screen, QStringLiteral("width"), 0, tr("the screen"), &layout.screen.width);
    }

    const QJsonArray zones = root.value(QLatin1String("zones")).toArray();
    for (qsizetype i = 0; i < zones.size(); ++i) {
        const int line = lineOf(QStringLiteral("zones"), i);
        const QJsonObject z = zones.at(i).toObject();
        reader.onlyFields(z, {QStringLiteral("code"), QStringLiteral("name")}, line, tr("a zone"));
        LayoutZone zone;
        zone.line = line;
        zone.code = reader.text(z, QStringLiteral("code"), line, tr("a zone"), true);
        zone.name = reader.text(z, QStringLiteral("name"), line, tr("a zone"), false);
        if (zone.name.isEmpty())
            zone.name = zone.code;
        layout.zones.append(zone);
    }

    const QJsonArray aisles = root.value(QLatin1String("aisles")).toArray();
    for (qsizetype i = 0; i < aisles.size(); ++i) {
        const int line = lineOf(QStringLiteral("aisles"), i);
        const QJsonObject a = aisles.at(i).toObject();
        reader.onlyFields(
            a, {QStringLiteral("x"), QStringLiteral("y"), QStringLiteral("width"), QStringLiteral("height")},
            line, tr("an aisle"));
        LayoutAisle aisle;
        aisle.line = line;
        if (reader.number(a, QStringLiteral("x"), line, tr("an aisle"), &aisle.x) &&
            reader.number(a, QStringLiteral("y"), line, tr("an aisle"), &aisle.y) &&
            reader.number(a, QStringLiteral("width"), line, tr("an aisle"), &aisle.width) &&
            reader.number(a, QStringLiteral("height"), line, tr("an aisle"), &aisle.height))
            layout.aisles.append(aisle);
    }

    if (!root.value(QLatin1String("seats")).isArray())
        found.append({0, tr("the layout has no array 'seats'")});
    const QJsonArray seats = root.value(QLatin1String("seats")).toArray();
    layout.seats.reserve(seats.size());
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const int line = lineOf(QStringLiteral("seats"), i);
        if (!seats.at(i).isObject()) {
            found.append({line, tr("a seat is a JSON object")});
            continue;
        }
        const QJsonObject s = seats.at(i).toObject();
        const QString what = tr("a seat");
        reader.onlyFields(s,
                          {QStringLiteral("label"), QStringLiteral("section"), QStringLiteral("row"),
                           QStringLiteral("seat"), QStringLiteral("x"), QStringLiteral("y"),
                           QStringLiteral("kind"), QStringLiteral("zone"), QStringLiteral("out_of_service")},
                          line, what);
        LayoutSeat seat;
        seat.line = line;
        seat.section = reader.text(s, QStringLiteral("section"), line, what, false);
        seat.row = reader.text(s, QStringLiteral("row"), line, what, true);
        double number = 0;
        if (!reader.number(s, QStringLiteral("seat"), line, what, &number))
            continue;
        if (number != std::floor(number) || std::abs(number) > 1e6) {
            found.append({line, tr("seat number %1 is not between 1 and %2").arg(number).arg(maxSeatNumber)});
            continue;
        }
        seat.number = int(number);
        if (!reader.number(s, QStringLiteral("x"), line, what, &seat.x) ||
            !reader.number(s, QStringLiteral("y"), line, what, &seat.y))
            continue;
        const QString kind = reader.text(s, QStringLiteral("kind"), line, what, false);
        if (!kind.isEmpty() && !parseKind(kind, &seat.kind)) {
            found.append(
                {line,
                 tr("unknown seat kind '%1' (standard, premium, couple, wheelchair, companion)").arg(kind)});
            continue;
        }
        seat.zone = reader.text(s, QStringLiteral("zone"), line, what, false);
        if (s.contains(QLatin1String("out_of_service"))) {
            if (!s.value(QLatin1String("out_of_service")).isBool())
                found.append({line, tr("out_of_service is true or false")});
            seat.outOfService = s.value(QLatin1String("out_of_service")).toBool();
        }
        const QString label = reader.text(s, QStringLiteral("label"), line, what, false);
        if (!label.isEmpty() && label != seat.label()) {
            found.append({line, tr("label %1 is not row %2 and seat %3 (%4)")
                                    .arg(label, seat.row)
                                    .arg(seat.number)
                                    .arg(seat.label())});
            continue;
        }
        layout.seats.append(seat);
    }

    found += problems(layout);
    if (!found.isEmpty()) {
        std::stable_sort(found.begin(), found.end(),
                         [](const LayoutProblem& a, const LayoutProblem& b) { return a.line < b.line; });
        return error(found);
    }
    return layout;
}

QByteArray HallLayoutFormat::writeJson(const HallLayout& layout)
{
    QString out = QStringLiteral("{\n  \"format\": \"boxoffice-hall-1\",\n  \"name\": %1,\n")
                      .arg(jsonString(layout.name));
    out += QStringLiteral("  \"screen\": {\"side\": \"%1\"").arg(screenSideText(layout.screen.side));
    if (layout.screen.placed)
        out += QStringLiteral(", \"x\": %1, \"width\": %2")
                   .arg(coordinateText(layout.screen.x), coordinateText(layout.screen.width));
    out += QStringLiteral("},\n  \"zones\": [");
    for (qsizetype i = 0; i < layout.zones.size(); ++i) {
        const LayoutZone& z = layout.zones.at(i);
        out += QStringLiteral("%1\n    {\"code\": %2, \"name\": %3}")
                   .arg(i > 0 ? QStringLiteral(",") : QString(), jsonString(z.code), jsonString(z.name));
    }
    out += layout.zones.isEmpty() ? QStringLiteral("],\n  \"aisles\": [")
                                  : QStringLiteral("\n  ],\n  \"aisles\": [");
    for (qsizetype i = 0; i < layout.aisles.size(); ++i) {
        const LayoutAisle& a = layout.aisles.at(i);
        out += QStringLiteral("%1\n    {\"x\": %2, \"y\": %3, \"width\": %4, \"height\": %5}")
                   .arg(i > 0 ? QStringLiteral(",") : QString(), coordinateText(a.x), coordinateText(a.y),
                        coordinateText(a.width), coordinateText(a.height));
    }
    out += layout.aisles.isEmpty() ? QStringLiteral("],\n  \"seats\": [")
                                   : QStringLiteral("\n  ],\n  \"seats\": [");
    for (qsizetype i = 0; i < layout.seats.size(); ++i) {
        const LayoutSeat& s = layout.seats.at(i);
        out += QStringLiteral("%1\n    {\"label\": %2, ")
                   .arg(i > 0 ? QStringLiteral(",") : QString(), jsonString(s.label()));
        if (!s.section.isEmpty())
            out += QStringLiteral("\"section\": %1, ").arg(jsonString(s.section));
        out += QStringLiteral("\"row\": %1, \"seat\": %2, \"x\": %3, \"y\": %4, \"kind\": \"%5\"")
                   .arg(jsonString(s.row))
                   .arg(s.number)
                   .arg(coordinateText(s.x), coordinateText(s.y), seatKindText(s.kind));
        if (!s.zone.isEmpty())
            out += QStringLiteral(", \"zone\": %1").arg(jsonString(s.zone));
        if (s.outOfService)
            out += QStringLiteral(", \"out_of_service\": true");
        out += QLatin1Char('}');
    }
    out += layout.seats.isEmpty() ? QStringLiteral("]\n}\n") : QStringLiteral("\n  ]\n}\n");
    return out.toUtf8();
}

} // namespace bo
