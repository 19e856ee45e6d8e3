// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUuid>
#include <QVariantList>

#include "app/tools/bench/strategyclient.h"
#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo {
class DbConnection;
}

namespace bo::bench {

/// Which hall a bench database sells: the seat bench's 15 × 20, or the demo cinema's largest hall
/// (the crowd bench).
enum class BenchHall { Grid, DemoLargest };

/// One seat of the hall as printed and placed on the map.
struct BenchSeat
{
    int id = 0;
    QString row;
    int number = 0;
    double x = 0;
    double y = 0;
};

/// What the checks after a run found.
struct SeatCheck
{
    qint64 violations = 0;
    QStringList details;
    qint64 leftHeld = 0; ///< seats still HELD (not a violation by itself)
};

/// The benchmark's own database on a server: created with the real migrations and one
/// showtime of hallRows × seatsPerRow seats, reset before every run, checked after it, and
/// dropped when this object goes (the server may be the user's, given with --db). Use from the
/// thread that created it.
class BenchDatabase final
{
public:
    /// Creates, migrates and seeds a database of a random name on `server`. On failure whatever
    /// was created is dropped again.
    [[nodiscard]] static Result<std::unique_ptr<BenchDatabase>> create(const ConnectionSettings& server,
                                                                       BenchHall hall = BenchHall::Grid);
    ~BenchDatabase();
    BenchDatabase(const BenchDatabase&) = delete;
    BenchDatabase& operator=(const BenchDatabase&) = delete;

    /// Where the strategies connect (no Redis filled in) and the showtime they share.
    [[nodiscard]] const StrategyContext& context() const { return m_context; }
    /// The showtime's seat ids, row-major.
    [[nodiscard]] const QList<int>& seatIds() const { return m_seatIds; }
    /// The showtime's seats with their labels and map places, in the order of seatIds().
    [[nodiscard]] const QList<BenchSeat>& seats() const { return m_seats; }
    /// Every seat free, no bookings, tables vacuumed, a checkpoint taken where the role may.
    [[nodiscard]] Status reset();
    /// Puts the showtime behind the database's admission queue with `capacity` places (0: no
    /// queue). Needs migration 0013.
    [[nodiscard]] Status setQueueCapacity(int capacity);
    /// Admission order of the showtime's queue tickets by hold token (0 = admitted first).
    [[nodiscard]] Result<QHash<QUuid, qint64>> admissionOrders();
    /// Tokens holding some number of seats other than `k` now (each hold commits all at once).
    [[nodiscard]] Result<qint64> partialHolds(int k);
    /// After a run: partial holds (tokens holding other than `k` seats; k = 0 skips this), seats
    /// left held, reserved seats without exactly one booking, seats in two bookings, and reserved
    /// seats against the `confirmedSeats` clients were told of.
    [[nodiscard]] SeatCheck check(int k, qint64 confirmedSeats);
    /// The server settings a report names (version, synchronous_commit, fsync, …).
    [[nodiscard]] QJsonObject serverSettings();

private:
    explicit BenchDatabase(const ConnectionSettings& server);
    [[nodiscard]] Status prepare(BenchHall hall);
    [[nodiscard]] Status seedGrid();
    [[nodiscard]] Status seedDemo();
    [[nodiscard]] Result<qint64> count(const QString& sql, const QVariantList& values);

    ConnectionSettings m_server;
    QString m_name;
    StrategyContext m_context;
    std::unique_ptr<DbConnection> m_admin;
    QList<int> m_seatIds;
    QList<BenchSeat> m_seats;
};

} // namespace bo::bench
