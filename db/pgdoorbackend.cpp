// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/pgdoorbackend.h"

#include <algorithm>
#include <memory>
#include <utility>

#include <QSet>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/listeningsession.h"
#include "db/ticketstore.h"

namespace bo {
namespace {

/// Announced counts are read back after this pause, once for a burst of announcements.
constexpr int recountDelayMs = 100;

} // namespace

/// Lives on the backend's thread, made there by its first task: carries the door's requests over
/// the session that LISTENs (ListeningSession: the heartbeat, going offline and back) and reads
/// announced counts back.
class DoorWorker final : public QObject
{
    Q_OBJECT

public:
    DoorWorker(PgDoorBackend* owner, ConnectionSettings settings)
        : m_owner(owner)
        , m_session(std::move(settings), QStringLiteral("door"), {PgDoorBackend::checkinChannel()})
    {
        connect(&m_session, &ListeningSession::notified, this, &DoorWorker::onNotification);
        connect(&m_session, &ListeningSession::onlineChanged, this,
                [this](bool online, const QString& reason) { m_owner->setOnline(online, reason); });
    }

    void begin()
    {
        m_recount = new QTimer(this);
        m_recount->setSingleShot(true);
        m_recount->setInterval(recountDelayMs);
        connect(m_recount, &QTimer::timeout, this, &DoorWorker::recount);
        m_session.start();
    }

    void finish()
    {
        if (m_recount)
            m_recount->stop();
        m_session.stop();
    }

    void load(int pastMinutes, int aheadMinutes, int alsoShowtimeId)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(0))
            return;
        DbConnection& connection = m_session.connection();
        DoorSnapshot snapshot;
        auto now = connection.exec(QStringLiteral("SELECT clock_timestamp()"));
        if (!now)
            return failed(0, now.error());
        if (now.value().next())
            snapshot.serverNow = now.value().value(0).toDateTime().toUTC();
        auto keys = TicketStore(connection).keys();
        if (!keys)
            return failed(0, keys.error());
        snapshot.keys = keys.value();
        CatalogStore catalog(connection);
        auto list = catalog.showtimes(snapshot.serverNow.addSecs(-qint64(pastMinutes) * 60),
                                      snapshot.serverNow.addSecs(qint64(aheadMinutes) * 60));
        if (!list)
            return failed(0, list.error());
        QList<ShowtimeInfo> infos = list.value();
        if (alsoShowtimeId > 0 &&
            std::none_of(infos.cbegin(), infos.cend(),
                         [alsoShowtimeId](const ShowtimeInfo& s) { return s.id == alsoShowtimeId; })) {
            auto one = catalog.showtime(alsoShowtimeId);
            if (one)
                infos.append(one.value());
            else if (one.error().code != ErrorCode::NotFound)
                return failed(0, one.error());
        }
        for (const ShowtimeInfo& info : std::as_const(infos)) {
            DoorShowtime s{info.id, info.startsAt.toUTC(), info.movieTitle, info.auditoriumName, 0, 0};
            auto counts = connection.exec(
                QStringLiteral("SELECT bo_checkin_expected(?), "
                               "(SELECT count(*) FROM bo_checkin_list(?) WHERE undone_at IS NULL)"),
                {info.id, info.id});
            if (!counts)
                return failed(0, counts.error());
            if (counts.value().next()) {
                s.expected = counts.value().value(0).toInt();
                s.admitted = counts.value().value(1).toInt();
            }
            snapshot.showtimes.append(s);
        }
        emit m_owner->loaded(snapshot);
    }

    void loadTickets(const QList<int>& showtimeIds)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(0))
            return;
        auto r = TicketStore(m_session.connection()).doorTickets(showtimeIds);
        if (!r)
            return failed(0, r.error());
        emit m_owner->ticketsLoaded(r.value());
    }

    void checkin(int requestId, const TicketPayload& payload, const QString& text, const QString& door,
                 const QUuid& scanId)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = TicketStore(m_session.connection()).doorCheckin(scanId, payload, text, door);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->checkinFinished(requestId, r.value());
    }

    void sync(int requestId, const DoorScan& scan)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = TicketStore(m_session.connection()).doorSync(scan);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->syncFinished(requestId, r.value());
    }

    void undo(int requestId, quint32 serial, const QString& door, int withinSeconds)
    {
        const ListeningSession::ListenAfterwards listen(m_session);
        if (!ready(requestId))
            return;
        auto r = TicketStore(m_session.connection()).undoCheckin(serial, door, withinSeconds);
        if (!r)
            return failed(requestId, r.error());
        emit m_owner->undoFinished(requestId, r.value());
    }

private:
    void onNotification(const QString& channel, const QString& payload)
    {
        if (channel != PgDoorBackend::checkinChannel())
            return;
        // "<showtime>|<admitted>" (migration 0012's bo_checkin and bo_checkin_undo).
        const QStringList parts = payload.split(QLatin1Char('|'));
        bool okShowtime = false;
        bool okCount = false;
        const int showtime = parts.value(0).toInt(&okShowtime);
        const int admitted = parts.value(1).toInt(&okCount);
        if (parts.size() != 2 || !okShowtime || !okCount) {
            spdlog::warn("door: unreadable check-in announcement ignored");
            return;
        }
        emit m_owner->admittedChanged(showtime, admitted);
        m_stale.insert(showtime);
        if (!m_recount->isActive())
            m_recount->start();
    }

    void recount()
    {
        const QSet<int> stale = std::exchange(m_stale, {});
        if (!m_session.isOnline())
            return;
        const ListeningSession::ListenAfterwards listen(m_session);
        for (const int showtime : stale) {
            auto q = m_session.connection().exec(
                QStringLiteral("SELECT count(*) FROM bo_checkin_list(?) WHERE undone_at IS NULL"),
                {showtime});
            if (!q)
                return failed(0, q.error());
            if (q.value().next())
                emit m_owner->admittedChanged(showtime, q.value().value(0).toInt());
        }
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

    PgDoorBackend* m_owner;
    ListeningSession m_session;
    QTimer* m_recount = nullptr;
    QSet<int> m_stale;
};

PgDoorBackend::PgDoorBackend(ConnectionSettings settings, QObject* parent)
    : DoorBackend(parent)
    , m_settings(std::move(settings))
{
    qRegisterMetaType<DoorSnapshot>();
    qRegisterMetaType<DoorTicketList>();
    qRegisterMetaType<DoorSyncResult>();
    qRegisterMetaType<CheckinResult>();
    qRegisterMetaType<Error>();
}

PgDoorBackend::~PgDoorBackend()
{
    stop();
}

QString PgDoorBackend::checkinChannel()
{
    return QStringLiteral("bo_checkins");
}

void PgDoorBackend::start()
{
    m_worker.start(QStringLiteral("door-backend"),
                   [this] { return std::make_unique<DoorWorker>(this, m_settings); });
}

void PgDoorBackend::stop()
{
    m_worker.stop();
}

void PgDoorBackend::setOnline(bool online, const QString& reason)
{
    QMetaObject::invokeMethod(
        this,
        [this, online, reason] {
            if (m_reported && m_online == online)
                return;
            m_reported = true;
            m_online = online;
            emit onlineChanged(online, reason);
        },
        Qt::QueuedConnection);
}

void PgDoorBackend::load(int pastMinutes, int aheadMinutes, int alsoShowtimeId)
{
    m_worker.post([pastMinutes, aheadMinutes, alsoShowtimeId](DoorWorker& w) {
        w.load(pastMinutes, aheadMinutes, alsoShowtimeId);
    });
}

void PgDoorBackend::loadTickets(const QList<int>& showtimeIds)
{
    m_worker.post([showtimeIds](DoorWorker& w) { w.loadTickets(showtimeIds); });
}

int PgDoorBackend::checkin(const TicketPayload& payload, const QString& text, const QString& door,
                           const QUuid& scanId)
{
    const int id = ++m_nextRequest;
    m_worker.post(
        [id, payload, text, door, scanId](DoorWorker& w) { w.checkin(id, payload, text, door, scanId); });
    return id;
}

int PgDoorBackend::sync(const DoorScan& scan)
{
    const int id = ++m_nextRequest;
    m_worker.post([id, scan](DoorWorker& w) { w.sync(id, scan); });
    return id;
}

int PgDoorBackend::undo(quint32 serial, const QString& door, int withinSeconds)
{
    const int id = ++m_nextRequest;
    m_worker.post(
        [id, serial, door, withinSeconds](DoorWorker& w) { w.undo(id, serial, door, withinSeconds); });
    return id;
}

} // namespace bo

#include "pgdoorbackend.moc"
