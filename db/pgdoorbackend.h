// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "db/connectionsettings.h"
#include "model/core/workerthread.h"
#include "model/door/doorbackend.h"

namespace bo {

class DoorWorker;

/// The door's backend on PostgreSQL (bo_ticket_keys, bo_checkin_undo and the counts of migration
/// 0012; bo_door_tickets, bo_door_checkin and bo_door_sync of migration 0018). A worker thread with its own
/// connection runs the calls in order; it LISTENs on `bo_checkins`, takes an announced count at once and
/// reads it back shortly after (an announced count is computed before its transaction commits, so two doors
/// admitting at the same moment may both announce the smaller one), checks the connection every few seconds
/// and reconnects by itself. The site's announcer publishes what it listens for (app/common/siteleads.h).
class PgDoorBackend final : public DoorBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgDoorBackend)

public:
    explicit PgDoorBackend(ConnectionSettings settings, QObject* parent = nullptr);
    ~PgDoorBackend() override;

    void start() override;
    void stop() override;
    void load(int pastMinutes, int aheadMinutes, int alsoShowtimeId) override;
    void loadTickets(const QList<int>& showtimeIds) override;
    [[nodiscard]] int checkin(const TicketPayload& payload, const QString& text, const QString& door,
                              const QUuid& scanId) override;
    [[nodiscard]] int sync(const DoorScan& scan) override;
    [[nodiscard]] int undo(quint32 serial, const QString& door, int withinSeconds) override;

    /// The channel the check-in functions announce admitted counts on.
    [[nodiscard]] static QString checkinChannel();

private:
    friend class DoorWorker;
    void setOnline(bool online, const QString& reason);
    ThreadedWorker<DoorWorker> m_worker;
    ConnectionSettings m_settings;
    int m_nextRequest = 0;
    bool m_online = false;
    bool m_reported = false;
};

} // namespace bo
