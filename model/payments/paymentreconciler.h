// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>

#include "model/core/result.h"
#include "model/payments/paymentintents.h"

namespace bo {

class PaymentProcess;

/// What the reconciler does (or, dry, would do) with one unresolved intent.
enum class ReconcileAction {
    Abandon, ///< nothing was ever sent: marked never charged
    LookUp,  ///< the authorise's outcome is unknown: asked by key
    Capture, ///< its booking is confirmed: the money is taken
    Void,    ///< no booking came of it: the authorisation is given back (cash: handed back)
    Release, ///< the terminal's own sale is still pending after a restart: given up, then voided
    Wait,    ///< its booking is still pending and may yet be confirmed, or a refund is staff's
};

[[nodiscard]] const char* reconcileActionName(ReconcileAction action);
/// The action the rules of ARCHITECTURE §3 call for (before a look-up tells more).
[[nodiscard]] ReconcileAction plannedAction(const PaymentIntent& intent, bool ownSale);

struct ReconcileEntry
{
    PaymentIntent before;
    ReconcileAction action = ReconcileAction::Wait;
    IntentState after = IntentState::New; ///< the state afterwards (dry run: unchanged)
    QString error;                        ///< why this one could not be taken further now
};

struct ReconcileScope
{
    QString terminal;         ///< only this terminal's intents (its own, at start-up); empty: all
    bool ownSale = false;     ///< the caller made them (may give up their pending sales)
    int silentForSeconds = 0; ///< only intents unchanged for this long (another terminal's grace)
    int limit = 200;
    bool dryRun = false;
};

/// Resolves unresolved payment intents, one after another, by the rules of PaymentProcess: a
/// CONFIRMED booking's payment is captured, an authorised payment without a booking is voided,
/// an unknown one is looked up until known. One pass per call; the caller decides how often.
class PaymentReconciler
{
public:
    PaymentReconciler(PaymentIntents& intents, PaymentProcess& process);

    [[nodiscard]] Result<QList<ReconcileEntry>> runOnce(const ReconcileScope& scope);

private:
    PaymentIntents& m_intents;
    PaymentProcess& m_process;
};

} // namespace bo
