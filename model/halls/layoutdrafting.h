// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "model/halls/halllayout.h"
#include "model/seats/seattypes.h"

namespace bo {

/// How the seats of a row are numbered, looking at the screen from the seats.
enum class SeatNumbering {
    LeftToRight, ///< 1, 2, 3, ... from the left
    RightToLeft, ///< 1, 2, 3, ... from the right
    OddEvenSides ///< odd numbers on the left half, even on the right, both counting outward from
                 ///< the centre: 9 7 5 3 1 2 4 6 8 10
};

/// A block of seats as the layout editor draws it: `rows` x `seatsPerRow` seats from the grid
/// origin (`x`, `y`, layout units), rows named from `firstRow` on, optionally with an aisle in
/// every row after `aisleAfter` seats.
struct SeatBlock
{
    int rows = 1;
    int seatsPerRow = 1;
    double x = 0;
    double y = 0;
    QString firstRow = QStringLiteral("A");
    bool skipIAndO = false; ///< rows named I or O (or with either letter) are left out
    SeatNumbering numbering = SeatNumbering::LeftToRight;
    int firstNumber = 1;
    SeatKind kind = SeatKind::Standard;
    QString zone;
    QString section;
    double seatPitch = 1;  ///< from one seat's left edge to the next one's
    double rowPitch = 1.2; ///< from one row's front edge to the next one's
    int aisleAfter = 0;    ///< 0: no aisle; else an aisle after this many seats of each row
    double aisleWidth = 1;
};

/// The editing rules of the hall layout editor that are not about widgets: row names, seat
/// numbers, blocks of seats with their aisle, and moving seats. Every result is a plain layout
/// value; HallLayoutFormat::problems() says whether it is a valid one.
class LayoutDrafting final
{
public:
    /// The row name after `row`: "A" -> "B", "Z" -> "AA", "AZ" -> "BA"; with `skipIAndO` names
    /// holding an I or an O are passed over ("H" -> "J"). "" after "ZZZ" or for a name that is
    /// not one to three capital letters.
    [[nodiscard]] static QString nextRow(const QString& row, bool skipIAndO);
    /// `count` row names starting with `first` (kept as given, even an I or O).
    [[nodiscard]] static QStringList rowNames(const QString& first, int count, bool skipIAndO);
    /// The numbers of `count` seats in the order they stand, left to right.
    [[nodiscard]] static QList<int> seatNumbers(int count, SeatNumbering numbering, int first = 1);
    /// The seats of `block`, row by row, each row left to right.
    [[nodiscard]] static QList<LayoutSeat> seats(const SeatBlock& block);
    /// The aisle of `block` (as deep as its rows); width 0 when the block has none.
    [[nodiscard]] static LayoutAisle aisle(const SeatBlock& block);
    /// Adds `block`'s seats and aisle to `layout`, and its zone when the layout lacks it.
    static void addBlock(HallLayout& layout, const SeatBlock& block);
    /// Moves the seats at `indexes` by (`dx`, `dy`), rounded to the formats' three decimals.
    static void moveSeats(HallLayout& layout, const QList<int>& indexes, double dx, double dy);
    /// Gives the seats at `indexes` a kind, or a zone (declared in the layout when it was not).
    static void setKind(HallLayout& layout, const QList<int>& indexes, SeatKind kind);
    static void setZone(HallLayout& layout, const QList<int>& indexes, const QString& zone);
    /// Removes the seats at `indexes`.
    static void removeSeats(HallLayout& layout, QList<int> indexes);
};

} // namespace bo
