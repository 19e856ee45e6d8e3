// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/paymentintentstore.h"

#include <spdlog/spdlog.h>

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

/// The columns of payment_intent_status every function returns, in the order read below.
const QString columns = QStringLiteral(
    "key, hold_token, showtime_id, booking_id, booking_code, terminal, terminal_id, method, amount_minor, "
    "currency, tendered_minor, change_minor, gateway, state, gateway_ref, masked_card, reason, attempts, "
    "created_at, updated_at, booking_status, booking_deadline");

QVariant nullableUuid(const QUuid& id)
{
    return id.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(uuidText(id));
}

QVariant nullableText(const QString& text)
{
    return text.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(text);
}

QUuid uuidAt(const Rows& r, int column)
{
    return r.value(column).isNull() ? QUuid() : QUuid::fromString(r.value(column).toString());
}

Result<PaymentIntent> readIntent(const Rows& r)
{
    PaymentIntent p;
    NewPaymentIntent& q = p.request;
    q.key = uuidAt(r, 0);
    q.holdToken = uuidAt(r, 1);
    q.showtimeId = r.value(2).toInt();
    q.bookingId = uuidAt(r, 3);
    q.bookingCode = r.value(4).toString();
    q.terminal = r.value(5).toString();
    q.terminalId = uuidAt(r, 6);
    q.method = r.value(7).toString() == QLatin1String("cash") ? PaymentMethod::Cash : PaymentMethod::Card;
    q.amountMinor = r.value(8).toLongLong();
    q.currency = r.value(9).toString();
    q.tenderedMinor = r.value(10).toLongLong();
    p.changeMinor = r.value(11).toLongLong();
    q.gateway = r.value(12).toString();
    bool known = false;
    p.state = intentStateFromText(r.value(13).toString(), &known);
    // Never guessed: a state this build does not know is a newer schema's.
    if (!known)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The payment is in a state this program does not know."),
                         QStringLiteral("payment %1 state %2").arg(uuidText(q.key), r.value(13).toString()));
    p.gatewayReference = r.value(14).toString();
    p.maskedCard = r.value(15).toString();
    p.reason = r.value(16).toString();
    p.attempts = r.value(17).toInt();
    p.createdAt = r.value(18).toDateTime();
    p.updatedAt = r.value(19).toDateTime();
    p.bookingStatus = r.value(20).toString();
    p.bookingDeadline = r.value(21).toDateTime();
    return p;
}

} // namespace

PaymentIntentStore::PaymentIntentStore(DbConnection& connection)
    : m_connection(connection)
{}

PaymentIntentStore::PaymentIntentStore(std::unique_ptr<DbConnection> connection)
    : m_owned(std::move(connection))
    , m_connection(*m_owned)
{}

PaymentIntentStore::~PaymentIntentStore() = default;

Result<std::unique_ptr<PaymentIntents>> PaymentIntentStore::open(const ConnectionSettings& settings,
                                                                 const QString& purpose)
{
    auto opened = DbConnection::open(settings, purpose);
    if (!opened)
        return opened.error();
    return std::unique_ptr<PaymentIntents>(std::make_unique<PaymentIntentStore>(std::move(opened.value())));
}

PaymentIntentsFactory PaymentIntentStore::factory(ConnectionSettings settings, QString purpose)
{
    return [settings = std::move(settings), purpose = std::move(purpose)] { return open(settings, purpose); };
}

PaymentIntentsFactory PaymentIntentStore::factory(ConnectionSettings statements, ConnectionSettings lead,
                                                  QString purpose)
{
    return [statements = std::move(statements), lead = std::move(lead),
            purpose = std::move(purpose)]() -> Result<std::unique_ptr<PaymentIntents>> {
        auto opened = DbConnection::open(statements, purpose);
        if (!opened)
            return opened.error();
        auto store = std::make_unique<PaymentIntentStore>(std::move(opened.value()));
        if (statements.pooled)
            store->m_leadSettings = lead;
        return std::unique_ptr<PaymentIntents>(std::move(store));
    };
}

Result<PaymentIntent> PaymentIntentStore::one(const QString& sql, const QVariantList& values)
{
    auto q = m_connection.exec(sql, values);
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    return readIntent(q.value());
}

Result<PaymentIntent> PaymentIntentStore::create(const NewPaymentIntent& intent)
{
    return one(
        QStringLiteral("SELECT %1 FROM bo_payment_create(?::uuid, ?::uuid, ?, ?::uuid, ?, ?, ?::uuid, ?, "
                       "?::bigint, ?, ?::bigint, ?)")
            .arg(columns),
        {uuidText(intent.key), uuidText(intent.holdToken), intent.showtimeId, uuidText(intent.bookingId),
         nullableText(intent.bookingCode), intent.terminal, nullableUuid(intent.terminalId),
         QString::fromLatin1(paymentMethodName(intent.method)), intent.amountMinor, intent.currency,
         intent.tenderedMinor, nullableText(intent.gateway)});
}

Result<PaymentIntent> PaymentIntentStore::advance(const QUuid& key, IntentState from, IntentState to,
                                                  const IntentChange& change)
{
    return one(QStringLiteral("SELECT %1 FROM bo_payment_advance(?::uuid, ?, ?, ?, ?, ?)").arg(columns),
               {uuidText(key), QString::fromLatin1(intentStateName(from)),
                QString::fromLatin1(intentStateName(to)), nullableText(change.gatewayReference),
                nullableText(change.maskedCard), nullableText(change.reason)});
}

Result<PaymentIntent> PaymentIntentStore::noteUnknown(const QUuid& key, const QString& reason)
{
    return one(QStringLiteral("SELECT %1 FROM bo_payment_note_unknown(?::uuid, ?)").arg(columns),
               {uuidText(key), nullableText(reason)});
}

Result<PaymentIntent> PaymentIntentStore::find(const QUuid& key)
{
    return one(QStringLiteral("SELECT %1 FROM bo_payment_find(?::uuid)").arg(columns), {uuidText(key)});
}

Result<QUuid> PaymentIntentStore::servicePass(const QUuid& key)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_service_pass(?::uuid)"), {uuidText(key)});
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    return QUuid::fromString(q.value().value(0).toString());
}

Result<ServiceCaller> PaymentIntentStore::redeemPass(const QUuid& pass, const QUuid& key)
{
    auto q = m_connection.exec(QStringLiteral("SELECT login, coalesce(kind, ''), made_it "
                                              "FROM bo_service_pass_redeem(?::uuid, ?::uuid)"),
                               {uuidText(pass), uuidText(key)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(
            ErrorCode::BadInput, QStringLiteral("The pass is not valid for this payment."),
            QStringLiteral("no such pass for payment %1 (spent, expired or made up)").arg(uuidText(key)));
    ServiceCaller caller;
    caller.login = r.value(0).toString();
    caller.kind = r.value(1).toString();
    caller.madeIt = r.value(2).toBool();
    return caller;
}

Result<QList<PaymentIntent>> PaymentIntentStore::list(const IntentFilter& filter)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT %1 FROM bo_payment_list(?, ?, ?, ?)").arg(columns),
        {filter.unresolvedOnly, nullableText(filter.terminal), filter.silentForSeconds, filter.limit});
    if (!q)
        return q.error();
    QList<PaymentIntent> out;
    Rows& r = q.value();
    while (r.next()) {
        auto intent = readIntent(r);
        if (!intent)
            return intent.error();
        out.append(std::move(intent).value());
    }
    return out;
}

Result<bool> PaymentIntentStore::tryLeadReconciliation()
{
    if (m_connection.settings().pooled) {
        if (!m_leadSettings)
            return makeError(ErrorCode::Internal,
                             QStringLiteral("the reconciler's lead cannot be taken through a pooler"));
        if (!m_leadSession) {
            // Nobody's lock is asked for through the pooler; a session is opened only to take it.
            auto led = m_connection.exec(QStringLiteral("SELECT bo_payment_led()"), {},
                                         DbConnection::RoundTrip::Short);
            if (!led)
                return led.error();
            if (led.value().next() && led.value().value(0).toBool())
                return false;
            auto opened = DbConnection::open(*m_leadSettings, QStringLiteral("reconciler-lead"));
            if (!opened)
                return opened.error();
            m_leadSession = std::move(opened.value());
        }
        auto leading = tryLeadFromSession();
        if (!leading || !leading.value())
            m_leadSession.reset(); // a follower keeps no session
        return leading;
    }
    auto q = m_connection.exec(QStringLiteral("SELECT bo_payment_try_lead()"));
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    return q.value().value(0).toBool();
}

Result<bool> PaymentIntentStore::tryLeadFromSession()
{
    auto q = m_leadSession->exec(QStringLiteral("SELECT bo_payment_try_lead()"));
    if (!q)
        return q.error();
    return q.value().next() && q.value().value(0).toBool();
}

void PaymentIntentStore::stepDownAsReconciler()
{
    if (m_connection.settings().pooled) {
        // Closing the session gives the lock back; the step-down says so at once.
        if (m_leadSession)
            (void)m_leadSession->exec(QStringLiteral("SELECT bo_payment_step_down()"));
        m_leadSession.reset();
        return;
    }
    // The lock ends with the session anyway; a failure here only delays the next leader.
    if (auto q = m_connection.exec(QStringLiteral("SELECT bo_payment_step_down()")); !q)
        spdlog::warn("could not step down as the payment reconciler: {}", q.error().detail.toStdString());
}

} // namespace bo
