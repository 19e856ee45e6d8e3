// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>
#include <variant>

#include <QDeadlineTimer>
#include <QList>
#include <QUuid>

#include "model/result.h"
#include "model/seattypes.h"

namespace bo {

class SeatCommands;

/// Seats granted: the deadline on the database clock and a monotonic timer started from the
/// time the database said was left (the terminal's wall clock plays no part).
struct Held
{
    QDateTime heldUntil;
    qint64 remainingMs = 0;
    QDeadlineTimer deadline;
};

/// The hold was refused: nothing was held; `seats` were unavailable.
struct SeatsTaken
{
    QList<int> seats;
};

using HoldOutcome = std::variant<Held, SeatsTaken>;

/// The seat workflow over one connection: checks a request before it reaches the database
/// (the database checks again: it never trusts a client), then runs it. Use from one thread.
class SeatService final
{
public:
    /// `maxSeatsPerSale` comes from the settings; the database enforces its own copy too.
    SeatService(SeatCommands& seats, int maxSeatsPerSale);

    /// A new hold token: a random (v4) UUID naming one sale.
    [[nodiscard]] static QUuid newToken();
    /// Parses a hold token or idempotency key given as text (a UUID, braces optional).
    [[nodiscard]] static Result<QUuid> parseUuid(const QString& text, const QString& what);

    [[nodiscard]] Result<HoldOutcome> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                           std::optional<int> ttlSeconds = std::nullopt);
    [[nodiscard]] Result<int> release(int showtimeId, const QUuid& owner, const QList<int>& seatIds = {});
    [[nodiscard]] Result<ConfirmResult> confirm(const ConfirmRequest& request);

private:
    [[nodiscard]] Status checkSeats(const QList<int>& seatIds) const;

    SeatCommands& m_seats;
    int m_maxSeats;
};

} // namespace bo
