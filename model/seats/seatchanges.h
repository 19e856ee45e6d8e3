// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QMetaType>

#include "model/seats/seattypes.h"

namespace bo {

/// One seat's new state, as announced after a commit.
struct SeatChange
{
    int seatId = 0;
    SeatStatus status = SeatStatus::Free;

    friend bool operator==(const SeatChange&, const SeatChange&) = default;
};

/// The committed seat changes of one showtime, in commit order: what every terminal showing it
/// hears (the announcement says neither who holds a seat nor until when).
struct SeatChanges
{
    int showtimeId = 0;
    QList<SeatChange> seats;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::SeatChanges)
