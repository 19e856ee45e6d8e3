// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/paidsale.h"

#include <QJsonObject>

#include "db/catalogstore.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/core/clock.h"
#include "model/payments/paymentgateway.h"
#include "model/payments/paymentprocess.h"
#include "model/sale/checkedseatcommands.h"
#include "model/sale/salebasket.h"
#include "model/staff/staffsignin.h"
#include "tests/support/testdatabase.h"

namespace bo::test {

namespace {

const QString cashierName = QStringLiteral("Fixture Cashier");
const QString cashierPin = QStringLiteral("250815");

} // namespace

QString fixtureCashierPin()
{
    return cashierPin;
}

Result<int> fixtureCashier(const ConnectionSettings& terminal)
{
    const ConnectionSettings manager = TestDatabase::managerSettingsFor(terminal);
    auto opened = DbConnection::open(manager, QStringLiteral("test-staff"));
    if (!opened)
        return opened.error();
    StaffStore staff(*opened.value());
    auto members = staff.staff();
    if (!members)
        return members.error();
    for (const StaffMember& m : members.value())
        if (m.active && m.name == cashierName)
            return m.id;
    return staff.addStaff(cashierName, StaffRole::Cashier, cashierPin);
}

Status staffTill(DbConnection& c, const QUuid& tillId, const QString& till)
{
    StaffStore staff(c);
    auto at = staff.tillStaff(tillId);
    if (!at)
        return at.error();
    if (!at.value() || at.value()->staffId == 0 || at.value()->locked) {
        auto cashier = fixtureCashier(c.settings());
        if (!cashier)
            return cashier.error();
        auto checked =
            StaffSignIn(staff, till, tillId).check(cashier.value(), cashierPin, PinPurpose::SignIn);
        if (!checked)
            return checked.error();
        if (!checked.value().ok())
            return makeError(ErrorCode::Internal, QStringLiteral("the fixture's cashier was not signed in"));
    }
    TillShiftStore shifts(c);
    auto open = shifts.currentShift(tillId);
    if (!open)
        return open.error();
    if (!open.value()) {
        auto opened = shifts.openShift(tillId, till, 0);
        if (!opened)
            return opened.error();
    }
    return success();
}

Status payCash(DbConnection& c, ConfirmRequest& confirm)
{
    if (confirm.terminalId.isNull())
        confirm.terminalId = QUuid::createUuid();
    if (Status s = staffTill(c, confirm.terminalId, confirm.terminal); !s)
        return s;
    SeatStore store(c);
    CatalogStore catalog(c);
    auto seats = store.seats(confirm.showtimeId, confirm.owner);
    if (!seats)
        return seats.error();
    QList<int> ids = confirm.seatIds;
    if (ids.isEmpty()) {
        for (const SeatState& s : seats.value())
            if (s.status == SeatStatus::Held && s.heldBy == confirm.owner)
                ids << s.seatId;
    }
    auto tiers = catalog.priceTiers(confirm.showtimeId);
    if (!tiers)
        return tiers.error();
    auto show = catalog.showtime(confirm.showtimeId);
    if (!show)
        return show.error();
    // The bill as the till makes it: each seat's ticket type plus what its kind adds.
    SaleBasket basket;
    basket.setPriceList(tiers.value());
    basket.setSurcharges(seats.value(), show.value().seatSurcharges);
    for (qsizetype i = 0; i < confirm.tiers.size() && i < ids.size(); ++i)
        basket.setTier(ids.at(i), confirm.tiers.at(i));
    const qint64 total = basket.totalMinor(ids);

    CheckedSeatCommands service(store, SaleRules());
    auto started =
        service.beginPayment(confirm.showtimeId, ids, confirm.owner, confirm.terminal, confirm.terminalId);
    if (!started)
        return started.error();
    NewPaymentIntent intent;
    intent.key = QUuid::createUuid();
    intent.holdToken = confirm.owner;
    intent.showtimeId = confirm.showtimeId;
    intent.bookingId = started.value().bookingId;
    intent.bookingCode = started.value().bookingCode;
    intent.terminal = confirm.terminal;
    intent.terminalId = confirm.terminalId;
    intent.method = PaymentMethod::Cash;
    intent.amountMinor = total;
    intent.currency = basket.currency(QStringLiteral("KRW"));
    intent.tenderedMinor = total;
    PaymentIntentStore intents(c);
    auto made = intents.create(intent);
    if (!made)
        return made.error();
    confirm.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                                  {QStringLiteral("intent"), intent.key.toString(QUuid::WithoutBraces)},
                                  {QStringLiteral("amount_minor"), total},
                                  {QStringLiteral("currency"), intent.currency}};
    return success();
}

QString paidSale(DbConnection& c, int showtime, const QList<int>& seats, const QString& till,
                 const QUuid& tillId, PaymentGateway* gateway, qint64 seatPrice)
{
    const bool card = gateway != nullptr;
    // A till's cash needs its member and shift; a database without the fixture's logins (one left
    // at an old migration, sold on by the owner) has neither and needs neither.
    const bool fixtureLogins =
        !TestDatabase::managerSettingsFor(c.settings()).value(QStringLiteral("user")).isEmpty();
    if (!card && fixtureLogins && !staffTill(c, tillId, till).ok())
        return {};
    SeatStore store(c);
    CheckedSeatCommands service(store, SaleRules());
    const QUuid token = CheckedSeatCommands::newToken();
    auto held = service.hold(showtime, seats, token);
    if (!held || !held.value().granted)
        return {};
    auto started = service.beginPayment(showtime, seats, token, till, tillId);
    if (!started)
        return {};
    NewPaymentIntent intent;
    intent.key = QUuid::createUuid();
    intent.holdToken = token;
    intent.showtimeId = showtime;
    intent.bookingId = started.value().bookingId;
    intent.bookingCode = started.value().bookingCode;
    intent.terminal = till;
    intent.terminalId = tillId;
    intent.method = card ? PaymentMethod::Card : PaymentMethod::Cash;
    intent.amountMinor = seatPrice * seats.size();
    intent.currency = QStringLiteral("KRW");
    intent.tenderedMinor = card ? 0 : intent.amountMinor;
    intent.gateway = card ? gateway->name() : QString();
    ConfirmRequest confirm;
    confirm.terminal = till;
    confirm.terminalId = tillId;
    confirm.key = QUuid::createUuid();
    confirm.showtimeId = showtime;
    confirm.owner = token;
    confirm.seatIds = seats;
    PaymentIntentStore intents(c);
    SteadyClock clock;
    std::unique_ptr<PaymentIntents> serviceIntents;
    std::unique_ptr<LocalCardPayments> cards;
    if (card) {
        auto opened = PaymentIntentStore::open(TestDatabase::serviceSettingsFor(c.settings()),
                                               QStringLiteral("service"));
        if (!opened)
            return {};
        serviceIntents = std::move(opened.value());
        cards = std::make_unique<LocalCardPayments>(intents, *serviceIntents, *gateway);
    }
    PaymentProcess process(intents, store, cards.get(), clock, [](int) {});
    const PaymentOutcome out =
        card ? process.payByCard(intent, confirm, clock.nowMs() + 120'000) : process.payCash(intent, confirm);
    return out.kind == PaymentOutcome::Kind::Paid ? out.booking.code : QString();
}

} // namespace bo::test
