// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/payments/remotecardpayments.h"

#include <algorithm>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <QTimer>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

/// What the terminal waits for beyond the step's own time: the service's database and queue.
constexpr int serviceMarginMs = 5'000;

QString remoteTr(const char* text)
{
    return QCoreApplication::translate("bo::RemoteCardPayments", text);
}

GatewayReply remoteAnswer(GatewayOutcome outcome, QString reason)
{
    GatewayReply reply;
    reply.outcome = outcome;
    reply.reason = std::move(reason);
    return reply;
}

std::string remoteKeyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces).toStdString();
}

/// The outcome named by the service ("done", "not-found", ...); false for any other word.
bool remoteOutcomeFromName(const QString& word, GatewayOutcome* outcome)
{
    for (GatewayOutcome o : {GatewayOutcome::Done, GatewayOutcome::Declined, GatewayOutcome::Unknown,
                             GatewayOutcome::NotFound, GatewayOutcome::Refused}) {
        if (word == QLatin1String(gatewayOutcomeName(o))) {
            *outcome = o;
            return true;
        }
    }
    return false;
}

/// A 200's body as the service's answer; Unknown when it is not one.
GatewayReply readServiceAnswer(const QByteArray& payload)
{
    QJsonParseError parseError{};
    const QJsonDocument document = QJsonDocument::fromJson(payload, &parseError);
    const QJsonObject body = document.object();
    GatewayOutcome outcome = GatewayOutcome::Unknown;
    if (parseError.error != QJsonParseError::NoError || !document.isObject() ||
        !remoteOutcomeFromName(body.value(QLatin1String("outcome")).toString(), &outcome))
        return remoteAnswer(GatewayOutcome::Unknown,
                            remoteTr("The payment service gave an answer that does not parse."));
    GatewayReply reply;
    reply.outcome = outcome;
    reply.state = gatewayPaymentStateFromText(body.value(QLatin1String("state")).toString());
    reply.reference = body.value(QLatin1String("reference")).toString();
    reply.reason = body.value(QLatin1String("reason")).toString();
    reply.maskedCard = body.value(QLatin1String("masked_card")).toString();
    reply.amountMinor = body.value(QLatin1String("amount_minor")).toInteger();
    reply.currency = body.value(QLatin1String("currency")).toString();
    reply.attempts = body.value(QLatin1String("attempts")).toInt();
    return reply;
}

} // namespace

RemoteCardPayments::RemoteCardPayments(PaymentIntents& own, QUrl serviceUrl, QString gatewayName)
    : m_own(own)
    , m_serviceUrl(std::move(serviceUrl))
    , m_gatewayName(std::move(gatewayName))
{}

RemoteCardPayments::~RemoteCardPayments() = default;

CardPaymentsFactory RemoteCardPayments::factory(QUrl serviceUrl)
{
    return [serviceUrl = std::move(serviceUrl)](PaymentIntents& own) -> std::unique_ptr<CardPayments> {
        if (serviceUrl.isEmpty())
            return nullptr;
        return std::make_unique<RemoteCardPayments>(own, serviceUrl);
    };
}

CardReply RemoteCardPayments::run(CardStepHandler::Call call)
{
    Result<QUuid> pass = m_own.servicePass(call.key);
    if (!pass)
        return {remoteAnswer(pass.error().code == ErrorCode::Offline ? GatewayOutcome::Unknown
                                                                     : GatewayOutcome::Refused,
                             pass.error().message),
                {},
                false};
    call.pass = pass.value();
    QElapsedTimer clock;
    clock.start();
    GatewayReply reply = post(call);
    spdlog::log(reply.outcome == GatewayOutcome::Unknown ? spdlog::level::warn : spdlog::level::info,
                "card {} {} through the payment service: {} ({} ms){}{}",
                CardStepHandler::stepName(call.step), remoteKeyText(call.key),
                gatewayOutcomeName(reply.outcome), clock.elapsed(), reply.reason.isEmpty() ? "" : ": ",
                reply.reason.toStdString());
    return cardReplyAfter(m_own, call.key, std::move(reply));
}

GatewayReply RemoteCardPayments::post(const CardStepHandler::Call& call)
{
    const QString scheme = m_serviceUrl.scheme().toLower();
    if (!m_serviceUrl.isValid() || m_serviceUrl.host().isEmpty() ||
        (scheme != QLatin1String("http") && scheme != QLatin1String("https")))
        return remoteAnswer(GatewayOutcome::Refused,
                            remoteTr("The payment service's address is not an http(s) URL."));
    if (m_network && m_network->thread() != QThread::currentThread())
        return remoteAnswer(GatewayOutcome::Refused,
                            QStringLiteral("the card payments object was used from a second thread"));
    if (!m_network) {
        m_network = std::make_unique<QNetworkAccessManager>();
        m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    }

    QUrl url = m_serviceUrl;
    QString base = url.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    url.setPath(base + QStringLiteral("/v1/card/") + QLatin1String(CardStepHandler::stepName(call.step)));
    QJsonObject body{{QStringLiteral("key"), call.key.toString(QUuid::WithoutBraces)},
                     {QStringLiteral("pass"), call.pass.toString(QUuid::WithoutBraces)},
                     {QStringLiteral("timeout_ms"), call.timeoutMs}};
    if (call.step == CardStepHandler::Step::Lookup)
        body.insert(QStringLiteral("abandon_unseen"), call.abandonUnseen);
    if (call.step == CardStepHandler::Step::Void)
        body.insert(QStringLiteral("why"), call.why);
    if (call.step == CardStepHandler::Step::Refund)
        body.insert(QStringLiteral("refund_key"), call.refundKey.toString(QUuid::WithoutBraces));

    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setRawHeader("Accept", "application/json");
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    request.setTransferTimeout(0); // the timer below bounds the whole exchange
    std::unique_ptr<QNetworkReply, void (*)(QNetworkReply*)> reply(
        m_network->post(request, QJsonDocument(body).toJson(QJsonDocument::Compact)),
        [](QNetworkReply* r) { r->deleteLater(); });

    QEventLoop loop;
    QTimer timer;
    timer.setSingleShot(true);
    bool timedOut = false;
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        timedOut = true;
        reply->abort();
    });
    QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
    timer.start(std::max(1, call.timeoutMs) + serviceMarginMs);
    if (!reply->isFinished())
        loop.exec(QEventLoop::ExcludeUserInputEvents);

    if (timedOut)
        return remoteAnswer(GatewayOutcome::Unknown, remoteTr("The payment service did not answer in time."));
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    const QNetworkReply::NetworkError error = reply->error();
    // A status line with its body is an answer (the HTTP-level errors only echo the status); a
    // refused, reset or half-closed connection is not.
    const bool httpLevel =
        error == QNetworkReply::NoError ||
        (error >= QNetworkReply::ContentAccessDenied && error <= QNetworkReply::UnknownContentError) ||
        error == QNetworkReply::ProtocolInvalidOperationError ||
        (error >= QNetworkReply::InternalServerError && error <= QNetworkReply::UnknownServerError);
    if (!status.isValid() || !httpLevel)
        return remoteAnswer(
            GatewayOutcome::Unknown,
            remoteTr("The payment service could not be reached: %1").arg(reply->errorString()));
    const QByteArray payload = reply->readAll();
    switch (status.toInt()) {
    case 200:
        return readServiceAnswer(payload);
    case 400: {
        const QString why =
            QJsonDocument::fromJson(payload).object().value(QLatin1String("error")).toString();
        return remoteAnswer(GatewayOutcome::Refused,
                            remoteTr("The payment service refused the request: %1")
                                .arg(why.isEmpty() ? QStringLiteral("HTTP 400") : why));
    }
    default:
        return remoteAnswer(GatewayOutcome::Unknown,
                            remoteTr("The payment service answered HTTP %1.").arg(status.toInt()));
    }
}

} // namespace bo
