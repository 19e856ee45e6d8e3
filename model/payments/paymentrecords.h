// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QMetaType>
#include <QObject>

#include "model/core/result.h"
#include "model/payments/paymentintents.h"
#include "model/payments/paymentreconciler.h"

namespace bo {

/// One payment in doubt as a manager's view shows it: the intent as stored (with its booking's
/// state) and what the reconciler will do about it.
struct PaymentRecord
{
    PaymentIntent intent;
    ReconcileAction action = ReconcileAction::Wait; ///< what the rules call for (plannedAction)
    bool ownTerminal = false; ///< made by this terminal: its own sale is given up when silent
    bool due = false;         ///< silent past its grace period by the database's clock: the next pass acts
};

/// What one reconciler pass started by hand did.
struct PaymentCheck
{
    QList<ReconcileEntry> entries; ///< every intent the pass looked at: action, state after, error
    /// False when another process is the database's reconciler: only this terminal's own intents
    /// were taken (the leader takes the others on its next pass).
    bool othersChecked = false;
};

/// The port of the manager's view of unresolved payments: asynchronous requests that
/// return a request id at once and answer by signal on the caller's thread, so the screen never
/// waits on the database or the payment service.
class PaymentRecords : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~PaymentRecords() override = default;

    /// Reads every intent not in a final state, newest first: answered by unresolvedListed.
    [[nodiscard]] virtual int listUnresolved() = 0;
    /// Runs one reconciler pass with the normal grace rules (this terminal's own silent intents,
    /// then, if no other process reconciles now, every terminal's intents silent past the grace
    /// period): answered by checkFinished. May take as long as the payment calls it makes.
    [[nodiscard]] virtual int checkNow() = 0;

signals:
    void unresolvedListed(int requestId, const QList<bo::PaymentRecord>& records);
    void checkFinished(int requestId, const bo::PaymentCheck& check);
    /// The request could not be answered (e.g. the database is away); nothing was changed by it
    /// beyond what the intents themselves record.
    void requestFailed(int requestId, const bo::Error& error);
};

} // namespace bo

Q_DECLARE_METATYPE(bo::PaymentRecord)
Q_DECLARE_METATYPE(bo::PaymentCheck)
