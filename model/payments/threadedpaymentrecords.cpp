// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/threadedpaymentrecords.h"

#include <QSet>
#include <QThread>

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/payments/paymentprocess.h"

namespace bo {

/// Lives on the service's thread, made there by its first task: owns its connections and the
/// payment service.
class PaymentRecordsWorker final
{
public:
    PaymentRecordsWorker(ThreadedPaymentRecords* owner, PaymentIntentsFactory intents,
                         SeatCommandsFactory seats, CardPaymentsFactory cards,
                         ThreadedPaymentRecords::Options options)
        : m_owner(owner)
        , m_link(std::move(intents), std::move(seats), std::move(cards))
        , m_options(std::move(options))
    {}

    /// Nothing before the first request: it opens the connections.
    void begin() {}

    void list(int requestId)
    {
        if (Status s = m_link.open(); !s)
            return fail(requestId, s.error());
        IntentFilter all;
        all.unresolvedOnly = true;
        auto rows = m_link.intents().list(all);
        if (!rows)
            return fail(requestId, rows.error());
        // Which of them a pass would take now, by the database's clock (the same filters as the
        // reconciler's own, so the view never promises what the pass will not do).
        IntentFilter silent = all;
        silent.silentForSeconds = m_options.graceSeconds;
        auto due = keys(silent);
        if (!due)
            return fail(requestId, due.error());
        QSet<QUuid> dueKeys = due.value();
        if (!m_options.terminal.isEmpty()) {
            IntentFilter own = all;
            own.terminal = m_options.terminal;
            own.silentForSeconds = m_options.ownSilentSeconds;
            auto ownDue = keys(own);
            if (!ownDue)
                return fail(requestId, ownDue.error());
            dueKeys.unite(ownDue.value());
        }
        QList<PaymentRecord> records;
        records.reserve(rows.value().size());
        for (const PaymentIntent& intent : std::as_const(rows.value())) {
            PaymentRecord r;
            r.intent = intent;
            r.ownTerminal = !m_options.terminal.isEmpty() && intent.request.terminal == m_options.terminal;
            r.action = plannedAction(intent, r.ownTerminal);
            r.due = r.action != ReconcileAction::Wait && dueKeys.contains(intent.request.key);
            records << r;
        }
        emit m_owner->unresolvedListed(requestId, records);
    }

    void check(int requestId)
    {
        if (Status s = m_link.open(); !s)
            return fail(requestId, s.error());
        PaymentProcess process(m_link.intents(), m_link.seats(), m_link.cards(), m_clock,
                               [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); });
        PaymentReconciler reconciler(m_link.intents(), process);
        PaymentCheck check;
        QSet<QUuid> seen;
        if (!m_options.terminal.isEmpty()) {
            ReconcileScope own;
            own.terminal = m_options.terminal;
            own.ownSale = true;
            own.silentForSeconds = m_options.ownSilentSeconds;
            auto done = reconciler.runOnce(own);
            if (!done)
                return fail(requestId, done.error());
            for (const ReconcileEntry& e : std::as_const(done.value())) {
                seen.insert(e.before.request.key);
                check.entries << e;
            }
        }
        // Every terminal's intents only as the one reconciler of the database, for this pass (a
        // terminal leaves them to the payment service's, which alone may lead).
        if (m_options.everyTerminal) {
            auto leading = m_link.intents().tryLeadReconciliation();
            if (!leading)
                return fail(requestId, leading.error());
            check.othersChecked = leading.value();
        }
        if (check.othersChecked) {
            ReconcileScope all;
            all.silentForSeconds = m_options.graceSeconds;
            auto done = reconciler.runOnce(all);
            m_link.intents().stepDownAsReconciler();
            if (!done)
                return fail(requestId, done.error());
            for (const ReconcileEntry& e : std::as_const(done.value())) {
                if (!seen.contains(e.before.request.key))
                    check.entries << e;
            }
        }
        int resolved = 0;
        for (const ReconcileEntry& e : std::as_const(check.entries))
            resolved += isResolved(e.after) ? 1 : 0;
        spdlog::info("payment check by hand: {} looked at, {} resolved, others {}", check.entries.size(),
                     resolved, check.othersChecked ? "checked" : "left to the leading reconciler");
        emit m_owner->checkFinished(requestId, check);
    }

    void finish() { m_link.close(); }

private:
    Result<QSet<QUuid>> keys(const IntentFilter& filter)
    {
        auto rows = m_link.intents().list(filter);
        if (!rows)
            return rows.error();
        QSet<QUuid> out;
        for (const PaymentIntent& intent : std::as_const(rows.value()))
            out.insert(intent.request.key);
        return out;
    }

    void fail(int requestId, const Error& e)
    {
        spdlog::warn("payment records: {} ({})", e.message.toStdString(), e.detail.toStdString());
        if (e.code == ErrorCode::Offline)
            m_link.dropConnections(); // opened again for the next request
        emit m_owner->requestFailed(requestId, e);
    }

    ThreadedPaymentRecords* m_owner;
    PaymentConnections m_link;
    ThreadedPaymentRecords::Options m_options;
    SteadyClock m_clock;
};

ThreadedPaymentRecords::ThreadedPaymentRecords(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                                               CardPaymentsFactory cards, Options options, QObject* parent)
    : PaymentRecords(parent)
{
    qRegisterMetaType<PaymentRecord>();
    qRegisterMetaType<QList<PaymentRecord>>();
    qRegisterMetaType<PaymentCheck>();
    qRegisterMetaType<Error>();
    m_worker.start(QStringLiteral("payment-records"),
                   [this, intents = std::move(intents), seats = std::move(seats), cards = std::move(cards),
                    options = std::move(options)] {
                       return std::make_unique<PaymentRecordsWorker>(this, intents, seats, cards, options);
                   });
}

ThreadedPaymentRecords::~ThreadedPaymentRecords()
{
    // Each request still queued emits this service's signals: here, not with the members.
    m_worker.stop();
}

int ThreadedPaymentRecords::listUnresolved()
{
    const int requestId = ++m_nextId;
    m_worker.post([requestId](PaymentRecordsWorker& w) { w.list(requestId); });
    return requestId;
}

int ThreadedPaymentRecords::checkNow()
{
    const int requestId = ++m_nextId;
    m_worker.post([requestId](PaymentRecordsWorker& w) { w.check(requestId); });
    return requestId;
}

} // namespace bo
