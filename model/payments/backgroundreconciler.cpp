// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/backgroundreconciler.h"

#include <QTimer>

#include <spdlog/spdlog.h>

#include "model/core/clock.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/paymentreconciler.h"

namespace bo {

/// Lives on the reconciler's thread: owns the connections, the service and the timer.
class ReconcilerWorker final : public QObject
{
    Q_OBJECT

public:
    ReconcilerWorker(BackgroundReconciler* owner, BackgroundReconciler::Options options)
        : m_owner(owner)
        , m_options(std::move(options))
        , m_link(owner->m_intents, owner->m_seats, owner->m_cards)
    {}

public slots:
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
{
    m_thread.setObjectName(QStringLiteral("payment-reconciler"));
}

BackgroundReconciler::~BackgroundReconciler()
{
    stop();
}

void BackgroundReconciler::start()
{
    if (m_thread.isRunning())
        return;
    m_worker = new ReconcilerWorker(this, m_options);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::started, m_worker, &ReconcilerWorker::begin);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

void BackgroundReconciler::stop()
{
    if (!m_thread.isRunning())
        return;
    QMetaObject::invokeMethod(m_worker, &ReconcilerWorker::finish, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    m_worker = nullptr;
}

bool BackgroundReconciler::isRunning() const
{
    return m_thread.isRunning();
}

void BackgroundReconciler::reconcileNow()
{
    if (m_worker)
        QMetaObject::invokeMethod(m_worker, &ReconcilerWorker::pass, Qt::QueuedConnection);
}

} // namespace bo

#include "backgroundreconciler.moc"
