// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A hall layout's types and the rules every layout keeps, whichever way it came; its two file
// formats are model/halls/halllayoutcsv.cpp and model/halls/halllayoutjson.cpp.
#include "model/halls/halllayout.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QHash>
#include <QRegularExpression>

#include "model/seats/seatmap.h"

namespace bo {
namespace {

constexpr double epsilon = 1e-6;
constexpr int maxSectionLength = 40;
constexpr int maxZoneNameLength = 80;

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
        if (!isZoneCode(z.code))
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

bool HallLayoutFormat::isZoneCode(const QString& code)
{
    return zonePattern().match(code).hasMatch();
}

Result<HallLayout> HallLayoutFormat::checked(HallLayout layout, QList<LayoutProblem> found)
{
    found += problems(layout);
    if (!found.isEmpty()) {
        std::stable_sort(found.begin(), found.end(),
                         [](const LayoutProblem& a, const LayoutProblem& b) { return a.line < b.line; });
        return error(found);
    }
    return layout;
}

} // namespace bo
