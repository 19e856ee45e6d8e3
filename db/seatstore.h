// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/seats/seatcommands.h"
#include "model/seats/seattypes.h"

namespace bo {

class DbConnection;

/// The seat operations of ARCHITECTURE §2 on PostgreSQL, each one round trip to a
/// server-side function run in autocommit, so row locks last only for that statement. Use from
/// the connection's thread.
class SeatStore final : public SeatCommands
{
public:
    explicit SeatStore(DbConnection& connection);
    /// A store that owns its connection.
    explicit SeatStore(std::unique_ptr<DbConnection> connection);
    ~SeatStore() override;

    /// Opens a connection of its own (DbConnection::open) and a store on it.
    [[nodiscard]] static Result<std::unique_ptr<SeatCommands>> open(const ConnectionSettings& settings,
                                                                    const QString& purpose);
    /// A factory that opens such a store each time it is called (for a worker thread).
    [[nodiscard]] static SeatCommandsFactory factory(ConnectionSettings settings, QString purpose);

    [[nodiscard]] Result<HoldDecision> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                            std::optional<int> ttlSeconds = std::nullopt) override;
    [[nodiscard]] Result<PaymentStart> beginPayment(int showtimeId, const QList<int>& seatIds,
                                                    const QUuid& owner, const QString& terminal,
                                                    std::optional<int> ttlSeconds = std::nullopt,
                                                    const QUuid& terminalId = {}) override;
    /// One extension of the owner's sale (bo_extend_hold): its deadline, held seats and pending
    /// booking move by the server's hold_extension_s, at most max_hold_extensions times.
    [[nodiscard]] Result<HoldExtension> extendHold(int showtimeId, const QUuid& owner);
    [[nodiscard]] Result<int> release(int showtimeId, const QUuid& owner,
                                      const QList<int>& seatIds = {}) override;
    [[nodiscard]] Result<ConfirmResult> confirm(const ConfirmRequest& request) override;
    [[nodiscard]] Result<SweepResult> sweep(int batch = 200) override;
    [[nodiscard]] Result<int> purgeExpiredKeys() override;
    [[nodiscard]] Result<QList<SeatState>> seats(int showtimeId, const QUuid& owner) override;

private:
    std::unique_ptr<DbConnection> m_owned;
    DbConnection& m_connection;
};

/// Parses a stored confirm response.
[[nodiscard]] ConfirmResult parseConfirmResponse(const QString& json, bool replayed);

} // namespace bo
