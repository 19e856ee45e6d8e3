// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The JSON format of a hall layout (docs/FORMATS.md): the full layout, read with the line of every
// zone, aisle and seat; the rules every layout keeps are in model/halls/halllayout.cpp.
#include "model/halls/halllayout.h"

#include <cmath>
#include <utility>

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace bo {
namespace {

QString screenSideText(ScreenSide side)
{
    return side == ScreenSide::Bottom ? QStringLiteral("bottom") : QStringLiteral("top");
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

    return checked(std::move(layout), std::move(found));
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
