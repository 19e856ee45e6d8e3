// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QString>
#include <QUrl>

#include "model/payments/cardpayments.h"

class QNetworkAccessManager;

namespace bo {

/// The terminal's side of boxoffice-service (app/service): each step takes a one-time pass with
/// the terminal's own connection, POSTs it to /v1/card/{step} and reads the payment again with
/// that connection. Blocking: each call waits on a local event loop at most its `timeoutMs` plus
/// five seconds. No answer, a late one, one that does not parse or any status but 200 and 400
/// gives Unknown (ask again with a look-up); 400 gives Refused. The object belongs to the thread
/// of its first call (its QNetworkAccessManager lives there).
class RemoteCardPayments final : public CardStepPayments
{
public:
    /// `serviceUrl`: http(s)://host:port of boxoffice-service; `gatewayName` is kept on the payment.
    RemoteCardPayments(PaymentIntents& own, QUrl serviceUrl, QString gatewayName = QStringLiteral("service"));
    ~RemoteCardPayments() override;

    /// Makes one per worker thread; null ones when `serviceUrl` is empty (no card service).
    [[nodiscard]] static CardPaymentsFactory factory(QUrl serviceUrl);

    [[nodiscard]] QString name() const override { return m_gatewayName; }

private:
    [[nodiscard]] CardReply run(CardStepHandler::Call call) override;
    /// The HTTP exchange of one step with its pass; the service's answer or Unknown/Refused.
    [[nodiscard]] GatewayReply post(const CardStepHandler::Call& call);

    PaymentIntents& m_own;
    QUrl m_serviceUrl;
    QString m_gatewayName;
    std::unique_ptr<QNetworkAccessManager> m_network;
};

} // namespace bo
