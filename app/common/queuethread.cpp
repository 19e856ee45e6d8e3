// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/queuethread.h"

#include "db/queuestore.h"
#include "model/core/clock.h"
#include "model/queue/admissionwatch.h"
#include "model/sale/terminalbackend.h"

namespace bo {

/// Lives on the queue's thread, made there by its first task: the store and the watch are opened
/// there (a QSqlDatabase belongs to the thread that opened it, the watch's heartbeat timer fires
/// on the thread it was made on) and deleted there, the watch first.
class QueueWorker final
{
public:
    QueueWorker(ConnectionSettings settings, int heartbeatMs)
        : m_settings(std::move(settings))
        , m_heartbeatMs(heartbeatMs)
    {}

    void begin()
    {
        auto store = QueueStore::open(m_settings, QStringLiteral("queue"));
        if (!store) {
            m_failure = store.error();
            return;
        }
        m_store = std::move(store.value());
        m_watch = std::make_unique<AdmissionWatch>(*m_store, m_clock, AdmissionWatch::Options{m_heartbeatMs});
    }

    void finish()
    {
        m_watch.reset();
        m_store.reset();
    }

    /// Null when begin() could not open the store, and failure() says why.
    [[nodiscard]] AdmissionWatch* watch() const { return m_watch.get(); }
    [[nodiscard]] const Error& failure() const { return m_failure; }

private:
    ConnectionSettings m_settings;
    int m_heartbeatMs;
    SteadyClock m_clock;
    std::unique_ptr<AdmissionQueue> m_store;
    std::unique_ptr<AdmissionWatch> m_watch;
    Error m_failure;
};

QueueThread::QueueThread() = default;

QueueThread::~QueueThread()
{
    m_worker.stop();
}

std::unique_ptr<QueueThread> QueueThread::open(const ConnectionSettings& settings, TerminalBackend* backend,
                                               int heartbeatMs, Error* error)
{
    auto self = std::make_unique<QueueThread>();
    // The screen is handed the watch at once, so the store is opened before this returns; the
    // worker does nothing else until asked, so what begin() left may be read here.
    const QueueWorker* worker = self->m_worker.startAndWait(QStringLiteral("queue"), [settings, heartbeatMs] {
        return std::make_unique<QueueWorker>(settings, heartbeatMs);
    });
    if (!worker->watch()) {
        if (error)
            *error = worker->failure();
        return {};
    }
    self->m_watch = worker->watch();
    if (backend)
        QObject::connect(backend, &TerminalBackend::queueChanged, self->m_watch,
                         &AdmissionWatch::onQueueChanged);
    return self;
}

} // namespace bo
