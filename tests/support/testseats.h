// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "db/seatnotification.h"
#include "model/seats/seatchanges.h"
#include "model/seats/seattypes.h"

namespace bo::test {

/// A seat for map tests: label from row and number, free, standard unless told.
inline SeatState makeSeat(int id, const QString& row, int number, double x, double y,
                          SeatKind kind = SeatKind::Standard)
{
    SeatState s;
    s.seatId = id;
    s.row = row;
    s.number = number;
    s.label = row + QString::number(number);
    s.kind = kind;
    s.x = x;
    s.y = y;
    return s;
}

/// The changes a `bo_seats` payload such as "7|H1,R2" announces, read by the db adapter's parser
/// (a payload it cannot read announces nothing).
inline SeatChanges announced(const QString& payload)
{
    return parseSeatNotification(payload).value_or(SeatChanges{});
}

} // namespace bo::test
