// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/paidsale.h"

#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/clock.h"
#include "model/paymentgateway.h"
#include "model/paymentprocess.h"
#include "model/seatservice.h"
#include "tests/support/testdatabase.h"

namespace bo::test {

QString paidSale(DbConnection& c, int showtime, const QList<int>& seats, const QString& till,
                 const QUuid& tillId, PaymentGateway* gateway, qint64 seatPrice)
{
    const bool card = gateway != nullptr;
    SeatStore store(c);
    SeatService service(store, SaleRules());
    const QUuid token = SeatService::newToken();
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
