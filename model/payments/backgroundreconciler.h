// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <functional>
#include <memory>

#include <QObject>
#include <QString>

#include "model/core/workerthread.h"
#include "model/payments/paymentconnections.h"

namespace bo {

class ReconcilerWorker;

/// The payment reconciler (docs/PAYMENTS.md): its own thread, its own connection and a timer.
/// Every terminal runs one for its own intents that have been silent for a while (a restart
/// after a crash: its pending sales are given up); the payment service runs the one that, as the
/// one reconciler of the database (a session advisory lock only its login may take), settles
/// every terminal's intents silent past the grace period, by the rules of PaymentProcess.
class BackgroundReconciler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BackgroundReconciler)

public:
    struct Options
    {
        QString terminal;          ///< this terminal's name: its own intents
        int intervalMs = 15'000;   ///< between passes
        int ownSilentSeconds = 60; ///< longer than any one payment step of a live sale
        int graceSeconds = 120;    ///< another terminal's intents: longer than any payment call
        /// Also every terminal's intents, as the one reconciler of the database: only on the
        /// payment service's login may it lead (docs/SECURITY.md, SiteLeads sets it); a
        /// terminal's, by default, finishes its own and never asks to lead.
        bool everyTerminal = false;
    };

    BackgroundReconciler(PaymentIntentsFactory intents, SeatCommandsFactory seats, CardPaymentsFactory cards,
                         Options options, QObject* parent = nullptr);
    ~BackgroundReconciler() override;

    /// Starts the thread; the first pass runs at once.
    void start();
    /// Stops the timer, closes the connection (leadership goes with it) and joins the thread.
    void stop();
    [[nodiscard]] bool isRunning() const;
    /// Intents resolved by this reconciler since start (any thread may read).
    [[nodiscard]] int resolved() const { return m_resolved.load(); }

signals:
    /// After each pass: intents it resolved, and unresolved ones it saw and left.
    void passFinished(int resolved, int left, bool leading);
    void passFailed(const QString& reason);

public slots:
    /// Runs a pass now on the reconciler's thread.
    void reconcileNow();

private:
    friend class ReconcilerWorker;

    PaymentIntentsFactory m_intents;
    SeatCommandsFactory m_seats;
    CardPaymentsFactory m_cards;
    Options m_options;
    std::atomic<int> m_resolved{0};
    ThreadedWorker<ReconcilerWorker> m_worker;
};

} // namespace bo
