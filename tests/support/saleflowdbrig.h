// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QUuid>

#include "tests/support/showtimerig.h"

namespace bo::test {

/// One database round trip (or a few) on a loaded two-core machine, with a lot of room.
inline constexpr int dbTimeoutMs = 10000;

/// The hall of the SaleFlow tests against PostgreSQL: a fresh database per test with one showtime
/// of three rows of ten seats (seats: A1..A10, B1..B10, C1..C10). The flows under test connect
/// through their own adapters, so the rig opens no connection of its own.
struct SaleFlowDbRig : ShowtimeRig
{
    /// Creates the database and the showtime; a failure fails the calling test function.
    void create();

    /// Seats of the current showtime that are not FREE.
    [[nodiscard]] QString notFree() const;
    /// A seat's hold deadline as the database's exact text.
    [[nodiscard]] QString deadlineOf(int seat) const;
    /// Seconds from an earlier deadline text to a seat's hold deadline (negative: earlier).
    [[nodiscard]] double driftFrom(int seat, const QString& deadline) const;
    /// "status method" of every booking of the sale, e.g. "PENDING -".
    [[nodiscard]] QString bookingsOf(const QUuid& owner) const;
    /// "method STATE" of every payment intent of the sale, e.g. "card DECLINED;cash CAPTURED".
    [[nodiscard]] QString intentsOf(const QUuid& owner) const;
};

/// A hold token as the database's text.
[[nodiscard]] QString tokenText(const QUuid& id);

/// A later hold of the same selection keeps the first deadline: at most the rounding up to a whole
/// second (plus a round trip) later, never earlier.
[[nodiscard]] bool keepsDeadline(double drift);

} // namespace bo::test
