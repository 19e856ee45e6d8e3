// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include <QByteArray>
#include <QList>
#include <QString>

#include "model/core/result.h"
#include "model/seats/seattypes.h"

namespace bo {

// A hall's seat layout as a manager imports, exports and (later) edits it: seats with their
// section, row, number, position, kind and price zone, the aisles, the zones and where the
// screen is. The two file formats are described in docs/FORMATS.md.

/// One seat of a layout. Its label, as printed on it, is row + number ("K12"); labels are unique
/// in a layout, whatever the section. Coordinates are layout units (a seat is 1 x 1) with at
/// most three decimals.
struct LayoutSeat
{
    QString section; ///< "" when the hall has no sections
    QString row;     ///< one to three capital letters
    int number = 0;  ///< 1 to 999
    double x = 0;
    double y = 0;
    SeatKind kind = SeatKind::Standard;
    QString zone;              ///< a zone code of the layout, "" for none
    bool outOfService = false; ///< JSON only: a broken seat every new showtime starts blocked
    int line = 0;              ///< the line of the file it was read from; 0 when not read from one

    [[nodiscard]] QString label() const { return row + QString::number(number); }
    /// Equal in everything but `line`.
    [[nodiscard]] bool operator==(const LayoutSeat& other) const;
};

/// An aisle or any other space no seat may stand in: a rectangle in layout units.
struct LayoutAisle
{
    double x = 0;
    double y = 0;
    double width = 1;
    double height = 1;
    int line = 0;

    [[nodiscard]] bool operator==(const LayoutAisle& other) const;
};

/// A price zone: a code the seats name and a name for people.
struct LayoutZone
{
    QString code;
    QString name;
    int line = 0;

    [[nodiscard]] bool operator==(const LayoutZone& other) const
    {
        return code == other.code && name == other.name;
    }
};

enum class ScreenSide { Top, Bottom };

/// Where the screen is: the side of the seat plan, and optionally its left edge and width (else
/// it is drawn centred over the seats, as wide as they are).
struct LayoutScreen
{
    ScreenSide side = ScreenSide::Top;
    bool placed = false; ///< x and width are given
    double x = 0;
    double width = 0;

    [[nodiscard]] bool operator==(const LayoutScreen& other) const;
};

struct HallLayout
{
    QString name; ///< the hall's name ("" when the file does not say it, as CSV never does)
    LayoutScreen screen;
    QList<LayoutZone> zones;
    QList<LayoutAisle> aisles;
    QList<LayoutSeat> seats;

    /// Equal in everything but the lines things were read from.
    [[nodiscard]] bool operator==(const HallLayout& other) const = default;
};

/// One problem of a layout, at the line of the file that has it (0: the file as a whole).
struct LayoutProblem
{
    int line = 0;
    QString message;

    [[nodiscard]] QString text() const;
};

/// The two file formats and the rules every layout keeps, whichever way it came. One class, its
/// parts in three files: the rules in model/halls/halllayout.cpp, the CSV format in
/// model/halls/halllayoutcsv.cpp, the JSON format in model/halls/halllayoutjson.cpp.
class HallLayoutFormat final
{
    Q_DECLARE_TR_FUNCTIONS(bo::HallLayoutFormat)

public:
    /// Most problems one error lists (the first few of a bad file are what a person fixes first).
    static constexpr int maxProblemsListed = 5;
    /// Coordinates are within +/- this many layout units.
    static constexpr double coordinateLimit = 1000;

    /// `section,row,seat,x,y,kind[,zone]`, one seat a line; an optional header line, blank lines
    /// and lines starting with '#' are skipped; fields may be double-quoted.
    [[nodiscard]] static Result<HallLayout> readCsv(const QByteArray& data);
    /// The header line, then one line per seat in the layout's order.
    [[nodiscard]] static QByteArray writeCsv(const HallLayout& layout);
    /// The full layout: name, screen, zones, aisles, seats with their labels.
    [[nodiscard]] static Result<HallLayout> readJson(const QByteArray& data);
    [[nodiscard]] static QByteArray writeJson(const HallLayout& layout);

    /// The rules: at least one seat, row and number in range, labels unique, no two seats
    /// overlapping, no seat in an aisle, zones declared once and known to their seats, aisles
    /// and the screen of a positive size, coordinates finite with at most three decimals.
    [[nodiscard]] static QList<LayoutProblem> problems(const HallLayout& layout);
    /// success() when problems() is empty, else BadInput naming the first problems' lines.
    [[nodiscard]] static Status validate(const HallLayout& layout);
    /// A BadInput error listing `problems` (at most maxProblemsListed, then how many more).
    [[nodiscard]] static Error error(const QList<LayoutProblem>& problems);

    /// A coordinate rounded to the three decimals the formats keep.
    [[nodiscard]] static double rounded(double value);
    /// A coordinate as the formats write it: at most three decimals, no trailing zeros.
    [[nodiscard]] static QString coordinateText(double value);
    /// The kind for its word; false for a word that is no kind.
    [[nodiscard]] static bool parseKind(const QString& word, SeatKind* kind);

private:
    /// Seat numbers run from 1 to this.
    static constexpr int maxSeatNumber = 999;

    /// 1 to 32 letters, digits, '_' or '-'.
    [[nodiscard]] static bool isZoneCode(const QString& code);
    /// How a reader ends: `layout`, or the error of the file's problems `found` and the rules'
    /// problems(layout) together, by line.
    [[nodiscard]] static Result<HallLayout> checked(HallLayout layout, QList<LayoutProblem> found);
};

} // namespace bo
