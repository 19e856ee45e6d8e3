// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/paysim/paysimserver.h"

#include <cmath>
#include <cstdlib>

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTimer>
#include <QUrlQuery>

#include <spdlog/spdlog.h>

#include "app/common/loopbackdaemon.h"
#include "app/tools/paysim/paysimlog.h"

namespace bo {
namespace {

constexpr int crashExitStatus = 99;
constexpr qint64 maxAmountMinor = 1'000'000'000'000'000; // well inside a double's exact integers

QJsonObject error(const char* code, const QString& message)
{
    return QJsonObject{{QStringLiteral("error"), QLatin1String(code)}, {QStringLiteral("message"), message}};
}

bool readAmount(const QJsonObject& body, qint64* amount)
{
    const QJsonValue value = body.value(QLatin1String("amount_minor"));
    const double number = value.toDouble(-1);
    if (!value.isDouble() || number < 1 || number > static_cast<double>(maxAmountMinor) ||
        std::floor(number) != number)
        return false;
    *amount = static_cast<qint64>(number);
    return true;
}

/// The test decline triggers: a card token, else the amount's last two digits (docs/PAYMENTS.md).
QString declineReasonFor(qint64 amountMinor, const QString& cardToken)
{
    static const QHash<QString, QString> byToken{
        {QStringLiteral("tok_insufficient_funds"), QStringLiteral("insufficient_funds")},
        {QStringLiteral("tok_expired_card"), QStringLiteral("expired_card")},
        {QStringLiteral("tok_do_not_honour"), QStringLiteral("do_not_honour")},
        {QStringLiteral("tok_suspected_fraud"), QStringLiteral("suspected_fraud")},
    };
    if (const auto it = byToken.constFind(cardToken); it != byToken.cend())
        return it.value();
    switch (amountMinor % 100) {
    case 51:
        return QStringLiteral("insufficient_funds");
    case 54:
        return QStringLiteral("expired_card");
    case 5:
        return QStringLiteral("do_not_honour");
    case 59:
        return QStringLiteral("suspected_fraud");
    default:
        return {};
    }
}

QString now()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
}

bool constantTimeEquals(const QByteArray& a, const QByteArray& b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    return diff == 0;
}

} // namespace

PaysimServer::PaysimServer(PaysimStore& store, FaultPlan& plan, QByteArray apiKey, QObject* parent)
    : QAbstractHttpServer(parent)
    , m_store(store)
    , m_plan(plan)
    , m_apiKey(std::move(apiKey))
{}

PaysimServer::~PaysimServer() = default;

bool PaysimServer::handleRequest(const QHttpServerRequest& request, QTcpSocket* socket)
{
    ++m_requests;
    Call call;
    call.method = request.method() == QHttpServerRequest::Method::Get    ? QStringLiteral("GET")
                  : request.method() == QHttpServerRequest::Method::Post ? QStringLiteral("POST")
                                                                         : QStringLiteral("OTHER");
    call.path = request.url().path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    call.query = request.url().query();
    call.body = request.body();
    QByteArray authorization;
    for (const auto& [name, value] : request.headers()) {
        if (name.compare("Idempotency-Key", Qt::CaseInsensitive) == 0)
            call.idempotencyKey = QString::fromLatin1(value).trimmed();
        else if (name.compare("Authorization", Qt::CaseInsensitive) == 0)
            authorization = value.trimmed();
    }
    if (call.path.value(0) == QLatin1String("control")) {
        serveControl(call, socket);
        return true;
    }
    if (call.path.value(0) != QLatin1String("v1") || call.path.value(1) != QLatin1String("payments")) {
        send(socket, {404, error("no_such_endpoint", QStringLiteral("no such endpoint"))});
        return true;
    }
    if (!m_apiKey.isEmpty() && !constantTimeEquals(authorization, "Bearer " + m_apiKey)) {
        paysimLog(spdlog::level::warn, QStringLiteral("unauthorised"),
                  {{QStringLiteral("method"), call.method}});
        send(socket, {401, error("unauthorised", QStringLiteral("a valid bearer token is needed"))});
        return true;
    }
    ++m_paymentRequests;
    if (!call.idempotencyKey.isEmpty())
        ++m_keyStats[call.idempotencyKey].requests;
    const FaultDecision decision = m_plan.decide(call.method == QLatin1String("POST"));
    const QPointer<QTcpSocket> guarded(socket);
    if (m_plan.faults().latencyMs > 0) {
        QTimer::singleShot(m_plan.faults().latencyMs, this,
                           [this, call, guarded, decision] { servePayments(call, guarded, decision); });
    } else {
        servePayments(call, guarded, decision);
    }
    return true;
}

void PaysimServer::missingHandler(const QHttpServerRequest& /*request*/, QTcpSocket* socket)
{
    send(socket, {404, error("no_such_endpoint", QStringLiteral("no such endpoint"))});
}

void PaysimServer::servePayments(const Call& call, const QPointer<QTcpSocket>& socket,
                                 const FaultDecision& decision)
{
    const QJsonObject logged{{QStringLiteral("method"), call.method},
                             {QStringLiteral("path"), QLatin1Char('/') + call.path.join(QLatin1Char('/'))},
                             {QStringLiteral("key"), call.idempotencyKey}};
    if (decision.error) {
        ++m_errors;
        paysimLog(spdlog::level::info, QStringLiteral("fault_error"), logged);
        if (socket)
            send(socket, {500, error("simulated_failure", QStringLiteral("simulated internal error"))});
        return;
    }
    const Answer answer = process(call, decision);
    QJsonObject done = logged;
    done.insert(QStringLiteral("status"), answer.status);
    done.insert(QStringLiteral("replayed"), answer.replayed);
    if (answer.body.contains(QLatin1String("reference")))
        done.insert(QStringLiteral("reference"), answer.body.value(QLatin1String("reference")));
    if (answer.body.contains(QLatin1String("state")))
        done.insert(QStringLiteral("state"), answer.body.value(QLatin1String("state")));
    if (answer.body.contains(QLatin1String("error")))
        done.insert(QStringLiteral("error"), answer.body.value(QLatin1String("error")));
    paysimLog(spdlog::level::info, QStringLiteral("request"), done);

    const int crashAfter = m_plan.faults().crashAfter;
    if (crashAfter > 0 && m_paymentRequests >= crashAfter) {
        paysimLog(spdlog::level::warn, QStringLiteral("fault_crash"),
                  {{QStringLiteral("after"), crashAfter}});
        spdlog::default_logger()->flush();
        std::_Exit(crashExitStatus);
    }
    if (decision.drop) {
        ++m_drops;
        paysimLog(spdlog::level::info, QStringLiteral("fault_drop"), logged);
        if (socket)
            socket->abort();
        return;
    }
    if (decision.timeout) {
        ++m_timeouts;
        const int lateMs = m_plan.faults().timeoutAnswerMs;
        QJsonObject late = logged;
        late.insert(QStringLiteral("answer_after_ms"), lateMs);
        paysimLog(spdlog::level::info, QStringLiteral("fault_timeout"), late);
        if (lateMs > 0) {
            QTimer::singleShot(lateMs, this, [socket, answer] {
                if (socket && socket->state() == QAbstractSocket::ConnectedState)
                    send(socket, answer);
            });
        }
        // lateMs == 0: never answered; the socket goes when the client gives up.
        return;
    }
    if (socket)
        send(socket, answer);
}

PaysimServer::Answer PaysimServer::process(const Call& call, const FaultDecision& decision)
{
    const QStringList& path = call.path;
    const bool post = call.method == QLatin1String("POST");
    if (call.method == QLatin1String("GET") && path.size() == 3)
        return lookup(path[2]);
    if (!post)
        return {405, error("method_not_allowed", QStringLiteral("use POST, or GET for a look-up"))};

    static const QRegularExpression keyPattern(QStringLiteral("^[A-Za-z0-9_-]{1,255}$"));
    if (!keyPattern.match(call.idempotencyKey).hasMatch())
        return {400, error("idempotency_key_required",
                           QStringLiteral(
                               "an Idempotency-Key header of 1 to 255 letters, digits, - or _ is needed"))};
    QJsonParseError parseError{};
    const QJsonDocument document = call.body.trimmed().isEmpty()
                                       ? QJsonDocument(QJsonObject{})
                                       : QJsonDocument::fromJson(call.body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return {400, error("bad_json", QStringLiteral("the body must be one JSON object"))};
    const QJsonObject body = document.object();

    // The fingerprint: method, path and the body re-serialised (QJsonObject sorts its keys).
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(call.method.toLatin1() + ' ' + path.join(QLatin1Char('/')).toUtf8() + '\n');
    hash.addData(QJsonDocument(body).toJson(QJsonDocument::Compact));
    const QByteArray fingerprint = hash.result().toHex();

    KeyStats& keyStats = m_keyStats[call.idempotencyKey];
    if (const StoredAnswer* stored = m_store.answer(call.idempotencyKey)) {
        if (stored->fingerprint != fingerprint) {
            ++m_mismatched;
            ++keyStats.mismatched;
            return {422, error("idempotency_key_reused",
                               QStringLiteral("this Idempotency-Key was used with a different request"))};
        }
        ++m_replayed;
        ++keyStats.replayed;
        return {stored->status, stored->body, true};
    }

    Answer answer;
    if (path.size() == 2) {
        answer = authorise(call, body, decision);
        if (answer.status == 200)
            answer = commit(call, fingerprint, PaysimPayment::fromJson(answer.body), answer.body);
    } else if (path.size() == 4 && (path[3] == QLatin1String("capture") || path[3] == QLatin1String("void") ||
                                    path[3] == QLatin1String("refunds"))) {
        answer = change(call, path[3], body);
        if (answer.status == 200)
            answer = commit(call, fingerprint, PaysimPayment::fromJson(answer.body), answer.body);
    } else {
        return {404, error("no_such_endpoint", QStringLiteral("no such endpoint"))};
    }
    if (answer.committed) {
        ++m_processed[path.size() == 2 ? QStringLiteral("authorise") : path[3]];
        ++keyStats.processed;
    }
    return answer;
}

PaysimServer::Answer PaysimServer::authorise(const Call& call, const QJsonObject& body,
                                             const FaultDecision& decision)
{
    PaysimPayment p;
    if (!readAmount(body, &p.amountMinor))
        return {400, error("bad_amount",
                           QStringLiteral("amount_minor must be a whole number of minor units, 1 or more"))};
    static const QRegularExpression currencyPattern(QStringLiteral("^[A-Z]{3}$"));
    p.currency = body.value(QLatin1String("currency")).toString();
    if (!currencyPattern.match(p.currency).hasMatch())
        return {400, error("bad_currency", QStringLiteral("currency must be an ISO 4217 code such as KRW"))};
    p.merchantReference = body.value(QLatin1String("reference")).toString();
    if (p.merchantReference.isEmpty() || p.merchantReference.size() > 64)
        return {400,
                error("bad_reference", QStringLiteral("reference (the sale) must have 1 to 64 characters"))};
    p.terminalId = body.value(QLatin1String("terminal_id")).toString().left(64);
    p.key = call.idempotencyKey;
    p.reference = m_store.nextReference();
    p.maskedCard = QStringLiteral("VISA **** 4242");
    p.createdAt = now();
    p.updatedAt = p.createdAt;
    p.declineReason = declineReasonFor(p.amountMinor, body.value(QLatin1String("card_token")).toString());
    if (p.declineReason.isEmpty() && decision.decline)
        p.declineReason = QStringLiteral("do_not_honour");
    p.state = p.declineReason.isEmpty() ? QStringLiteral("authorised") : QStringLiteral("declined");
    return {200, p.toJson()};
}

PaysimServer::Answer PaysimServer::change(const Call& call, const QString& operation, const QJsonObject& body)
{
    std::optional<PaysimPayment> found = m_store.payment(call.path[2]);
    if (!found)
        return {404, error("payment_not_found", QStringLiteral("no payment has this key"))};
    PaysimPayment p = *found;
    auto wrongState = [&p] {
        QJsonObject e = error("invalid_state", QStringLiteral("the payment is %1").arg(p.state));
        e.insert(QStringLiteral("state"), p.state);
        return Answer{409, e};
    };
    QJsonObject extra;
    if (operation == QLatin1String("capture")) {
        qint64 amount = 0;
        if (!readAmount(body, &amount))
            return {400,
                    error("bad_amount", QStringLiteral("amount_minor must be a whole number, 1 or more"))};
        if (p.state != QLatin1String("authorised"))
            return wrongState();
        if (amount > p.amountMinor)
            return {400, error("amount_exceeds_authorised", QStringLiteral("more than was authorised"))};
        p.capturedMinor = amount;
        p.state = QStringLiteral("captured");
    } else if (operation == QLatin1String("void")) {
        if (p.state != QLatin1String("authorised"))
            return wrongState();
        p.state = QStringLiteral("voided");
    } else {
        qint64 amount = 0;
        if (!readAmount(body, &amount))
            return {400,
                    error("bad_amount", QStringLiteral("amount_minor must be a whole number, 1 or more"))};
        if (p.state != QLatin1String("captured"))
            return wrongState();
        if (amount > p.capturedMinor - p.refundedMinor)
            return {400, error("amount_exceeds_captured", QStringLiteral("more than is left to refund"))};
        p.refundedMinor += amount;
        if (p.refundedMinor == p.capturedMinor)
            p.state = QStringLiteral("refunded");
        extra.insert(QStringLiteral("refund"), QJsonObject{{QStringLiteral("key"), call.idempotencyKey},
                                                           {QStringLiteral("amount_minor"), amount}});
    }
    p.updatedAt = now();
    QJsonObject answer = p.toJson();
    for (auto it = extra.constBegin(); it != extra.constEnd(); ++it)
        answer.insert(it.key(), it.value());
    return {200, answer};
}

PaysimServer::Answer PaysimServer::lookup(const QString& key) const
{
    const std::optional<PaysimPayment> p = m_store.payment(key);
    if (!p)
        return {404, error("payment_not_found", QStringLiteral("no payment has this key"))};
    return {200, p->toJson()};
}

PaysimServer::Answer PaysimServer::commit(const Call& call, const QByteArray& fingerprint,
                                          const PaysimPayment& payment, QJsonObject answerBody)
{
    QString failure;
    if (!m_store.commit(call.idempotencyKey, StoredAnswer{fingerprint, 200, answerBody}, payment, &failure)) {
        paysimLog(spdlog::level::err, QStringLiteral("journal_failed"),
                  {{QStringLiteral("detail"), failure}});
        return {500, error("store_failed", QStringLiteral("the journal could not be written"))};
    }
    return {200, std::move(answerBody), false, true};
}

void PaysimServer::serveControl(const Call& call, QTcpSocket* socket)
{
    const QString what = call.path.value(1);
    if (what == QLatin1String("faults") && call.path.size() == 2) {
        if (call.method == QLatin1String("POST")) {
            QJsonParseError parseError{};
            const QJsonDocument document = QJsonDocument::fromJson(call.body, &parseError);
            QString failure = QStringLiteral("the body must be one JSON object");
            if (parseError.error != QJsonParseError::NoError || !document.isObject() ||
                !m_plan.faults().update(document.object(), &failure)) {
                send(socket, {400, error("bad_faults", failure)});
                return;
            }
            paysimLog(spdlog::level::info, QStringLiteral("faults"), m_plan.faults().toJson());
        }
        send(socket, {200, m_plan.faults().toJson()});
        return;
    }
    if (what == QLatin1String("stats") && call.path.size() == 2 && call.method == QLatin1String("GET")) {
        send(socket, {200, stats(QUrlQuery(call.query).queryItemValue(QStringLiteral("key")))});
        return;
    }
    send(socket, {404, error("no_such_endpoint", QStringLiteral("no such endpoint"))});
}

QJsonObject PaysimServer::stats(const QString& key) const
{
    QJsonObject processed;
    for (auto it = m_processed.constBegin(); it != m_processed.constEnd(); ++it)
        processed.insert(it.key(), it.value());
    QJsonObject json{
        {QStringLiteral("requests"), m_requests},
        {QStringLiteral("payment_requests"), m_paymentRequests},
        {QStringLiteral("processed"), processed},
        {QStringLiteral("replayed"), m_replayed},
        {QStringLiteral("mismatched"), m_mismatched},
        {QStringLiteral("faults"), QJsonObject{{QStringLiteral("error"), m_errors},
                                               {QStringLiteral("timeout"), m_timeouts},
                                               {QStringLiteral("drop"), m_drops}}},
        {QStringLiteral("payments"), m_store.paymentCount()},
    };
    if (!key.isEmpty()) {
        const KeyStats s = m_keyStats.value(key);
        json.insert(QStringLiteral("key"), QJsonObject{{QStringLiteral("requests"), s.requests},
                                                       {QStringLiteral("processed"), s.processed},
                                                       {QStringLiteral("replayed"), s.replayed},
                                                       {QStringLiteral("mismatched"), s.mismatched}});
    }
    return json;
}

void PaysimServer::send(QTcpSocket* socket, const Answer& answer)
{
    LoopbackDaemon::writeAnswer(socket, answer.status, answer.body,
                                answer.replayed ? QByteArray("Idempotent-Replayed: true\r\n") : QByteArray());
}

} // namespace bo
