// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QDateTime>
#include <QHash>
#include <QVariantList>

#include "db/connectionsettings.h"
#include "model/queue/admissionqueue.h"

namespace bo {

class DbConnection;

/// The admission queue on PostgreSQL (migrations 0014 and 0048, db/functions/30_queue.sql): each
/// call is one statement of a bo_queue_* function in autocommit. Use from the connection's thread.
class QueueStore final : public AdmissionQueue
{
public:
    explicit QueueStore(DbConnection& connection);
    /// A store that owns its connection.
    explicit QueueStore(std::unique_ptr<DbConnection> connection);
    ~QueueStore() override;

    /// Opens a connection of its own (DbConnection::open) and a store on it.
    [[nodiscard]] static Result<std::unique_ptr<AdmissionQueue>> open(const ConnectionSettings& settings,
                                                                      const QString& purpose);

    [[nodiscard]] Result<QueueTicket> join(int showtimeId, const QUuid& owner, bool counter = false) override;
    [[nodiscard]] Result<QueueTicket> heartbeat(const QUuid& owner) override;
    [[nodiscard]] Result<QueueTicket> leave(const QUuid& owner) override;
    [[nodiscard]] Result<QueueLine> line(int showtimeId) override;
    [[nodiscard]] Result<QueueCapacity> setCapacity(int showtimeId, std::optional<int> capacity) override;

    /// The counter board's counts: how many wait in line, for every showtime starting in
    /// [from, to) that has a queue (0 when nobody waits); a showtime without a queue is not
    /// named. One statement, no pass: the line is read as it stands, nobody's ticket is touched.
    [[nodiscard]] Result<QHash<int, int>> waitingByShowtime(const QDateTime& from, const QDateTime& to);

private:
    [[nodiscard]] Result<QueueTicket> one(const QString& sql, const QVariantList& values);

    std::unique_ptr<DbConnection> m_owned;
    DbConnection& m_connection;
};

/// The LISTEN/NOTIFY channel on which the lines' moves are announced.
[[nodiscard]] QString queueChannel();

/// Parses a `bo_queue` payload "<showtime>|<sequence>|<waiting>|<admitted up to>" (the line's
/// counter: every waiter numbered up to it has had its turn); nullopt when it is not one.
[[nodiscard]] std::optional<QueueChange> parseQueueNotification(const QString& payload);

} // namespace bo
