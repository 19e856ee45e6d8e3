// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/saleflowrig.h"

#include "tests/support/testseats.h"

namespace bo::test {

namespace {

/// Two rows of ten seats, A1..A10 (ids 1..10) and B1..B10 (ids 11..20).
QList<SeatState> hall()
{
    QList<SeatState> seats;
    for (int r = 0; r < 2; ++r) {
        for (int n = 1; n <= 10; ++n)
            seats << makeSeat(r * 10 + n, QString(QChar(u'A' + r)), n, n - 1, r * 1.5);
    }
    return seats;
}

ShowtimeInfo showtime()
{
    ShowtimeInfo s;
    s.id = SaleFlowRig::showtimeId;
    s.status = QStringLiteral("ON_SALE");
    s.movieTitle = QStringLiteral("Test film");
    s.seatsTotal = 20;
    return s;
}

QList<PriceTier> tiers()
{
    return {PriceTier{QStringLiteral("adult"), QStringLiteral("Adult"), 12000, QStringLiteral("KRW")},
            PriceTier{QStringLiteral("child"), QStringLiteral("Child"), 8000, QStringLiteral("KRW")}};
}

} // namespace

SaleFlowRig::SaleFlowRig()
    : seats(clock, SaleSettings{}, showtime(), hall(), tiers())
    , flow(&seats, &desk, QStringLiteral("till-1"), &clock)
{}

bool SaleFlowRig::answerPayment(bool approve)
{
    if (!paymentWaiting())
        return false;
    m_answered = desk.orders.size();
    const PaymentOrder& order = desk.orders.last();
    PaymentOutcome out;
    if (!approve && order.intent.method == PaymentMethod::Card) {
        out.kind = PaymentOutcome::Kind::Declined;
        out.reason = QStringLiteral("declined by the test");
        desk.finish(out);
        return true;
    }
    const Result<ConfirmResult> booked = seats.confirmNow(order.confirm);
    if (booked) {
        out.kind = PaymentOutcome::Kind::Paid;
        out.booking = booked.value();
    } else if (booked.error().code == ErrorCode::Expired || booked.error().code == ErrorCode::Conflict) {
        out.kind = PaymentOutcome::Kind::SeatsLost;
        out.error = booked.error();
    } else {
        out.kind = PaymentOutcome::Kind::Failed;
        out.reason = booked.error().message;
        out.error = booked.error();
    }
    desk.finish(out);
    return true;
}

} // namespace bo::test
