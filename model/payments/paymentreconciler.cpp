// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentreconciler.h"

#include <spdlog/spdlog.h>

#include "model/payments/paymentprocess.h"

namespace bo {

const char* reconcileActionName(ReconcileAction action)
{
    switch (action) {
    case ReconcileAction::Abandon:
        return "abandon";
    case ReconcileAction::LookUp:
        return "look-up";
    case ReconcileAction::Capture:
        return "capture";
    case ReconcileAction::Void:
        return "void";
    case ReconcileAction::Release:
        return "release";
    case ReconcileAction::Wait:
        return "wait";
    }
    return "wait";
}

ReconcileAction plannedAction(const PaymentIntent& intent, bool ownSale)
{
    const QString& booking = intent.bookingStatus;
    switch (intent.state) {
    case IntentState::New:
        return ReconcileAction::Abandon;
    case IntentState::Authorising:
        return ReconcileAction::LookUp;
    case IntentState::Authorised:
        if (booking == QLatin1String("CONFIRMED"))
            return ReconcileAction::Capture;
        if (booking == QLatin1String("PENDING"))
            return ownSale ? ReconcileAction::Release : ReconcileAction::Wait;
        return ReconcileAction::Void;
    // A capture needs the booking CONFIRMED and a void needs it not to be (0010): a capture whose
    // booking was cancelled, or a void whose booking was confirmed, can never be recorded. Since
    // 0011 neither can arise (cancel and confirm refuse mid-call); one left by an older release
    // waits for a manager (refund or void by hand) instead of being sent again on every pass.
    case IntentState::Capturing:
        return booking == QLatin1String("CONFIRMED") ? ReconcileAction::Capture : ReconcileAction::Wait;
    case IntentState::Voiding:
        return booking == QLatin1String("CONFIRMED") ? ReconcileAction::Wait : ReconcileAction::Void;
    case IntentState::Refunding:
    case IntentState::Declined:
    case IntentState::Captured:
    case IntentState::Voided:
    case IntentState::Refunded:
    case IntentState::Abandoned:
        return ReconcileAction::Wait;
    }
    return ReconcileAction::Wait;
}

PaymentReconciler::PaymentReconciler(PaymentIntents& intents, PaymentProcess& process)
    : m_intents(intents)
    , m_process(process)
{}

Result<QList<ReconcileEntry>> PaymentReconciler::runOnce(const ReconcileScope& scope)
{
    IntentFilter filter;
    filter.unresolvedOnly = true;
    filter.terminal = scope.terminal;
    filter.silentForSeconds = scope.silentForSeconds;
    filter.limit = scope.limit;
    Result<QList<PaymentIntent>> open = m_intents.list(filter);
    if (!open)
        return open.error();

    QList<ReconcileEntry> entries;
    for (const PaymentIntent& intent : open.value()) {
        ReconcileEntry entry;
        entry.before = intent;
        entry.action = plannedAction(intent, scope.ownSale);
        entry.after = intent.state;
        if (!scope.dryRun && entry.action != ReconcileAction::Wait) {
            Result<PaymentIntent> after = m_process.resolve(intent, scope.ownSale);
            if (after) {
                entry.after = after.value().state;
            } else {
                // Another process moved it (Conflict), or the database or the service is away:
                // left for the next pass, never guessed.
                entry.error = after.error().message;
                spdlog::warn("reconcile {}: {}",
                             intent.request.key.toString(QUuid::WithoutBraces).toStdString(),
                             after.error().detail.toStdString());
            }
        }
        entries << entry;
    }
    return entries;
}

} // namespace bo
