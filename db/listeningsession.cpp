// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/listeningsession.h"

#include <utility>

#include <QTimer>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

/// Offline: a new session is tried this often (a failover takes a few seconds; research
/// failover.md §6a measured 2.7–8.9 s), a terminal's connect attempts costing a standby little.
constexpr int reconnectMs = 1000;
/// How often the session looks at libpq's connection status without a round trip: a server that
/// died (kill -9, a failover) closes the socket, the driver's LISTEN notifier reads the end of it
/// and libpq marks the connection bad, so offline shows within this time, not a heartbeat's.
constexpr int watchMs = 250;

} // namespace

ListeningSession::ListeningSession(ConnectionSettings settings, QString purpose, QStringList channels,
                                   QObject* parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_purpose(std::move(purpose))
    , m_channels(std::move(channels))
{}

ListeningSession::~ListeningSession() = default;

void ListeningSession::start()
{
    if (!m_watch) {
        m_watch = new QTimer(this);
        m_watch->setInterval(watchMs);
        connect(m_watch, &QTimer::timeout, this, &ListeningSession::watch);
    }
    m_watch->start();
    check();
}

void ListeningSession::stop()
{
    if (m_watch)
        m_watch->stop();
    m_connection.reset();
    m_online = false;
}

void ListeningSession::check()
{
    m_sinceCheck.start();
    bool replaced = false;
    if (m_connection && m_online) {
        // A cheap round trip notices a server that went away while we were idle, and a session the
        // server ended that a statement then silently reopened (on whichever node is primary now).
        // The number of sessions opened tells a replaced one, where the server's process id could
        // repeat on another node after a failover.
        auto ping = m_connection->exec(QStringLiteral("SELECT 1"), {}, DbConnection::RoundTrip::Short);
        if (!ping) {
            goOffline(ping.error());
        } else if (m_connection->sessionsOpened() == m_listeningSession) {
            return;
        } else {
            spdlog::warn("{}: the database session was replaced; listening again", m_purpose.toStdString());
            m_online = false;
            replaced = true;
        }
    }
    if (!m_connection) {
        auto opened = DbConnection::open(m_settings, m_purpose);
        if (!opened)
            return goOffline(opened.error());
        m_connection = std::move(opened.value());
    } else if (replaced) {
        // The reopened session just answered: listen on it rather than open yet another.
    } else if (Status s = m_connection->reconnect(); !s) {
        // Offline, a session that still looks connected is replaced all the same: whatever made it
        // fail (a statement past its deadline, a server that was shutting down) may have left it
        // unable to answer, and a new one is cheap next to another round trip that finds out.
        return goOffline(s.error());
    }
    listen();
}

bool ListeningSession::ensureOnline()
{
    if (m_connection && m_online)
        return true;
    check();
    return m_connection && m_online;
}

void ListeningSession::goOffline(const Error& error)
{
    if (m_online)
        spdlog::warn("{}: database unreachable: {}", m_purpose.toStdString(), error.detail.toStdString());
    m_online = false;
    report(false, error.message);
}

void ListeningSession::listenAgainIfReplaced()
{
    if (m_online && m_connection && m_connection->sessionsOpened() != m_listeningSession)
        check();
}

void ListeningSession::watch()
{
    const bool lost = m_online && m_connection && !m_connection->isConnected();
    const int interval = m_online ? onlineHeartbeatMs : reconnectMs;
    if (lost || !m_sinceCheck.isValid() || m_sinceCheck.elapsed() >= interval)
        check();
}

void ListeningSession::listen()
{
    QSqlDriver* driver = m_connection->database().driver();
    connect(driver, &QSqlDriver::notification, this, &ListeningSession::onNotification, Qt::UniqueConnection);
    // The driver may still list the channels from the old session; the new one must LISTEN.
    for (const QString& channel : std::as_const(m_channels)) {
        if (driver->subscribedToNotifications().contains(channel))
            driver->unsubscribeFromNotification(channel);
        if (!driver->subscribeToNotification(channel))
            return goOffline(makeError(ErrorCode::Offline, QStringLiteral("LISTEN %1 failed").arg(channel)));
    }
    // A session re-opened by the LISTEN statements themselves is the one that listens.
    m_listeningSession = m_connection->sessionsOpened();
    const bool wasOffline = m_everOnline && !m_online;
    m_online = m_everOnline = true;
    report(true, {});
    if (wasOffline) {
        spdlog::info("{}: back online, listening again", m_purpose.toStdString());
        emit reconnected();
    }
}

void ListeningSession::report(bool online, const QString& reason)
{
    if (m_reported == online)
        return;
    m_reported = online;
    emit onlineChanged(online, reason);
}

void ListeningSession::onNotification(const QString& name, QSqlDriver::NotificationSource,
                                      const QVariant& payload)
{
    if (m_channels.contains(name))
        emit notified(name, payload.toString());
}

} // namespace bo
