// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QSslCertificate>
#include <QString>
#include <QUrl>

#include "model/payments/paymentgateway.h"

class QNetworkAccessManager;

namespace bo {

/// How the terminal reaches its payment service (docs/PAYMENTS.md, "The wire API").
struct HttpGatewaySettings
{
    QUrl baseUrl;                 ///< https://…; plain http only to a loopback address (paysim)
    int connectTimeoutMs = 3'000; ///< until the request is on the wire
    int readTimeoutMs = 10'000;   ///< from the request sent until the whole answer
    int maxAttempts = 4;          ///< requests per call (1 + retries), all with the same key
    int backoffInitialMs = 200;   ///< the wait before the first retry; doubles, with jitter
    int backoffMaxMs = 3'000;
    QString caFile;    ///< PEM certificates of a private CA, trusted besides the system's; never "no check"
    QByteArray apiKey; ///< sent as "Authorization: Bearer …"; never logged
    QString merchantTerminalId; ///< the acquirer's id of this till, sent instead of its permanent id
};

/// PaymentGateway over HTTP/JSON with Qt Network. Each call blocks its thread on a local event
/// loop until an answer or `timeoutMs` (retries and back-off included). Transport failures,
/// timeouts, 5xx, 408, 429 and answers that do not parse are retried with the same Idempotency-Key
/// while time and attempts are left, and end as Unknown, never as a guess; other 4xx are Refused.
/// Capture and void send a key derived from the payment's (operationKey), a refund its own.
/// The object belongs to the thread of its first call (its QNetworkAccessManager lives there).
class HttpPaymentGateway final : public PaymentGateway
{
public:
    explicit HttpPaymentGateway(HttpGatewaySettings settings);
    ~HttpPaymentGateway() override;
    HttpPaymentGateway(const HttpPaymentGateway&) = delete;
    HttpPaymentGateway& operator=(const HttpPaymentGateway&) = delete;

    [[nodiscard]] QString name() const override { return QStringLiteral("http"); }
    [[nodiscard]] GatewayReply authorise(const AuthoriseRequest& request) override;
    [[nodiscard]] GatewayReply capture(const QUuid& key, qint64 amountMinor, int timeoutMs) override;
    [[nodiscard]] GatewayReply voidPayment(const QUuid& key, int timeoutMs) override;
    [[nodiscard]] GatewayReply refund(const QUuid& key, const QUuid& refundKey, qint64 amountMinor,
                                      int timeoutMs) override;
    [[nodiscard]] GatewayReply lookup(const QUuid& key, int timeoutMs) override;

    /// Why these settings cannot work (bad URL, plain http to another host, no TLS, an unreadable
    /// CA file); empty when they can. With such settings every call is Refused unsent.
    [[nodiscard]] const QString& configurationError() const { return m_configurationError; }
    /// The Idempotency-Key of `operation` ("capture", "void") on the payment of `key`: a name-based
    /// UUID, the same on every retry and after a restart.
    [[nodiscard]] static QUuid operationKey(const QUuid& key, const QString& operation);

private:
    struct Call;
    struct Exchange;

    [[nodiscard]] GatewayReply run(const Call& call);
    [[nodiscard]] Exchange exchange(const Call& call, qint64 budgetMs);
    [[nodiscard]] GatewayReply interpret(const Call& call, const Exchange& exchange) const;
    void wait(qint64 ms);

    HttpGatewaySettings m_settings;
    QString m_configurationError;
    QList<QSslCertificate> m_extraCa;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

} // namespace bo
