// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QList>
#include <QUuid>

#include "model/core/result.h"
#include "model/sale/salerules.h"
#include "model/seats/seattypes.h"

namespace bo {

class SeatCommands;

/// The seat workflow over one connection: checks a request before it reaches the database
/// (the database checks again: it never trusts a client), then runs it. Use from one thread.
class CheckedSeatCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::CheckedSeatCommands)

public:
    /// `rules` come from the settings; the database enforces its own copy too.
    CheckedSeatCommands(SeatCommands& seats, SaleRules rules);
    /// The rules of the default settings with this many seats at most per sale.
    CheckedSeatCommands(SeatCommands& seats, int maxSeatsPerSale);

    /// A new hold token: a random (v4) UUID naming one sale.
    [[nodiscard]] static QUuid newToken();
    /// Parses a hold token or idempotency key given as text (a UUID, braces optional).
    [[nodiscard]] static Result<QUuid> parseUuid(const QString& text, const QString& what);

    [[nodiscard]] Result<HoldDecision> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                            std::optional<int> ttlSeconds = std::nullopt);
    /// Extends the hold to the payment deadline and opens the sale's pending booking.
    [[nodiscard]] Result<PaymentStart> beginPayment(int showtimeId, const QList<int>& seatIds,
                                                    const QUuid& owner, const QString& terminal,
                                                    const QUuid& terminalId = {});
    [[nodiscard]] Result<int> release(int showtimeId, const QUuid& owner, const QList<int>& seatIds = {});
    [[nodiscard]] Result<ConfirmResult> confirm(const ConfirmRequest& request);

private:
    SeatCommands& m_seats;
    SaleRules m_rules;
};

} // namespace bo
