// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/service/cardserviceserver.h"

#include <cmath>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QMetaObject>
#include <QMutexLocker>
#include <QTcpSocket>
#include <QThread>

#include <spdlog/spdlog.h>

#include "app/common/loopbackdaemon.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/refundstore.h"

namespace bo {
namespace {

QString serviceTr(const char* text)
{
    return QCoreApplication::translate("bo::CardServiceServer", text);
}

std::string keyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces).toStdString();
}

QJsonObject errorBody(const QString& message)
{
    return QJsonObject{{QStringLiteral("error"), message}};
}

/// The service's connection as CardStepHandler uses it, noting when the database was lost on the way,
/// so that the worker opens a new connection for its next call.
class WatchedIntents final : public PaymentIntents
{
public:
    explicit WatchedIntents(std::unique_ptr<PaymentIntents> intents)
        : m_intents(std::move(intents))
    {}

    [[nodiscard]] bool lost() const { return m_lost; }

    [[nodiscard]] Result<PaymentIntent> create(const NewPaymentIntent& intent) override
    {
        return watch(m_intents->create(intent));
    }
    [[nodiscard]] Result<PaymentIntent> advance(const QUuid& key, IntentState from, IntentState to,
                                                const IntentChange& change) override
    {
        return watch(m_intents->advance(key, from, to, change));
    }
    [[nodiscard]] Result<PaymentIntent> noteUnknown(const QUuid& key, const QString& reason) override
    {
        return watch(m_intents->noteUnknown(key, reason));
    }
    [[nodiscard]] Result<PaymentIntent> find(const QUuid& key) override
    {
        return watch(m_intents->find(key));
    }
    [[nodiscard]] Result<QList<PaymentIntent>> list(const IntentFilter& filter) override
    {
        return watch(m_intents->list(filter));
    }
    [[nodiscard]] Result<bool> tryLeadReconciliation() override
    {
        return watch(m_intents->tryLeadReconciliation());
    }
    void stepDownAsReconciler() override { m_intents->stepDownAsReconciler(); }
    [[nodiscard]] Result<QUuid> servicePass(const QUuid& key) override
    {
        return watch(m_intents->servicePass(key));
    }
    [[nodiscard]] Result<ServiceCaller> redeemPass(const QUuid& pass, const QUuid& key) override
    {
        return watch(m_intents->redeemPass(pass, key));
    }

private:
    template <typename T> Result<T> watch(Result<T> result)
    {
        if (!result && result.error().code == ErrorCode::Offline)
            m_lost = true;
        return result;
    }

    std::unique_ptr<PaymentIntents> m_intents;
    bool m_lost = false;
};

/// One worker thread's own database connection (opened at its first call, and again after it
/// was lost) with the payments and the refunds on it, and its own gateway: all belong to the
/// thread that made them.
class CardWorker final
{
public:
    explicit CardWorker(const CardServiceServerSettings& settings)
        : m_settings(settings.database)
        , m_gateway(settings.gateway)
        , m_takesCards(!settings.gateway.baseUrl.isEmpty())
    {}

    [[nodiscard]] GatewayReply handle(const CardStepHandler::Call& call)
    {
        if (!m_takesCards) { // a cash-only site runs the service for its leads alone
            GatewayReply reply;
            reply.outcome = GatewayOutcome::Refused;
            reply.reason = serviceTr("This site's payment service has no card gateway.");
            return reply;
        }
        if (!m_intents) {
            Result<std::unique_ptr<DbConnection>> opened =
                DbConnection::open(m_settings, QStringLiteral("service"));
            if (!opened) {
                spdlog::error("the service's database cannot be opened: {}",
                              opened.error().detail.toStdString());
                GatewayReply reply;
                reply.outcome = GatewayOutcome::Unknown;
                reply.reason = serviceTr("The payment service cannot reach its database.");
                return reply;
            }
            m_connection = std::move(opened.value());
            m_intents = std::make_unique<WatchedIntents>(std::make_unique<PaymentIntentStore>(*m_connection));
            m_refunds = std::make_unique<RefundStore>(*m_connection);
        }
        CardStepHandler desk(*m_intents, m_gateway, m_refunds.get());
        GatewayReply reply = desk.handle(call);
        if (m_intents->lost() || !m_connection->isConnected()) {
            spdlog::warn("the service's database connection was lost; the next call opens another");
            m_refunds.reset();
            m_intents.reset();
            m_connection.reset();
        }
        return reply;
    }

private:
    ConnectionSettings m_settings;
    HttpPaymentGateway m_gateway;
    bool m_takesCards = true;
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<WatchedIntents> m_intents;
    std::unique_ptr<RefundStore> m_refunds;
};

/// A UUID field of the body; null when missing or not a UUID.
QUuid uuidField(const QJsonObject& body, const char* name)
{
    const QJsonValue value = body.value(QLatin1String(name));
    return value.isString() ? QUuid::fromString(value.toString()) : QUuid();
}

} // namespace

CardServiceServer::CardServiceServer(CardServiceServerSettings settings, QObject* parent)
    : QAbstractHttpServer(parent)
    , m_settings(std::move(settings))
{}

CardServiceServer::~CardServiceServer()
{
    stopWorkers();
}

void CardServiceServer::startWorkers()
{
    for (int i = 0; i < m_settings.workers; ++i) {
        std::unique_ptr<QThread> thread(QThread::create([this, i] { serveJobs(i + 1); }));
        thread->setObjectName(QStringLiteral("card-worker-%1").arg(i + 1));
        thread->start();
        m_threads.push_back(std::move(thread));
    }
}

void CardServiceServer::stopWorkers()
{
    qsizetype dropped = 0;
    {
        QMutexLocker lock(&m_mutex);
        m_stopping = true;
        dropped = m_queue.size();
        m_queue.clear();
    }
    m_wake.wakeAll();
    if (m_threads.empty())
        return;
    spdlog::info("stopping: {} call(s) not started dropped, waiting for the calls in flight", dropped);
    for (const std::unique_ptr<QThread>& thread : m_threads)
        thread->wait();
    m_threads.clear();
}

bool CardServiceServer::readCall(const QString& step, const QByteArray& body, CardStepHandler::Call* call,
                                 QString* error)
{
    if (!CardStepHandler::stepFromName(step, &call->step)) {
        *error = QStringLiteral("unknown step '%1' (authorise, lookup, capture, void or refund)")
                     .arg(step.left(40));
        return false;
    }
    if (body.size() > maxBodyBytes) {
        *error = QStringLiteral("the body is over %1 bytes").arg(maxBodyBytes);
        return false;
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = QStringLiteral("the body is not a JSON object");
        return false;
    }
    const QJsonObject object = document.object();
    call->key = uuidField(object, "key");
    call->pass = uuidField(object, "pass");
    if (call->key.isNull() || call->pass.isNull()) {
        *error = QStringLiteral("key and pass must be UUIDs");
        return false;
    }
    const QJsonValue timeout = object.value(QLatin1String("timeout_ms"));
    const double ms = timeout.toDouble(-1);
    if (!timeout.isDouble() || std::floor(ms) != ms || ms < 1 || ms > maxTimeoutMs) {
        *error = QStringLiteral("timeout_ms must be a whole number from 1 to %1").arg(maxTimeoutMs);
        return false;
    }
    call->timeoutMs = static_cast<int>(ms);
    const QJsonValue abandon = object.value(QLatin1String("abandon_unseen"));
    if (!abandon.isUndefined() && !abandon.isBool()) {
        *error = QStringLiteral("abandon_unseen must be true or false");
        return false;
    }
    call->abandonUnseen = abandon.toBool(false);
    const QJsonValue why = object.value(QLatin1String("why"));
    if (!why.isUndefined() && !why.isString()) {
        *error = QStringLiteral("why must be text");
        return false;
    }
    call->why = why.toString();
    if (call->step == CardStepHandler::Step::Refund) {
        call->refundKey = uuidField(object, "refund_key");
        if (call->refundKey.isNull()) {
            *error = QStringLiteral("a refund needs refund_key, a UUID");
            return false;
        }
    }
    return true;
}

QJsonObject CardServiceServer::replyToJson(const GatewayReply& reply)
{
    return QJsonObject{{QStringLiteral("outcome"), QLatin1String(gatewayOutcomeName(reply.outcome))},
                       {QStringLiteral("state"), QLatin1String(gatewayPaymentStateName(reply.state))},
                       {QStringLiteral("reference"), reply.reference},
                       {QStringLiteral("reason"), reply.reason},
                       {QStringLiteral("masked_card"), reply.maskedCard},
                       {QStringLiteral("amount_minor"), reply.amountMinor},
                       {QStringLiteral("currency"), reply.currency},
                       {QStringLiteral("attempts"), reply.attempts}};
}

bool CardServiceServer::handleRequest(const QHttpServerRequest& request, QTcpSocket* socket)
{
    const QStringList path = request.url().path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    const bool post = request.method() == QHttpServerRequest::Method::Post;
    if (path == QStringList{QStringLiteral("health")}) {
        if (request.method() == QHttpServerRequest::Method::Get)
            LoopbackDaemon::writeAnswer(socket, 200, QJsonObject{{QStringLiteral("ok"), true}});
        else
            LoopbackDaemon::writeAnswer(socket, 405, errorBody(QStringLiteral("GET only")), "Allow: GET\r\n");
        return true;
    }
    if (path.size() != 3 || path[0] != QLatin1String("v1") || path[1] != QLatin1String("card")) {
        LoopbackDaemon::writeAnswer(socket, 404, errorBody(QStringLiteral("no such endpoint")));
        return true;
    }
    if (!post) {
        LoopbackDaemon::writeAnswer(socket, 405, errorBody(QStringLiteral("POST only")), "Allow: POST\r\n");
        return true;
    }
    Job job;
    QString error;
    if (!readCall(path[2], request.body(), &job.call, &error)) {
        spdlog::warn("card request refused: {}", error.toStdString()); // never the body: it holds the pass
        LoopbackDaemon::writeAnswer(socket, 400, errorBody(error));
        return true;
    }
    job.id = ++m_nextId;
    job.queued.start();
    bool queued = false;
    {
        QMutexLocker lock(&m_mutex);
        if (!m_stopping && m_queue.size() < m_settings.maxQueued) {
            m_queue.enqueue(job);
            queued = true;
        }
    }
    if (!queued) {
        spdlog::warn("card {} {}: refused, {} calls are waiting", CardStepHandler::stepName(job.call.step),
                     keyText(job.call.key), m_settings.maxQueued);
        LoopbackDaemon::writeAnswer(socket, 503,
                                    errorBody(QStringLiteral("busy; nothing was done, ask again")));
        return true;
    }
    m_waiting.insert(job.id, QPointer<QTcpSocket>(socket));
    m_wake.wakeOne();
    return true;
}

void CardServiceServer::missingHandler(const QHttpServerRequest& /*request*/, QTcpSocket* socket)
{
    LoopbackDaemon::writeAnswer(socket, 404, errorBody(QStringLiteral("no such endpoint")));
}

bool CardServiceServer::takeJob(Job* job)
{
    QMutexLocker lock(&m_mutex);
    while (m_queue.isEmpty() && !m_stopping)
        m_wake.wait(&m_mutex);
    if (m_stopping)
        return false;
    *job = m_queue.dequeue();
    return true;
}

void CardServiceServer::serveJobs(int worker)
{
    spdlog::debug("card worker {} started", worker);
    CardWorker desk(m_settings);
    Job job;
    while (takeJob(&job)) {
        CardStepHandler::Call call = job.call;
        const qint64 waited = job.queued.elapsed();
        GatewayReply reply;
        if (waited >= call.timeoutMs) {
            // The call's time went by in the queue: nothing is done (the pass stays unspent) and
            // the terminal asks again.
            reply.outcome = GatewayOutcome::Unknown;
            reply.reason = serviceTr("The payment service was too busy; nothing was done.");
        } else {
            call.timeoutMs -= static_cast<int>(waited);
            reply = desk.handle(call);
        }
        const qint64 elapsed = job.queued.elapsed();
        QMetaObject::invokeMethod(
            this, [this, id = job.id, call = job.call, reply, elapsed] { finish(id, call, reply, elapsed); },
            Qt::QueuedConnection);
    }
    spdlog::debug("card worker {} stopped", worker);
}

void CardServiceServer::finish(quint64 id, const CardStepHandler::Call& call, const GatewayReply& reply,
                               qint64 elapsedMs)
{
    const QPointer<QTcpSocket> socket = m_waiting.take(id);
    const auto level = reply.outcome == GatewayOutcome::Unknown ? spdlog::level::warn : spdlog::level::info;
    spdlog::log(level, "card {} key={} outcome={} state={} attempts={} ms={}{}{}",
                CardStepHandler::stepName(call.step), keyText(call.key), gatewayOutcomeName(reply.outcome),
                gatewayPaymentStateName(reply.state), reply.attempts, elapsedMs,
                reply.reason.isEmpty() ? "" : " reason=", reply.reason.toStdString());
    if (!socket || socket->state() != QAbstractSocket::ConnectedState) {
        spdlog::warn("card {} key={}: the terminal left before the answer",
                     CardStepHandler::stepName(call.step), keyText(call.key));
        return;
    }
    LoopbackDaemon::writeAnswer(socket, 200, replyToJson(reply));
}

} // namespace bo
