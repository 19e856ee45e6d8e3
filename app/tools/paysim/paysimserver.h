// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAbstractHttpServer>
#include <QHash>
#include <QHttpServerRequest>
#include <QJsonObject>
#include <QPointer>

#include "app/tools/paysim/paysimfaults.h"
#include "app/tools/paysim/paysimstore.h"

class QTcpSocket;

namespace bo {

/// The payment-service simulator's HTTP side (docs/PAYMENTS.md, "The wire API"): routes the
/// /v1 payment requests through idempotency, faults and the store, and the /control requests
/// that set faults and count. Answers are written by hand on the socket (Connection: close) so a
/// fault can hold an answer back or drop the connection after the commit.
class PaysimServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    /// `apiKey` empty: no authentication; else every /v1 request needs "Authorization: Bearer <key>".
    PaysimServer(PaysimStore& store, FaultPlan& plan, QByteArray apiKey, QObject* parent = nullptr);
    ~PaysimServer() override;
    Q_DISABLE_COPY_MOVE(PaysimServer)

protected:
    bool handleRequest(const QHttpServerRequest& request, QTcpSocket* socket) override;
    void missingHandler(const QHttpServerRequest& request, QTcpSocket* socket) override;

private:
    struct Call
    {
        QString method;
        QStringList path; ///< the segments after the leading slash
        QByteArray body;
        QString idempotencyKey;
        QString query;
    };
    struct Answer
    {
        int status = 200;
        QJsonObject body;
        bool replayed = false;
        bool committed = false;
    };
    struct KeyStats
    {
        int requests = 0;
        int processed = 0;
        int replayed = 0;
        int mismatched = 0;
    };

    void serveControl(const Call& call, QTcpSocket* socket);
    void servePayments(const Call& call, const QPointer<QTcpSocket>& socket, const FaultDecision& decision);
    [[nodiscard]] Answer process(const Call& call, const FaultDecision& decision);
    [[nodiscard]] Answer authorise(const Call& call, const QJsonObject& body, const FaultDecision& decision);
    [[nodiscard]] Answer change(const Call& call, const QString& operation, const QJsonObject& body);
    [[nodiscard]] Answer lookup(const QString& key) const;
    [[nodiscard]] Answer commit(const Call& call, const QByteArray& fingerprint, const PaysimPayment& payment,
                                QJsonObject answerBody);
    [[nodiscard]] QJsonObject stats(const QString& key) const;
    static void send(QTcpSocket* socket, const Answer& answer);

    PaysimStore& m_store;
    FaultPlan& m_plan;
    QByteArray m_apiKey;
    int m_requests = 0;
    int m_paymentRequests = 0;
    QHash<QString, int> m_processed; ///< per operation
    int m_replayed = 0;
    int m_mismatched = 0;
    int m_errors = 0;
    int m_timeouts = 0;
    int m_drops = 0;
    QHash<QString, KeyStats> m_keyStats;
};

} // namespace bo
