// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <memory>

#include "model/cardterminal.h"
#include "model/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/fakeseatoperations.h"
#include "tests/support/manualclock.h"
#include "tests/support/testseats.h"

using namespace bo;
using namespace bo::test;

namespace {

constexpr int showtimeId = 7;

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
    s.id = showtimeId;
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

class TstSaleFlow final : public QObject
{
    Q_OBJECT

private:
    struct Rig
    {
        Rig()
            : seats(clock, Settings{}, showtime(), hall(), tiers())
            , flow(&seats, &card, QStringLiteral("till-1"))
        {}
        ManualClock clock;
        FakeSeatOperations seats;
        SimulatedCardTerminal card;
        SaleFlow flow;
    };

    static void open(Rig& rig)
    {
        rig.flow.openShowtime(showtimeId);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.flow.state(), SaleFlow::State::Selecting);
    }

private slots:
    /// The clerk gives back A while a hold is settling, then gives back B while the release of A
    /// is still on its way: nothing may stay held, neither in the database nor on the screen.
    void givingBackTheLastSeatWhileAReleaseIsInFlightFreesIt()
    {
        Rig rig;
        CHECKED(open(rig));
        rig.flow.toggleSeat(1);
        QVERIFY(rig.seats.settle());
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), (QSet<int>{1, 2}));

        rig.flow.toggleSeat(1);
        // Let the answers come until the release of seat 1 is the request on its way.
        for (int step = 0; step < 20 && rig.seats.nextRequestKind() != QLatin1String("release"); ++step) {
            if (rig.seats.undeliveredReplies() > 0)
                rig.seats.deliverReply(0);
            else
                QVERIFY(rig.seats.runNext());
        }
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("release"));
        rig.flow.toggleSeat(2);
        QVERIFY(rig.seats.settle());

        QCOMPARE(rig.flow.selection(), QList<int>{});
        QCOMPARE(rig.seats.heldBy(rig.flow.holdToken()), QSet<int>{});
        QVERIFY(!rig.flow.seatMap().isMine(2));
    }
};

QTEST_GUILESS_MAIN(TstSaleFlow)
#include "tst_saleflow.moc"
