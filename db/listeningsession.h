// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QElapsedTimer>
#include <QObject>
#include <QSqlDriver>
#include <QStringList>

#include "db/connectionsettings.h"
#include "model/core/result.h"

class QTimer;

namespace bo {

class DbConnection;

/// The session a backend's worker LISTENs on, and whether it is online: it owns the connection,
/// the channels and the online state, and lives on the worker's thread (every call comes from
/// there; its signals are emitted there, in the order things happened). It watches the connection
/// every watchMs: libpq's own status at once, a short round trip every onlineHeartbeatMs while
/// online, a new session every reconnectMs while offline. A session the server replaced (ended,
/// then re-opened by a statement on whichever node is primary now) listens to nothing, so it
/// LISTENs again and says reconnected(): what was announced in between is lost, callers reload.
/// The worker's requests use connection() between ensureOnline() and the end of their
/// ListenAfterwards.
class ListeningSession final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ListeningSession)

public:
    /// `purpose` names the session (DbConnection::open: application_name `boxoffice-<purpose>`)
    /// and its log lines; it LISTENs on `channels`. Nothing happens before start().
    ListeningSession(ConnectionSettings settings, QString purpose, QStringList channels,
                     QObject* parent = nullptr);
    ~ListeningSession() override;

    /// Checks at once (blocking up to the connect timeout), then watches.
    void start();
    /// Stops watching and closes the session, without a signal.
    void stop();

    [[nodiscard]] bool isOnline() const { return m_online; }
    /// The session's connection, for a request once ensureOnline() said true.
    [[nodiscard]] DbConnection& connection() const { return *m_connection; }

    /// The heartbeat's work. Online: a short round trip; a server gone away makes it offline, a
    /// replaced session makes it LISTEN again. Offline: a new session (the first one opened, later
    /// ones by reconnecting), which then LISTENs. Blocks up to the round trip's short deadline or
    /// the connect timeout.
    void check();
    /// For a request: true when online; offline, it checks first (a new session, blocking up to
    /// the connect timeout) and says whether that brought it back.
    [[nodiscard]] bool ensureOnline();
    /// A request found the server unreachable: offline (reported with `error.message`) until a
    /// check brings it back.
    void goOffline(const Error& error);
    /// After a request: when one of its statements re-opened the session by itself (the server
    /// ended the old one, or a failover moved the primary), LISTEN on the new one now rather than
    /// a heartbeat later, so the reload follows the request's own answer.
    void listenAgainIfReplaced();

    /// Calls listenAgainIfReplaced() when it goes out of scope: the first line of a request.
    class ListenAfterwards final
    {
    public:
        explicit ListenAfterwards(ListeningSession& session)
            : m_session(session)
        {}
        ~ListenAfterwards() { m_session.listenAgainIfReplaced(); }
        ListenAfterwards(const ListenAfterwards&) = delete;
        ListenAfterwards& operator=(const ListenAfterwards&) = delete;
        ListenAfterwards(ListenAfterwards&&) = delete;
        ListenAfterwards& operator=(ListenAfterwards&&) = delete;

    private:
        ListeningSession& m_session;
    };

signals:
    /// A NOTIFY on one of the channels.
    void notified(const QString& channel, const QString& payload);
    /// The first check's outcome, then every change; `reason` is the error's message when
    /// offline, empty when online.
    void onlineChanged(bool online, const QString& reason);
    /// Listening again on a new session after having been online (emitted after onlineChanged
    /// when that came back too): announcements sent meanwhile are lost, reload.
    void reconnected();

private:
    /// Every watchMs: a connection libpq already knows is gone is checked at once, otherwise
    /// when the heartbeat's or the reconnect's interval has passed.
    void watch();
    /// LISTENs on every channel of the current session; online when it did.
    void listen();
    void report(bool online, const QString& reason);
    void onNotification(const QString& name, QSqlDriver::NotificationSource source, const QVariant& payload);

    ConnectionSettings m_settings;
    QString m_purpose;
    QStringList m_channels;
    std::unique_ptr<DbConnection> m_connection;
    QTimer* m_watch = nullptr;
    QElapsedTimer m_sinceCheck; ///< since the last check()
    bool m_online = false;
    bool m_everOnline = false;
    std::optional<bool> m_reported; ///< what onlineChanged said last
    int m_listeningSession = 0;     ///< DbConnection::sessionsOpened() of the session that LISTENs
};

} // namespace bo
