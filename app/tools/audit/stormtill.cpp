// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// StormTill: a storm worker's till readied, and the cash of its sale taken, voided, captured.
#include "app/tools/audit/stormtill.h"

#include <utility>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/payments/paymentprocess.h"
#include "model/sale/checkedseatcommands.h"
#include "model/staff/staffsignin.h"

namespace bo::audit {

StormTill::StormTill(DbConnection& connection, const StormCash& cash, int showtime, int index,
                     QString terminal, QUuid tillId, QRandomGenerator& random, StormLedger& ledger)
    : m_connection(connection)
    , m_cash(cash)
    , m_showtime(showtime)
    , m_index(index)
    , m_terminal(std::move(terminal))
    , m_tillId(tillId)
    , m_random(random)
    , m_ledger(ledger)
    , m_intents(connection)
{}

bool StormTill::open(SeatStore& store)
{
    if (m_cash.staffed) {
        StaffStore staff(m_connection);
        auto checked = StaffSignIn(staff, m_terminal, m_tillId)
                           .check(m_cash.cashierIds.value(m_index), m_cash.pin, PinPurpose::SignIn);
        if (!checked) {
            m_ledger.error(QStringLiteral("sign-in"), checked.error());
            return false;
        }
        if (!checked.value().ok()) {
            m_ledger.error(QStringLiteral("sign-in"),
                           makeError(ErrorCode::Internal, QStringLiteral("the cashier was not signed in"),
                                     checked.value().message));
            return false;
        }
        m_ledger.count(QStringLiteral("sign-in"));
        auto shift = TillShiftStore(m_connection).openShift(m_tillId, m_terminal, 0);
        if (!shift) {
            m_ledger.error(QStringLiteral("open-shift"), shift.error());
            return false;
        }
        m_ledger.count(QStringLiteral("open-shift"));
    }
    // The bill as the till makes it: the showtime's ticket types plus what each seat's kind adds.
    CatalogStore catalog(m_connection);
    auto tiers = catalog.priceTiers(m_showtime);
    if (!tiers) {
        m_ledger.error(QStringLiteral("price-list"), tiers.error());
        return false;
    }
    auto show = catalog.showtime(m_showtime);
    if (!show) {
        m_ledger.error(QStringLiteral("price-list"), show.error());
        return false;
    }
    auto seats = store.seats(m_showtime, CheckedSeatCommands::newToken());
    if (!seats) {
        m_ledger.error(QStringLiteral("price-list"), seats.error());
        return false;
    }
    m_prices.setPriceList(tiers.value());
    m_prices.setSurcharges(seats.value(), show.value().seatSurcharges);
    return true;
}

Status StormTill::pay(ConfirmRequest& request, const QList<int>& seats, const QUuid& token,
                      const QUuid& bookingId, const QString& bookingCode)
{
    SaleBasket bill = m_prices;
    for (qsizetype i = 0; i < request.tiers.size() && i < seats.size(); ++i)
        bill.setTier(seats.at(i), request.tiers.at(i));
    const qint64 total = bill.totalMinor(seats);
    const QString currency = bill.currency(QStringLiteral("KRW"));
    if (m_cashIntent &&
        (m_cashIntent->request.amountMinor != total || m_cashIntent->request.currency != currency ||
         m_cashIntent->request.bookingId != bookingId))
        voidCash(QStringLiteral("cash-void-repriced"));
    if (!m_cashIntent) {
        NewPaymentIntent intent;
        intent.key = QUuid::createUuid();
        intent.holdToken = token;
        intent.showtimeId = m_showtime;
        intent.bookingId = bookingId;
        intent.bookingCode = bookingCode;
        intent.terminal = m_terminal;
        intent.terminalId = m_tillId;
        intent.method = PaymentMethod::Cash;
        intent.amountMinor = total;
        intent.currency = currency;
        // Exact money, or a note more and change back.
        intent.tenderedMinor = total + qint64(m_random.bounded(3)) * 1000;
        auto made = m_intents.create(intent);
        if (!made)
            return made.error();
        if (made.value().state != IntentState::Authorised || made.value().request.amountMinor != total)
            return makeError(ErrorCode::Internal, QStringLiteral("cash not taken"),
                             QStringLiteral("intent %1 for %2 stored as %3 for %4")
                                 .arg(intent.key.toString(QUuid::WithoutBraces))
                                 .arg(total)
                                 .arg(QLatin1String(intentStateName(made.value().state)))
                                 .arg(made.value().request.amountMinor));
        m_cashIntent = made.value();
        m_ledger.count(QStringLiteral("cash"));
    } else {
        m_ledger.count(QStringLiteral("cash-reused"));
    }
    request = PaymentProcess::carrying(std::move(request), *m_cashIntent);
    return success();
}

void StormTill::voidCash(const QString& why)
{
    if (!m_cashIntent)
        return;
    const QUuid key = m_cashIntent->request.key;
    m_cashIntent.reset();
    auto r = m_intents.advance(key, IntentState::Authorised, IntentState::Voided);
    if (!r)
        m_ledger.error(why, r.error());
    else
        m_ledger.count(why);
}

void StormTill::captureCash()
{
    if (!m_cashIntent)
        return;
    const QUuid key = m_cashIntent->request.key;
    m_cashIntent.reset();
    auto r = m_intents.advance(key, IntentState::Authorised, IntentState::Captured);
    if (!r)
        m_ledger.error(QStringLiteral("cash-capture"), r.error());
    else
        m_ledger.count(QStringLiteral("cash-capture"));
}

} // namespace bo::audit
