// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdqueue.h"

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>

#include <QEventLoop>
#include <QHash>
#include <QSqlDriver>
#include <QThread>
#include <QTimer>

#include "db/dbconnection.h"
#include "db/queuestore.h"
#include "model/queue/admissionqueue.h"

namespace bo::bench {
namespace {

qint64 steadyNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

AdmissionState stateOf(const QueueTicket& ticket)
{
    AdmissionState state;
    state.admitted = ticket.mayHold();
    state.position = ticket.position;
    return state;
}

Result<AdmissionState> answer(const Result<QueueTicket>& ticket)
{
    if (!ticket)
        return ticket.error();
    return stateOf(ticket.value());
}

/// One pool thread's queue: the product's store on its own connection.
class DatabaseAdmission final : public CrowdAdmission
{
public:
    DatabaseAdmission(std::unique_ptr<AdmissionQueue> queue, int showtimeId)
        : m_queue(std::move(queue))
        , m_showtimeId(showtimeId)
    {}

    Result<AdmissionState> join(const QUuid& token) override
    {
        return answer(m_queue->join(m_showtimeId, token));
    }
    Result<AdmissionState> poll(const QUuid& token) override { return answer(m_queue->heartbeat(token)); }
    Status leave(const QUuid& token) override
    {
        const Result<QueueTicket> left = m_queue->leave(token);
        if (!left)
            return left.error();
        return success();
    }

private:
    std::unique_ptr<AdmissionQueue> m_queue;
    const int m_showtimeId;
};

/// The listening session: its own thread, its own connection, LISTEN on the queue's channel and a
/// timer that publishes the announcements.
class Broadcast final : public QueueBroadcast
{
public:
    explicit Broadcast(int showtimeId)
        : m_showtimeId(showtimeId)
    {}

    ~Broadcast() override
    {
        if (m_thread) {
            // Ends the thread's event loop, also one about to start (QThread::exit sets quitNow).
            m_thread->quit();
            m_thread->wait();
        }
    }

    qint64 admittedUpTo() const override { return m_upTo.load(); }
    qint64 heard() const override { return m_heard.load(); }

    Status begin(const ConnectionSettings& settings)
    {
        std::promise<Status> started;
        std::future<Status> ready = started.get_future();
        m_thread.reset(QThread::create([this, settings, &started] { run(settings, started); }));
        m_thread->setObjectName(QStringLiteral("queue-broadcast"));
        m_thread->start();
        Status s = ready.get();
        if (!s) {
            m_thread->wait();
            m_thread.reset();
        }
        return s;
    }

private:
    void run(const ConnectionSettings& settings, std::promise<Status>& started)
    {
        auto opened = DbConnection::open(settings, QStringLiteral("bench-queue-broadcast"));
        if (!opened) {
            started.set_value(opened.error());
            return;
        }
        const std::unique_ptr<DbConnection> connection = std::move(opened).value();
        QSqlDriver* driver = connection->database().driver();
        QObject receiver;
        QObject::connect(
            driver, &QSqlDriver::notification, &receiver,
            [this](const QString& name, QSqlDriver::NotificationSource, const QVariant& payload) {
                if (name != queueChannel())
                    return;
                const std::optional<QueueChange> change = parseQueueNotification(payload.toString());
                if (!change || change->showtimeId != m_showtimeId)
                    return;
                ++m_heard;
                // Announcements may arrive out of order: the counter only moves up.
                qint64 seen = m_upTo.load();
                while (change->admittedUpTo > seen &&
                       !m_upTo.compare_exchange_weak(seen, change->admittedUpTo)) {
                }
            });
        if (!driver->subscribeToNotification(queueChannel())) {
            started.set_value(
                makeError(ErrorCode::Internal, QStringLiteral("LISTEN %1 failed").arg(queueChannel())));
            return;
        }
        QTimer publish;
        publish.setInterval(5);
        QObject::connect(&publish, &QTimer::timeout, &receiver, [&connection] {
            (void)connection->exec(QStringLiteral("SELECT bo_publish_announcements()"));
        });
        publish.start();
        QEventLoop loop;
        started.set_value(success());
        loop.exec();
    }

    const int m_showtimeId;
    std::unique_ptr<QThread> m_thread;
    std::atomic<qint64> m_upTo{0};
    std::atomic<qint64> m_heard{0};
};

/// What the listening waiters of one run share across the pool threads (a customer's steps run
/// on any of them): each waiter's number and when it last asked.
struct Listeners
{
    struct Waiter
    {
        qint64 arrival = 0;
        qint64 askedNs = 0;
    };
    std::mutex mutex;
    QHash<QUuid, Waiter> waiters;
};

/// One pool thread's queue for waiters that listen: the product's store on its own connection,
/// asked only when the broadcast says the waiter's turn came, or to stay alive.
class ListeningAdmission final : public CrowdAdmission
{
public:
    ListeningAdmission(std::unique_ptr<AdmissionQueue> queue, int showtimeId, QueueBroadcast& broadcast,
                       std::shared_ptr<Listeners> listeners, int keepAliveMs)
        : m_queue(std::move(queue))
        , m_showtimeId(showtimeId)
        , m_broadcast(broadcast)
        , m_listeners(std::move(listeners))
        , m_keepAliveNs(qint64(keepAliveMs) * 1'000'000)
    {}

    Result<AdmissionState> join(const QUuid& token) override
    {
        const qint64 asked = steadyNs();
        const Result<QueueTicket> joined = m_queue->join(m_showtimeId, token);
        if (!joined)
            return joined.error();
        note(token, joined.value().arrival, asked);
        return stateOf(joined.value());
    }

    Result<AdmissionState> poll(const QUuid& token) override
    {
        const qint64 now = steadyNs();
        Listeners::Waiter w;
        {
            std::lock_guard lock(m_listeners->mutex);
            w = m_listeners->waiters.value(token);
        }
        const qint64 upTo = m_broadcast.admittedUpTo();
        if (w.arrival > upTo && now - w.askedNs < m_keepAliveNs) {
            AdmissionState state;
            state.position = int(w.arrival - upTo);
            return state;
        }
        const Result<QueueTicket> beat = m_queue->heartbeat(token);
        if (!beat)
            return beat.error();
        note(token, w.arrival, now);
        return stateOf(beat.value());
    }

    Status leave(const QUuid& token) override
    {
        {
            std::lock_guard lock(m_listeners->mutex);
            m_listeners->waiters.remove(token);
        }
        const Result<QueueTicket> left = m_queue->leave(token);
        if (!left)
            return left.error();
        return success();
    }

private:
    void note(const QUuid& token, qint64 arrival, qint64 askedNs)
    {
        std::lock_guard lock(m_listeners->mutex);
        m_listeners->waiters.insert(token, Listeners::Waiter{arrival, askedNs});
    }

    std::unique_ptr<AdmissionQueue> m_queue;
    const int m_showtimeId;
    QueueBroadcast& m_broadcast;
    const std::shared_ptr<Listeners> m_listeners;
    const qint64 m_keepAliveNs;
};

} // namespace

CrowdAdmissionFactory databaseAdmission(const ConnectionSettings& settings, int showtimeId)
{
    return [settings, showtimeId](int poolIndex) -> Result<std::unique_ptr<CrowdAdmission>> {
        auto store = QueueStore::open(settings, QStringLiteral("bench-queue-%1").arg(poolIndex));
        if (!store)
            return store.error();
        return std::unique_ptr<CrowdAdmission>(new DatabaseAdmission(std::move(store).value(), showtimeId));
    };
}

Result<std::unique_ptr<QueueBroadcast>> QueueBroadcast::start(const ConnectionSettings& settings,
                                                              int showtimeId)
{
    auto broadcast = std::make_unique<Broadcast>(showtimeId);
    if (Status s = broadcast->begin(settings); !s)
        return s.error();
    return std::unique_ptr<QueueBroadcast>(std::move(broadcast));
}

CrowdAdmissionFactory listeningDatabaseAdmission(const ConnectionSettings& settings, int showtimeId,
                                                 QueueBroadcast& broadcast, int keepAliveMs)
{
    auto listeners = std::make_shared<Listeners>();
    return [settings, showtimeId, &broadcast, listeners,
            keepAliveMs](int poolIndex) -> Result<std::unique_ptr<CrowdAdmission>> {
        auto store = QueueStore::open(settings, QStringLiteral("bench-queue-%1").arg(poolIndex));
        if (!store)
            return store.error();
        return std::unique_ptr<CrowdAdmission>(
            new ListeningAdmission(std::move(store).value(), showtimeId, broadcast, listeners, keepAliveMs));
    };
}

} // namespace bo::bench
