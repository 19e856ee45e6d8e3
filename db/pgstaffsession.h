// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QUuid>
#include <memory>

#include "db/connectionsettings.h"
#include "model/staff/staffsession.h"

namespace bo {

class WorkerThread;

class StaffSessionWorker;

/// The staff sign-in on PostgreSQL: a worker thread with its own connection (opened at the first
/// request, reopened after a loss) runs StaffSignIn and StaffStore in order, and the answers come
/// back as signals on the caller's thread. `terminal` and `terminalId` are the till's name and
/// permanent id, the same the sales carry, so that the server stamps them with who signed in here.
class PgStaffSession final : public StaffSession
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgStaffSession)

public:
    PgStaffSession(ConnectionSettings settings, QString terminal, QUuid terminalId,
                   QObject* parent = nullptr);
    ~PgStaffSession() override;

    int loadStaff() override;
    int checkPin(int staffId, const QString& pin, PinPurpose purpose, StaffRole needed) override;
    int unlock(int lockedStaffId, int supervisorId, const QString& supervisorPin) override;
    int loadTill() override;
    int lockTill() override;
    int signOut() override;

private:
    friend class StaffSessionWorker;

    std::unique_ptr<StaffSessionWorker> m_worker; ///< used on m_thread only
    std::unique_ptr<WorkerThread> m_thread;
    int m_nextRequest = 0;
};

} // namespace bo
