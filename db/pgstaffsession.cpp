// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pgstaffsession.h"

#include <memory>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"
#include "db/staffstore.h"
#include "model/core/workerthread.h"

namespace bo {

/// Lives on the session's thread: owns the connection. Nothing here logs a PIN; the log gets
/// the member's number and the outcome only.
class StaffSessionWorker final
{
public:
    StaffSessionWorker(PgStaffSession* owner, ConnectionSettings settings, QString terminal, QUuid terminalId)
        : m_owner(owner)
        , m_settings(std::move(settings))
        , m_terminal(std::move(terminal))
        , m_terminalId(terminalId)
    {}

    void finish() { m_connection.reset(); }

    void loadStaff(int requestId)
    {
        if (!ready(requestId))
            return;
        auto all = StaffStore(*m_connection).staff();
        if (!all)
            return failed(requestId, all.error());
        QList<StaffMember> active;
        for (const StaffMember& m : all.value())
            if (m.active)
                active << m;
        emit m_owner->staffLoaded(requestId, active);
    }

    void checkPin(int requestId, int staffId, const QString& pin, PinPurpose purpose, StaffRole needed)
    {
        if (!ready(requestId))
            return;
        StaffStore store(*m_connection);
        StaffSignIn signIn(store, m_terminal, m_terminalId);
        auto checked = signIn.check(staffId, pin, purpose, needed);
        if (!checked)
            return failed(requestId, checked.error());
        spdlog::info("staff: member {} {}: {}", staffId, purposeText(purpose), outcomeText(checked.value()));
        emit m_owner->pinChecked(requestId, checked.value());
    }

    void unlock(int requestId, int lockedStaffId, int supervisorId, const QString& supervisorPin)
    {
        if (!ready(requestId))
            return;
        StaffStore store(*m_connection);
        StaffSignIn signIn(store, m_terminal, m_terminalId);
        auto done = signIn.unlockWith(lockedStaffId, supervisorId, supervisorPin);
        if (!done)
            return failed(requestId, done.error());
        spdlog::info("staff: member {} unlocking {}: {}", supervisorId, lockedStaffId,
                     outcomeText(done.value()));
        emit m_owner->pinChecked(requestId, done.value());
    }

    void loadTill(int requestId)
    {
        if (!ready(requestId))
            return;
        auto till = StaffStore(*m_connection).tillStaff(m_terminalId);
        if (!till)
            return failed(requestId, till.error());
        emit m_owner->tillLoaded(requestId, till.value().value_or(TillStaff{}));
    }

    void lockTill(int requestId)
    {
        if (!ready(requestId))
            return;
        auto locked = StaffStore(*m_connection).lockTill(m_terminalId);
        if (!locked)
            return failed(requestId, locked.error());
        loadTill(requestId);
    }

    void signOut(int requestId)
    {
        if (!ready(requestId))
            return;
        auto out = StaffStore(*m_connection).signOutTill(m_terminalId);
        if (!out)
            return failed(requestId, out.error());
        emit m_owner->tillLoaded(requestId, TillStaff{});
    }

private:
    static const char* purposeText(PinPurpose purpose)
    {
        switch (purpose) {
        case PinPurpose::SignIn:
            return "signing in";
        case PinPurpose::Approve:
            return "approving";
        case PinPurpose::Manager:
            return "opening the manager's pages";
        }
        return "?";
    }

    static const char* outcomeText(const PinCheck& check)
    {
        switch (check.outcome) {
        case PinOutcome::Ok:
            return "ok";
        case PinOutcome::WrongPin:
            return "refused";
        case PinOutcome::Locked:
            return "locked";
        case PinOutcome::Disabled:
            return "disabled";
        case PinOutcome::Unknown:
            return "unknown";
        case PinOutcome::NoPin:
            return "no PIN set";
        }
        return "?";
    }

    bool ready(int requestId)
    {
        if (m_connection && m_connection->isConnected())
            return true;
        if (m_connection) {
            if (Status s = m_connection->reconnect(); !s) {
                failed(requestId, s.error());
                return false;
            }
            return true;
        }
        auto opened = DbConnection::open(m_settings, QStringLiteral("staff-sign-in"));
        if (!opened) {
            failed(requestId, opened.error());
            return false;
        }
        m_connection = std::move(opened.value());
        return true;
    }

    void failed(int requestId, const Error& error)
    {
        spdlog::warn("staff: request failed: {}", error.detail.toStdString());
        emit m_owner->failed(requestId, error);
    }

    PgStaffSession* m_owner;
    ConnectionSettings m_settings;
    QString m_terminal;
    QUuid m_terminalId;
    std::unique_ptr<DbConnection> m_connection;
};

PgStaffSession::PgStaffSession(ConnectionSettings settings, QString terminal, QUuid terminalId,
                               QObject* parent)
    : StaffSession(parent)
{
    qRegisterMetaType<StaffMember>();
    qRegisterMetaType<QList<StaffMember>>();
    qRegisterMetaType<PinCheck>();
    qRegisterMetaType<TillStaff>();
    qRegisterMetaType<Error>();
    m_worker =
        std::make_unique<StaffSessionWorker>(this, std::move(settings), std::move(terminal), terminalId);
    m_thread = std::make_unique<WorkerThread>(QStringLiteral("staff-sign-in"));
}

PgStaffSession::~PgStaffSession()
{
    // The connection closes on the thread that opened it.
    m_thread->stop([w = m_worker.get()] { w->finish(); });
}

int PgStaffSession::loadStaff()
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id] { w->loadStaff(id); });
    return id;
}

int PgStaffSession::checkPin(int staffId, const QString& pin, PinPurpose purpose, StaffRole needed)
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id, staffId, pin, purpose, needed] {
        w->checkPin(id, staffId, pin, purpose, needed);
    });
    return id;
}

int PgStaffSession::unlock(int lockedStaffId, int supervisorId, const QString& supervisorPin)
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id, lockedStaffId, supervisorId, supervisorPin] {
        w->unlock(id, lockedStaffId, supervisorId, supervisorPin);
    });
    return id;
}

int PgStaffSession::loadTill()
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id] { w->loadTill(id); });
    return id;
}

int PgStaffSession::lockTill()
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id] { w->lockTill(id); });
    return id;
}

int PgStaffSession::signOut()
{
    const int id = ++m_nextRequest;
    m_thread->post([w = m_worker.get(), id] { w->signOut(id); });
    return id;
}

} // namespace bo
