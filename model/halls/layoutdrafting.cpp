// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/halls/layoutdrafting.h"

#include <algorithm>

namespace bo {

namespace {

constexpr int maxRowLetters = 3;

bool isRowName(const QString& row)
{
    if (row.isEmpty() || row.size() > maxRowLetters)
        return false;
    return std::all_of(row.begin(), row.end(), [](QChar c) { return c >= u'A' && c <= u'Z'; });
}

bool holdsIOrO(const QString& row)
{
    return row.contains(u'I') || row.contains(u'O');
}

/// The name after `row` counting in letters: the last one up, a Z carried over.
QString incremented(QString row)
{
    for (qsizetype i = row.size() - 1; i >= 0; --i) {
        if (row.at(i) != u'Z') {
            row[i] = QChar(row.at(i).unicode() + 1);
            return row;
        }
        row[i] = u'A';
    }
    return QStringLiteral("A") + row;
}

} // namespace

QString LayoutDrafting::nextRow(const QString& row, bool skipIAndO)
{
    if (!isRowName(row))
        return {};
    QString next = incremented(row);
    while (skipIAndO && holdsIOrO(next))
        next = incremented(next);
    return next.size() > maxRowLetters ? QString() : next;
}

QStringList LayoutDrafting::rowNames(const QString& first, int count, bool skipIAndO)
{
    QStringList names;
    QString row = first;
    for (int i = 0; i < count; ++i) {
        names.append(row);
        row = nextRow(row, skipIAndO);
    }
    return names;
}

QList<int> LayoutDrafting::seatNumbers(int count, SeatNumbering numbering, int first)
{
    QList<int> numbers;
    numbers.reserve(std::max(count, 0));
    for (int i = 0; i < count; ++i) {
        switch (numbering) {
        case SeatNumbering::LeftToRight:
            numbers.append(first + i);
            break;
        case SeatNumbering::RightToLeft:
            numbers.append(first + count - 1 - i);
            break;
        case SeatNumbering::OddEvenSides: {
            // The left half (the larger one when the count is odd) holds the odd numbers.
            const int left = (count + 1) / 2;
            const int step = i < left ? 2 * (left - 1 - i) : 2 * (i - left) + 1;
            numbers.append(first + step);
            break;
        }
        }
    }
    return numbers;
}

QList<LayoutSeat> LayoutDrafting::seats(const SeatBlock& block)
{
    QList<LayoutSeat> seats;
    const QStringList rows = rowNames(block.firstRow, block.rows, block.skipIAndO);
    const QList<int> numbers = seatNumbers(block.seatsPerRow, block.numbering, block.firstNumber);
    for (int r = 0; r < rows.size(); ++r) {
        for (int s = 0; s < numbers.size(); ++s) {
            LayoutSeat seat;
            seat.section = block.section;
            seat.row = rows.at(r);
            seat.number = numbers.at(s);
            const bool pastAisle = block.aisleAfter > 0 && s >= block.aisleAfter;
            seat.x = HallLayoutFormat::rounded(block.x + s * block.seatPitch +
                                               (pastAisle ? block.aisleWidth : 0.0));
            seat.y = HallLayoutFormat::rounded(block.y + r * block.rowPitch);
            seat.kind = block.kind;
            seat.zone = block.zone;
            seats.append(seat);
        }
    }
    return seats;
}

LayoutAisle LayoutDrafting::aisle(const SeatBlock& block)
{
    LayoutAisle aisle;
    if (block.aisleAfter <= 0 || block.aisleAfter >= block.seatsPerRow || block.rows <= 0) {
        aisle.width = 0;
        aisle.height = 0;
        return aisle;
    }
    // From the right edge of the last seat before it to the left edge of the first one after.
    aisle.x = HallLayoutFormat::rounded(block.x + (block.aisleAfter - 1) * block.seatPitch + 1);
    aisle.y = HallLayoutFormat::rounded(block.y);
    aisle.width = HallLayoutFormat::rounded(block.aisleWidth + block.seatPitch - 1);
    aisle.height = HallLayoutFormat::rounded((block.rows - 1) * block.rowPitch + 1);
    return aisle;
}

void LayoutDrafting::addBlock(HallLayout& layout, const SeatBlock& block)
{
    layout.seats.append(seats(block));
    if (const LayoutAisle a = aisle(block); a.width > 0)
        layout.aisles.append(a);
    if (!block.zone.isEmpty() && std::none_of(layout.zones.cbegin(), layout.zones.cend(),
                                              [&](const LayoutZone& z) { return z.code == block.zone; }))
        layout.zones.append({block.zone, block.zone, 0});
}

void LayoutDrafting::moveSeats(HallLayout& layout, const QList<int>& indexes, double dx, double dy)
{
    for (int i : indexes) {
        if (i < 0 || i >= layout.seats.size())
            continue;
        LayoutSeat& seat = layout.seats[i];
        seat.x = HallLayoutFormat::rounded(seat.x + dx);
        seat.y = HallLayoutFormat::rounded(seat.y + dy);
    }
}

void LayoutDrafting::setKind(HallLayout& layout, const QList<int>& indexes, SeatKind kind)
{
    for (int i : indexes) {
        if (i >= 0 && i < layout.seats.size())
            layout.seats[i].kind = kind;
    }
}

void LayoutDrafting::setZone(HallLayout& layout, const QList<int>& indexes, const QString& zone)
{
    for (int i : indexes) {
        if (i >= 0 && i < layout.seats.size())
            layout.seats[i].zone = zone;
    }
    if (!zone.isEmpty() && std::none_of(layout.zones.cbegin(), layout.zones.cend(),
                                        [&](const LayoutZone& z) { return z.code == zone; }))
        layout.zones.append({zone, zone, 0});
}

void LayoutDrafting::removeSeats(HallLayout& layout, QList<int> indexes)
{
    std::sort(indexes.begin(), indexes.end(), std::greater<>());
    indexes.erase(std::unique(indexes.begin(), indexes.end()), indexes.end());
    for (int i : indexes) {
        if (i >= 0 && i < layout.seats.size())
            layout.seats.removeAt(i);
    }
}

} // namespace bo
