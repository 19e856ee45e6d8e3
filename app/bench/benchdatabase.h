// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QVariantList>

#include "app/bench/runresult.h"
#include "app/bench/strategyclient.h"
#include "db/connectionsettings.h"
#include "model/result.h"

namespace bo {
class DbConnection;
}

namespace bo::bench {

/// The benchmark's own database on a server: created with the real migrations and one
/// showtime of hallRows × seatsPerRow seats, reset before every run, checked after it, and
/// dropped when this object goes (the server may be the user's, given with --db). Use from the
/// thread that created it.
class BenchDatabase final
{
public:
    /// Creates, migrates and seeds a database of a random name on `server`. On failure whatever
    /// was created is dropped again.
    [[nodiscard]] static Result<std::unique_ptr<BenchDatabase>> create(const ConnectionSettings& server);
    ~BenchDatabase();
    BenchDatabase(const BenchDatabase&) = delete;
    BenchDatabase& operator=(const BenchDatabase&) = delete;

    /// Where the strategies connect (no Redis filled in) and the showtime they share.
    [[nodiscard]] const StrategyContext& context() const { return m_context; }
    /// The showtime's seat ids, row-major.
    [[nodiscard]] const QList<int>& seatIds() const { return m_seatIds; }
    /// Every seat free, no bookings, tables vacuumed, a checkpoint taken where the role may.
    [[nodiscard]] Status reset();
    /// Tokens holding some number of seats other than `k` now (each hold commits all at once).
    [[nodiscard]] Result<qint64> partialHolds(int k);
    /// After a run: partial holds, seats left held, reserved seats without exactly one booking,
    /// seats in two bookings, and reserved seats against the `confirmedSeats` clients were told of.
    void check(RunResult& result, qint64 confirmedSeats);
    /// The server settings a report names (version, synchronous_commit, fsync, …).
    [[nodiscard]] QJsonObject serverSettings();

private:
    explicit BenchDatabase(const ConnectionSettings& server);
    [[nodiscard]] Status prepare();
    [[nodiscard]] Result<qint64> count(const QString& sql, const QVariantList& values);

    ConnectionSettings m_server;
    QString m_name;
    StrategyContext m_context;
    std::unique_ptr<DbConnection> m_admin;
    QList<int> m_seatIds;
};

} // namespace bo::bench
