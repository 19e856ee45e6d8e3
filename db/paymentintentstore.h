// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <memory>

#include <QVariantList>

#include "db/connectionsettings.h"
#include "model/payments/paymentintents.h"

namespace bo {

class DbConnection;

/// The durable payment intents on PostgreSQL (migration 0010): every call is one statement of a
/// bo_payment_* function in autocommit, so each change is committed when it returns. Use from the
/// connection's thread.
///
/// A change whose answer was lost with the connection is sent once more by DbConnection; if the
/// first one had committed, the repeat of advance() answers Conflict (the intent is no longer in
/// `from`) and the caller reads it again, as after any lost race. Reconciler leadership is a
/// session lock: a re-opened connection has lost it, and the next tryLeadReconciliation() takes
/// it again if nobody else has.
class PaymentIntentStore final : public PaymentIntents
{
public:
    explicit PaymentIntentStore(DbConnection& connection);
    /// A store that owns its connection.
    explicit PaymentIntentStore(std::unique_ptr<DbConnection> connection);
    ~PaymentIntentStore() override;

    /// Opens a connection of its own (DbConnection::open) and a store on it.
    [[nodiscard]] static Result<std::unique_ptr<PaymentIntents>> open(const ConnectionSettings& settings,
                                                                      const QString& purpose);
    /// A factory that opens such a store each time it is called (for a worker thread).
    [[nodiscard]] static PaymentIntentsFactory factory(ConnectionSettings settings, QString purpose);
    /// The same through a pooler (`statements` pooled): the reconciler's lead, a session's lock,
    /// cannot go through it. Such a store asks through the pooler whether anybody leads
    /// (bo_payment_led, migration 0029) and opens a session on `lead` only to take the lead when
    /// nobody does, keeping it while it leads.
    [[nodiscard]] static PaymentIntentsFactory factory(ConnectionSettings statements, ConnectionSettings lead,
                                                       QString purpose);

    [[nodiscard]] Result<PaymentIntent> create(const NewPaymentIntent& intent) override;
    [[nodiscard]] Result<PaymentIntent> advance(const QUuid& key, IntentState from, IntentState to,
                                                const IntentChange& change = {}) override;
    [[nodiscard]] Result<PaymentIntent> noteUnknown(const QUuid& key, const QString& reason) override;
    [[nodiscard]] Result<PaymentIntent> find(const QUuid& key) override;
    [[nodiscard]] Result<QList<PaymentIntent>> list(const IntentFilter& filter) override;
    [[nodiscard]] Result<bool> tryLeadReconciliation() override;
    void stepDownAsReconciler() override;
    [[nodiscard]] Result<QUuid> servicePass(const QUuid& key) override;
    [[nodiscard]] Result<ServiceCaller> redeemPass(const QUuid& pass, const QUuid& key) override;

private:
    [[nodiscard]] Result<PaymentIntent> one(const QString& sql, const QVariantList& values);
    [[nodiscard]] Result<bool> tryLeadFromSession();

    std::unique_ptr<DbConnection> m_owned;
    DbConnection& m_connection;
    std::optional<ConnectionSettings> m_leadSettings; ///< set when m_connection goes through a pooler
    std::unique_ptr<DbConnection> m_leadSession;      ///< open while this store leads (or tries to)
};

} // namespace bo
