// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/seatmap.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QPointF>
#include <QStringView>

namespace bo {

namespace {

/// How far back the best row lies: 0 at the front row, 1 at the back row.
constexpr double idealDepth = 2.0 / 3.0;
/// A layout unit off the row's centre counts this much of a unit off the ideal row.
constexpr double centreWeight = 0.6;
/// Cost of leaving one single free seat stranded next to a block (hard to sell).
constexpr double orphanCost = 1.0;
/// nearestBlock: a row step counts more than a seat step (people like to stay in their row).
constexpr double rowStepWeight = 1.5;

bool isAccessible(SeatKind kind)
{
    return kind == SeatKind::Wheelchair || kind == SeatKind::Companion;
}

} // namespace

void SeatMap::reset(int showtimeId, QList<SeatState> seats)
{
    if (showtimeId != m_showtimeId)
        m_mine.clear();
    m_showtimeId = showtimeId;
    m_seats = std::move(seats);
    buildLayout();
}

void SeatMap::clear()
{
    m_showtimeId = 0;
    m_seats.clear();
    m_mine.clear();
    buildLayout();
}

const SeatState* SeatMap::seat(int seatId) const
{
    const qsizetype i = indexOf(seatId);
    return i < 0 ? nullptr : &m_seats.at(i);
}

int SeatMap::count(SeatStatus status) const
{
    return static_cast<int>(std::count_if(m_seats.cbegin(), m_seats.cend(),
                                          [status](const SeatState& s) { return s.status == status; }));
}

QList<int> SeatMap::setMine(const QSet<int>& seatIds)
{
    QList<int> changed;
    for (int id : seatIds) {
        if (!m_mine.contains(id))
            changed.append(id);
    }
    for (int id : std::as_const(m_mine)) {
        if (!seatIds.contains(id))
            changed.append(id);
    }
    m_mine = seatIds;
    std::sort(changed.begin(), changed.end());
    return changed;
}

bool SeatMap::isMine(int seatId) const
{
    if (!m_mine.contains(seatId))
        return false;
    const SeatState* s = seat(seatId);
    return s && s->status == SeatStatus::Held;
}

QList<int> SeatMap::applyChanges(const SeatChanges& changes)
{
    QList<int> changed;
    if (changes.showtimeId != m_showtimeId || m_seats.isEmpty())
        return changed;
    for (const SeatChange& change : changes.seats) {
        const qsizetype i = indexOf(change.seatId);
        if (i < 0)
            continue;
        SeatState& s = m_seats[i];
        if (s.status == change.status)
            continue;
        s.status = change.status;
        // The announcement does not say who holds a seat nor until when: what we knew is stale.
        s.heldBy = QUuid();
        s.heldUntil = QDateTime();
        if (!changed.contains(change.seatId))
            changed.append(change.seatId);
    }
    return changed;
}

QList<int> SeatMap::setStatus(const QList<int>& seatIds, SeatStatus status)
{
    QList<int> changed;
    for (int id : seatIds) {
        const qsizetype i = indexOf(id);
        if (i < 0 || m_seats.at(i).status == status)
            continue;
        m_seats[i].status = status;
        if (status != SeatStatus::Held) {
            m_seats[i].heldBy = QUuid();
            m_seats[i].heldUntil = QDateTime();
        }
        changed.append(id);
    }
    return changed;
}

QList<int> SeatMap::markTaken(const QList<int>& seatIds, SeatStatus status)
{
    QList<int> changed;
    for (int id : seatIds) {
        const qsizetype i = indexOf(id);
        if (i < 0)
            continue;
        SeatState& s = m_seats[i];
        const bool shownAvailable =
            s.status == SeatStatus::Free || (s.status == SeatStatus::Held && m_mine.contains(id));
        if (!shownAvailable)
            continue;
        if (s.status != status)
            changed << id;
        s.status = status;
        s.heldBy = QUuid();
        s.heldUntil = QDateTime();
    }
    return changed;
}

QSet<int> SeatMap::heldBy(const QUuid& owner) const
{
    QSet<int> held;
    for (const SeatState& s : m_seats) {
        if (s.status == SeatStatus::Held && s.heldBy == owner)
            held.insert(s.seatId);
    }
    return held;
}

QList<int> SeatMap::bestAvailable(int count) const
{
    return cheapestBlock(count, [this, count](const Block& b) { return preferenceCost(b, count); });
}

QList<QList<int>> SeatMap::rankedBlocks(int count, bool wheelchairFirst) const
{
    struct Ranked
    {
        int tier = 0; ///< sorted by tier first, then by cost
        double cost = 0;
        QList<int> ids;
    };
    QList<Ranked> ranked;
    for (const Block& b : blocks(count, true)) {
        Ranked r{0, preferenceCost(b, count), blockIds(b, count)};
        bool accessible = false;
        bool wheelchair = false;
        for (int id : std::as_const(r.ids)) {
            const SeatKind kind = m_seats.at(m_index.value(id)).kind;
            accessible = accessible || isAccessible(kind);
            wheelchair = wheelchair || kind == SeatKind::Wheelchair;
        }
        if (wheelchairFirst && wheelchair)
            r.tier = 0;
        else
            r.tier = accessible ? 2 : 1;
        ranked.append(std::move(r));
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
        return a.tier != b.tier ? a.tier < b.tier : a.cost < b.cost - 1e-9;
    });
    QList<QList<int>> result;
    result.reserve(ranked.size());
    for (Ranked& r : ranked)
        result.append(std::move(r.ids));
    return result;
}

QList<int> SeatMap::nearestBlock(int count, const QList<int>& around) const
{
    QPointF target;
    int known = 0;
    for (int id : around) {
        if (const SeatState* s = seat(id)) {
            target += seatRect(*s).center();
            ++known;
        }
    }
    if (known == 0)
        return bestAvailable(count);
    target /= known;
    return cheapestBlock(count, [this, count, target](const Block& b) {
        const QPointF c = blockCentre(b, count);
        const double dx = c.x() - target.x();
        const double dy = (c.y() - target.y()) * rowStepWeight;
        // The preference cost only breaks ties between equally near blocks.
        return std::sqrt(dx * dx + dy * dy) + 0.001 * preferenceCost(b, count);
    });
}

bool SeatMap::adjacent(int seatIdA, int seatIdB) const
{
    const SeatState* a = seat(seatIdA);
    const SeatState* b = seat(seatIdB);
    return a && b && adjacentSeats(*a, *b);
}

QRectF SeatMap::seatRect(const SeatState& seat)
{
    return {seat.x, seat.y, seat.width, seatDepth};
}

void SeatMap::buildLayout()
{
    m_index.clear();
    m_partner.clear();
    m_rows.clear();
    m_bounds = QRectF();
    m_index.reserve(m_seats.size());

    QHash<QString, qsizetype> rowOf;
    for (qsizetype i = 0; i < m_seats.size(); ++i) {
        const SeatState& s = m_seats.at(i);
        m_index.insert(s.seatId, i);
        const QRectF r = seatRect(s);
        m_bounds = m_bounds.isNull() ? r : m_bounds.united(r);
        auto it = rowOf.find(s.row);
        if (it == rowOf.end()) {
            it = rowOf.insert(s.row, m_rows.size());
            m_rows.append(SeatRow{s.row, s.y, r.left(), r.right(), {}});
        }
        SeatRow& row = m_rows[*it];
        row.y = std::min(row.y, s.y);
        row.left = std::min(row.left, r.left());
        row.right = std::max(row.right, r.right());
        row.seatIds.append(s.seatId);
    }

    for (SeatRow& row : m_rows) {
        std::sort(row.seatIds.begin(), row.seatIds.end(), [this](int a, int b) {
            return m_seats.at(m_index.value(a)).number < m_seats.at(m_index.value(b)).number;
        });
        // Couple seats pair up left to right within each run of adjacent couple seats.
        const SeatState* open = nullptr;
        for (int id : std::as_const(row.seatIds)) {
            const SeatState& s = m_seats.at(m_index.value(id));
            if (s.kind != SeatKind::Couple) {
                open = nullptr;
            } else if (open && adjacentSeats(*open, s)) {
                m_partner.insert(open->seatId, s.seatId);
                m_partner.insert(s.seatId, open->seatId);
                open = nullptr;
            } else {
                open = &s;
            }
        }
    }
    std::sort(m_rows.begin(), m_rows.end(),
              [](const SeatRow& a, const SeatRow& b) { return a.y != b.y ? a.y < b.y : a.label < b.label; });

    m_idealY = 0;
    if (!m_rows.isEmpty()) {
        const double front = m_rows.constFirst().y;
        const double back = m_rows.constLast().y;
        m_idealY = front + idealDepth * (back - front) + seatDepth / 2;
    }
}

bool SeatMap::adjacentSeats(const SeatState& a, const SeatState& b) const
{
    if (a.row != b.row || std::abs(a.number - b.number) != 1)
        return false;
    const SeatState& left = a.x <= b.x ? a : b;
    const SeatState& right = a.x <= b.x ? b : a;
    const double gap = right.x - (left.x + left.width);
    return gap <= aisleGap && gap > -left.width / 2;
}

bool SeatMap::availableForSale(const SeatState& seat) const
{
    return seat.status == SeatStatus::Free ||
           (seat.status == SeatStatus::Held && m_mine.contains(seat.seatId));
}

QList<SeatMap::Block> SeatMap::blocks(int count, bool allowAccessible) const
{
    QList<Block> result;
    if (count <= 0)
        return result;
    for (qsizetype r = 0; r < m_rows.size(); ++r) {
        const QList<int>& ids = m_rows.at(r).seatIds;
        // run = how many usable, side-by-side seats end at position j.
        int run = 0;
        const SeatState* previous = nullptr;
        for (qsizetype j = 0; j < ids.size(); ++j) {
            const SeatState& s = m_seats.at(m_index.value(ids.at(j)));
            const bool usable = availableForSale(s) && (allowAccessible || !isAccessible(s.kind));
            if (!usable)
                run = 0;
            else if (run > 0 && previous && adjacentSeats(*previous, s))
                ++run;
            else
                run = 1;
            previous = &s;
            if (run < count)
                continue;
            const qsizetype first = j - count + 1;
            // A couple seat at either end must not leave its partner outside the block.
            const int firstPartner = partnerOf(ids.at(first));
            const int lastPartner = partnerOf(ids.at(j));
            if (firstPartner != 0 && first > 0 && ids.at(first - 1) == firstPartner)
                continue;
            if (lastPartner != 0 && j + 1 < ids.size() && ids.at(j + 1) == lastPartner)
                continue;
            result.append(Block{r, first});
        }
    }
    return result;
}

QList<int> SeatMap::blockIds(const Block& block, int count) const
{
    return m_rows.at(block.row).seatIds.mid(block.first, count);
}

QPointF SeatMap::blockCentre(const Block& block, int count) const
{
    const QList<int>& ids = m_rows.at(block.row).seatIds;
    QRectF r = seatRect(m_seats.at(m_index.value(ids.at(block.first))));
    r = r.united(seatRect(m_seats.at(m_index.value(ids.at(block.first + count - 1)))));
    return r.center();
}

double SeatMap::preferenceCost(const Block& block, int count) const
{
    const SeatRow& row = m_rows.at(block.row);
    const QPointF c = blockCentre(block, count);
    double cost = std::abs(c.y() - m_idealY) + centreWeight * std::abs(c.x() - (row.left + row.right) / 2);

    // One free seat left alone between the block and an aisle or a taken seat rarely sells.
    const QList<int>& ids = row.seatIds;
    auto at = [this, &ids](qsizetype i) -> const SeatState& { return m_seats.at(m_index.value(ids.at(i))); };
    auto strandedBeside = [&](qsizetype inner, qsizetype outer, qsizetype beyond) {
        if (outer < 0 || outer >= ids.size())
            return false;
        const SeatState& o = at(outer);
        if (!availableForSale(o) || !adjacentSeats(at(inner), o))
            return false;
        if (beyond < 0 || beyond >= ids.size())
            return true;
        const SeatState& b = at(beyond);
        return !availableForSale(b) || !adjacentSeats(o, b);
    };
    const qsizetype first = block.first;
    const qsizetype last = block.first + count - 1;
    if (strandedBeside(first, first - 1, first - 2))
        cost += orphanCost;
    if (strandedBeside(last, last + 1, last + 2))
        cost += orphanCost;
    return cost;
}

template <typename Cost> QList<int> SeatMap::cheapestBlock(int count, Cost cost) const
{
    // Wheelchair and companion spaces only when no other block exists.
    for (bool allowAccessible : {false, true}) {
        const QList<Block> candidates = blocks(count, allowAccessible);
        if (candidates.isEmpty())
            continue;
        // The first candidate stands until a cheaper one is found (also when no cost is finite).
        const Block* best = &candidates.first();
        double bestCost = cost(*best);
        for (const Block& b : candidates) {
            const double c = cost(b);
            if (c < bestCost - 1e-9) {
                bestCost = c;
                best = &b;
            }
        }
        return blockIds(*best, count);
    }
    return {};
}

} // namespace bo
