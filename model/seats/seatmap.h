// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QHash>
#include <QList>
#include <QRectF>
#include <QSet>
#include <QString>

#include "model/seats/seatchanges.h"
#include "model/seats/seattypes.h"

namespace bo {

/// One row of a seat map: its label, where it lies in layout units and its seats in number order.
struct SeatRow
{
    QString label;
    double y = 0;     ///< top of the row's seats, layout units (the screen is at small y)
    double left = 0;  ///< left edge of the row's leftmost seat
    double right = 0; ///< right edge of the row's rightmost seat
    QList<int> seatIds;
};

/// The seats of one showtime as this terminal knows them: layout, live statuses, the seats this
/// sale holds, and the seat-choice rules (adjacency, best available, nearest block).
///
/// Layout units: a standard seat is 1.0 wide and `seatDepth` deep, `x`/`y` is its top-left
/// corner, the screen is at the top (small y). Two seats are adjacent when they are in the same
/// row, their numbers are consecutive and the gap between them is at most `aisleGap`.
/// A plain value; not thread-safe; no I/O.
class SeatMap final
{
public:
    static constexpr double seatDepth = 1.0;
    /// The widest gap between two seats that still counts as "side by side" (wider: an aisle).
    /// Slightly above 0.6 so that float4 coordinates from the database still compare right.
    static constexpr double aisleGap = 0.65;

    SeatMap() = default;

    /// Replaces every seat. A different showtime also clears `mine()`; the same showtime keeps
    /// it (a reload after a reconnect does not forget what this sale holds).
    void reset(int showtimeId, QList<SeatState> seats);
    void clear();

    [[nodiscard]] int showtimeId() const { return m_showtimeId; }
    [[nodiscard]] const QList<SeatState>& seats() const { return m_seats; }
    [[nodiscard]] qsizetype size() const { return m_seats.size(); }
    [[nodiscard]] bool isEmpty() const { return m_seats.isEmpty(); }
    /// The seat's position in `seats()`, or -1.
    [[nodiscard]] qsizetype indexOf(int seatId) const { return m_index.value(seatId, -1); }
    [[nodiscard]] bool contains(int seatId) const { return m_index.contains(seatId); }
    /// The seat with that id, or nullptr. Valid until the next reset().
    [[nodiscard]] const SeatState* seat(int seatId) const;
    /// The couple seat sold together with this one, or 0.
    [[nodiscard]] int partnerOf(int seatId) const { return m_partner.value(seatId, 0); }
    /// Seats per status, for a session board ("123 free").
    [[nodiscard]] int count(SeatStatus status) const;

    /// The seats held by this sale. A seat shows as this sale's only while its status is Held.
    [[nodiscard]] const QSet<int>& mine() const { return m_mine; }
    /// Returns the ids whose "mine" flag changed (to repaint); may be ignored.
    QList<int> setMine(const QSet<int>& seatIds);
    /// True when the seat is in `mine()` and Held.
    [[nodiscard]] bool isMine(int seatId) const;

    /// Applies announced seat changes. Changes of other showtimes and unknown seats are ignored.
    /// Returns the ids whose status changed, in announcement order, each once.
    [[nodiscard]] QList<int> applyChanges(const SeatChanges& changes);
    /// Sets the status locally (e.g. from a hold result that arrives before its notification).
    /// Returns the ids whose status changed.
    QList<int> setStatus(const QList<int>& seatIds, SeatStatus status);
    /// Shows seats the database refused as `status` (held by another sale, reserved, blocked)
    /// when the map still reads them available to this sale, free or this sale's (the
    /// announcement has not arrived yet); a seat the map already shows taken keeps what it shows.
    /// Who holds the seat and until when is not known. Returns the ids that changed.
    QList<int> markTaken(const QList<int>& seatIds, SeatStatus status = SeatStatus::Held);
    /// The seats the map shows held by `owner`.
    [[nodiscard]] QSet<int> heldBy(const QUuid& owner) const;

    /// `count` adjacent seats in one row free for this sale (Free, or held by this sale), best
    /// first: about two thirds back from the screen and near the row's centre. Never splits a
    /// couple pair; uses wheelchair and companion spaces only when nothing else fits. Sorted by
    /// seat number; empty when impossible.
    [[nodiscard]] QList<int> bestAvailable(int count) const;
    /// Every block of `count` adjacent seats free for this sale (same rules as bestAvailable),
    /// best first by bestAvailable's own preference: blocks with wheelchair or companion spaces
    /// after all others, so the first is bestAvailable(count). `wheelchairFirst` (a customer who
    /// asked for a wheelchair space): blocks with a wheelchair space come first, best first, then
    /// the rest in the usual order. Each block sorted by seat number; overlapping blocks are all
    /// listed (F11–12 and F12–13).
    [[nodiscard]] QList<QList<int>> rankedBlocks(int count, bool wheelchairFirst = false) const;
    /// The block of `count` adjacent free seats (same rules as bestAvailable) nearest to the
    /// seats `around` (e.g. a chosen seat that was just taken). Empty `around`: bestAvailable.
    [[nodiscard]] QList<int> nearestBlock(int count, const QList<int>& around) const;
    /// True when the two seats are side by side (same row, consecutive numbers, no aisle).
    [[nodiscard]] bool adjacent(int seatIdA, int seatIdB) const;

    /// The rectangle around every seat, layout units (empty map: a null rect).
    [[nodiscard]] QRectF bounds() const { return m_bounds; }
    /// Rows from the screen backwards (by y, then label).
    [[nodiscard]] const QList<SeatRow>& rows() const { return m_rows; }
    /// A seat's rectangle in layout units.
    [[nodiscard]] static QRectF seatRect(const SeatState& seat);

private:
    struct Block
    {
        qsizetype row = -1;
        qsizetype first = 0; ///< index into the row's seatIds
    };

    void buildLayout();
    [[nodiscard]] bool adjacentSeats(const SeatState& a, const SeatState& b) const;
    [[nodiscard]] bool availableForSale(const SeatState& seat) const;
    /// Every valid block of `count`; `allowAccessible` admits wheelchair and companion spaces.
    [[nodiscard]] QList<Block> blocks(int count, bool allowAccessible) const;
    [[nodiscard]] QList<int> blockIds(const Block& block, int count) const;
    [[nodiscard]] double preferenceCost(const Block& block, int count) const;
    [[nodiscard]] QPointF blockCentre(const Block& block, int count) const;
    template <typename Cost> [[nodiscard]] QList<int> cheapestBlock(int count, Cost cost) const;

    int m_showtimeId = 0;
    QList<SeatState> m_seats;
    QHash<int, qsizetype> m_index;
    QHash<int, int> m_partner;
    QSet<int> m_mine;
    QList<SeatRow> m_rows;
    QRectF m_bounds;
    double m_idealY = 0;
};

} // namespace bo
