// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pghelpdesk.h"

#include <memory>

#include <QSqlDriver>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"
#include "db/helpcallstore.h"
#include "db/sqlvalues.h"

namespace bo {

/// Lives on the desk's thread, made there by its first task: owns the connection, the LISTEN and
/// the heartbeat.
class HelpDeskWorker final : public QObject
{
    Q_OBJECT

public:
    HelpDeskWorker(PgHelpDesk* owner, ConnectionSettings settings)
        : m_owner(owner)
        , m_settings(std::move(settings))
    {}

    void begin()
    {
        m_heartbeat = new QTimer(this);
        m_heartbeat->setInterval(onlineHeartbeatMs);
        connect(m_heartbeat, &QTimer::timeout, this, &HelpDeskWorker::checkConnection);
        m_heartbeat->start();
        checkConnection();
    }

    void finish()
    {
        if (m_heartbeat)
            m_heartbeat->stop();
        m_connection.reset();
    }

    void call(const QString& kiosk)
    {
        if (!ready())
            return;
        auto c = HelpCallStore(*m_connection).call(kiosk);
        if (!c)
            return failed(c.error());
        emit m_owner->callChanged(c.value());
    }

    void answer(qint64 callId, const QString& till)
    {
        if (!ready())
            return;
        auto a = HelpCallStore(*m_connection).answer(callId, till);
        if (!a)
            return failed(a.error());
        if (a.value().counted)
            emit m_owner->callChanged(a.value().call);
        else
            emit m_owner->answerRefused(a.value().call);
    }

    void close(qint64 callId)
    {
        if (!ready())
            return;
        auto c = HelpCallStore(*m_connection).close(callId);
        if (!c)
            return failed(c.error());
        emit m_owner->callChanged(c.value());
    }

    void loadCalls()
    {
        if (!ready())
            return;
        auto calls = HelpCallStore(*m_connection).openCalls();
        if (!calls)
            return failed(calls.error());
        emit m_owner->callsLoaded(calls.value());
    }

    void checkConnection()
    {
        if (m_connection && m_online) {
            // A session the server replaced listens to nothing: treat it as a reconnect.
            auto ping = m_connection->exec(QStringLiteral("SELECT pg_backend_pid()"));
            if (ping && ping.value().next() && ping.value().value(0).toInt() == m_listeningPid)
                return;
            if (!ping)
                goOffline(ping.error());
            else
                m_online = false;
        }
        if (!m_connection) {
            auto opened = DbConnection::open(m_settings, QStringLiteral("help-calls"));
            if (!opened)
                return goOffline(opened.error());
            m_connection = std::move(opened.value());
        } else if (Status s = m_connection->reconnect(); !s) {
            return goOffline(s.error());
        }
        auto pid = m_connection->exec(QStringLiteral("SELECT pg_backend_pid()"));
        if (!pid)
            return goOffline(pid.error());
        m_listeningPid = pid.value().next() ? pid.value().value(0).toInt() : 0;
        QSqlDriver* driver = m_connection->database().driver();
        connect(driver, &QSqlDriver::notification, this, &HelpDeskWorker::onNotification,
                Qt::UniqueConnection);
        if (driver->subscribedToNotifications().contains(helpChannel()))
            driver->unsubscribeFromNotification(helpChannel());
        if (!driver->subscribeToNotification(helpChannel()))
            return goOffline(makeError(ErrorCode::Offline, QStringLiteral("LISTEN bo_help failed")));
        const bool wasOffline = m_everOnline && !m_online;
        m_online = m_everOnline = true;
        m_owner->setOnline(true);
        if (wasOffline) {
            spdlog::info("help calls: back online, reloading");
            emit m_owner->reconnected();
        }
    }

private:
    void onNotification(const QString& name, QSqlDriver::NotificationSource, const QVariant& payload)
    {
        if (name != helpChannel())
            return;
        if (auto call = parseHelpNotification(payload.toString()))
            emit m_owner->callChanged(*call);
        else
            spdlog::warn("help calls: unreadable announcement ignored");
    }

    bool ready()
    {
        if (m_connection && m_online)
            return true;
        checkConnection();
        if (m_connection && m_online)
            return true;
        failed(makeError(ErrorCode::Offline, QStringLiteral("offline")));
        return false;
    }

    void failed(const Error& error)
    {
        if (error.code == ErrorCode::Offline)
            goOffline(error);
        emit m_owner->requestFailed(error);
    }

    void goOffline(const Error& error)
    {
        if (m_online)
            spdlog::warn("help calls: database unreachable: {}", error.detail.toStdString());
        m_online = false;
        m_owner->setOnline(false);
    }

    PgHelpDesk* m_owner;
    ConnectionSettings m_settings;
    std::unique_ptr<DbConnection> m_connection;
    QTimer* m_heartbeat = nullptr;
    bool m_online = false;
    bool m_everOnline = false;
    int m_listeningPid = 0;
};

PgHelpDesk::PgHelpDesk(ConnectionSettings settings, QObject* parent)
    : HelpDesk(parent)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<HelpCall>();
    qRegisterMetaType<QList<HelpCall>>();
    qRegisterMetaType<Error>();
}

PgHelpDesk::~PgHelpDesk()
{
    stop();
}

void PgHelpDesk::start()
{
    m_worker.start(QStringLiteral("help-calls"),
                   [this] { return std::make_unique<HelpDeskWorker>(this, m_settings); });
}

void PgHelpDesk::stop()
{
    m_worker.stop();
}

void PgHelpDesk::setOnline(bool online)
{
    QMetaObject::invokeMethod(
        this,
        [this, online] {
            if (m_online == online)
                return;
            m_online = online;
            emit onlineChanged(online);
        },
        Qt::QueuedConnection);
}

void PgHelpDesk::call(const QString& kiosk)
{
    m_worker.post([kiosk](HelpDeskWorker& w) { w.call(kiosk); });
}

void PgHelpDesk::answer(qint64 callId, const QString& till)
{
    m_worker.post([callId, till](HelpDeskWorker& w) { w.answer(callId, till); });
}

void PgHelpDesk::close(qint64 callId)
{
    m_worker.post([callId](HelpDeskWorker& w) { w.close(callId); });
}

void PgHelpDesk::loadCalls()
{
    m_worker.post([](HelpDeskWorker& w) { w.loadCalls(); });
}

} // namespace bo

#include "pghelpdesk.moc"
