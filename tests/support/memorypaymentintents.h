// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <algorithm>
#include <set>
#include <utility>

#include <QDateTime>
#include <QHash>
#include <QMutex>

#include "model/payments/paymentintents.h"

namespace bo::test {

/// Payment intents kept in memory, with the transition table of model/payments/paymentintents.h and its
/// compare and set; the booking's status is whatever the test sets. `failNext` makes the next
/// write fail as if the database were gone. For unit tests of what sits on the port. A row's
/// silence (IntentFilter::silentForSeconds) counts from `updatedAt` when the test set one; a row
/// without it counts as silent for ever.
class MemoryPaymentIntents final : public PaymentIntents
{
public:
    QHash<QUuid, PaymentIntent> rows;
    /// Every state change, "KEY:FROM>TO", in order.
    QStringList history;
    bool failNext = false;
    bool leaderTaken = false;

    void setBookingStatus(const QUuid& key, const QString& status) { rows[key].bookingStatus = status; }

    Result<PaymentIntent> create(const NewPaymentIntent& intent) override
    {
        if (Error e; takeFailure(e))
            return e;
        if (auto it = rows.constFind(intent.key); it != rows.constEnd()) {
            if (it->request.amountMinor != intent.amountMinor || it->request.holdToken != intent.holdToken)
                return makeError(ErrorCode::KeyMismatch, QStringLiteral("key reused"));
            return *it;
        }
        if (intent.amountMinor <= 0)
            return makeError(ErrorCode::BadInput, QStringLiteral("amount"));
        PaymentIntent row;
        row.request = intent;
        row.bookingStatus = QStringLiteral("PENDING");
        if (intent.method == PaymentMethod::Cash) {
            if (intent.tenderedMinor < intent.amountMinor)
                return makeError(ErrorCode::BadInput, QStringLiteral("too little cash"));
            row.state = IntentState::Authorised;
            row.changeMinor = intent.tenderedMinor - intent.amountMinor;
        }
        rows.insert(intent.key, row);
        return row;
    }

    Result<PaymentIntent> advance(const QUuid& key, IntentState from, IntentState to,
                                  const IntentChange& change) override
    {
        if (Error e; takeFailure(e))
            return e;
        auto it = rows.find(key);
        if (it == rows.end())
            return makeError(ErrorCode::NotFound, QStringLiteral("no intent"));
        if (it->state != from)
            return makeError(ErrorCode::Conflict, QStringLiteral("moved on"));
        if (!allowed(it->request.method, from, to))
            return makeError(ErrorCode::BadInput, QStringLiteral("illegal transition"));
        if (to == IntentState::Captured && it->bookingStatus != QLatin1String("CONFIRMED"))
            return makeError(ErrorCode::BadInput, QStringLiteral("captured without a confirmed booking"));
        if ((to == IntentState::Voiding || to == IntentState::Voided) &&
            it->bookingStatus == QLatin1String("CONFIRMED"))
            return makeError(ErrorCode::BadInput, QStringLiteral("voided with a confirmed booking"));
        history << QStringLiteral("%1:%2>%3")
                       .arg(key.toString(QUuid::WithoutBraces).left(4), QLatin1String(intentStateName(from)),
                            QLatin1String(intentStateName(to)));
        it->state = to;
        if (!change.gatewayReference.isEmpty())
            it->gatewayReference = change.gatewayReference;
        if (!change.maskedCard.isEmpty())
            it->maskedCard = change.maskedCard;
        if (!change.reason.isEmpty())
            it->reason = change.reason;
        return *it;
    }

    Result<PaymentIntent> noteUnknown(const QUuid& key, const QString& reason) override
    {
        if (Error e; takeFailure(e))
            return e;
        auto it = rows.find(key);
        if (it == rows.end())
            return makeError(ErrorCode::NotFound, QStringLiteral("no intent"));
        ++it->attempts;
        it->reason = reason;
        return *it;
    }

    Result<PaymentIntent> find(const QUuid& key) override
    {
        auto it = rows.constFind(key);
        if (it == rows.constEnd())
            return makeError(ErrorCode::NotFound, QStringLiteral("no intent"));
        return *it;
    }

    Result<QList<PaymentIntent>> list(const IntentFilter& filter) override
    {
        QList<PaymentIntent> out;
        for (const PaymentIntent& row : std::as_const(rows)) {
            if (filter.unresolvedOnly && isResolved(row.state))
                continue;
            if (!filter.terminal.isEmpty() && row.request.terminal != filter.terminal)
                continue;
            if (filter.silentForSeconds > 0 && row.updatedAt.isValid() &&
                row.updatedAt.secsTo(QDateTime::currentDateTimeUtc()) < filter.silentForSeconds)
                continue;
            out << row;
        }
        return out;
    }

    Result<bool> tryLeadReconciliation() override
    {
        if (leaderTaken)
            return false;
        leaderTaken = true;
        return true;
    }
    void stepDownAsReconciler() override { leaderTaken = false; }
    /// Passes are trusted here (the database's rules are tested against PostgreSQL): every pass
    /// names a till that made the payment.
    Result<QUuid> servicePass(const QUuid& key) override
    {
        if (!rows.contains(key))
            return makeError(ErrorCode::NotFound, QStringLiteral("no intent"));
        return QUuid::createUuid();
    }
    Result<ServiceCaller> redeemPass(const QUuid& /*pass*/, const QUuid& /*key*/) override
    {
        return ServiceCaller{QStringLiteral("till"), QStringLiteral("till"), true};
    }

    static bool allowed(PaymentMethod method, IntentState from, IntentState to)
    {
        using S = IntentState;
        static const std::set<std::pair<S, S>> card{
            {S::New, S::Authorising},      {S::New, S::Abandoned},         {S::Authorising, S::Authorised},
            {S::Authorising, S::Declined}, {S::Authorising, S::Abandoned}, {S::Authorised, S::Capturing},
            {S::Authorised, S::Voiding},   {S::Capturing, S::Captured},    {S::Voiding, S::Voided},
            {S::Captured, S::Refunding},   {S::Refunding, S::Refunded},
        };
        static const std::set<std::pair<S, S>> cash{
            {S::Authorised, S::Captured}, {S::Authorised, S::Voided}, {S::Captured, S::Refunded}};
        return (method == PaymentMethod::Card ? card : cash).count({from, to}) > 0;
    }

private:
    bool takeFailure(Error& e)
    {
        if (!failNext)
            return false;
        failNext = false;
        e = makeError(ErrorCode::Offline, QStringLiteral("the database cannot be reached"));
        return true;
    }
};

/// One process's view of shared memory intents (its own "connection", for a worker thread's
/// factory): every call under the shared mutex, and leadership per view, as a session advisory
/// lock is per connection; a view that goes away steps down.
class MemoryIntentsView final : public PaymentIntents
{
public:
    MemoryIntentsView(MemoryPaymentIntents& shared, QMutex& mutex, bool& taken)
        : m_shared(shared)
        , m_mutex(mutex)
        , m_taken(taken)
    {}
    ~MemoryIntentsView() override { stepDownAsReconciler(); }

    template <typename F> auto locked(F f)
    {
        QMutexLocker lock(&m_mutex);
        return f();
    }

    Result<PaymentIntent> create(const NewPaymentIntent& i) override
    {
        return locked([&] { return m_shared.create(i); });
    }
    Result<PaymentIntent> advance(const QUuid& k, IntentState f, IntentState t,
                                  const IntentChange& c) override
    {
        return locked([&] { return m_shared.advance(k, f, t, c); });
    }
    Result<PaymentIntent> noteUnknown(const QUuid& k, const QString& r) override
    {
        return locked([&] { return m_shared.noteUnknown(k, r); });
    }
    Result<PaymentIntent> find(const QUuid& k) override
    {
        return locked([&] { return m_shared.find(k); });
    }
    Result<QList<PaymentIntent>> list(const IntentFilter& f) override
    {
        return locked([&] { return m_shared.list(f); });
    }
    Result<QUuid> servicePass(const QUuid& k) override
    {
        return locked([&] { return m_shared.servicePass(k); });
    }
    Result<ServiceCaller> redeemPass(const QUuid& p, const QUuid& k) override
    {
        return locked([&] { return m_shared.redeemPass(p, k); });
    }
    Result<bool> tryLeadReconciliation() override
    {
        QMutexLocker lock(&m_mutex);
        if (m_leader)
            return true;
        if (m_taken)
            return false;
        m_taken = m_leader = true;
        return true;
    }
    void stepDownAsReconciler() override
    {
        QMutexLocker lock(&m_mutex);
        if (m_leader)
            m_taken = m_leader = false;
    }

private:
    MemoryPaymentIntents& m_shared;
    QMutex& m_mutex;
    bool& m_taken;
    bool m_leader = false;
};

} // namespace bo::test
