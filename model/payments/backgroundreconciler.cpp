// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/backgroundreconciler.h"

#include <QThread>
#include <QTimer>

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/paymentreconciler.h"

namespace bo {

/// Lives on the reconciler's thread, made there by its first task: owns the connections, the
/// service and the timer.
class ReconcilerWorker final : public QObject
{
    Q_OBJECT

public:
    ReconcilerWorker(BackgroundReconciler* owner, BackgroundReconciler::Options options)
        : m_owner(owner)
        , m_options(std::move(options))
        , m_link(owner->m_intents, owner->m_seats, owner->m_cards)
    {}

    void begin()
    {
        m_timer = new QTimer(this);
        m_timer->setInterval(m_options.intervalMs);
        connect(m_timer, &QTimer::timeout, this, &ReconcilerWorker::pass);
        m_timer->start();
        pass();
    }

    void finish()
    {
        if (m_timer)
            m_timer->stop();
        if (m_link.isOpen() && m_leading)
            m_link.intents().stepDownAsReconciler();
        m_link.close();
    }

    void pass()
    {
        if (Status s = m_link.open(); !s)
            return fail(s.error());
        PaymentProcess process(m_link.intents(), m_link.seats(), m_link.cards(), m_clock,
                               [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); });
        PaymentReconciler reconciler(m_link.intents(), process);
        int resolved = 0;
        int left = 0;
        auto count = [&resolved, &left](const QList<ReconcileEntry>& entries) {
            for (const ReconcileEntry& e : entries) {
                if (isResolved(e.after))
                    ++resolved;
                else
                    ++left;
            }
        };

        ReconcileScope own;
        own.terminal = m_options.terminal;
        own.ownSale = true;
        own.silentForSeconds = m_options.ownSilentSeconds;
        if (!m_options.terminal.isEmpty()) {
            auto done = reconciler.runOnce(own);
            if (!done)
                return fail(done.error());
            count(done.value());
        }

        if (!m_leading && m_options.everyTerminal) {
            auto leading = m_link.intents().tryLeadReconciliation();
            if (!leading)
                return fail(leading.error());
            m_leading = leading.value();
        }
        if (m_leading) {
            ReconcileScope all;
            all.silentForSeconds = m_options.graceSeconds;
            auto done = reconciler.runOnce(all);
            if (!done)
                return fail(done.error());
            count(done.value());
        }
        if (resolved > 0)
            spdlog::info("reconciler: {} payments resolved, {} left", resolved, left);
        m_owner->m_resolved += resolved;
        emit m_owner->passFinished(resolved, left, m_leading);
    }

private:
    void fail(const Error& e)
    {
        spdlog::warn("reconciler: pass failed: {} ({})", e.message.toStdString(), e.detail.toStdString());
        if (e.code == ErrorCode::Offline) {
            // Opened again on the next pass; the session lock went with the connection.
            m_link.dropConnections();
            m_leading = false;
        }
        emit m_owner->passFailed(e.message);
    }

    BackgroundReconciler* m_owner;
    BackgroundReconciler::Options m_options;
    PaymentConnections m_link;
    SteadyClock m_clock;
    QTimer* m_timer = nullptr;
    bool m_leading = false;
};

BackgroundReconciler::BackgroundReconciler(PaymentIntentsFactory intents, SeatCommandsFactory seats,
                                           CardPaymentsFactory cards, Options options, QObject* parent)
    : QObject(parent)
    , m_intents(std::move(intents))
    , m_seats(std::move(seats))
    , m_cards(std::move(cards))
    , m_options(std::move(options))
{}

BackgroundReconciler::~BackgroundReconciler()
{
    // Here, not with the members: the passes still queued emit this reconciler's signals.
    stop();
}

void BackgroundReconciler::start()
{
    m_worker.start(QStringLiteral("payment-reconciler"),
                   [this, options = m_options] { return std::make_unique<ReconcilerWorker>(this, options); });
}

void BackgroundReconciler::stop()
{
    m_worker.stop();
}

bool BackgroundReconciler::isRunning() const
{
    return m_worker.isRunning();
}

void BackgroundReconciler::reconcileNow()
{
    m_worker.post([](ReconcilerWorker& w) { w.pass(); });
}

} // namespace bo

#include "backgroundreconciler.moc"
