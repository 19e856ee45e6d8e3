// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/payments/httppaymentgateway.h"

#include <algorithm>

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QThread>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace bo {

/// One operation as sent: the same request, with the same key, on every attempt.
struct HttpPaymentGateway::Call
{
    const char* operation = "";
    QByteArray verb;
    QString path;
    QUuid paymentKey;
    QUuid idempotencyKey; ///< null for a look-up (a GET changes nothing)
    QJsonObject body;
    int timeoutMs = 0;
    GatewayPaymentState expected = GatewayPaymentState::None; ///< what a 200 must say (None: any)
};

/// What one attempt brought back.
struct HttpPaymentGateway::Exchange
{
    bool answered = false; ///< an HTTP status line and a whole body arrived
    int status = 0;
    QByteArray body;
    QString failure; ///< why nothing usable arrived (for logs and `reason`)
};

namespace {

bool isLoopbackHost(const QString& host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

QString keyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces);
}

} // namespace

HttpPaymentGateway::HttpPaymentGateway(HttpGatewaySettings settings)
    : m_settings(std::move(settings))
{
    const QUrl& url = m_settings.baseUrl;
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || url.host().isEmpty() ||
        (scheme != QLatin1String("https") && scheme != QLatin1String("http"))) {
        m_configurationError = QStringLiteral("the payment service URL must be http(s)://host[:port][/path]");
    } else if (scheme == QLatin1String("http") && !isLoopbackHost(url.host())) {
        m_configurationError = QStringLiteral("plain http is allowed only to a loopback address; use https");
    } else if (scheme == QLatin1String("https") && !QSslSocket::supportsSsl()) {
        m_configurationError = QStringLiteral("https is configured but this Qt has no TLS backend");
    } else if (!m_settings.caFile.isEmpty()) {
        m_extraCa = QSslCertificate::fromPath(m_settings.caFile, QSsl::Pem,
                                              QSslCertificate::PatternSyntax::FixedString);
        if (m_extraCa.isEmpty())
            m_configurationError =
                QStringLiteral("no PEM certificate could be read from the CA file %1").arg(m_settings.caFile);
    }
    m_settings.maxAttempts = std::max(1, m_settings.maxAttempts);
}

HttpPaymentGateway::~HttpPaymentGateway() = default;

QUuid HttpPaymentGateway::operationKey(const QUuid& key, const QString& operation)
{
    return QUuid::createUuidV5(key, operation);
}

GatewayReply HttpPaymentGateway::authorise(const AuthoriseRequest& request)
{
    Call call;
    call.operation = "authorise";
    call.verb = "POST";
    call.path = QStringLiteral("/v1/payments");
    call.paymentKey = request.key;
    call.idempotencyKey = request.key;
    call.body = QJsonObject{{QStringLiteral("amount_minor"), request.amountMinor},
                            {QStringLiteral("currency"), request.currency},
                            {QStringLiteral("reference"), request.saleReference},
                            {QStringLiteral("terminal_id"), m_settings.merchantTerminalId.isEmpty()
                                                                ? request.terminalId
                                                                : m_settings.merchantTerminalId}};
    call.timeoutMs = request.timeoutMs;
    call.expected = GatewayPaymentState::Authorised;
    return run(call);
}

GatewayReply HttpPaymentGateway::capture(const QUuid& key, qint64 amountMinor, int timeoutMs)
{
    Call call;
    call.operation = "capture";
    call.verb = "POST";
    call.path = QStringLiteral("/v1/payments/%1/capture").arg(keyText(key));
    call.paymentKey = key;
    call.idempotencyKey = operationKey(key, QStringLiteral("capture"));
    call.body = QJsonObject{{QStringLiteral("amount_minor"), amountMinor}};
    call.timeoutMs = timeoutMs;
    call.expected = GatewayPaymentState::Captured;
    return run(call);
}

GatewayReply HttpPaymentGateway::voidPayment(const QUuid& key, int timeoutMs)
{
    Call call;
    call.operation = "void";
    call.verb = "POST";
    call.path = QStringLiteral("/v1/payments/%1/void").arg(keyText(key));
    call.paymentKey = key;
    call.idempotencyKey = operationKey(key, QStringLiteral("void"));
    call.timeoutMs = timeoutMs;
    call.expected = GatewayPaymentState::Voided;
    return run(call);
}

GatewayReply HttpPaymentGateway::refund(const QUuid& key, const QUuid& refundKey, qint64 amountMinor,
                                        int timeoutMs)
{
    Call call;
    call.operation = "refund";
    call.verb = "POST";
    call.path = QStringLiteral("/v1/payments/%1/refunds").arg(keyText(key));
    call.paymentKey = key;
    call.idempotencyKey = refundKey;
    call.body = QJsonObject{{QStringLiteral("amount_minor"), amountMinor}};
    call.timeoutMs = timeoutMs;
    return run(call);
}

GatewayReply HttpPaymentGateway::lookup(const QUuid& key, int timeoutMs)
{
    Call call;
    call.operation = "lookup";
    call.verb = "GET";
    call.path = QStringLiteral("/v1/payments/%1").arg(keyText(key));
    call.paymentKey = key;
    call.timeoutMs = timeoutMs;
    return run(call);
}

GatewayReply HttpPaymentGateway::run(const Call& call)
{
    const std::string key = keyText(call.paymentKey).toStdString();
    GatewayReply reply;
    if (!m_configurationError.isEmpty()) {
        reply.outcome = GatewayOutcome::Refused;
        reply.reason = m_configurationError;
    } else if (m_network && m_network->thread() != QThread::currentThread()) {
        reply.outcome = GatewayOutcome::Refused;
        reply.reason = QStringLiteral("the gateway object was used from a second thread");
    }
    if (reply.outcome == GatewayOutcome::Refused) {
        spdlog::error("payment {} key={} refused unsent: {}", call.operation, key,
                      reply.reason.toStdString());
        return reply;
    }
    if (!m_network) {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    }

    QElapsedTimer clock;
    clock.start();
    const QDeadlineTimer deadline(std::max(0, call.timeoutMs));
    qint64 backoff = m_settings.backoffInitialMs;
    while (true) {
        ++reply.attempts;
        const Exchange exchange = this->exchange(call, deadline.remainingTime());
        const int attempts = reply.attempts;
        reply = interpret(call, exchange);
        reply.attempts = attempts;
        if (reply.outcome != GatewayOutcome::Unknown)
            break;
        spdlog::warn("payment {} key={} attempt {} gave no trusted answer: {}", call.operation, key, attempts,
                     reply.reason.toStdString());
        // Every Unknown may be retried: the same key makes a repeat harmless.
        if (attempts >= m_settings.maxAttempts)
            break;
        // Full back-off plus up to half of it again at random, so tills that failed together do
        // not come back together; never past the call's deadline.
        const qint64 jitter = QRandomGenerator::global()->bounded(static_cast<int>(backoff / 2 + 1));
        const qint64 pause = backoff + jitter;
        if (deadline.remainingTime() <= pause + 50)
            break;
        wait(pause);
        backoff = std::min<qint64>(backoff * 2, m_settings.backoffMaxMs);
    }
    const auto level = reply.outcome == GatewayOutcome::Done || reply.outcome == GatewayOutcome::Declined ||
                               reply.outcome == GatewayOutcome::NotFound
                           ? spdlog::level::info
                           : spdlog::level::warn;
    spdlog::log(
        level, "payment {} key={} idempotency_key={} ref={} outcome={} state={} attempts={} ms={}{}{}",
        call.operation, key, call.idempotencyKey.isNull() ? "-" : keyText(call.idempotencyKey).toStdString(),
        reply.reference.isEmpty() ? "-" : reply.reference.toStdString(), gatewayOutcomeName(reply.outcome),
        gatewayPaymentStateName(reply.state), reply.attempts, clock.elapsed(),
        reply.reason.isEmpty() ? "" : " reason=", reply.reason.toStdString());
    return reply;
}

HttpPaymentGateway::Exchange HttpPaymentGateway::exchange(const Call& call, qint64 budgetMs)
{
    Exchange result;
    if (budgetMs <= 0) {
        result.failure = QStringLiteral("no time left");
        return result;
    }
    QUrl url = m_settings.baseUrl;
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + call.path);
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    if (!call.idempotencyKey.isNull())
        request.setRawHeader("Idempotency-Key", keyText(call.idempotencyKey).toLatin1());
    if (!m_settings.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_settings.apiKey);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setTransferTimeout(0); // the timers below bound each phase
    if (url.scheme().compare(QLatin1String("https"), Qt::CaseInsensitive) == 0) {
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
        if (!m_extraCa.isEmpty())
            tls.addCaCertificates(m_extraCa);
        request.setSslConfiguration(tls);
    }

    const QByteArray payload =
        call.verb == "GET" ? QByteArray() : QJsonDocument(call.body).toJson(QJsonDocument::Compact);
    std::unique_ptr<QNetworkReply, void (*)(QNetworkReply*)> reply(
        call.verb == "GET" ? m_network->get(request) : m_network->post(request, payload),
        [](QNetworkReply* r) { r->deleteLater(); });

    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    bool sent = false;
    QString timedOut;
    QObject::connect(reply.get(), &QNetworkReply::requestSent, &loop, [&] {
        sent = true;
        timer.start(
            static_cast<int>(std::min<qint64>(m_settings.readTimeoutMs, std::max<qint64>(1, budgetMs))));
    });
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = sent ? QStringLiteral("no answer within the read timeout")
                        : QStringLiteral("no connection within the connect timeout");
        reply->abort();
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QElapsedTimer elapsed;
    elapsed.start();
    timer.start(static_cast<int>(std::min<qint64>(m_settings.connectTimeoutMs, budgetMs)));
    // The read timer restarts from requestSent; the budget still bounds the whole attempt.
    QTimer budget;
    budget.setSingleShot(true);
    QObject::connect(&budget, &QTimer::timeout, &loop, [&] {
        timedOut = QStringLiteral("the call's time ran out");
        reply->abort();
    });
    budget.start(static_cast<int>(budgetMs));
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);

    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    const QNetworkReply::NetworkError error = reply->error();
    // A status line with the whole body is an answer; the HTTP-level error codes only echo the
    // status. Anything else (refused, reset, closed mid-way, TLS, aborted by a timer) is not.
    const bool httpLevel =
        error == QNetworkReply::NoError ||
        (error >= QNetworkReply::ContentAccessDenied && error <= QNetworkReply::UnknownContentError) ||
        error == QNetworkReply::ProtocolInvalidOperationError ||
        (error >= QNetworkReply::InternalServerError && error <= QNetworkReply::UnknownServerError);
    if (timedOut.isEmpty() && status.isValid() && httpLevel) {
        result.answered = true;
        result.status = status.toInt();
        result.body = reply->readAll();
    } else {
        result.failure = !timedOut.isEmpty() ? timedOut : reply->errorString();
    }
    return result;
}

GatewayReply HttpPaymentGateway::interpret(const Call& call, const Exchange& exchange) const
{
    GatewayReply reply;
    if (!exchange.answered) {
        reply.reason = exchange.failure;
        return reply; // Unknown
    }
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(exchange.body, &parseError);
    const QJsonObject body = document.object();
    if (exchange.status >= 500 || exchange.status == 408 || exchange.status == 429) {
        reply.reason = QStringLiteral("HTTP %1 %2")
                           .arg(exchange.status)
                           .arg(body.value(QLatin1String("error")).toString());
        return reply; // Unknown
    }
    if (exchange.status >= 400) {
        const QString code = body.value(QLatin1String("error")).toString();
        if (exchange.status == 404 && call.verb == "GET" && code == QLatin1String("payment_not_found")) {
            reply.outcome = GatewayOutcome::NotFound;
            reply.reason = code;
            return reply;
        }
        // Only the service's own "not found" means "never seen"; a 404 from a wrong URL is refused.
        reply.outcome = GatewayOutcome::Refused;
        reply.reason = QStringLiteral("HTTP %1 %2")
                           .arg(exchange.status)
                           .arg(code.isEmpty() ? QStringLiteral("(no error code)") : code);
        if (body.contains(QLatin1String("state")))
            reply.state = gatewayPaymentStateFromText(body.value(QLatin1String("state")).toString());
        return reply;
    }
    if (exchange.status != 200 || parseError.error != QJsonParseError::NoError || !document.isObject()) {
        reply.reason = QStringLiteral("HTTP %1 with an answer that does not parse").arg(exchange.status);
        return reply; // Unknown
    }
    // The answer must be about this payment and say a state this operation can leave behind.
    const QString stateText = body.value(QLatin1String("state")).toString();
    const GatewayPaymentState state = gatewayPaymentStateFromText(stateText);
    const bool ours = body.value(QLatin1String("key")).toString() == keyText(call.paymentKey);
    bool fits = state != GatewayPaymentState::None;
    if (call.expected == GatewayPaymentState::Authorised)
        fits = state == GatewayPaymentState::Authorised || state == GatewayPaymentState::Declined;
    else if (call.expected != GatewayPaymentState::None)
        fits = state == call.expected;
    else if (call.verb == "POST") // a refund
        fits = (state == GatewayPaymentState::Captured || state == GatewayPaymentState::Refunded) &&
               body.value(QLatin1String("refund")).toObject().value(QLatin1String("key")).toString() ==
                   keyText(call.idempotencyKey);
    if (!ours || !fits) {
        reply.reason = QStringLiteral("an answer that does not fit the request (state '%1')").arg(stateText);
        return reply; // Unknown
    }
    reply.state = state;
    reply.reference = body.value(QLatin1String("reference")).toString();
    reply.maskedCard = body.value(QLatin1String("masked_card")).toString();
    reply.currency = body.value(QLatin1String("currency")).toString();
    const qint64 captured = body.value(QLatin1String("captured_minor")).toInteger();
    reply.amountMinor = captured > 0 ? captured : body.value(QLatin1String("amount_minor")).toInteger();
    if (state == GatewayPaymentState::Declined && call.expected == GatewayPaymentState::Authorised) {
        reply.outcome = GatewayOutcome::Declined;
        reply.reason = body.value(QLatin1String("decline_reason")).toString(QStringLiteral("declined"));
    } else {
        reply.outcome = GatewayOutcome::Done;
    }
    return reply;
}

void HttpPaymentGateway::wait(qint64 ms)
{
    QEventLoop loop;
    QTimer::singleShot(std::chrono::milliseconds(ms), &loop, &QEventLoop::quit);
    loop.exec(QEventLoop::ExcludeUserInputEvents);
}

} // namespace bo
