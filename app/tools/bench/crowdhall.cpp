// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdhall.h"

#include <algorithm>
#include <cmath>

namespace bo::bench {
namespace {

constexpr double widestStep = 1.05; // seats further apart than this have an aisle between them
constexpr double sweetDepth = 0.6;  // share of the depth where the best seats are

} // namespace

CrowdHall::CrowdHall(const QList<BenchSeat>& seats)
    : m_blocks(size_t(maxBlock))
    , m_owner(size_t(seats.size()))
{
    double minX = 0;
    double maxX = 0;
    double minY = 0;
    double maxY = 0;
    for (qsizetype i = 0; i < seats.size(); ++i) {
        const BenchSeat& s = seats.at(i);
        m_seatIds << s.id;
        minX = i == 0 ? s.x : std::min(minX, s.x);
        maxX = i == 0 ? s.x : std::max(maxX, s.x);
        minY = i == 0 ? s.y : std::min(minY, s.y);
        maxY = i == 0 ? s.y : std::max(maxY, s.y);
    }
    const double sweetX = (minX + maxX) / 2;
    const double sweetY = minY + sweetDepth * (maxY - minY);
    for (int k = 1; k <= maxBlock; ++k) {
        QList<std::pair<double, QList<int>>> ranked;
        for (qsizetype first = 0; first + k <= seats.size(); ++first) {
            QList<int> block{int(first)};
            double x = seats.at(first).x;
            for (qsizetype j = first + 1; j < first + k; ++j) {
                const BenchSeat& prev = seats.at(j - 1);
                const BenchSeat& cur = seats.at(j);
                if (cur.row != prev.row || cur.number != prev.number + 1 || cur.x - prev.x > widestStep)
                    break;
                block << int(j);
                x += cur.x;
            }
            if (block.size() != k)
                continue;
            const double dx = x / k - sweetX;
            const double dy = seats.at(first).y - sweetY;
            ranked.append({std::hypot(dx, dy), block});
        }
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& r : std::as_const(ranked))
            m_blocks[size_t(k - 1)] << r.second;
    }
    clear();
}

QList<int> CrowdHall::seatIds(const QList<int>& positions) const
{
    QList<int> ids;
    for (int p : positions)
        ids << m_seatIds.at(p);
    std::sort(ids.begin(), ids.end());
    return ids;
}

void CrowdHall::clear()
{
    for (auto& o : m_owner)
        o.store(0);
}

QList<int> CrowdHall::pick(int k, const QSet<int>& refused, std::mt19937_64& random, int spread) const
{
    QList<const QList<int>*> best;
    for (const QList<int>& block : m_blocks[size_t(std::clamp(k, 1, maxBlock) - 1)]) {
        const bool free = std::all_of(block.cbegin(), block.cend(), [this, &refused](int p) {
            return m_owner[size_t(p)].load(std::memory_order_relaxed) == 0 && !refused.contains(p);
        });
        if (free) {
            best << &block;
            if (best.size() >= spread)
                break;
        }
    }
    if (best.isEmpty())
        return {};
    std::uniform_int_distribution<qsizetype> which(0, best.size() - 1);
    return *best.at(which(random));
}

int CrowdHall::claim(const QList<int>& positions, int owner)
{
    int taken = 0;
    for (int p : positions) {
        int expected = 0;
        if (!m_owner[size_t(p)].compare_exchange_strong(expected, owner))
            ++taken;
    }
    return taken;
}

void CrowdHall::vacate(const QList<int>& positions)
{
    for (int p : positions)
        m_owner[size_t(p)].store(0);
}

int CrowdHall::freeSeats() const
{
    return int(std::count_if(m_owner.cbegin(), m_owner.cend(),
                             [](const std::atomic<int>& o) { return o.load() == 0; }));
}

} // namespace bo::bench
