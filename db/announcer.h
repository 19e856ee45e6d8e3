// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <optional>

#include <QObject>

#include "db/connectionsettings.h"
#include "model/core/workerthread.h"

namespace bo {

class AnnouncerWorker;

/// The announcer of ARCHITECTURE §3 (migration 0013): seat changes and other announcements are
/// written to a table by the transactions that make them, and one program of the site at a time
/// moves them to NOTIFY every few milliseconds, so that holds no longer queue for PostgreSQL's
/// cluster-wide NOTIFY lock at their commit. Every terminal backend runs one: they elect the
/// publisher among themselves (a session advisory lock), the others try again every second and
/// take over within about a second when the publisher's program or connection goes away.
///
/// Its own thread, its own connection and a timer: publishing every `busyIntervalMs` while there
/// is something to publish, backing off to `idleIntervalMs` while there is not.
class Announcer final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Announcer)

public:
    struct Options
    {
        int busyIntervalMs = 5;
        int idleIntervalMs = 40;    ///< the longest an announcement waits after a quiet spell
        int electIntervalMs = 1000; ///< how often a follower asks to lead, a leader checks it still does
    };

    explicit Announcer(ConnectionSettings settings, QObject* parent = nullptr);
    Announcer(ConnectionSettings settings, Options options, QObject* parent = nullptr);
    ~Announcer() override;

    /// The terminal's statements go through a pooler (ConnectionSettings::pooled): while another
    /// program publishes, this announcer asks through it whether one still does and keeps no
    /// session of its own; it opens one only to take the lead when nobody holds it (migration
    /// 0029). Call before start().
    void setFollowerSettings(const ConnectionSettings& pooled) { m_followerSettings = pooled; }
    /// Starts the thread; the first election runs at once.
    void start();
    /// Steps down, closes the connection and joins the thread.
    void stop();
    [[nodiscard]] bool isRunning() const;
    /// Whether this announcer is the site's publisher (any thread may read).
    [[nodiscard]] bool isLeading() const { return m_leading.load(); }
    /// Notifications this announcer has sent since start (any thread may read).
    [[nodiscard]] qint64 published() const { return m_published.load(); }

signals:
    void leadingChanged(bool leading);
    void publishFailed(const QString& reason);

private:
    friend class AnnouncerWorker;

    ConnectionSettings m_settings;
    std::optional<ConnectionSettings> m_followerSettings;
    Options m_options;
    std::atomic<bool> m_leading{false};
    std::atomic<qint64> m_published{0};
    ThreadedWorker<AnnouncerWorker> m_worker;
};

} // namespace bo
