// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QList>
#include <QRegularExpression>
#include <QStringList>

#include "model/payments/paymentgateway.h"

namespace bo::test {

/// A payment service whose answers the test queues, one list per operation (an empty list
/// answers Unknown: "no answer"); every call is logged as "operation:key-prefix". `onCall` runs
/// before each answer (a test moves its clock there).
class ScriptedGateway final : public PaymentGateway
{
public:
    QList<GatewayReply> authorises, captures, voids, refunds, lookups;
    QStringList calls;
    std::function<void()> onCall;

    [[nodiscard]] QString name() const override { return QStringLiteral("scripted"); }

    GatewayReply authorise(const AuthoriseRequest& request) override
    {
        return next(authorises, QStringLiteral("authorise"), request.key);
    }
    GatewayReply capture(const QUuid& key, qint64, int) override
    {
        return next(captures, QStringLiteral("capture"), key);
    }
    GatewayReply voidPayment(const QUuid& key, int) override
    {
        return next(voids, QStringLiteral("void"), key);
    }
    GatewayReply refund(const QUuid& key, const QUuid&, qint64, int) override
    {
        return next(refunds, QStringLiteral("refund"), key);
    }
    GatewayReply lookup(const QUuid& key, int) override
    {
        return next(lookups, QStringLiteral("lookup"), key);
    }

    [[nodiscard]] int count(const QString& operation) const
    {
        return int(calls.filter(QRegularExpression(QLatin1Char('^') + operation + QLatin1Char(':'))).size());
    }

    static GatewayReply reply(GatewayOutcome outcome, GatewayPaymentState state = GatewayPaymentState::None,
                              const QString& reason = {})
    {
        GatewayReply r;
        r.outcome = outcome;
        r.state = state;
        r.reason = reason;
        r.attempts = 1;
        if (outcome == GatewayOutcome::Done)
            r.reference = QStringLiteral("ref-1");
        return r;
    }

private:
    GatewayReply next(QList<GatewayReply>& queue, const QString& operation, const QUuid& key)
    {
        calls << operation + QLatin1Char(':') + key.toString(QUuid::WithoutBraces).left(8);
        if (onCall)
            onCall();
        if (queue.isEmpty())
            return reply(GatewayOutcome::Unknown, GatewayPaymentState::None, QStringLiteral("no answer"));
        return queue.takeFirst();
    }
};

} // namespace bo::test
