// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QString>

#include "model/seats/seatchanges.h"

namespace bo {

/// The LISTEN/NOTIFY channel on which every committed seat change is announced.
[[nodiscard]] QString seatChannel();

/// Parses a `bo_seats` payload "<showtime_id>|<S><seat_id>,..." (S: F free, H held, R reserved,
/// B blocked), as the migrations' functions and trigger write it. Malformed entries are skipped;
/// a payload without a showtime is nullopt.
[[nodiscard]] std::optional<SeatChanges> parseSeatNotification(const QString& payload);

} // namespace bo
