// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <random>
#include <vector>

#include <QList>
#include <QSet>

#include "app/tools/bench/benchdatabase.h"

namespace bo::bench {

/// The hall of a crowd run as customers see it: blocks of 1–4 adjacent seats (same row,
/// consecutive numbers, no aisle between), ranked by their distance from the sweet spot (the
/// middle of the width, 60 % back), and a live map of who holds or bought each seat (the map a
/// terminal keeps from the announcements). The map doubles as the run's owner ledger: a grant of
/// a seat someone else still holds is a double owner.
class CrowdHall final
{
public:
    static constexpr int maxBlock = 4;

    explicit CrowdHall(const QList<BenchSeat>& seats);
    CrowdHall(const CrowdHall&) = delete;
    CrowdHall& operator=(const CrowdHall&) = delete;

    [[nodiscard]] int size() const { return int(m_seatIds.size()); }
    [[nodiscard]] int seatId(int position) const { return m_seatIds.at(position); }
    [[nodiscard]] QList<int> seatIds(const QList<int>& positions) const;
    /// Every seat free on the map again.
    void clear();
    /// The best free block of `k` seats on the map, avoiding `refused` positions: one of the
    /// `spread` best (people do not all click the same block). Empty when none is left.
    [[nodiscard]] QList<int> pick(int k, const QSet<int>& refused, std::mt19937_64& random,
                                  int spread = 3) const;
    /// Marks the block as `owner`'s (from 1); returns the seats someone else held (0 = none).
    [[nodiscard]] int claim(const QList<int>& positions, int owner);
    void vacate(const QList<int>& positions);
    [[nodiscard]] int freeSeats() const;

private:
    QList<int> m_seatIds;
    std::vector<QList<QList<int>>> m_blocks; ///< [k - 1]: blocks of k, best first
    std::vector<std::atomic<int>> m_owner;   ///< per position: 0 free, else the owner
};

} // namespace bo::bench
