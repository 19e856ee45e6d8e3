// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow against PostgreSQL through the real adapter, one scenario at a time; the seeded random
// sequences are in tst_saleflowdbsequences.cpp.
#include <QtTest>

#include <algorithm>
#include <memory>

#include <QElapsedTimer>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/queuestore.h"
#include "db/seatstore.h"
#include "model/payments/simulatedpayments.h"
#include "model/sale/saleflow.h"
#include "tests/support/checked.h"
#include "tests/support/paidsale.h"
#include "tests/support/saleflowdbrig.h"
#include "tests/support/siteannouncer.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testthreadedsalepayments.h"

using namespace bo;
using bo::test::dbTimeoutMs;
using bo::test::heldBy;
using bo::test::joined;
using bo::test::keepsDeadline;
using bo::test::SaleFlowDbRig;
using bo::test::tokenText;

namespace {

bool allAdjacent(const SeatMap& map, const QList<int>& seats)
{
    for (qsizetype i = 1; i < seats.size(); ++i) {
        if (!map.adjacent(seats.at(i - 1), seats.at(i)))
            return false;
    }
    return true;
}

/// One sale at one terminal, wired as the counter wires it: its own backend thread and connection,
/// and a payment desk with connections of its own paying cards through the simulated service.
struct Sale
{
    explicit Sale(const ConnectionSettings& settings, const PaymentTimings& timings = {})
        : site(bo::test::siteAnnouncer(settings))
        , backend(settings)
        , desk(bo::test::makeTestThreadedSalePayments(settings, service, timings))
        , flow(&backend, desk.get(), QStringLiteral("till-1"))
    {
        service.setDelayMs(20);
    }
    ~Sale() { backend.stop(); }
    Sale(const Sale&) = delete;
    Sale& operator=(const Sale&) = delete;

    std::unique_ptr<Announcer> site;
    PgTerminalBackend backend;
    SimulatedPaymentService service;
    std::unique_ptr<ThreadedSalePayments> desk;
    SaleFlow flow;
};

} // namespace

class TstSaleFlowDb final : public QObject
{
    Q_OBJECT

private:
    SaleFlowDbRig m_rig;
    std::unique_ptr<Sale> m_sale;

    [[nodiscard]] SaleFlow& flow() const { return m_sale->flow; }
    [[nodiscard]] QUuid token() const { return m_sale->flow.holdToken(); }
    [[nodiscard]] QString held() const { return m_rig.db->heldSeats(m_rig.showtime, token()); }

    /// Reads the settings from the database as the counter does, starts the backend and opens
    /// the showtime.
    void open()
    {
        auto connection = m_rig.db->connect();
        QVERIFY(connection);
        CatalogStore catalog(*connection);
        auto settings = catalog.settings();
        QVERIFY(settings.ok());
        flow().setSettings(settings.value());
        m_sale->backend.start();
        QTRY_VERIFY_WITH_TIMEOUT(m_sale->backend.isOnline(), dbTimeoutMs);
        flow().openShowtime(m_rig.showtime);
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Selecting, dbTimeoutMs);
        QCOMPARE(flow().seatMap().size(), 30);
        QVERIFY(!flow().holdToken().isNull());
    }

    /// Readies the sale's till to take cash as a counter is: its id set (as the terminal stack
    /// does), a member signed in there and its shift open.
    void staffTheTill()
    {
        const QUuid tillId = QUuid::createUuid();
        flow().setTerminalId(tillId);
        auto connection = m_rig.db->connect();
        QVERIFY(connection);
        const Status staffed = bo::test::staffTill(*connection, tillId, QStringLiteral("till-1"));
        QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().detail));
    }

    /// Waits until the flow is idle and the database holds exactly `seats` for the sale.
    void awaitHeld(const QList<int>& seats)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!flow().isBusy(), dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(held(), joined(seats), dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!flow().isBusy(), dbTimeoutMs);
        QCOMPARE(flow().selection(), seats);
    }

    /// Holds these seats (by index into m_rig.seats) and goes on to payment.
    void toPayment(const QList<int>& indexes)
    {
        QList<int> seats;
        for (int i : indexes) {
            seats << m_rig.seats.at(i);
            flow().toggleSeat(m_rig.seats.at(i));
        }
        std::sort(seats.begin(), seats.end());
        CHECKED(awaitHeld(seats));
        flow().proceedToPayment();
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Payment, dbTimeoutMs);
        QVERIFY(!flow().isBusy());
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("PENDING -"));
    }

    /// Waits until every request sent so far by the sale's backend has been answered (the worker
    /// runs requests in order; a release of a token nobody uses changes nothing).
    void drainBackend()
    {
        QObject context;
        bool done = false;
        int marker = 0;
        connect(&m_sale->backend, &PgTerminalBackend::releaseFinished, &context,
                [&](int requestId, int) { done = done || requestId == marker; });
        marker = m_sale->backend.release(m_rig.showtime, QUuid::createUuid());
        QTRY_VERIFY_WITH_TIMEOUT(done, dbTimeoutMs);
    }

private slots:
    void init()
    {
        CHECKED(m_rig.create());
        m_sale = std::make_unique<Sale>(m_rig.db->settings());
    }

    void cleanup()
    {
        m_sale.reset();
        m_rig.reset();
    }

    void togglingSeatsHoldsTheWholeSelectionAndKeepsTheFirstDeadline()
    {
        CHECKED(open());
        const int a = m_rig.seats.at(14); // B5
        const int b = m_rig.seats.at(15); // B6

        flow().toggleSeat(a);
        QVERIFY(flow().isBusy());
        CHECKED(awaitHeld({a}));
        const QString first = m_rig.deadlineOf(a);
        // The first hold runs for the selection TTL (300 s by default) from the database's now.
        const int firstLeft =
            m_rig.db
                ->scalar(QStringLiteral("SELECT round(extract(epoch FROM '%1'::timestamptz - "
                                        "clock_timestamp()))::int")
                             .arg(first))
                .toInt();
        QVERIFY2(firstLeft > 290 && firstLeft <= 300, qPrintable(QString::number(firstLeft)));

        // Long enough that "the full TTL from now" would be told apart from the first deadline.
        QTest::qWait(3000);
        flow().toggleSeat(b);
        CHECKED(awaitHeld({a, b}));
        // One hold for the whole selection, with the first hold's deadline, not 300 s more.
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(DISTINCT held_until) FROM showtime_seat WHERE "
                                                 "showtime_id = %1 AND held_by = '%2'")
                                      .arg(m_rig.showtime)
                                      .arg(tokenText(token()))),
                 QStringLiteral("1"));
        const double drift = m_rig.driftFrom(b, first);
        QVERIFY2(keepsDeadline(drift),
                 qPrintable(QStringLiteral("second hold %1 s off the first").arg(drift)));

        // Deselecting gives the seat back and keeps the other with the same deadline.
        flow().toggleSeat(a);
        CHECKED(awaitHeld({b}));
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, a), QStringLiteral("FREE -"));
        QVERIFY(keepsDeadline(m_rig.driftFrom(b, first)));
        QVERIFY(flow().remainingMs() > 0);

        flow().toggleSeat(b);
        CHECKED(awaitHeld({}));
        QCOMPARE(m_rig.notFree(), QStringLiteral("0"));
        QCOMPARE(flow().state(), SaleFlow::State::Selecting);
        QCOMPARE(flow().remainingMs(), qint64(0));
    }

    void selectBestHoldsAdjacentSeatsAndReplansAroundItsOwnSeats_data()
    {
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("second");
        QTest::newRow("3 then 2") << 3 << 2;
        QTest::newRow("2 then 4") << 2 << 4;
        QTest::newRow("4 then 1") << 4 << 1;
    }

    void selectBestHoldsAdjacentSeatsAndReplansAroundItsOwnSeats()
    {
        QFETCH(int, first);
        QFETCH(int, second);
        CHECKED(open());
        // On an empty hall: what the second request must pick if the sale's own seats count as free.
        const QList<int> expectedSecond = flow().seatMap().bestAvailable(second);
        QCOMPARE(expectedSecond.size(), second);

        flow().selectBest(first);
        QVERIFY(flow().isBusy());
        const QList<int> before = flow().selection();
        QCOMPARE(before.size(), first);
        CHECKED(awaitHeld(before));
        QVERIFY2(allAdjacent(flow().seatMap(), before), qPrintable(joined(before)));

        flow().selectBest(second);
        const QList<int> after = flow().selection();
        CHECKED(awaitHeld(after));
        QCOMPARE(after, expectedSecond);
        QVERIFY2(allAdjacent(flow().seatMap(), after), qPrintable(joined(after)));
        for (int seat : before) {
            if (!after.contains(seat))
                QCOMPARE(m_rig.db->seatRow(m_rig.showtime, seat), QStringLiteral("FREE -"));
        }
        QCOMPARE(m_rig.notFree(), QString::number(second));
    }

    void proceedingToPaymentWhileTheHoldIsInFlightReachesPayment_data()
    {
        QTest::addColumn<QList<int>>("picks");
        QTest::newRow("one seat") << QList<int>{14};
        QTest::newRow("two seats clicked quickly") << QList<int>{14, 15};
    }

    void proceedingToPaymentWhileTheHoldIsInFlightReachesPayment()
    {
        QFETCH(QList<int>, picks);
        // Different TTLs so that the extension is visible.
        QVERIFY(
            m_rig.db->run(QStringLiteral("UPDATE settings SET selection_ttl_s = 60, payment_ttl_s = 300")));
        CHECKED(open());
        QList<int> seats;
        for (int i : picks) {
            seats << m_rig.seats.at(i);
            flow().toggleSeat(m_rig.seats.at(i));
        }
        QVERIFY(flow().isBusy());
        flow().proceedToPayment();
        QCOMPARE(flow().state(), SaleFlow::State::Selecting);

        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Payment, dbTimeoutMs);
        QVERIFY(!flow().isBusy());
        QCOMPARE(flow().selection(), seats);
        QCOMPARE(held(), joined(seats));
        // The hold now runs for the payment TTL, one deadline for all seats.
        const QString left = m_rig.db->scalar(
            QStringLiteral(
                "SELECT min(round(extract(epoch FROM held_until - clock_timestamp())))::int || ' ' || "
                "count(DISTINCT held_until) FROM showtime_seat WHERE showtime_id = %1 AND "
                "held_by = '%2'")
                .arg(m_rig.showtime)
                .arg(tokenText(token())));
        const int seconds = left.section(QLatin1Char(' '), 0, 0).toInt();
        QVERIFY2(seconds > 290 && seconds <= 300, qPrintable(left));
        QCOMPARE(left.section(QLatin1Char(' '), 1), QStringLiteral("1"));
        QVERIFY2(flow().remainingMs() > 290000 && flow().remainingMs() <= 300000,
                 qPrintable(QString::number(flow().remainingMs())));
        // The sale's PENDING booking expires with the hold.
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT b.status || ' ' || b.code || ' ' || (b.expires_at = "
                                                 "(SELECT max(held_until) FROM showtime_seat WHERE held_by = "
                                                 "b.hold_token)) FROM booking b WHERE b.hold_token = '%1'")
                                      .arg(tokenText(token()))),
                 QStringLiteral("PENDING %1 true").arg(flow().pendingBookingCode()));
        QVERIFY(!flow().pendingBookingCode().isEmpty());
    }

    void payingCashNeedsTheTotalAndConfirmsTheBooking_data()
    {
        QTest::addColumn<qint64>("extra");
        QTest::newRow("exact amount") << qint64(0);
        QTest::newRow("more than the total") << qint64(3500);
    }

    void payingCashNeedsTheTotalAndConfirmsTheBooking()
    {
        QFETCH(qint64, extra);
        CHECKED(staffTheTill());
        CHECKED(open());
        CHECKED(toPayment({14, 15}));
        const qint64 total = flow().totalMinor();
        QCOMPARE(total, qint64(20000)); // two adults
        QSignalSpy problems(&flow(), &SaleFlow::problem);
        QSignalSpy completed(&flow(), &SaleFlow::completed);

        flow().payCash(total - 1);
        QCOMPARE(problems.count(), 1);
        QCOMPARE(flow().state(), SaleFlow::State::Payment);
        QVERIFY(!flow().isBusy());
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("PENDING -"));
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")), QStringLiteral("0"));
        QCOMPARE(held(), joined({m_rig.seats.at(14), m_rig.seats.at(15)}));

        flow().payCash(total + extra);
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Completed, dbTimeoutMs);
        QCOMPARE(completed.count(), 1);
        QCOMPARE(problems.count(), 1);
        QCOMPARE(flow().changeDueMinor(), extra);
        QCOMPARE(m_rig.db->scalar(
                     QStringLiteral("SELECT concat_ws(' ', status, code, total_minor, payment->>'method', "
                                    "payment->>'tendered_minor', payment->>'change_minor') FROM "
                                    "booking WHERE hold_token = '%1'")
                         .arg(tokenText(token()))),
                 QStringLiteral("CONFIRMED %1 20000 cash %2 %3")
                     .arg(flow().lastBooking().code)
                     .arg(total + extra)
                     .arg(extra));
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("1"));
        QCOMPARE(
            m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat ss JOIN booking b ON b.id = "
                                            "ss.booking_id WHERE ss.status = 'RESERVED' AND b.status = "
                                            "'CONFIRMED'")),
            QStringLiteral("2"));
        QCOMPARE(m_rig.notFree(), QStringLiteral("2"));
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat WHERE active")),
                 QStringLiteral("2"));
    }

    void anApprovedCardIsBookedAndCapturedThroughItsIntent()
    {
        CHECKED(open());
        CHECKED(toPayment({14, 15}));
        QSignalSpy phases(&flow(), &SaleFlow::paymentPhase);
        QSignalSpy completed(&flow(), &SaleFlow::completed);
        flow().payCard();
        QVERIFY(flow().isBusy());
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Completed, dbTimeoutMs);
        QCOMPARE(completed.count(), 1);
        QList<PaymentPhase> seen;
        for (const QList<QVariant>& phase : std::as_const(phases))
            seen << phase.at(0).value<PaymentPhase>();
        QCOMPARE(seen, (QList<PaymentPhase>{PaymentPhase::Recording, PaymentPhase::Authorising,
                                            PaymentPhase::Confirming, PaymentPhase::Capturing}));
        QCOMPARE(flow().changeDueMinor(), 0);
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("CONFIRMED card"));
        QCOMPARE(m_rig.intentsOf(token()), QStringLiteral("card CAPTURED"));
        QCOMPARE(m_sale->service.count(GatewayPaymentState::Captured), 1);
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, m_rig.seats.at(14)), QStringLiteral("RESERVED -"));
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, m_rig.seats.at(15)), QStringLiteral("RESERVED -"));
    }

    void declinedCardKeepsThePaymentStepAndCashStillWorks()
    {
        CHECKED(staffTheTill());
        CHECKED(open());
        CHECKED(toPayment({14}));
        m_sale->service.setBehaviour(SimulatedCard::Decline);
        QSignalSpy declined(&flow(), &SaleFlow::paymentDeclined);

        QSignalSpy busy(&flow(), &SaleFlow::busyChanged);
        flow().payCard();
        QCOMPARE(busy.count(), 1);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QVERIFY(declined.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(declined.count(), 1, dbTimeoutMs);
        QCOMPARE(declined.at(0).at(0).toString(), QStringLiteral("insufficient funds"));
        QCOMPARE(flow().state(), SaleFlow::State::Payment);
        QVERIFY(!flow().isBusy());
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("PENDING -"));
        QCOMPARE(held(), QString::number(m_rig.seats.at(14)));
        QCOMPARE(m_rig.intentsOf(token()), QStringLiteral("card DECLINED"));

        flow().payCash(flow().totalMinor() + 2000);
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Completed, dbTimeoutMs);
        QCOMPARE(flow().changeDueMinor(), 2000);
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("CONFIRMED cash"));
        QCOMPARE(m_rig.intentsOf(token()), QStringLiteral("card DECLINED;cash CAPTURED"));
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, m_rig.seats.at(14)), QStringLiteral("RESERVED -"));
        QCOMPARE(m_sale->service.count(GatewayPaymentState::Captured), 0);
    }

    /// Neither the card nor the service answers in time: the screen says "checking", the clerk
    /// cannot cancel a payment that may have gone through, and at the end the sale ends with an
    /// honest message; its booking is cancelled, so the reconciler voids what was authorised.
    void aCardPaymentThatCannotBeCheckedInTimeEndsTheSaleHonestly()
    {
        QVERIFY(m_rig.db->run(QStringLiteral("UPDATE settings SET payment_ttl_s = 3")));
        PaymentTimings timings;
        timings.callTimeoutMs = 200;
        timings.marginMs = 1000;
        timings.lookupPauseMs = 100;
        m_sale = std::make_unique<Sale>(m_rig.db->settings(), timings);
        m_sale->service.setDelayMs(400); // every answer comes after the call gave up
        CHECKED(open());
        QSignalSpy phases(&flow(), &SaleFlow::paymentPhase);
        QSignalSpy ended(&flow(), &SaleFlow::saleEnded);
        QSignalSpy completed(&flow(), &SaleFlow::completed);
        CHECKED(toPayment({14, 15}));

        flow().payCard();
        flow().cancel(); // refused: the payment decides
        QCOMPARE(flow().state(), SaleFlow::State::Confirming);
        QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, dbTimeoutMs);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Expired);
        QVERIFY2(ended.at(0).at(1).toString().contains(QLatin1String("could not be checked")),
                 qPrintable(ended.at(0).at(1).toString()));
        QVERIFY(std::any_of(phases.cbegin(), phases.cend(), [](const QList<QVariant>& phase) {
            return phase.at(0).value<PaymentPhase>() == PaymentPhase::Checking;
        }));
        QCOMPARE(flow().state(), SaleFlow::State::Idle);
        CHECKED(drainBackend());
        QCOMPARE(completed.count(), 0);
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("CANCELLED -"));
        QCOMPARE(m_rig.intentsOf(token()), QStringLiteral("card AUTHORISING"));
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")), QStringLiteral("0"));
        QCOMPARE(m_rig.notFree(), QStringLiteral("0"));
    }

    void cancelReleasesEverySeatAndCancelsThePendingBooking_data()
    {
        QTest::addColumn<bool>("inPayment");
        QTest::newRow("selecting") << false;
        QTest::newRow("payment") << true;
    }

    void cancelReleasesEverySeatAndCancelsThePendingBooking()
    {
        QFETCH(bool, inPayment);
        CHECKED(open());
        QSignalSpy ended(&flow(), &SaleFlow::saleEnded);
        if (inPayment) {
            CHECKED(toPayment({14, 15, 16}));
        } else {
            flow().selectBest(3);
            CHECKED(awaitHeld(flow().selection()));
        }
        QCOMPARE(m_rig.notFree(), QStringLiteral("3"));
        const QUuid sale = token();

        flow().cancel();
        QCOMPARE(flow().state(), SaleFlow::State::Idle);
        QVERIFY(!flow().isBusy());
        QCOMPARE(ended.count(), 1);
        QCOMPARE(ended.at(0).at(0).value<SaleFlow::EndReason>(), SaleFlow::EndReason::Cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(m_rig.notFree(), QStringLiteral("0"), dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_rig.bookingsOf(sale),
                                  inPayment ? QStringLiteral("CANCELLED -") : QString(), dbTimeoutMs);
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status <> 'CANCELLED'")),
                 QStringLiteral("0"));
    }

    void cancelWhileAHoldIsInFlightLeavesNothingHeld_data()
    {
        QTest::addColumn<QList<int>>("picks");
        QTest::newRow("one click") << QList<int>{14};
        QTest::newRow("two quick clicks") << QList<int>{14, 15};
    }

    void cancelWhileAHoldIsInFlightLeavesNothingHeld()
    {
        QFETCH(QList<int>, picks);
        CHECKED(open());
        const QUuid sale = token();
        for (int i : picks)
            flow().toggleSeat(m_rig.seats.at(i));
        QVERIFY(flow().isBusy());
        flow().cancel();
        QCOMPARE(flow().state(), SaleFlow::State::Idle);
        QVERIFY(!flow().isBusy());

        // Every request sent so far has been answered: whatever the hold did, it is undone.
        CHECKED(drainBackend());
        QTRY_COMPARE_WITH_TIMEOUT(m_rig.db->heldSeats(m_rig.showtime, sale), QString(), dbTimeoutMs);
        QTRY_COMPARE_WITH_TIMEOUT(m_rig.notFree(), QStringLiteral("0"), dbTimeoutMs);
        // And nothing comes back later (a late answer must not hold again).
        QTest::qWait(300);
        CHECKED(drainBackend());
        QCOMPARE(m_rig.notFree(), QStringLiteral("0"));
        QCOMPARE(flow().state(), SaleFlow::State::Idle);
    }

    void replacingTheSelectionHoldsTheNewSeatsAndFreesTheOld()
    {
        CHECKED(open());
        const QList<int> old{m_rig.seats.at(14), m_rig.seats.at(15)};                       // B5, B6
        const QList<int> block{m_rig.seats.at(23), m_rig.seats.at(24), m_rig.seats.at(25)}; // C4..C6
        flow().toggleSeat(old.at(0));
        flow().toggleSeat(old.at(1));
        CHECKED(awaitHeld(old));
        const QString first = m_rig.deadlineOf(old.at(0));

        QTest::qWait(3000); // see togglingSeatsHoldsTheWholeSelectionAndKeepsTheFirstDeadline
        flow().replaceSelection(block);
        CHECKED(awaitHeld(block));
        for (int seat : old)
            QCOMPARE(m_rig.db->seatRow(m_rig.showtime, seat), QStringLiteral("FREE -"));
        QCOMPARE(m_rig.notFree(), QStringLiteral("3"));
        // The selection keeps its deadline.
        for (int seat : block)
            QVERIFY(keepsDeadline(m_rig.driftFrom(seat, first)));

        // Back to an overlapping set: one kept, one new, the rest freed.
        const QList<int> overlap{m_rig.seats.at(22), m_rig.seats.at(23)}; // C3, C4
        flow().replaceSelection(overlap);
        CHECKED(awaitHeld(overlap));
        QCOMPARE(m_rig.notFree(), QStringLiteral("2"));
    }

    void seatTakenByAnotherSaleConflictsAndSuggestsABlock()
    {
        CHECKED(open());
        const int y = m_rig.seats.at(14); // B5: the sale's first seat
        const int x = m_rig.seats.at(15); // B6: taken by another sale just before it is asked for
        flow().toggleSeat(y);
        CHECKED(awaitHeld({y}));
        const QString deadline = m_rig.deadlineOf(y);

        auto other = m_rig.db->connect(QStringLiteral("other-till"));
        QVERIFY(other);
        const QUuid otherOwner = QUuid::createUuid();
        {
            SeatStore store(*other);
            auto hold = store.hold(m_rig.showtime, {x}, otherOwner);
            QVERIFY(hold.ok());
            QVERIFY(hold.value().granted);
        }
        // No events processed since: the flow has not heard of it and asks for {x, y}.
        QCOMPARE(flow().seatMap().seat(x)->status, SeatStatus::Free);
        QSignalSpy taken(&flow(), &SaleFlow::seatsTaken);
        flow().toggleSeat(x);
        QVERIFY(flow().isBusy());

        QTRY_COMPARE_WITH_TIMEOUT(taken.count(), 1, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!flow().isBusy(), dbTimeoutMs);
        QCOMPARE(taken.at(0).at(0).value<QList<int>>(), QList<int>{x});
        const QList<int> suggestion = taken.at(0).at(1).value<QList<int>>();
        QCOMPARE(suggestion.size(), 2);
        QVERIFY2(!suggestion.contains(x), qPrintable(joined(suggestion)));
        QVERIFY2(allAdjacent(flow().seatMap(), suggestion), qPrintable(joined(suggestion)));
        for (int seat : suggestion) {
            const QString row = m_rig.db->seatRow(m_rig.showtime, seat);
            QVERIFY2(row == QLatin1String("FREE -") || row == heldBy(token()), qPrintable(row));
        }

        // Nothing new held, nothing lost: the sale still has y with its deadline, the other x.
        QCOMPARE(flow().state(), SaleFlow::State::Selecting);
        QCOMPARE(flow().selection(), QList<int>{y});
        QCOMPARE(held(), QString::number(y));
        QCOMPARE(m_rig.deadlineOf(y), deadline);
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, x), heldBy(otherOwner));
        QCOMPARE(m_rig.notFree(), QStringLiteral("2"));

        // Taking the suggestion holds exactly that block.
        flow().replaceSelection(suggestion);
        CHECKED(awaitHeld(suggestion));
        QCOMPARE(m_rig.db->seatRow(m_rig.showtime, x), heldBy(otherOwner));
        QCOMPARE(taken.count(), 1);
    }

    void aCounterTillSellsPastAQueueThatMakesOthersWait_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::newRow("closed door") << 0;
        QTest::newRow("every place taken") << 1;
    }

    /// A till's sale on a showtime that sells through a queue joins it as a till: admitted at once,
    /// whether the door is closed or every place is taken, while a plain token and a terminal that
    /// is not a till are refused (DECISIONS, "Counter tills join the line"). Its ticket is counted
    /// as the till's, overtakes nobody's turn, and the sale's end frees its place.
    void aCounterTillSellsPastAQueueThatMakesOthersWait()
    {
        QFETCH(int, capacity);
        QVERIFY(m_rig.db->run(QStringLiteral("UPDATE showtime SET queue_capacity = %1 WHERE id = %2")
                                  .arg(capacity)
                                  .arg(m_rig.showtime)));
        auto connection = m_rig.db->connect();
        QVERIFY(connection);
        QueueStore queue(*connection);
        SeatStore seats(*connection);
        // The place, where there is one, is a self-service sale's; another waits behind it.
        const QUuid first = QUuid::createUuid();
        const QUuid waiter = QUuid::createUuid();
        auto admitted = queue.join(m_rig.showtime, first);
        QVERIFY(admitted.ok());
        QCOMPARE(admitted.value().state, capacity > 0 ? TicketState::Admitted : TicketState::Waiting);
        auto waiting = queue.join(m_rig.showtime, waiter);
        QVERIFY(waiting.ok());
        QCOMPARE(waiting.value().state, TicketState::Waiting);
        auto refused = seats.hold(m_rig.showtime, {m_rig.seats.at(0)}, waiter);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().code == ErrorCode::NotAdmitted, qPrintable(refused.error().detail));

        {
            // A terminal that is not a till (a kiosk: the backend's default) waits its turn.
            PgTerminalBackend kiosk(m_rig.db->settings());
            QSignalSpy kioskFailed(&kiosk, &PgTerminalBackend::requestFailed);
            kiosk.start();
            QTRY_VERIFY_WITH_TIMEOUT(kiosk.isOnline(), dbTimeoutMs);
            const int request = kiosk.hold(m_rig.showtime, {m_rig.seats.at(1)}, QUuid::createUuid(), 0);
            QTRY_COMPARE_WITH_TIMEOUT(kioskFailed.count(), 1, dbTimeoutMs);
            QCOMPARE(kioskFailed.at(0).at(0).toInt(), request);
            const auto error = kioskFailed.at(0).at(1).value<Error>();
            QVERIFY2(error.code == ErrorCode::NotAdmitted, qPrintable(error.detail));
            kiosk.stop();
        }
        QCOMPARE(m_rig.notFree(), QStringLiteral("0"));

        flow().setJoinsQueueAsTill(true);
        CHECKED(staffTheTill());
        CHECKED(open());
        CHECKED(toPayment({14, 15}));
        const auto tillTickets = [&queue, this] {
            QStringList out;
            auto line = queue.line(m_rig.showtime);
            if (!line)
                return QStringLiteral("error: ") + line.error().detail;
            for (const QueueLineEntry& e : line.value().tickets) {
                if (e.counter)
                    out << QLatin1String(ticketStateName(e.state));
            }
            return out.join(QLatin1Char(','));
        };
        QVERIFY(tillTickets() == QStringLiteral("ADMITTED") || tillTickets() == QStringLiteral("ACTIVE"));
        // Nobody was overtaken: the waiter is still first in line, and a pass sees the sale started.
        auto stillFirst = queue.heartbeat(waiter);
        QVERIFY(stillFirst.ok());
        QCOMPARE(stillFirst.value().state, TicketState::Waiting);
        QCOMPARE(stillFirst.value().position, capacity > 0 ? 1 : 2);
        QCOMPARE(tillTickets(), QStringLiteral("ACTIVE"));

        flow().payCash(flow().totalMinor());
        QTRY_COMPARE_WITH_TIMEOUT(flow().state(), SaleFlow::State::Completed, dbTimeoutMs);
        QCOMPARE(m_rig.bookingsOf(token()), QStringLiteral("CONFIRMED cash"));
        // The next pass sees the sale sold and frees the till's place; the place it took beside
        // the capacity was never the waiter's.
        auto after = queue.heartbeat(waiter);
        QVERIFY(after.ok());
        QCOMPARE(after.value().state, TicketState::Waiting);
        QCOMPARE(tillTickets(), QString());
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT state || ' ' || reason || ' ' || counter FROM "
                                                 "queue_ticket WHERE owner = '%1'")
                                      .arg(tokenText(token()))),
                 QStringLiteral("DONE sold true"));
    }

    void remainingTimeFollowsTheDatabaseAndWarnsAtOneMinute()
    {
        CHECKED(open());
        SaleSettings settings;
        settings.selectionTtlSeconds = 62;
        settings.paymentTtlSeconds = 300;
        flow().setSettings(settings);
        QSignalSpy ticks(&flow(), &SaleFlow::countdownTick);
        QSignalSpy warnings(&flow(), &SaleFlow::countdownWarning);
        const int seat = m_rig.seats.at(14);
        QElapsedTimer sinceAsked;
        sinceAsked.start();
        flow().toggleSeat(seat);
        CHECKED(awaitHeld({seat}));

        // The countdown starts from what the database granted: 62 s, above the warning.
        QVERIFY(!ticks.isEmpty());
        const qint64 startedAt = ticks.at(0).at(0).toLongLong();
        QVERIFY2(startedAt > 60000 && startedAt <= 62000, qPrintable(QString::number(startedAt)));
        const auto compareWithDatabase = [&] {
            const qint64 local = flow().remainingMs();
            const qint64 database =
                m_rig.db
                    ->scalar(QStringLiteral("SELECT (extract(epoch FROM held_until - clock_timestamp()) * "
                                            "1000)::bigint FROM showtime_seat WHERE showtime_id = %1 AND "
                                            "seat_id = %2")
                                 .arg(m_rig.showtime)
                                 .arg(seat))
                    .toLongLong();
            QVERIFY2(qAbs(local - database) <= 1000,
                     qPrintable(QStringLiteral("flow %1 ms, database %2 ms").arg(local).arg(database)));
            QVERIFY2(local <= 62000 && local >= 62000 - sinceAsked.elapsed() - 200,
                     qPrintable(QStringLiteral("flow %1 ms, %2 ms since the click")
                                    .arg(local)
                                    .arg(sinceAsked.elapsed())));
        };
        CHECKED(compareWithDatabase());

        QTRY_COMPARE_WITH_TIMEOUT(warnings.count(), 1, dbTimeoutMs);
        const qint64 warnedAt = warnings.at(0).at(0).toLongLong();
        QVERIFY2(warnedAt <= 60000 && warnedAt > 58000, qPrintable(QString::number(warnedAt)));
        QVERIFY2(sinceAsked.elapsed() >= 1500, qPrintable(QString::number(sinceAsked.elapsed())));
        CHECKED(compareWithDatabase());
        QTest::qWait(500); // ticks go on, the warning comes once
        QCOMPARE(warnings.count(), 1);
        QCOMPARE(flow().state(), SaleFlow::State::Selecting);
        QCOMPARE(held(), QString::number(seat));
    }
};

QTEST_GUILESS_MAIN(TstSaleFlowDb)
#include "tst_saleflowdb.moc"
