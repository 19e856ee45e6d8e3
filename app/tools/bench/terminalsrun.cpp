// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/terminalsrun.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <memory>
#include <thread>
#include <vector>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QThread>
#include <QTimer>
#include <QUuid>

#include "app/tools/bench/steadyclock.h"
#include "app/tools/bench/stopflag.h"
#include "db/announcer.h"
#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/seatstore.h"

namespace bo::bench {
namespace {

constexpr int startBatch = 25;        // terminals started before waiting for them to be online
constexpr qint64 batchWaitMs = 60000; // one batch's bound
constexpr qint64 loadWaitMs = 180000; // every map loaded
constexpr qint64 openWaitMs = 300000; // every lead session and statement connection
constexpr qint64 drainWaitMs = 15000; // answers and announcements after the last sale
constexpr int sampleEveryMs = 200;    // pg_stat_activity
constexpr int holdTtlSeconds = 600;
constexpr int tickMs = 5; // the main thread's longest sleep

LatencyStats statsOf(std::vector<double> v)
{
    LatencyStats s;
    s.count = qint64(v.size());
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.p50 = v.at(v.size() / 2);
    s.p95 = v.at(std::min(v.size() - 1, size_t(double(v.size()) * 0.95)));
    s.max = v.back();
    return s;
}

QJsonObject statsJson(const LatencyStats& s)
{
    return QJsonObject{{QStringLiteral("count"), s.count},
                       {QStringLiteral("p50_ms"), s.p50},
                       {QStringLiteral("p95_ms"), s.p95},
                       {QStringLiteral("max_ms"), s.max}};
}

/// One seat change the run caused: a hold (HELD) or a confirm (RESERVED) of one seat.
struct Change
{
    int writer = -1;
    int showtimeId = 0;
    QUuid owner;            ///< the hold's token
    qint64 sentNs = 0;      ///< the request sent (0: never answered)
    qint64 committedNs = 0; ///< the writer's answer arrived
    bool done = false;      ///< committed: the others should hear of it
    std::vector<qint64> arrivals;
};

quint64 changeKey(int showtimeId, int seatId, SeatStatus status)
{
    return (quint64(quint32(showtimeId)) << 34) | (quint64(quint32(seatId)) << 2) | quint64(status);
}

/// A thread owning some terminals' statement connections: the connections are opened, used and
/// closed on it only.
struct Lane
{
    QThread thread;
    QObject* context = nullptr;
    std::map<int, std::unique_ptr<SeatCommands>> statements;
};

/// Samples the server sessions of the bench database until stopped, on a thread of its own.
class SessionSampler
{
public:
    explicit SessionSampler(ConnectionSettings settings)
        : m_thread([this, settings = std::move(settings)] { sample(settings); })
    {}
    ~SessionSampler() { stop(); }
    SessionSampler(const SessionSampler&) = delete;
    SessionSampler& operator=(const SessionSampler&) = delete;

    void stop()
    {
        m_stop = true;
        if (m_thread.joinable())
            m_thread.join();
    }
    [[nodiscard]] int peak() const { return m_peak; }
    [[nodiscard]] QString peakByName() const { return m_peakByName; }

private:
    void sample(const ConnectionSettings& settings)
    {
        auto connection = DbConnection::open(settings, QStringLiteral("bench-sampler"));
        if (!connection)
            return;
        QElapsedTimer clock;
        clock.start();
        while (!m_stop && clock.elapsed() < 3600000) {
            auto rows = connection.value()->exec(QStringLiteral(
                "SELECT application_name, count(*) FROM pg_stat_activity WHERE backend_type "
                "= 'client backend' AND datname = current_database() GROUP BY 1 ORDER BY 2 DESC"));
            if (rows) {
                int total = 0;
                QStringList names;
                while (rows.value().next()) {
                    const int n = rows.value().value(1).toInt();
                    total += n;
                    names << QStringLiteral("%1: %2").arg(rows.value().value(0).toString()).arg(n);
                }
                if (total > m_peak) {
                    m_peak = total;
                    m_peakByName = names.join(QStringLiteral(", "));
                }
            }
            QThread::msleep(sampleEveryMs);
        }
    }

    std::atomic<bool> m_stop{false};
    int m_peak = 0;
    QString m_peakByName;
    std::thread m_thread;
};

/// Processes events until `done` or `boundMs` passed; whether `done`. Sleeps between events: a
/// ticking timer (runTerminals' own) wakes it.
template <typename Done> bool waitFor(Done done, qint64 boundMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < boundMs && !stopRequested())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return done();
}

} // namespace

QJsonObject TerminalsRunResult::toJson() const
{
    return QJsonObject{
        {QStringLiteral("mode"), mode},
        {QStringLiteral("terminals"), terminals},
        {QStringLiteral("online"), online},
        {QStringLiteral("maps_loaded"), loaded},
        {QStringLiteral("statement_connections"), statementConnections},
        {QStringLiteral("server_sessions_peak"), peakSessions},
        {QStringLiteral("server_sessions_per_terminal"),
         terminals > 0 ? double(peakSessions) / terminals : 0.0},
        {QStringLiteral("server_sessions_by_name"), sessionsByName},
        {QStringLiteral("deliveries_expected"), deliveriesExpected},
        {QStringLiteral("deliveries_received"), deliveriesReceived},
        {QStringLiteral("foreign_deliveries"), foreignDeliveries},
        {QStringLiteral("notify_to_map_from_send"), statsJson(fromSend)},
        {QStringLiteral("notify_to_map_from_commit"), statsJson(fromCommit)},
        {QStringLiteral("holds_sent"), holdsSent},
        {QStringLiteral("holds_granted"), holdsGranted},
        {QStringLiteral("holds_refused"), holdsRefused},
        {QStringLiteral("holds_failed"), holdsFailed},
        {QStringLiteral("holds_per_second"), holdsPerSecond},
        {QStringLiteral("confirms"), confirms},
        {QStringLiteral("confirms_failed"), confirmsFailed},
        {QStringLiteral("start_seconds"), startSeconds},
        {QStringLiteral("failures"), QJsonArray::fromStringList(failures)},
    };
}

TerminalsRunResult runTerminals(const QString& mode, const ConnectionSettings& direct,
                                const ConnectionSettings& statements, const QList<WatchedShowtime>& showtimes,
                                const TerminalsRunOptions& options)
{
    TerminalsRunResult result;
    result.mode = mode;
    result.terminals = options.terminals;
    const int n = options.terminals;
    auto showtimeOf = [&showtimes](int terminal) { return showtimes.at(terminal % showtimes.size()).id; };
    QHash<int, int> watchers;
    for (int t = 0; t < n; ++t)
        ++watchers[showtimeOf(t)];

    std::vector<Change> changes;
    changes.reserve(size_t(options.seconds * options.rate * 2 + 16));
    QHash<quint64, int> changeIndex;
    std::vector<QHash<int, int>> pendingHolds(static_cast<size_t>(n)); // per terminal: request id -> change
    std::vector<int> confirmOf;                                        // per hold change: its confirm change
    QObject home; // the main thread's context for answers
    // Wakes the waits below: this thread sleeps until an event or the next tick, never spins (two
    // cores are shared by the server, the pooler and every terminal here).
    QTimer tick;
    tick.setInterval(tickMs);
    tick.start();
    std::vector<std::unique_ptr<Lane>> lanes;
    for (int l = 0; l < std::max(1, options.statementLanes); ++l) {
        auto lane = std::make_unique<Lane>();
        lane->context = new QObject;
        lane->context->moveToThread(&lane->thread);
        QObject::connect(&lane->thread, &QThread::finished, lane->context, &QObject::deleteLater);
        lane->thread.start();
        lanes.push_back(std::move(lane));
    }
    auto laneOf = [&lanes](int terminal) { return lanes.at(size_t(terminal) % lanes.size()).get(); };

    // The site's announcer, as the payment service runs it (one per site, on its own session):
    // the terminals only listen.
    Announcer announcer(direct);
    announcer.start();
    // The terminals: the real backend each, their announcements recorded on this thread.
    std::vector<std::unique_ptr<PgTerminalBackend>> backends;
    int online = 0;
    int loaded = 0;
    QElapsedTimer startClock;
    startClock.start();
    for (int t = 0; t < n; ++t) {
        auto backend = std::make_unique<PgTerminalBackend>(direct);
        PgTerminalBackend* b = backend.get();
        QObject::connect(b, &TerminalBackend::onlineChanged, &home,
                         [&online](bool up, const QString&) { online += up ? 1 : -1; });
        QObject::connect(b, &SeatDesk::showtimeLoaded, &home, [&loaded] { ++loaded; });
        QObject::connect(
            b, &SeatDesk::seatsChanged, &home, [&, t, mine = showtimeOf(t)](const SeatChanges& announced) {
                const qint64 arrived = nowNs();
                if (announced.showtimeId != mine) {
                    result.foreignDeliveries += announced.seats.size();
                    return;
                }
                for (const SeatChange& seat : announced.seats) {
                    const int i =
                        changeIndex.value(changeKey(announced.showtimeId, seat.seatId, seat.status), -1);
                    if (i < 0 || changes[size_t(i)].writer == t)
                        continue;
                    changes[size_t(i)].arrivals.push_back(arrived);
                    ++result.deliveriesReceived;
                }
            });
        QObject::connect(b, &SeatDesk::holdFinished, &home, [&, t](const HoldReply& reply) {
            const int i = pendingHolds[size_t(t)].take(reply.requestId) - 1;
            if (i < 0)
                return;
            Change& held = changes[size_t(i)];
            held.committedNs = nowNs();
            if (!reply.result.granted) {
                ++result.holdsRefused;
                return;
            }
            ++result.holdsGranted;
            held.done = true;
            // The confirm's change is known before it is sent: its announcement may come back
            // before the answer does.
            const int seat = reply.seats.value(0);
            const int c = int(changes.size());
            changes.push_back(Change{t, reply.showtimeId, held.owner, 0, 0, false, {}});
            changeIndex.insert(changeKey(reply.showtimeId, seat, SeatStatus::Reserved), c);
            const ConfirmRequest request{
                QStringLiteral("bench-terminal-%1").arg(t),
                QUuid::createUuid(),
                reply.showtimeId,
                held.owner,
                reply.seats,
                {},
                QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                            {QStringLiteral("reference"), QStringLiteral("BENCH-%1-%2").arg(t).arg(c)}}};
            Lane* lane = laneOf(t);
            QMetaObject::invokeMethod(
                lane->context,
                [&, lane, t, c, request] {
                    const qint64 sent = nowNs();
                    auto store = lane->statements.find(t);
                    bool confirmed = false;
                    if (store != lane->statements.end() && store->second) {
                        auto answer = store->second->confirm(request);
                        confirmed = answer && answer.value().status == QLatin1String("CONFIRMED");
                    }
                    const qint64 answered = nowNs();
                    QMetaObject::invokeMethod(
                        &home,
                        [&, c, sent, answered, confirmed] {
                            Change& change = changes[size_t(c)];
                            change.sentNs = sent;
                            change.committedNs = answered;
                            change.done = confirmed;
                            ++(confirmed ? result.confirms : result.confirmsFailed);
                        },
                        Qt::QueuedConnection);
                },
                Qt::QueuedConnection);
        });
        QObject::connect(b, &SeatDesk::requestFailed, &home, [&, t](int requestId, const Error&) {
            if (pendingHolds[size_t(t)].take(requestId) > 0)
                ++result.holdsFailed;
        });
        backends.push_back(std::move(backend));
    }
    for (int first = 0; first < n && !stopRequested(); first += startBatch) {
        const int last = std::min(n, first + startBatch);
        for (int t = first; t < last; ++t)
            backends[size_t(t)]->start();
        if (!waitFor([&] { return online >= last; }, batchWaitMs))
            result.failures << QStringLiteral("only %1 of %2 terminals online").arg(online).arg(last);
    }
    for (int t = 0; t < n; ++t)
        (void)backends[size_t(t)]->loadShowtime(showtimeOf(t), QUuid());
    if (!waitFor([&] { return loaded >= n; }, loadWaitMs))
        result.failures << QStringLiteral("only %1 of %2 maps loaded").arg(loaded).arg(n);
    result.online = online;
    result.loaded = loaded;

    // The statement connection each real terminal keeps all day (its own reconciler's passes go
    // through it too; the site's leads are the payment service's, started above).
    std::atomic<int> opened{0};
    std::atomic<int> lanesDone{0};
    for (auto& lanePtr : lanes) {
        Lane* lane = lanePtr.get();
        QMetaObject::invokeMethod(
            lane->context,
            [&, lane] {
                for (int t = 0; t < n; ++t) {
                    if (laneOf(t) != lane || stopRequested())
                        continue;
                    if (auto store = SeatStore::open(statements, QStringLiteral("statements"))) {
                        lane->statements[t] = std::move(store).value();
                        ++opened;
                    }
                }
                ++lanesDone;
            },
            Qt::QueuedConnection);
    }
    if (!waitFor([&] { return lanesDone >= int(lanes.size()); }, openWaitMs))
        result.failures
            << QStringLiteral("opening the sessions took longer than %1 s").arg(openWaitMs / 1000);
    result.statementConnections = opened;
    if (result.statementConnections < n)
        result.failures
            << QStringLiteral("%1 statement connections of %2").arg(result.statementConnections).arg(n);
    result.startSeconds = double(startClock.elapsed()) / 1000.0;

    // The sales: at the rate asked, a random terminal holds the next free seat of its showtime.
    QHash<int, int> nextSeat;
    QHash<int, const QList<int>*> seatsOf;
    for (const WatchedShowtime& s : showtimes)
        seatsOf.insert(s.id, &s.seatIds);
    qint64 attempts = 0;
    int soldOut = 0;
    auto sellOne = [&] {
        const int t = int(QRandomGenerator::global()->bounded(n));
        const int showtime = showtimeOf(t);
        const QList<int>& seats = *seatsOf.value(showtime);
        const int next = nextSeat.value(showtime);
        ++attempts;
        if (next >= seats.size()) {
            ++soldOut; // the hall is sold out: counted, not sent
            return;
        }
        nextSeat[showtime] = next + 1;
        const int seat = seats.at(next);
        const int c = int(changes.size());
        const QUuid owner = QUuid::createUuid();
        changes.push_back(Change{t, showtime, owner, nowNs(), 0, false, {}});
        changeIndex.insert(changeKey(showtime, seat, SeatStatus::Held), c);
        const int request = backends[size_t(t)]->hold(showtime, {seat}, owner, holdTtlSeconds);
        pendingHolds[size_t(t)].insert(request, c + 1);
        ++result.holdsSent;
    };
    SessionSampler sampler(direct);
    const qint64 total = qint64(std::llround(options.rate * options.seconds));
    QElapsedTimer runClock;
    runClock.start();
    while (!stopRequested() && attempts < total && runClock.elapsed() < options.seconds * 1000 + 1000) {
        const qint64 due = std::min(total, qint64(double(runClock.nsecsElapsed()) / 1e9 * options.rate));
        while (attempts < due)
            sellOne();
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    }
    const double sellingSeconds = double(runClock.nsecsElapsed()) / 1e9;
    if (soldOut > 0)
        result.failures << QStringLiteral("%1 sales found their showtime sold out").arg(soldOut);
    auto expected = [&] {
        qint64 e = 0;
        for (const Change& c : changes)
            e += c.done ? watchers.value(c.showtimeId) - 1 : 0;
        return e;
    };
    auto answered = [&] {
        int pending = 0;
        for (const auto& p : pendingHolds)
            pending += int(p.size());
        return pending == 0 && result.confirms + result.confirmsFailed >= result.holdsGranted;
    };
    (void)waitFor([&] { return answered() && result.deliveriesReceived >= expected(); }, drainWaitMs);
    sampler.stop();
    result.peakSessions = sampler.peak();
    result.sessionsByName = sampler.peakByName();
    result.deliveriesExpected = expected();
    result.holdsPerSecond = sellingSeconds > 0 ? result.holdsGranted / sellingSeconds : 0;
    if (!answered())
        result.failures
            << QStringLiteral("requests still unanswered %1 s after the last sale").arg(drainWaitMs / 1000);

    std::vector<double> fromSend;
    std::vector<double> fromCommit;
    for (const Change& c : changes) {
        if (!c.done || c.sentNs == 0)
            continue;
        for (qint64 arrived : c.arrivals) {
            fromSend.push_back(double(arrived - c.sentNs) / 1e6);
            fromCommit.push_back(double(arrived - c.committedNs) / 1e6);
        }
    }
    result.fromSend = statsOf(std::move(fromSend));
    result.fromCommit = statsOf(std::move(fromCommit));

    // Down again: the lanes' connections on their threads, then the terminals.
    for (auto& lanePtr : lanes) {
        Lane* lane = lanePtr.get();
        QMetaObject::invokeMethod(
            lane->context, [lane] { lane->statements.clear(); }, Qt::BlockingQueuedConnection);
        lane->thread.quit();
        lane->thread.wait();
    }
    for (auto& backend : backends)
        backend->stop();
    backends.clear();
    announcer.stop();
    QCoreApplication::processEvents();
    return result;
}

} // namespace bo::bench
