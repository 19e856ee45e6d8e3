// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The sale page after a refused hold, over the in-memory seat database: each refused seat is
// shown and named by the reason the database gave, never guessed as held by another sale
// (docs/DECISIONS.md, "A refused seat is shown by its reason").
#include <QtTest>

#include <QLabel>

#include <spdlog/spdlog.h>

#include "model/sale/saleflow.h"
#include "tests/support/paintcounter.h"
#include "tests/support/saleflowrig.h"
#include "ui/common/seatmapwidget.h"
#include "ui/common/seatpainter.h"
#include "ui/counter/salepage.h"

using namespace bo;
using namespace bo::test;

class TstSalePageRefusals final : public QObject
{
    Q_OBJECT

private:
    static SeatPainter::Look lookOf(const SaleFlow& flow, int seatId)
    {
        return SeatPainter::lookOf(flow.seatMap(), *flow.seatMap().seat(seatId));
    }

private slots:
    void initTestCase() { spdlog::set_level(spdlog::level::err); }

    /// A seat another transaction had locked when the hold was asked is not painted as held by
    /// another sale; the message says it is being checked, and the re-read paints what it is.
    void aLockedSeatIsNotPaintedHeldAndTheReReadShowsTheTruth()
    {
        SaleFlowRig rig;
        SalePage page(&rig.flow);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        rig.flow.openShowtime(SaleFlowRig::showtimeId);
        QVERIFY(rig.seats.settle());
        auto* message = page.findChild<QLabel*>(QStringLiteral("saleMessage"));
        QVERIFY(message);

        rig.seats.lockRows({8}); // A8: another sale's confirm is writing it
        rig.flow.toggleSeat(8);
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(lookOf(rig.flow, 8), SeatPainter::Look::Free);
        QVERIFY(message->isVisible());
        QVERIFY2(message->text().contains(QLatin1String("A8")), qPrintable(message->text()));
        QVERIFY2(!message->text().contains(QLatin1String("taken by another")), qPrintable(message->text()));

        // The other sale commits; this terminal never hears of it. The re-read shows it sold.
        rig.seats.unlockRows();
        rig.seats.setForAnother({8}, SeatStatus::Reserved);
        PaintCounter paints(page.seatMap());
        QCOMPARE(rig.seats.nextRequestKind(), QStringLiteral("load"));
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(lookOf(rig.flow, 8), SeatPainter::Look::Reserved);
        QTRY_VERIFY(paints.paints > 0);
    }

    /// Held by another sale, sold, blocked: each seat painted so, and the message names each with
    /// its reason.
    void theConflictMessageNamesEachSeatWithItsReason()
    {
        SaleFlowRig rig;
        SalePage page(&rig.flow);
        page.resize(1200, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        rig.flow.openShowtime(SaleFlowRig::showtimeId);
        QVERIFY(rig.seats.settle());
        auto* message = page.findChild<QLabel*>(QStringLiteral("saleMessage"));
        QVERIFY(message);

        QVERIFY(rig.seats.holdForAnother({5}, 300));
        rig.seats.setForAnother({6}, SeatStatus::Reserved);
        rig.seats.setForAnother({7}, SeatStatus::Blocked);
        rig.flow.replaceSelection({5, 6, 7});
        QVERIFY(rig.seats.runNext());
        rig.seats.deliverReply(0);
        QCOMPARE(lookOf(rig.flow, 5), SeatPainter::Look::HeldByOther);
        QCOMPARE(lookOf(rig.flow, 6), SeatPainter::Look::Reserved);
        QCOMPARE(lookOf(rig.flow, 7), SeatPainter::Look::Blocked);
        const QString text = message->text();
        QVERIFY2(text.contains(QLatin1String("A5 is held by another till")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("A6 was just sold")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("A7 is blocked")), qPrintable(text));
    }
};

QTEST_MAIN(TstSalePageRefusals)
#include "tst_salepagerefusals.moc"
