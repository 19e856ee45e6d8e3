// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <vector>

#include <QAbstractHttpServer>
#include <QByteArray>
#include <QElapsedTimer>
#include <QHash>
#include <QHttpServerRequest>
#include <QJsonObject>
#include <QMutex>
#include <QPointer>
#include <QQueue>
#include <QWaitCondition>

#include "app/adapters/payments/httppaymentgateway.h"
#include "db/connectionsettings.h"
#include "model/payments/cardpayments.h"

class QTcpSocket;
class QThread;

namespace bo {

/// What boxoffice-service runs with.
struct CardServiceServerSettings
{
    ConnectionSettings database; ///< a login in role boxoffice_service
    HttpGatewaySettings gateway; ///< the card gateway it alone calls (and holds the key of)
    int workers = 4;             ///< threads, each with its own database connection and gateway
    int maxQueued = 64;          ///< calls waiting for a worker beyond which a call is answered 503
};

/// The payment service's HTTP side (docs/SECURITY.md, "Who vouches for a card payment"):
/// POST /v1/card/{authorise|lookup|capture|void} with {"key", "pass", "timeout_ms",
/// "abandon_unseen", "why"} answers the gateway's reply as CardStepHandler gave it; GET /health.
/// Requests are read on this object's thread; each call runs on one of a fixed set of worker
/// threads (a CardStepHandler on the worker's own connection and gateway) and its answer is written back
/// here, on the socket's thread. Answers are written by hand with "Connection: close".
class CardServiceServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    static constexpr int maxBodyBytes = 16 * 1024;
    static constexpr int maxTimeoutMs = 120'000;

    explicit CardServiceServer(CardServiceServerSettings settings, QObject* parent = nullptr);
    /// Stops the workers (stopWorkers).
    ~CardServiceServer() override;
    Q_DISABLE_COPY_MOVE(CardServiceServer)

    /// Starts the worker threads; call once, before the server is bound to a port.
    void startWorkers();
    /// Takes no more calls, drops those not started and waits for those in flight (each is bounded
    /// by its timeout_ms and the database's timeouts): a gateway's answer is recorded before exit.
    void stopWorkers();

    /// Reads the body of POST /v1/card/`step`; false with `error` (for the 400 answer) when the
    /// step is unknown or the body is not a valid call.
    [[nodiscard]] static bool readCall(const QString& step, const QByteArray& body,
                                       CardStepHandler::Call* call, QString* error);
    /// The JSON answer of a step.
    [[nodiscard]] static QJsonObject replyToJson(const GatewayReply& reply);

protected:
    bool handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) override;
    void missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) override;

private:
    struct Job
    {
        quint64 id = 0;
        CardStepHandler::Call call;
        QElapsedTimer queued; ///< started when the call was queued
    };

    /// On a worker thread: the next job, blocking; false when the server stops.
    [[nodiscard]] bool takeJob(Job* job);
    /// On a worker thread: serves jobs until the server stops.
    void serveJobs(int worker);
    /// On this object's thread: writes the answer of job `id` if its client is still there.
    void finish(quint64 id, const CardStepHandler::Call& call, const GatewayReply& reply, qint64 elapsedMs);

    CardServiceServerSettings m_settings;
    QMutex m_mutex;
    QWaitCondition m_wake;
    QQueue<Job> m_queue;     ///< guarded by m_mutex
    bool m_stopping = false; ///< guarded by m_mutex
    /// Each runs serveJobs, a loop that takes the next call from m_queue whenever it is free: a
    /// pool, not a WorkerThread each, whose own queue would hold a call behind a slow gateway while
    /// another worker is idle, and would run at stop the calls stopWorkers drops (docs/DECISIONS.md,
    /// "every threaded adapter on one worker helper").
    std::vector<std::unique_ptr<QThread>> m_threads;
    QHash<quint64, QPointer<QTcpSocket>> m_waiting; ///< this object's thread only
    quint64 m_nextId = 0;
};

} // namespace bo
