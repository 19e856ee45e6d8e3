// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pgterminalbackend.h"

#include <memory>
#include <optional>

#include <QElapsedTimer>
#include <QSqlDriver>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/filmstore.h"
#include "db/queuestore.h"
#include "db/seatnotification.h"
#include "db/seatstore.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

/// Offline: a new session is tried this often (a failover takes a few seconds; research
/// failover.md §6a measured 2.7–8.9 s), a till's connect attempts costing a standby little.
constexpr int reconnectMs = 1000;
/// How often the worker looks at libpq's connection status without a round trip: a server that
/// died (kill -9, a failover) closes the socket, the driver's LISTEN notifier reads the end of it
/// and libpq marks the connection bad, so the banner shows within this time, not a heartbeat's.
constexpr int watchMs = 250;

} // namespace

/// Lives on the backend's thread, made there by its first task: owns the connection, the LISTEN
/// and the heartbeat. It carries requests to the stores and their answers back; the sale's rules
/// were checked by the model before the request was made (and the database checks them again).
class TerminalWorker final : public QObject
{
    Q_OBJECT

public:
    TerminalWorker(PgTerminalBackend* owner, ConnectionSettings settings)
        : m_owner(owner)
        , m_settings(std::move(settings))
    {}

    void begin()
    {
        m_watch = new QTimer(this);
        m_watch->setInterval(watchMs);
        connect(m_watch, &QTimer::timeout, this, &TerminalWorker::watch);
        m_watch->start();
        checkConnection();
    }

    void finish()
    {
        if (m_watch)
            m_watch->stop();
        m_connection.reset();
    }

    void loadSettings()
    {
        const ListenAfterwards listen(this);
        if (!ready(0))
            return;
        CatalogStore catalog(*m_connection);
        auto s = catalog.settings();
        if (!s)
            return failed(0, s.error());
        emit m_owner->settingsLoaded(s.value());
    }

    void loadShowtimes(const QDateTime& from, const QDateTime& to)
    {
        const ListenAfterwards listen(this);
        if (!ready(0))
            return;
        CatalogStore catalog(*m_connection);
        auto list = catalog.showtimes(from, to);
        if (!list)
            return failed(0, list.error());
        emit m_owner->showtimesLoaded(list.value());
        // The board's queue counts: a failure here leaves them as they were, never the board.
        auto waiting = QueueStore(*m_connection).waitingByShowtime(from, to);
        if (waiting)
            emit m_owner->queueWaitingLoaded(waiting.value());
        else
            spdlog::warn("terminal: queue counts not read: {}", waiting.error().detail.toStdString());
    }

    void loadPosters(const QList<int>& filmIds)
    {
        QList<int> missing;
        for (int id : filmIds) {
            if (!m_posters.contains(id) && !missing.contains(id))
                missing << id;
        }
        if (!missing.isEmpty()) {
            const ListenAfterwards listen(this);
            if (!ready(0))
                return;
            // Up to 2 MiB a film, read once: this is the one request that may keep the board's
            // next refresh waiting, and only the first time a film is on it.
            auto read = FilmStore(*m_connection).posters(missing);
            if (!read)
                return failed(0, read.error());
            for (const FilmPoster& p : read.value())
                m_posters.insert(p.filmId, p);
            m_owner->m_postersRead.fetchAndAddRelaxed(int(read.value().size()));
        }
        QList<FilmPoster> answer;
        for (int id : filmIds)
            answer << m_posters.value(id, FilmPoster{id, {}, {}});
        emit m_owner->postersLoaded(answer);
    }

    void loadShowtime(int requestId, int showtimeId, const QUuid& owner)
    {
        const ListenAfterwards listen(this);
        if (!ready(requestId))
            return;
        CatalogStore catalog(*m_connection);
        SeatStore store(*m_connection);
        auto info = catalog.showtime(showtimeId);
        if (!info)
            return failed(requestId, info.error());
        auto seats = store.seats(showtimeId, owner);
        if (!seats)
            return failed(requestId, seats.error());
        auto tiers = catalog.priceTiers(showtimeId);
        if (!tiers)
            return failed(requestId, tiers.error());
        emit m_owner->showtimeLoaded(requestId, info.value(), seats.value(), tiers.value());
    }

    void hold(int requestId, int showtimeId, const QList<int>& seats, const QUuid& owner, int ttlSeconds)
    {
        const ListenAfterwards listen(this);
        if (!ready(requestId))
            return;
        const std::optional<int> ttl = ttlSeconds > 0 ? std::optional<int>(ttlSeconds) : std::nullopt;
        auto r = SeatStore(*m_connection).hold(showtimeId, seats, owner, ttl);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->holdFinished(HoldReply{requestId, showtimeId, seats, r.value(), {}, {}});
    }

    void joinQueueAsTill(int requestId, int showtimeId, const QUuid& owner)
    {
        if (!ready(requestId))
            return;
        auto joined = QueueStore(*m_connection).join(showtimeId, owner, true);
        if (!joined)
            return failed(requestId, joined.error());
        spdlog::info("terminal: sale joined the queue of showtime {} as a till (ticket {})", showtimeId,
                     joined.value().ticket);
        emit m_owner->queueJoined(requestId);
    }

    void beginPayment(int requestId, int showtimeId, const QList<int>& seats, const QUuid& owner,
                      const QString& terminal, const QUuid& terminalId)
    {
        const ListenAfterwards listen(this);
        if (!ready(requestId))
            return;
        auto r = SeatStore(*m_connection)
                     .beginPayment(showtimeId, seats, owner, terminal, std::nullopt, terminalId);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->holdFinished(HoldReply{requestId, showtimeId, seats, r.value().hold,
                                             r.value().bookingCode, r.value().bookingId});
    }

    void extendHold(int requestId, int showtimeId, const QUuid& owner)
    {
        if (!ready(requestId))
            return;
        auto r = SeatStore(*m_connection).extendHold(showtimeId, owner);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->extendFinished(requestId, r.value());
    }

    void release(int requestId, int showtimeId, const QUuid& owner, const QList<int>& seats)
    {
        const ListenAfterwards listen(this);
        if (!ready(requestId))
            return;
        auto r = SeatStore(*m_connection).release(showtimeId, owner, seats);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->releaseFinished(requestId, r.value());
    }

    void confirm(int requestId, const ConfirmRequest& request)
    {
        const ListenAfterwards listen(this);
        if (!ready(requestId))
            return;
        auto r = SeatStore(*m_connection).confirm(request);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->confirmFinished(requestId, r.value());
    }

    void checkConnection()
    {
        m_sinceCheck.start();
        bool replaced = false;
        if (m_connection && m_online) {
            // A cheap round trip notices a server that went away while we were idle, and a session
            // the server ended that a statement then silently reopened (on whichever node is
            // primary now): the new session listens to nothing and whatever was announced in
            // between is lost, so treat it as a reconnect.
            auto ping = m_connection->exec(QStringLiteral("SELECT 1"), {}, DbConnection::RoundTrip::Short);
            if (!ping) {
                goOffline(ping.error());
            } else if (m_connection->sessionsOpened() == m_listeningSession) {
                return;
            } else {
                spdlog::warn("terminal: the database session was replaced; listening again");
                m_online = false;
                replaced = true;
            }
        }
        if (!m_connection) {
            auto opened = DbConnection::open(m_settings, QStringLiteral("terminal"));
            if (!opened)
                return goOffline(opened.error());
            m_connection = std::move(opened.value());
        } else if (replaced) {
            // The reopened session just answered: listen on it rather than open yet another.
        } else if (Status s = m_connection->reconnect(); !s) {
            return goOffline(s.error());
        }
        QSqlDriver* driver = m_connection->database().driver();
        connect(driver, &QSqlDriver::notification, this, &TerminalWorker::onNotification,
                Qt::UniqueConnection);
        // The driver may still list the channels from the old session; the new one must LISTEN.
        for (const QString& channel : {seatChannel(), queueChannel()}) {
            if (driver->subscribedToNotifications().contains(channel))
                driver->unsubscribeFromNotification(channel);
            if (!driver->subscribeToNotification(channel))
                return goOffline(
                    makeError(ErrorCode::Offline, QStringLiteral("LISTEN %1 failed").arg(channel)));
        }
        // A session re-opened by the LISTEN statements themselves is the one that listens.
        m_listeningSession = m_connection->sessionsOpened();
        const bool wasOffline = m_everOnline && !m_online;
        m_online = m_everOnline = true;
        m_owner->setOnline(true, {});
        if (wasOffline) {
            spdlog::info("terminal: back online, reloading");
            emit m_owner->reconnected();
        }
    }

private slots:
    void onNotification(const QString& name, QSqlDriver::NotificationSource, const QVariant& payload)
    {
        if (name == queueChannel()) {
            if (auto change = parseQueueNotification(payload.toString()))
                emit m_owner->queueChanged(*change);
            else
                spdlog::warn("terminal: unreadable queue announcement ignored");
            return;
        }
        if (name != seatChannel())
            return;
        if (auto changes = parseSeatNotification(payload.toString()))
            emit m_owner->seatsChanged(*changes);
        else
            spdlog::warn("terminal: unreadable seat announcement ignored");
    }

private:
    /// Ends every request: when a statement of it re-opened the session by itself (the server
    /// ended the old one, or a failover moved the primary), the new session LISTENs at once and
    /// callers reload, after the request's own answer, instead of a heartbeat later.
    class ListenAfterwards final
    {
    public:
        explicit ListenAfterwards(TerminalWorker* worker)
            : m_worker(worker)
        {}
        ~ListenAfterwards()
        {
            if (m_worker->m_online && m_worker->m_connection &&
                m_worker->m_connection->sessionsOpened() != m_worker->m_listeningSession)
                m_worker->checkConnection();
        }
        ListenAfterwards(const ListenAfterwards&) = delete;
        ListenAfterwards& operator=(const ListenAfterwards&) = delete;

    private:
        TerminalWorker* m_worker;
    };

    /// Every watchMs: a connection libpq already knows is gone is checked at once; otherwise a
    /// round trip every onlineHeartbeatMs while online, a new session every reconnectMs while offline.
    void watch()
    {
        const bool lost = m_online && m_connection && !m_connection->isConnected();
        const int interval = m_online ? onlineHeartbeatMs : reconnectMs;
        if (lost || !m_sinceCheck.isValid() || m_sinceCheck.elapsed() >= interval)
            checkConnection();
    }

    bool ready(int requestId)
    {
        if (m_connection && m_online)
            return true;
        checkConnection();
        if (m_connection && m_online)
            return true;
        failed(requestId, makeError(ErrorCode::Offline, QStringLiteral("offline")));
        return false;
    }

    void failed(int requestId, const Error& error)
    {
        if (error.code == ErrorCode::Offline)
            goOffline(error);
        emit m_owner->requestFailed(requestId, error);
    }

    void goOffline(const Error& error)
    {
        if (m_online)
            spdlog::warn("terminal: database unreachable: {}", error.detail.toStdString());
        m_online = false;
        m_owner->setOnline(false, error.message);
    }

    PgTerminalBackend* m_owner;
    ConnectionSettings m_settings;
    std::unique_ptr<DbConnection> m_connection;
    QHash<int, FilmPoster> m_posters; ///< every poster read, by film (FilmStore::posters)
    QTimer* m_watch = nullptr;
    QElapsedTimer m_sinceCheck; ///< since the last checkConnection()
    bool m_online = false;
    bool m_everOnline = false;
    int m_listeningSession = 0; ///< DbConnection::sessionsOpened() of the session that LISTENs
};

PgTerminalBackend::PgTerminalBackend(ConnectionSettings settings, QObject* parent)
    : TerminalBackend(parent)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<HoldReply>();
    qRegisterMetaType<HoldExtension>();
    qRegisterMetaType<SeatChanges>();
    qRegisterMetaType<Error>();
    qRegisterMetaType<ConfirmResult>();
    qRegisterMetaType<ConfirmRequest>();
    qRegisterMetaType<SaleSettings>();
    qRegisterMetaType<ShowtimeInfo>();
    qRegisterMetaType<QList<ShowtimeInfo>>();
    qRegisterMetaType<QList<SeatState>>();
    qRegisterMetaType<QList<PriceTier>>();
    qRegisterMetaType<FilmPoster>();
    qRegisterMetaType<QList<FilmPoster>>();
    qRegisterMetaType<QueueChange>();
    qRegisterMetaType<QHash<int, int>>();
}

PgTerminalBackend::~PgTerminalBackend()
{
    stop();
}

void PgTerminalBackend::start()
{
    m_worker.start(QStringLiteral("sales-backend"),
                   [this] { return std::make_unique<TerminalWorker>(this, m_settings); });
}

void PgTerminalBackend::stop()
{
    m_worker.stop();
}

void PgTerminalBackend::setOnline(bool online, const QString& reason)
{
    // Called on the worker thread; hop to ours before touching state.
    QMetaObject::invokeMethod(
        this,
        [this, online, reason] {
            // The first report counts even when it is "offline": a till started while the
            // database is down must say so.
            if (m_reported && m_online == online)
                return;
            m_reported = true;
            m_online = online;
            emit onlineChanged(online, reason);
        },
        Qt::QueuedConnection);
}

void PgTerminalBackend::loadShowtimes(const QDateTime& from, const QDateTime& to)
{
    m_worker.post([from, to](TerminalWorker& w) { w.loadShowtimes(from, to); });
}

void PgTerminalBackend::loadPosters(const QList<int>& filmIds)
{
    m_worker.post([filmIds](TerminalWorker& w) { w.loadPosters(filmIds); });
}

int PgTerminalBackend::loadShowtime(int showtimeId, const QUuid& owner)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, showtimeId, owner](TerminalWorker& w) { w.loadShowtime(id, showtimeId, owner); });
    return id;
}

void PgTerminalBackend::loadSettings()
{
    m_worker.post([](TerminalWorker& w) { w.loadSettings(); });
}

int PgTerminalBackend::hold(int showtimeId, const QList<int>& seats, const QUuid& owner, int ttlSeconds)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, showtimeId, seats, owner, ttlSeconds](TerminalWorker& w) {
        w.hold(id, showtimeId, seats, owner, ttlSeconds);
    });
    return id;
}

int PgTerminalBackend::joinQueueAsTill(int showtimeId, const QUuid& owner)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, showtimeId, owner](TerminalWorker& w) { w.joinQueueAsTill(id, showtimeId, owner); });
    return id;
}

int PgTerminalBackend::release(int showtimeId, const QUuid& owner, const QList<int>& seats)
{
    const int id = ++m_nextRequest;
    m_worker.post(
        [id, showtimeId, owner, seats](TerminalWorker& w) { w.release(id, showtimeId, owner, seats); });
    return id;
}

int PgTerminalBackend::beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                    const QString& terminal, const QUuid& terminalId)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, showtimeId, seats, owner, terminal, terminalId](TerminalWorker& w) {
        w.beginPayment(id, showtimeId, seats, owner, terminal, terminalId);
    });
    return id;
}

int PgTerminalBackend::extendHold(int showtimeId, const QUuid& owner)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, showtimeId, owner](TerminalWorker& w) { w.extendHold(id, showtimeId, owner); });
    return id;
}

int PgTerminalBackend::confirm(const ConfirmRequest& request)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, request](TerminalWorker& w) { w.confirm(id, request); });
    return id;
}

} // namespace bo

#include "pgterminalbackend.moc"
