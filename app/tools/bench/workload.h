// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <random>

#include <QList>
#include <QString>

namespace bo::bench {

/// The bench hall: one showtime of hallRows × seatsPerRow seats, row-major.
inline constexpr int hallRows = 15;
inline constexpr int seatsPerRow = 20;
inline constexpr int hotRow = 7;        ///< row H: its 20 seats are the hot spot
inline constexpr double hotShare = 0.8; ///< of requests aimed at the hot spot

/// What the clients of one run ask for: k adjacent seats in one row, anywhere (uniform) or mostly
/// in the hot row.
struct Workload
{
    int k = 1;
    bool hotspot = false;

    [[nodiscard]] QString name() const;
    /// The hall positions (row × seatsPerRow + seat) of one request, drawn from `random`.
    void pick(std::mt19937_64& random, QList<int>& positions) const;
};

} // namespace bo::bench
