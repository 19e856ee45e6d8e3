// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/refundstore.h"
#include "model/core/result.h"
#include "model/payments/cardpayments.h"

namespace bo {

class CliSession;

/// A command that calls the card gateway itself (`sell --pay card`, `reconcile`, the refunds with
/// `--gateway`) acts as the payment service: only the service's login records what the gateway
/// answered (migration 0044), so such a command opens a second connection with that login
/// (--service-db, $BOXOFFICE_SERVICE_DB, the demo's) and runs the service's rules (CardStepHandler) on it.
class CliCardService final
{
public:
    CliCardService() = default;
    Q_DISABLE_COPY_MOVE(CliCardService)

    /// Connects as the service; called before anything of the command is written, so a wrong
    /// login leaves nothing behind.
    [[nodiscard]] Status open(const CliSession& session);
    /// The card steps for the command's own intents `own` through `gateway`; null when not opened.
    [[nodiscard]] CardPayments* cardsFor(PaymentIntents& own, PaymentGateway& gateway);
    /// Both for a command on `session`'s connection `own`: with a `gateway`, the service opened and
    /// its card steps (passes taken on `own`); without one, null (card refunds then wait).
    [[nodiscard]] Result<CardPayments*> openFor(const CliSession& session, DbConnection& own,
                                                PaymentGateway* gateway);

private:
    std::unique_ptr<PaymentIntentStore> m_own; ///< openFor's: the command's own intents
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<PaymentIntentStore> m_intents;
    std::unique_ptr<RefundStore> m_refunds;
    std::unique_ptr<LocalCardPayments> m_cards;
};

} // namespace bo
