// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pgterminalbackend.h"

#include <memory>
#include <optional>

#include <spdlog/spdlog.h>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/filmstore.h"
#include "db/listeningsession.h"
#include "db/queuestore.h"
#include "db/seatnotification.h"
#include "db/seatstore.h"

namespace bo {

/// Lives on the backend's thread, made there by its first task: carries requests to the stores
/// and their answers back over the session that LISTENs (ListeningSession: the heartbeat, going
/// offline and back); the sale's rules were checked by the model before the request was made (and
/// the database checks them again).
class TerminalWorker final : public QObject
{
    Q_OBJECT

public:
    TerminalWorker(PgTerminalBackend* owner, ConnectionSettings settings)
        : m_owner(owner)
        , m_session(std::move(settings), QStringLiteral("terminal"), {seatChannel(), queueChannel()})
    {
        connect(&m_session, &ListeningSession::notified, this, &TerminalWorker::onNotification);
        connect(&m_session, &ListeningSession::onlineChanged, this,
                [this](bool online, const QString& reason) { m_owner->setOnline(online, reason); });
        connect(&m_session, &ListeningSession::reconnected, this, [this] { emit m_owner->reconnected(); });
    }

    void begin() { m_session.start(); }
    void finish() { m_session.stop(); }

    void loadSettings()
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(0))
            return;
        CatalogStore catalog(m_session.connection());
        auto s = catalog.settings();
        if (!s)
            return failed(0, s.error());
        emit m_owner->settingsLoaded(s.value());
    }

    void loadShowtimes(const QDateTime& from, const QDateTime& to)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(0))
            return;
        CatalogStore catalog(m_session.connection());
        auto list = catalog.showtimes(from, to);
        if (!list)
            return failed(0, list.error());
        emit m_owner->showtimesLoaded(list.value());
        // The board's queue counts: a failure here leaves them as they were, never the board.
        auto waiting = QueueStore(m_session.connection()).waitingByShowtime(from, to);
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
            const ListeningSession::ListenAfterwards listen(m_session);
            if (!ready(0))
                return;
            // Up to 2 MiB a film, read once: this is the one request that may keep the board's
            // next refresh waiting, and only the first time a film is on it.
            auto read = FilmStore(m_session.connection()).posters(missing);
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
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        CatalogStore catalog(m_session.connection());
        SeatStore store(m_session.connection());
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
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        const std::optional<int> ttl = ttlSeconds > 0 ? std::optional<int>(ttlSeconds) : std::nullopt;
        auto r = SeatStore(m_session.connection()).hold(showtimeId, seats, owner, ttl);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->holdFinished(HoldReply{requestId, showtimeId, seats, r.value(), {}, {}});
    }

    void joinQueueAsTill(int requestId, int showtimeId, const QUuid& owner)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto joined = QueueStore(m_session.connection()).join(showtimeId, owner, true);
        if (!joined)
            return failed(requestId, joined.error());
        spdlog::info("terminal: sale joined the queue of showtime {} as a till (ticket {})", showtimeId,
                     joined.value().ticket);
        emit m_owner->queueJoined(requestId);
    }

    void beginPayment(int requestId, int showtimeId, const QList<int>& seats, const QUuid& owner,
                      const QString& terminal, const QUuid& terminalId)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = SeatStore(m_session.connection())
                     .beginPayment(showtimeId, seats, owner, terminal, std::nullopt, terminalId);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->holdFinished(HoldReply{requestId, showtimeId, seats, r.value().hold,
                                             r.value().bookingCode, r.value().bookingId});
    }

    void extendHold(int requestId, int showtimeId, const QUuid& owner)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = SeatStore(m_session.connection()).extendHold(showtimeId, owner);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->extendFinished(requestId, r.value());
    }

    void release(int requestId, int showtimeId, const QUuid& owner, const QList<int>& seats)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = SeatStore(m_session.connection()).release(showtimeId, owner, seats);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->releaseFinished(requestId, r.value());
    }

    void confirm(int requestId, const ConfirmRequest& request)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = SeatStore(m_session.connection()).confirm(request);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->confirmFinished(requestId, r.value());
    }

private:
    void onNotification(const QString& channel, const QString& payload)
    {
        if (channel == queueChannel()) {
            if (auto change = parseQueueNotification(payload))
                emit m_owner->queueChanged(*change);
            else
                spdlog::warn("terminal: unreadable queue announcement ignored");
            return;
        }
        if (channel != seatChannel())
            return;
        if (auto changes = parseSeatNotification(payload))
            emit m_owner->seatsChanged(*changes);
        else
            spdlog::warn("terminal: unreadable seat announcement ignored");
    }

    bool ready(int requestId)
    {
        if (m_session.ensureOnline())
            return true;
        failed(requestId, makeError(ErrorCode::Offline, QStringLiteral("offline")));
        return false;
    }

    void failed(int requestId, const Error& error)
    {
        if (error.code == ErrorCode::Offline)
            m_session.goOffline(error);
        emit m_owner->requestFailed(requestId, error);
    }

    PgTerminalBackend* m_owner;
    ListeningSession m_session;
    QHash<int, FilmPoster> m_posters; ///< every poster read, by film (FilmStore::posters)
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
