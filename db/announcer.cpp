// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/announcer.h"

#include <algorithm>
#include <memory>

#include <QElapsedTimer>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"

namespace bo {

/// Lives on the announcer's thread, made there by its first task: owns the connection and the timer.
class AnnouncerWorker final : public QObject
{
    Q_OBJECT

public:
    AnnouncerWorker(Announcer* owner, ConnectionSettings settings, std::optional<ConnectionSettings> follower,
                    Announcer::Options options)
        : m_owner(owner)
        , m_settings(std::move(settings))
        , m_followerSettings(std::move(follower))
        , m_options(options)
    {}

    void begin()
    {
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        m_timer->setTimerType(Qt::PreciseTimer);
        connect(m_timer, &QTimer::timeout, this, &AnnouncerWorker::tick);
        tick();
    }

    void finish()
    {
        if (m_timer)
            m_timer->stop();
        if (m_connection && m_owner->m_leading.load())
            (void)m_connection->exec(QStringLiteral("SELECT bo_announcer_step_down()"));
        setLeading(false);
        m_connection.reset();
        m_followerConnection.reset();
    }

private:
    void tick()
    {
        if (m_followerSettings && !m_owner->m_leading.load()) {
            // Through the pooler: no session of our own while another program publishes.
            auto led = followerAsks();
            if (!led) {
                fail(led.error());
                return;
            }
            if (led.value()) {
                m_connection.reset();
                m_timer->start(m_options.electIntervalMs);
                return;
            }
        }
        if (!m_connection) {
            auto opened = DbConnection::open(m_settings, QStringLiteral("announcer"));
            if (!opened) {
                fail(opened.error());
                return;
            }
            m_connection = std::move(opened.value());
            m_sinceElection.invalidate();
        }
        // Followers ask to lead; the leader checks it still does (a re-opened session lost the lock).
        if (!m_sinceElection.isValid() || m_sinceElection.elapsed() >= m_options.electIntervalMs) {
            auto elected = m_connection->exec(QStringLiteral("SELECT bo_announcer_try_lead()"));
            if (!elected) {
                fail(elected.error());
                return;
            }
            Rows rows = std::move(elected.value());
            setLeading(rows.next() && rows.value(0).toBool());
            m_sinceElection.start();
        }
        if (!m_owner->m_leading.load()) {
            if (m_followerSettings)
                m_connection.reset(); // lost the election: the pooler carries the next question
            m_timer->start(m_options.electIntervalMs);
            return;
        }
        auto sent = m_connection->exec(QStringLiteral("SELECT bo_publish_announcements()"));
        if (!sent) {
            fail(sent.error());
            return;
        }
        Rows rows = std::move(sent.value());
        const int count = rows.next() ? rows.value(0).toInt() : 0;
        if (count > 0) {
            m_owner->m_published += count;
            m_interval = m_options.busyIntervalMs;
        } else {
            m_interval = std::min(std::max(m_interval, 1) * 2, m_options.idleIntervalMs);
        }
        m_timer->start(m_interval);
    }

    /// Whether any program publishes now, asked through the pooler (bo_announcer_led, 0029).
    Result<bool> followerAsks()
    {
        if (!m_followerConnection) {
            auto opened = DbConnection::open(*m_followerSettings, QStringLiteral("announcer-follower"));
            if (!opened)
                return opened.error();
            m_followerConnection = std::move(opened.value());
        }
        auto led = m_followerConnection->exec(QStringLiteral("SELECT bo_announcer_led()"), {},
                                              DbConnection::RoundTrip::Short);
        if (!led) {
            m_followerConnection.reset();
            return led.error();
        }
        Rows rows = std::move(led.value());
        return rows.next() && rows.value(0).toBool();
    }

    void setLeading(bool leading)
    {
        if (m_owner->m_leading.exchange(leading) == leading)
            return;
        spdlog::info("announcer: {}", leading ? "publishing this site's announcements"
                                              : "another program publishes the announcements");
        emit m_owner->leadingChanged(leading);
    }

    /// The connection is dropped (and leadership with it); the next try comes after a second.
    void fail(const Error& e)
    {
        spdlog::warn("announcer: {} ({})", e.message.toStdString(), e.detail.toStdString());
        setLeading(false);
        m_connection.reset();
        emit m_owner->publishFailed(e.message);
        m_timer->start(m_options.electIntervalMs);
    }

    Announcer* m_owner;
    ConnectionSettings m_settings;
    std::optional<ConnectionSettings> m_followerSettings;
    Announcer::Options m_options;
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<DbConnection> m_followerConnection; ///< through the pooler, when there is one
    QTimer* m_timer = nullptr;
    QElapsedTimer m_sinceElection;
    int m_interval = 1;
};

Announcer::Announcer(ConnectionSettings settings, QObject* parent)
    : Announcer(std::move(settings), Options{}, parent)
{}

Announcer::Announcer(ConnectionSettings settings, Options options, QObject* parent)
    : QObject(parent)
    , m_settings(std::move(settings))
    , m_options(options)
{}

Announcer::~Announcer()
{
    // Here, not with the members: stepping down emits this announcer's leadingChanged.
    stop();
}

void Announcer::start()
{
    m_worker.start(QStringLiteral("announcer"),
                   [this, settings = m_settings, follower = m_followerSettings, options = m_options] {
                       return std::make_unique<AnnouncerWorker>(this, settings, follower, options);
                   });
}

void Announcer::stop()
{
    m_worker.stop();
}

bool Announcer::isRunning() const
{
    return m_worker.isRunning();
}

} // namespace bo

#include "announcer.moc"
