// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/paymentgateway.h"

namespace bo {

struct PaymentIntent;

/// The payment commands (issue 11, docs/PAYMENTS.md): `sell` (a whole sale paid by card or cash
/// through a durable intent, the counter's workflow), `payments`, `payment KEY` and `reconcile`.
class PaymentCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::PaymentCommands)

public:
    explicit PaymentCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(PaymentCommands)

    /// `sell SHOWTIME SEAT[:TIER]... --pay card|cash [--tendered AMOUNT] [--gateway URL]`.
    [[nodiscard]] ExitCode sell(const QStringList& positional);
    /// `payments [--unresolved] [--terminal NAME]`: newest first.
    [[nodiscard]] ExitCode payments();
    /// `payment KEY`: one intent, with its booking's state.
    [[nodiscard]] ExitCode payment(const QStringList& positional);
    /// `reconcile [--dry-run] [--silent-for S] [--gateway URL]`: one pass over unresolved intents.
    [[nodiscard]] ExitCode reconcile();

    /// The intent as the JSON of these commands.
    [[nodiscard]] static QJsonObject intentJson(const PaymentIntent& intent);

    /// The card payment service of --gateway or $BOXOFFICE_GATEWAY; null with `required` false
    /// when neither is set (also the refunds').
    [[nodiscard]] Result<std::unique_ptr<PaymentGateway>> gateway(bool required) const;

private:
    CliSession& m_session;
};

} // namespace bo
