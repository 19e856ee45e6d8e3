// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Shifts, the drawer and refunds on PostgreSQL (migrations 0035, 0036 and the payment ledger,
// 0046): a cash refund of one seat frees it and leaves the drawer, the blind count's over/short is
// counted - expected to the unit; a refund double-clicked from several tills at once is made once;
// a card refund whose answer is lost waits and is asked again with its own key; a refund above
// the limit needs a supervisor's fresh PIN; refund-all killed half way is finished by a second run
// that refunds nothing twice; an exchanged booking's refund goes back to the card that paid and
// the cash the exchange added; the door refuses a refunded seat's ticket.
#include <QtTest>

#include <latch>
#include <thread>

#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/refundstore.h"
#include "db/seatstore.h"
#include "db/staffstore.h"
#include "db/tillshiftstore.h"
#include "model/payments/cardpayments.h"
#include "model/payments/refundprocess.h"
#include "model/sale/checkedseatcommands.h"
#include "model/staff/staffsignin.h"
#include "tests/support/checked.h"
#include "tests/support/paidsale.h"
#include "tests/support/scriptedgateway.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ScriptedGateway;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

namespace {

/// The payment service as it sends a card refund and records the gateway's answer (migration
/// 0044: a till may not): its own login's connection and rules, the terminal's passes taken on
/// `own`, the test's scripted gateway.
struct RefundService
{
    RefundService(const TestDatabase& db, DbConnection& own, PaymentGateway& gateway)
        : connection(db.connectAsService(QStringLiteral("refund-service")))
        , ownIntents(own)
        , intents(*connection)
        , refunds(*connection)
        , cards(ownIntents, intents, gateway, &refunds)
    {}

    std::unique_ptr<DbConnection> connection;
    PaymentIntentStore ownIntents;
    PaymentIntentStore intents;
    RefundStore refunds;
    LocalCardPayments cards;
};

} // namespace

namespace {

const QString till = QStringLiteral("Counter 1");
const QString cashierPin = QStringLiteral("482913");
const QString supervisorPin = QStringLiteral("730155");

/// A simulated kill: thrown from a checkpoint, caught by the test.
struct Killed
{};

} // namespace

class TstRefunds final : public QObject
{
    Q_OBJECT

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats; ///< A1..A10, B1..B10
    int m_cashier = 0;
    int m_supervisor = 0;
    QUuid m_till;

    int addMember(const QString& name, StaffRole role, const QString& pin)
    {
        auto manager = m_db->connectAsManager();
        StaffStore store(*manager);
        auto id = store.addStaff(name, role, pin);
        return id ? id.value() : 0;
    }

    /// Signs `staff` in at `tillId` (as a till does after checking the PIN).
    bool signIn(DbConnection& c, int staff, const QString& pin, const QUuid& tillId)
    {
        StaffStore store(c);
        auto r = StaffSignIn(store, till, tillId).check(staff, pin, PinPurpose::SignIn);
        return r.ok() && r.value().ok();
    }

    /// Sells `seats` at the till, by cash or by card through `gateway`; the booking's code.
    QString sell(DbConnection& c, const QList<int>& seats, bool card, ScriptedGateway* gateway = nullptr)
    {
        return bo::test::paidSale(c, m_showtime, seats, till, m_till, card ? gateway : nullptr);
    }

    /// Scripts `payments` card payments that go through.
    static void cardService(ScriptedGateway& g, int payments)
    {
        for (int i = 0; i < payments; ++i) {
            g.authorises << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Authorised);
            g.captures << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Captured);
        }
    }

    [[nodiscard]] QString seatState(int seat) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT status FROM showtime_seat WHERE showtime_id = %1 AND seat_id = %2")
                .arg(m_showtime)
                .arg(seat));
    }

    [[nodiscard]] qint64 expectedCash() const
    {
        return m_db
            ->scalar(
                QStringLiteral("SELECT bo_shift_expected_cash(id) FROM shift WHERE closed_at IS NULL AND "
                               "terminal_id = '%1'")
                    .arg(m_till.toString(QUuid::WithoutBraces)))
            .toLongLong();
    }

private slots:
    void init()
    {
        CHECKED(m_rig.create(2, 10, ShowtimeRig::Terminal::NotConnected));
        m_cashier = addMember(QStringLiteral("Mina Park"), StaffRole::Cashier, cashierPin);
        m_supervisor = addMember(QStringLiteral("Joon Lee"), StaffRole::Supervisor, supervisorPin);
        QVERIFY(m_cashier > 0 && m_supervisor > 0);
        m_till = QUuid::createUuid();
        auto c = m_db->connect();
        QVERIFY(signIn(*c, m_cashier, cashierPin, m_till));
        TillShiftStore shifts(*c);
        QVERIFY(shifts.openShift(m_till, till, 50000).ok());
    }

    void cleanup() { m_rig.reset(); }

    void aCashRefundOfOneSeatFreesItAndTheBlindCountAddsUp()
    {
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[0], m_seats[1]}, false);
        QVERIFY(!code.isEmpty());
        QCOMPARE(expectedCash(), qint64(70000));
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT staff_id || ':' || (shift_id IS NOT NULL) FROM payment_intent")),
                 QStringLiteral("%1:true").arg(m_cashier));

        RefundStore refunds(*c);
        RefundProcess desk(refunds, nullptr);
        RefundRequest r;
        r.key = QUuid::createUuid();
        r.bookingCode = code;
        r.seats = {QStringLiteral("A1")};
        r.reason = QStringLiteral("Customer left early");
        r.terminal = till;
        r.terminalId = m_till;
        auto done = desk.refund(r);
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().message));
        QCOMPARE(done.value().state, RefundState::Refunded);
        QCOMPARE(done.value().method, QStringLiteral("cash"));
        QCOMPARE(done.value().amountMinor, qint64(10000));
        QCOMPARE(done.value().bookingStatus, QStringLiteral("CONFIRMED"));
        QCOMPARE(seatState(m_seats[0]), QStringLiteral("FREE"));
        QCOMPARE(seatState(m_seats[1]), QStringLiteral("RESERVED"));
        QCOMPARE(expectedCash(), qint64(60000));

        // The same key again is the same refund; another key for the same seat is refused.
        auto again = desk.refund(r);
        QVERIFY(again.ok() && again.value().replay);
        RefundRequest twice = r;
        twice.key = QUuid::createUuid();
        auto refused = desk.refund(twice);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        // The server names the refusal and what its sentence says; the model words it.
        QCOMPARE(refused.error().refusal, Refusal::SeatRefundedAlready);
        QCOMPARE(refused.error().args, (QStringList{QStringLiteral("A1"), r.bookingCode}));
        QCOMPARE(refused.error().message,
                 refusalSentence(Refusal::SeatRefundedAlready, refused.error().args));

        // The rest of the booking: the booking is refunded, the drawer back to its float.
        RefundRequest rest = r;
        rest.key = QUuid::createUuid();
        rest.seats.clear();
        auto whole = desk.refund(rest);
        QVERIFY(whole.ok());
        QCOMPARE(whole.value().seats, QStringList{QStringLiteral("A2")});
        QCOMPARE(whole.value().bookingStatus, QStringLiteral("REFUNDED"));
        QCOMPARE(expectedCash(), qint64(50000));

        // Pay-out, then the blind count: 1,500 short.
        TillShiftStore shifts(*c);
        QVERIFY(shifts.moveCash(m_till, DrawerMove::PayOut, 5000, QStringLiteral("Printer paper")).ok());
        QVERIFY(!shifts.moveCash(m_till, DrawerMove::PayOut, 50000, QStringLiteral("Too much")).ok());
        auto count = shifts.closeShift(m_till, 43500,
                                       QJsonObject{{QStringLiteral("10000"), 4},
                                                   {QStringLiteral("1000"), 3},
                                                   {QStringLiteral("500"), 1}});
        QVERIFY(count.ok());
        QCOMPARE(count.value().expectedMinor, qint64(45000));
        QCOMPARE(count.value().overShortMinor, qint64(-1500));
        auto lines = shifts.salesLines(count.value().shiftId, {}, {});
        QVERIFY(lines.ok());
        QHash<QString, qint64> byKey;
        for (const SalesLine& l : lines.value())
            byKey.insert(l.section + QLatin1Char('.') + l.key, l.amountMinor);
        QCOMPARE(byKey.value(QStringLiteral("method.cash")), qint64(20000));
        QCOMPARE(byKey.value(QStringLiteral("refund.cash")), qint64(20000));
        QCOMPARE(byKey.value(QStringLiteral("net.total")), qint64(0));
        QCOMPARE(byKey.value(QStringLiteral("cash.over_short")), qint64(-1500));
        QCOMPARE(byKey.value(QStringLiteral("cash.pay_out")), qint64(5000));
        // Closed: nothing more moves through it.
        QVERIFY(!shifts.moveCash(m_till, DrawerMove::PayIn, 100, QStringLiteral("Late")).ok());
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT string_agg(action, ',' ORDER BY seq) FROM audit_log WHERE action "
                                    "LIKE 'refund.%' OR action LIKE 'shift.%' OR action LIKE 'drawer.%'")),
                 QStringLiteral("shift.open,refund.refunded,refund.refunded,drawer.pay_out,shift.close"));
    }

    void aRefundDoubleClickedFromSeveralTillsIsMadeOnce()
    {
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[0], m_seats[1], m_seats[2]}, false);
        QVERIFY(!code.isEmpty());
        const QUuid sameKey = QUuid::createUuid();
        constexpr int clicks = 6;
        std::latch start(clicks);
        std::atomic<int> made{0};
        std::atomic<int> replays{0};
        std::atomic<int> refused{0};
        std::atomic<int> other{0};
        std::vector<std::thread> threads;
        threads.reserve(clicks);
        for (int i = 0; i < clicks; ++i) {
            threads.emplace_back([&, i] {
                auto mine = m_db->connect(QStringLiteral("click-%1").arg(i));
                start.arrive_and_wait();
                if (!mine) {
                    ++other;
                    return;
                }
                RefundStore refunds(*mine);
                RefundRequest r;
                r.key = i % 2 == 0 ? sameKey : QUuid::createUuid(); // a double-click, or another till
                r.bookingCode = code;
                r.reason = QStringLiteral("Double-clicked");
                r.terminal = till;
                r.terminalId = m_till;
                auto done = RefundProcess(refunds, nullptr).refund(r);
                if (done.ok())
                    ++(done.value().replay ? replays : made);
                else if (done.error().code == ErrorCode::Conflict)
                    ++refused;
                else
                    ++other;
            });
        }
        for (std::thread& t : threads)
            t.join();
        QCOMPARE(other.load(), 0);
        QCOMPARE(made.load(), 1);
        QCOMPARE(made.load() + replays.load() + refused.load(), clicks);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) || ':' || sum(amount_minor) FROM refund")),
                 QStringLiteral("1:30000"));
        QCOMPARE(expectedCash(), qint64(50000));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'refund.refunded'")),
            QStringLiteral("1"));
    }

    void aCardRefundWhoseAnswerIsLostIsAskedAgainWithItsKey()
    {
        auto c = m_db->connect();
        ScriptedGateway service;
        cardService(service, 1);
        const QString code = sell(*c, {m_seats[4], m_seats[5]}, true, &service);
        QVERIFY(!code.isEmpty());
        RefundStore refunds(*c);
        RefundService sender(*m_db, *c, service);
        service.refunds << ScriptedGateway::reply(GatewayOutcome::Unknown, GatewayPaymentState::None,
                                                  QStringLiteral("timed out"));
        RefundRequest r;
        r.key = QUuid::createUuid();
        r.bookingCode = code;
        r.reason = QStringLiteral("Wrong film");
        r.terminal = till;
        r.terminalId = m_till;
        auto waiting = RefundProcess(refunds, &sender.cards).refund(r);
        QVERIFY(waiting.ok());
        QCOMPARE(waiting.value().state, RefundState::Refunding);
        // The seats are back on sale already; the drawer does not move for a card.
        QCOMPARE(seatState(m_seats[4]), QStringLiteral("FREE"));
        QCOMPARE(expectedCash(), qint64(50000));

        service.refunds << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Refunded);
        auto settled = RefundProcess(refunds, &sender.cards).settleOpen();
        QVERIFY(settled.ok());
        QCOMPARE(settled.value().size(), 1);
        QCOMPARE(settled.value().first().state, RefundState::Refunded);
        // Asked twice, both times with the refund's own key.
        QCOMPARE(service.count(QStringLiteral("refund")), 2);
        const QStringList asked = service.calls.filter(QStringLiteral("refund:"));
        QCOMPARE(asked.size(), 2);
        QCOMPARE(asked.at(0), asked.at(1));
        // Nothing left to settle: the service is not asked again.
        QVERIFY(RefundProcess(refunds, &sender.cards).settleOpen().value().isEmpty());
        QCOMPARE(service.count(QStringLiteral("refund")), 2);

        // A refusal is kept as failed, with its reason.
        ScriptedGateway other;
        cardService(other, 1);
        const QString second = sell(*c, {m_seats[6]}, true, &other);
        other.refunds << ScriptedGateway::reply(GatewayOutcome::Declined, GatewayPaymentState::Captured,
                                                QStringLiteral("card expired"));
        RefundRequest r2 = r;
        r2.key = QUuid::createUuid();
        r2.bookingCode = second;
        RefundService otherSender(*m_db, *c, other);
        auto failed = RefundProcess(refunds, &otherSender.cards).refund(r2);
        QVERIFY(failed.ok());
        QCOMPARE(failed.value().state, RefundState::Failed);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT failure FROM refund WHERE key = '%1'")
                                  .arg(r2.key.toString(QUuid::WithoutBraces))),
                 QStringLiteral("card expired"));
    }

    void aLargeRefundNeedsASupervisorsFreshPin()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 15000")));
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[10], m_seats[11]}, false);
        RefundStore refunds(*c);
        auto quote = refunds.quote(code, {}, m_till);
        QVERIFY(quote.ok());
        QVERIFY(quote.value().needsApproval);
        QVERIFY(!refunds.quote(code, {QStringLiteral("B1")}, m_till).value().needsApproval);

        RefundRequest r;
        r.key = QUuid::createUuid();
        r.bookingCode = code;
        r.reason = QStringLiteral("Too loud");
        r.terminal = till;
        r.terminalId = m_till;
        auto bare = refunds.begin(r);
        QVERIFY(!bare.ok());
        QVERIFY2(bare.error().message.contains(QLatin1String("approval")), qPrintable(bare.error().message));
        // A cashier cannot approve; a supervisor without a PIN just now neither.
        r.approvedBy = m_cashier;
        QVERIFY(!refunds.begin(r).ok());
        r.approvedBy = m_supervisor;
        auto stale = refunds.begin(r);
        QVERIFY(!stale.ok());
        QVERIFY2(stale.error().message.contains(QLatin1String("two minutes")),
                 qPrintable(stale.error().message));
        QCOMPARE(seatState(m_seats[10]), QStringLiteral("RESERVED"));

        StaffStore staff(*c);
        QVERIFY(StaffSignIn(staff, till, m_till)
                    .check(m_supervisor, supervisorPin, PinPurpose::Approve, StaffRole::Supervisor)
                    .value()
                    .ok());
        auto approved = refunds.begin(r);
        QVERIFY2(approved.ok(), qPrintable(approved.ok() ? QString() : approved.error().message));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT approved_by || ':' || staff_id FROM refund")),
                 QStringLiteral("%1:%2").arg(m_supervisor).arg(m_cashier));

        // Once the showtime has started, even a small refund needs one.
        const QString small = sell(*c, {m_seats[12]}, false);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET starts_at = now() - interval '5 minutes', ends_at = "
                           "now() + interval '2 hours', clean_until = now() + interval '3 hours' "
                           "WHERE id = %1")
                .arg(m_showtime)));
        QVERIFY(refunds.quote(small, {}, m_till).value().needsApproval);
    }

    void refundAllKilledHalfWayIsFinishedWithoutRefundingTwice()
    {
        auto c = m_db->connect();
        constexpr int cardBookings = 4;
        ScriptedGateway service;
        cardService(service, cardBookings);
        QStringList codes;
        for (qsizetype i = 0; i < cardBookings; ++i)
            codes << sell(*c, {m_seats[2 * i], m_seats[2 * i + 1]}, true, &service);
        const QString cash = sell(*c, {m_seats[15]}, false);
        QVERIFY(!codes.contains(QString()) && !cash.isEmpty());

        auto manager = m_db->connectAsManager();
        RefundStore refunds(*manager);
        RefundService sender(*m_db, *manager, service);
        // Run 1 dies right after the service answered its third card refund, before the answer
        // was recorded (the bookings go in code order: the cash one may come before or after).
        for (int i = 0; i < 3; ++i)
            service.refunds << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Refunded);
        int answered = 0;
        RefundProcess first(refunds, &sender.cards);
        sender.cards.setCheckpoint([&answered](const char* name) {
            if (qstrcmp(name, "refund-answered") == 0 && ++answered == 3)
                throw Killed{};
        });
        bool killed = false;
        try {
            (void)first.refundAll(m_showtime, QStringLiteral("Projector broken"), QStringLiteral("Office"),
                                  {});
        } catch (const Killed&) {
            killed = true;
        }
        QVERIFY(killed);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(state, ',' ORDER BY state) FROM refund WHERE "
                                             "method = 'card'")),
                 QStringLiteral("REFUNDED,REFUNDED,REFUNDING"));
        QCOMPARE(service.count(QStringLiteral("refund")), 3);

        // Run 2 finishes: every booking refunded once; the service is asked again only for the
        // refund whose answer was lost, with the same key, and once for the last booking.
        for (int i = 0; i < cardBookings; ++i)
            service.refunds << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Refunded);
        auto report =
            RefundProcess(refunds, &sender.cards)
                .refundAll(m_showtime, QStringLiteral("Projector broken"), QStringLiteral("Office"), {});
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));
        QCOMPARE(report.value().refunded, cardBookings);
        QCOMPARE(report.value().cashOwed, 1);
        QCOMPARE(report.value().waiting, 0);
        QCOMPARE(report.value().amountMinor, qint64(cardBookings * 20000));
        QCOMPARE(service.count(QStringLiteral("refund")), cardBookings + 1);
        QStringList keys = service.calls.filter(QStringLiteral("refund:"));
        keys.removeDuplicates();
        QCOMPARE(keys.size(), cardBookings);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) || ':' || count(DISTINCT booking_id) FROM refund")),
            QStringLiteral("5:5"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
        // A third run changes nothing.
        auto third =
            RefundProcess(refunds, &sender.cards)
                .refundAll(m_showtime, QStringLiteral("Projector broken"), QStringLiteral("Office"), {});
        QVERIFY(third.ok());
        QCOMPARE(service.count(QStringLiteral("refund")), cardBookings + 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM refund")), QStringLiteral("5"));

        // The cash customer comes to the till: paid out of its drawer.
        RefundStore tillRefunds(*c);
        auto paid = RefundProcess(tillRefunds, nullptr).payOwedCash(cash, m_till);
        QVERIFY(paid.ok());
        QCOMPARE(paid.value().size(), 1);
        QCOMPARE(paid.value().first().state, RefundState::Refunded);
        QCOMPARE(expectedCash(), qint64(50000));
        QVERIFY(RefundProcess(tillRefunds, nullptr).payOwedCash(cash, m_till).value().isEmpty());
    }

    void anExchangeIsOneTransaction()
    {
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[0], m_seats[1]}, false);
        QVERIFY(!code.isEmpty());
        SeatStore seats(*c);
        RefundStore refunds(*c);
        RefundProcess desk(refunds, nullptr);
        const QUuid owner = CheckedSeatCommands::newToken();
        QVERIFY(seats.hold(m_showtime, {m_seats[10], m_seats[11]}, owner).value().granted);
        ExchangeRequest x;
        x.key = QUuid::createUuid();
        x.bookingCode = code;
        x.showtimeId = m_showtime;
        x.owner = owner;
        x.seatIds = {m_seats[10], m_seats[11], m_seats[12]}; // B3 is not held: the confirm fails
        x.reason = QStringLiteral("Better view");
        x.terminal = till;
        x.terminalId = m_till;
        auto failed = desk.exchange(x);
        QVERIFY(!failed.ok());
        // Neither half happened: the old booking has its seats, no new booking, the drawer as it was.
        QCOMPARE(seatState(m_seats[0]), QStringLiteral("RESERVED"));
        QCOMPARE(seatState(m_seats[10]), QStringLiteral("HELD"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("1"));
        QCOMPARE(expectedCash(), qint64(70000));

        // A dearer exchange (three seats for two): the difference is a cash payment of the new booking.
        QVERIFY(seats.hold(m_showtime, {m_seats[12]}, owner).value().granted);
        x.key = QUuid::createUuid();
        auto done = desk.exchange(x);
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().message));
        QCOMPARE(done.value().differenceMinor, qint64(10000));
        QCOMPARE(done.value().newSeats,
                 (QStringList{QStringLiteral("B1"), QStringLiteral("B2"), QStringLiteral("B3")}));
        QCOMPARE(seatState(m_seats[0]), QStringLiteral("FREE"));
        QCOMPARE(seatState(m_seats[10]), QStringLiteral("RESERVED"));
        QCOMPARE(expectedCash(), qint64(80000));
        QCOMPARE(m_db->scalar(QStringLiteral(
                     "SELECT string_agg(code || '=' || status, ',' ORDER BY status) FROM booking")),
                 QStringLiteral("%1=CONFIRMED,%2=REFUNDED").arg(done.value().newCode, code));
        // The same key again: the same answer, nothing new.
        auto again = desk.exchange(x);
        QVERIFY(again.ok() && again.value().replay);
        QCOMPARE(again.value().newCode, done.value().newCode);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("2"));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM audit_log WHERE action = 'booking.exchange'")),
            QStringLiteral("1"));

        // A cheaper exchange of a card sale: the difference goes back to the card.
        ScriptedGateway service;
        cardService(service, 1);
        const QString cardCode = sell(*c, {m_seats[5], m_seats[6]}, true, &service);
        QVERIFY(!cardCode.isEmpty());
        const QUuid other = CheckedSeatCommands::newToken();
        QVERIFY(seats.hold(m_showtime, {m_seats[15]}, other).value().granted);
        service.refunds << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Captured);
        ExchangeRequest y = x;
        y.key = QUuid::createUuid();
        y.bookingCode = cardCode;
        y.owner = other;
        y.seatIds = {m_seats[15]};
        RefundService sender(*m_db, *c, service);
        auto cheaper = RefundProcess(refunds, &sender.cards).exchange(y);
        QVERIFY2(cheaper.ok(), qPrintable(cheaper.ok() ? QString() : cheaper.error().message));
        QCOMPARE(cheaper.value().differenceMinor, qint64(-10000));
        QVERIFY(cheaper.value().refund.has_value());
        QCOMPARE(cheaper.value().refund->state, RefundState::Refunded);
        QCOMPARE(service.count(QStringLiteral("refund")), 1);
    }

    void anExchangeAndARefundOfOneBookingAtOnce()
    {
        // A till exchanges the booking while another refunds it: one of them, never both.
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[0]}, false);
        const QUuid owner = CheckedSeatCommands::newToken();
        SeatStore seats(*c);
        QVERIFY(seats.hold(m_showtime, {m_seats[19]}, owner).value().granted);
        std::latch start(2);
        Result<ExchangeResult> exchanged = makeError(ErrorCode::Internal, QStringLiteral("not run"));
        Result<RefundRecord> refunded = makeError(ErrorCode::Internal, QStringLiteral("not run"));
        std::thread a([&] {
            auto mine = m_db->connect(QStringLiteral("exchange"));
            RefundStore store(*mine);
            ExchangeRequest x;
            x.key = QUuid::createUuid();
            x.bookingCode = code;
            x.showtimeId = m_showtime;
            x.owner = owner;
            x.seatIds = {m_seats[19]};
            x.reason = QStringLiteral("Aisle seat");
            x.terminal = till;
            x.terminalId = m_till;
            start.arrive_and_wait();
            exchanged = RefundProcess(store, nullptr).exchange(x);
        });
        std::thread b([&] {
            auto mine = m_db->connect(QStringLiteral("refund"));
            RefundStore store(*mine);
            RefundRequest r;
            r.key = QUuid::createUuid();
            r.bookingCode = code;
            r.reason = QStringLiteral("Changed plans");
            r.terminal = till;
            r.terminalId = m_till;
            start.arrive_and_wait();
            refunded = RefundProcess(store, nullptr).refund(r);
        });
        a.join();
        b.join();
        QVERIFY(exchanged.ok() != refunded.ok());
        const QString confirmed =
            m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'"));
        QCOMPARE(confirmed, exchanged.ok() ? QStringLiteral("1") : QStringLiteral("0"));
        QCOMPARE(expectedCash(), exchanged.ok() ? qint64(60000) : qint64(50000));
    }

    /// The payment ledger (migration 0046): a card-paid booking exchanged for dearer seats is
    /// refunded through the desk as the counter does it: the old booking's card gets its part back
    /// through the payment service, the cash the exchange added comes out of the drawer, and the
    /// desk's record carries both parts. Then two tills at once refund the two bookings one card
    /// payment backs: the card gets back exactly what it paid, never more.
    void aRefundAfterAnExchangeSplitsOverTheCardAndTheCash()
    {
        auto c = m_db->connect();
        ScriptedGateway service;
        cardService(service, 1);
        const QString code = sell(*c, {m_seats[0], m_seats[1], m_seats[2]}, true, &service);
        QVERIFY(!code.isEmpty());
        const QString card = m_db->scalar(
            QStringLiteral("SELECT key FROM payment_intent WHERE booking_code = '%1' AND method = 'card'")
                .arg(code));
        SeatStore seats(*c);
        RefundStore refunds(*c);
        RefundService sender(*m_db, *c, service);
        RefundProcess desk(refunds, &sender.cards);
        // A1 (10,000 of the card) for B1 and B2 (20,000): 10,000 more in cash.
        const QUuid owner = CheckedSeatCommands::newToken();
        QVERIFY(seats.hold(m_showtime, {m_seats[10], m_seats[11]}, owner).value().granted);
        ExchangeRequest x;
        x.key = QUuid::createUuid();
        x.bookingCode = code;
        x.seats = {QStringLiteral("A1")};
        x.showtimeId = m_showtime;
        x.owner = owner;
        x.seatIds = {m_seats[10], m_seats[11]};
        x.reason = QStringLiteral("Better view");
        x.terminal = till;
        x.terminalId = m_till;
        auto dearer = desk.exchange(x);
        QVERIFY2(dearer.ok(), qPrintable(dearer.ok() ? QString() : dearer.error().message));
        QCOMPARE(expectedCash(), qint64(60000));

        // The quote shows the split; the refund makes it, the card's part through the service.
        auto quote = refunds.quote(dearer.value().newCode, {}, m_till);
        QVERIFY(quote.ok());
        QCOMPARE(quote.value().amountMinor, qint64(20000));
        QCOMPARE(quote.value().method, QStringLiteral("card"));
        QCOMPARE(quote.value().cardMinor, qint64(10000));
        QCOMPARE(quote.value().cashMinor, qint64(10000));
        service.refunds << ScriptedGateway::reply(GatewayOutcome::Done, GatewayPaymentState::Refunded);
        RefundRequest r;
        r.key = QUuid::createUuid();
        r.bookingCode = dearer.value().newCode;
        r.reason = QStringLiteral("Feels unwell");
        r.terminal = till;
        r.terminalId = m_till;
        auto back = desk.refund(r);
        QVERIFY2(back.ok(), qPrintable(back.ok() ? QString() : back.error().message));
        QCOMPARE(back.value().method, QStringLiteral("card"));
        QCOMPARE(back.value().amountMinor, qint64(10000));
        QCOMPARE(back.value().state, RefundState::Refunded);
        QCOMPARE(back.value().parts.size(), 1);
        QCOMPARE(back.value().parts.first().method, QStringLiteral("cash"));
        QCOMPARE(back.value().cashHandedBackMinor(), qint64(10000));
        QCOMPARE(back.value().totalMinor(), qint64(20000));
        QCOMPARE(expectedCash(), qint64(50000));
        // Asked again with its key: the same refund, both parts, nothing new.
        auto again = refunds.begin(r);
        QVERIFY(again.ok() && again.value().replay);
        QCOMPARE(again.value().parts.size(), 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM refund")), QStringLiteral("2"));

        // A2 exchanged for B3 at the same price: the new booking is backed by the card alone.
        const QUuid third = CheckedSeatCommands::newToken();
        QVERIFY(seats.hold(m_showtime, {m_seats[12]}, third).value().granted);
        ExchangeRequest y = x;
        y.key = QUuid::createUuid();
        y.seats = {QStringLiteral("A2")};
        y.owner = third;
        y.seatIds = {m_seats[12]};
        auto equal = desk.exchange(y);
        QVERIFY2(equal.ok(), qPrintable(equal.ok() ? QString() : equal.error().message));

        // Two tills at once: the old booking's last seat (A3) and the new booking (B3), both on the
        // one card. Each gets its own 10,000 back; the card 30,000 in all, what it paid.
        std::latch start(2);
        QList<Result<RefundRecord>> done(2, makeError(ErrorCode::Internal, QStringLiteral("not run")));
        const QStringList codes{code, equal.value().newCode};
        std::vector<std::thread> tills;
        tills.reserve(2);
        for (int i = 0; i < 2; ++i)
            tills.emplace_back([&, i] {
                auto mine = m_db->connect(QStringLiteral("till-%1").arg(i));
                RefundStore store(*mine);
                RefundRequest one = r;
                one.key = QUuid::createUuid();
                one.bookingCode = codes.at(i);
                start.arrive_and_wait();
                done[i] = RefundProcess(store, nullptr).refund(one);
            });
        for (std::thread& t : tills)
            t.join();
        for (const auto& d : done) {
            QVERIFY2(d.ok(), qPrintable(d.ok() ? QString() : d.error().message));
            QCOMPARE(d.value().method + QLatin1Char(' ') + QString::number(d.value().totalMinor()),
                     QStringLiteral("card 10000"));
        }
        QCOMPARE(
            m_db->scalar(
                QStringLiteral("SELECT sum(amount_minor) FROM refund WHERE payment_key = '%1'").arg(card)),
            QStringLiteral("30000"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("0"));
        QCOMPARE(expectedCash(), qint64(50000));
    }

    void theDoorRefusesARefundedSeatsTicket()
    {
        auto c = m_db->connect();
        const QString code = sell(*c, {m_seats[0], m_seats[1]}, false);
        // Tickets for the booking, as issued (0012): a key and a payload per seat.
        QVERIFY(m_db->run(
            QStringLiteral("INSERT INTO ticket_key (public_key) VALUES (decode(repeat('ab', 32), 'hex')); "
                           "INSERT INTO ticket (booking_id, showtime_id, seat_id, key_id, payload) SELECT "
                           "bs.booking_id, "
                           "bs.showtime_id, bs.seat_id, (SELECT max(id) FROM ticket_key), 'T-' || bs.seat_id "
                           "FROM booking_seat bs "
                           "JOIN booking b ON b.id = bs.booking_id WHERE b.code = '%1'")
                .arg(code)));
        RefundStore refunds(*c);
        RefundRequest r;
        r.key = QUuid::createUuid();
        r.bookingCode = code;
        r.seats = {QStringLiteral("A1")};
        r.reason = QStringLiteral("Changed plans");
        r.terminal = till;
        r.terminalId = m_till;
        QVERIFY(refunds.begin(r).ok());
        const QString verdicts = m_db->scalar(
            QStringLiteral("SELECT string_agg(s.label || '=' || (SELECT verdict FROM bo_checkin(t.serial, "
                           "t.payload, 'Door 1', NULL)), "
                           "',' ORDER BY s.label) FROM ticket t JOIN seat s ON s.id = t.seat_id"));
        QCOMPARE(verdicts, QStringLiteral("A1=REFUNDED,A2=ADMITTED"));
        // Offline doors read the same from their list.
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT string_agg(seat_label || '=' || booking_status, ',' ORDER BY "
                                    "seat_label) FROM bo_door_tickets(ARRAY[%1]) WHERE booking_code = '%2'")
                         .arg(m_showtime)
                         .arg(code)),
                 QStringLiteral("A1=REFUNDED,A2=CONFIRMED"));
    }
};

QTEST_GUILESS_MAIN(TstRefunds)
#include "tst_refunds.moc"
