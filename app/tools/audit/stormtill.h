// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormTill: a storm worker's till and the money at it, apart from the worker's sale steps
// (app/tools/audit/stormworker.h): how the storm's tills take money (StormCash), readying the
// till as a counter is before its first sale, and the cash of the sale at it, taken, voided or
// captured.
#pragma once

#include <optional>

#include <QList>
#include <QRandomGenerator>
#include <QString>
#include <QUuid>

#include "app/tools/audit/stormledger.h"
#include "db/paymentintentstore.h"
#include "model/core/result.h"
#include "model/payments/paymentintents.h"
#include "model/sale/salebasket.h"
#include "model/sale/seatdesk.h"

namespace bo {
class DbConnection;
class SeatStore;
} // namespace bo

namespace bo::audit {

/// How the storm's tills take money, decided once before the workers start.
struct StormCash
{
    /// Every confirm carries a cash payment of its sale's PENDING booking (the schema refuses a
    /// terminal's confirm without one: SchemaFeatures::cashAtTill).
    bool pays = false;
    /// The workers' login is a till: worker i signs `cashierIds[i]` in at its till and opens its
    /// shift first (one member per till: sign-ins of one member at many tills at once count as
    /// guesses and lock them). Not so where the workers run as the owner, who takes cash anywhere.
    bool staffed = false;
    QList<int> cashierIds;
    QString pin;
};

/// Worker `index`'s till, on the worker's connection and thread, counting into its ledger. It
/// holds the sale's cash (one AUTHORISED intent at most) until it is captured or voided.
class StormTill final
{
public:
    /// `connection`, `cash`, `random` and `ledger` are the worker's and outlive the till.
    StormTill(DbConnection& connection, const StormCash& cash, int showtime, int index, QString terminal,
              QUuid tillId, QRandomGenerator& random, StormLedger& ledger);
    StormTill(const StormTill&) = delete;
    StormTill& operator=(const StormTill&) = delete;

    /// Readies the till as a counter is before its first sale: the cashier signed in, the shift
    /// open, the showtime's price list loaded. False (with an error counted) when that fails.
    [[nodiscard]] bool open(SeatStore& store);
    /// Takes the price of what `request` books (`seats`, at the tiers it names) in cash for the
    /// sale `token`'s PENDING booking (a new intent unless the sale's intent is still for that
    /// amount and booking) and makes `request` carry it. The error when no cash was taken.
    [[nodiscard]] Status pay(ConfirmRequest& request, const QList<int>& seats, const QUuid& token,
                             const QUuid& bookingId, const QString& bookingCode);
    /// Hands the sale's cash back (AUTHORISED -> VOIDED), counted as `why`; nothing without cash.
    void voidCash(const QString& why);
    /// Keeps the cash of the confirmed sale (AUTHORISED -> CAPTURED); nothing without cash.
    void captureCash();
    /// A new sale: the last one's cash was captured or voided by now.
    void newSale() { m_cashIntent.reset(); }

private:
    DbConnection& m_connection;
    const StormCash& m_cash;
    const int m_showtime;
    const int m_index;
    const QString m_terminal;
    const QUuid m_tillId; ///< ConfirmRequest::terminalId; null when not paying
    QRandomGenerator& m_random;
    StormLedger& m_ledger;
    PaymentIntentStore m_intents;
    SaleBasket m_prices;                       ///< the showtime's price list and seat surcharges, no choices
    std::optional<PaymentIntent> m_cashIntent; ///< the sale's cash, AUTHORISED
};

} // namespace bo::audit
