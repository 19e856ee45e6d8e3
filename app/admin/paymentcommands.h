// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "app/admin/salecommands.h"
#include "model/payments/paymentgateway.h"
#include "model/seats/seattypes.h"

namespace bo {

class CliCardService;
struct PaymentIntent;

/// The payment commands (docs/PAYMENTS.md): `sell` (a whole sale paid by card or cash
/// through a durable intent, the counter's workflow), `payments`, `payment KEY` and `reconcile`.
class PaymentCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::PaymentCommands)

public:
    explicit PaymentCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(PaymentCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// `sell SHOWTIME SEAT[:TIER]... --pay card|cash [--tendered AMOUNT] [--gateway URL]`.
    [[nodiscard]] ExitCode sell(const QStringList& positional);
    /// `confirm SHOWTIME --owner TOKEN --key KEY [SEAT[:TIER]...] --pay card|cash`: pays for a sale
    /// held before and confirms it, idempotent per key (the payment's key is made from it).
    [[nodiscard]] ExitCode confirmPaid(int showtimeId, const QUuid& owner, const QUuid& key,
                                       const SaleCommands::SeatPicks& picks);
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
    struct PayOptions
    {
        bool card = false;
        qint64 tendered = 0; ///< cash handed over; 0: the price
    };
    /// A sale about to be paid: held already, or to be held first (`newHold`, `sell`).
    struct SaleToPay
    {
        int showtimeId = 0;
        QList<int> seatIds;
        QStringList tiers;
        QUuid owner;
        QUuid confirmKey;
        bool newHold = false;
        bool allHeld = false; ///< the confirm names no seats: every seat the owner holds
    };

    /// --pay and --tendered.
    [[nodiscard]] Result<PayOptions> payOptions() const;
    /// The card gateway (for a card), the connection and the payment service's login, in that
    /// order; the exit code when one of them failed.
    [[nodiscard]] std::optional<ExitCode>
    openPayment(const PayOptions& pay, std::unique_ptr<PaymentGateway>& service, CliCardService& serviceSide);
    /// Prices, pays and confirms `sale` as the counter does, and prints the outcome.
    [[nodiscard]] ExitCode payFor(SaleToPay sale, const PayOptions& pay, PaymentGateway* service,
                                  CliCardService& serviceSide);
    ExitCode printPaid(const ConfirmResult& booked, const PaymentIntent& intent, const SaleToPay& sale,
                       const QString& method, qint64 total, const QString& currency);

    CliSession& m_session;
};

} // namespace bo
