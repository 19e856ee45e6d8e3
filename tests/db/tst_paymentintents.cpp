// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <array>
#include <atomic>
#include <functional>
#include <latch>
#include <memory>
#include <thread>
#include <vector>

#include <QThread>

#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/errorcodename.h"
#include "tests/support/paidsale.h"
#include "tests/support/siteintents.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::codeName;
using bo::test::SiteIntents;
using bo::test::TestDatabase;

namespace {

constexpr std::array allStates{IntentState::New,      IntentState::Authorising, IntentState::Authorised,
                               IntentState::Declined, IntentState::Capturing,   IntentState::Captured,
                               IntentState::Voiding,  IntentState::Voided,      IntentState::Refunding,
                               IntentState::Refunded, IntentState::Abandoned};

/// The transitions of model/payments/paymentintents.h (and migration 0010), written out independently.
bool allowed(PaymentMethod method, IntentState from, IntentState to)
{
    using S = IntentState;
    static const QList<std::pair<S, S>> card{
        {S::New, S::Authorising},      {S::New, S::Abandoned},         {S::Authorising, S::Authorised},
        {S::Authorising, S::Declined}, {S::Authorising, S::Abandoned}, {S::Authorised, S::Capturing},
        {S::Authorised, S::Voiding},   {S::Capturing, S::Captured},    {S::Voiding, S::Voided},
        {S::Captured, S::Refunding},   {S::Refunding, S::Refunded}};
    static const QList<std::pair<S, S>> cash{
        {S::Authorised, S::Captured}, {S::Authorised, S::Voided}, {S::Captured, S::Refunded}};
    return (method == PaymentMethod::Card ? card : cash).contains(std::pair{from, to});
}

/// How a card intent gets to each state, step by step from New.
QList<IntentState> cardPathTo(IntentState state)
{
    using S = IntentState;
    switch (state) {
    case S::New:
        return {};
    case S::Authorising:
        return {S::Authorising};
    case S::Authorised:
        return {S::Authorising, S::Authorised};
    case S::Declined:
        return {S::Authorising, S::Declined};
    case S::Abandoned:
        return {S::Authorising, S::Abandoned};
    case S::Capturing:
        return {S::Authorising, S::Authorised, S::Capturing};
    case S::Captured:
        return {S::Authorising, S::Authorised, S::Capturing, S::Captured};
    case S::Voiding:
        return {S::Authorising, S::Authorised, S::Voiding};
    case S::Voided:
        return {S::Authorising, S::Authorised, S::Voiding, S::Voided};
    case S::Refunding:
        return {S::Authorising, S::Authorised, S::Capturing, S::Captured, S::Refunding};
    case S::Refunded:
        return {S::Authorising, S::Authorised, S::Capturing, S::Captured, S::Refunding, S::Refunded};
    }
    return {};
}

bool takesMoney(IntentState to)
{
    return to == IntentState::Capturing || to == IntentState::Captured;
}

bool givesBack(IntentState to)
{
    return to == IntentState::Voiding || to == IntentState::Voided || to == IntentState::Refunding ||
           to == IntentState::Refunded;
}

QString name(IntentState state)
{
    return QString::fromLatin1(intentStateName(state));
}

QString describe(const Error& e)
{
    return QStringLiteral("%1: %2 / %3").arg(codeName(e.code), e.message, e.detail);
}

/// What went wrong, or "" when nothing did (QVERIFY2 evaluates its message either way).
template <typename T> QString why(const Result<T>& result)
{
    return result.ok() ? QString() : describe(result.error());
}

/// A sale at the payment step: one seat held, its PENDING booking open.
struct Sale
{
    QUuid owner;
    int seat = 0;
    QUuid bookingId;
    QString bookingCode;
};

} // namespace

Q_DECLARE_METATYPE(bo::IntentState)
Q_DECLARE_METATYPE(bo::PaymentMethod)
Q_DECLARE_METATYPE(bo::ErrorCode)

class TstPaymentIntents final : public QObject
{
    Q_OBJECT

private slots:
    // One database for the whole run (the transition table alone is 150 cases); every case makes
    // its own sale and its own intent, and the list tests use terminal names of their own.
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_showtime = m_db->addShowtime(20, 20);
        QVERIFY(m_showtime > 0);
        m_seats = m_db->seatIds(m_showtime);
        QCOMPARE(m_seats.size(), 400);
        m_connection = m_db->connect(QStringLiteral("intents"));
        QVERIFY(m_connection);
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
        m_owner = m_db->connectAsOwner();
        QVERIFY(m_owner);
        m_service = m_db->connectAsService();
        QVERIFY(m_service);
        m_tillIntents = std::make_unique<PaymentIntentStore>(*m_connection);
        m_serviceIntents = std::make_unique<PaymentIntentStore>(*m_service);
        m_intents = std::make_unique<SiteIntents>(*m_tillIntents, *m_serviceIntents);
        m_sales = std::make_unique<SeatStore>(*m_connection);
        // The till that takes the cash: staffed, its shift open, as a counter is.
        m_tillId = QUuid::createUuid();
        const Status staffed = bo::test::staffTill(*m_connection, m_tillId, QStringLiteral("till"));
        QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : describe(staffed.error())));
    }

    void cleanupTestCase()
    {
        m_intents.reset();
        m_tillIntents.reset();
        m_serviceIntents.reset();
        m_service.reset();
        m_sales.reset();
        m_manager.reset();
        m_owner.reset();
        m_connection.reset();
        m_db.reset();
    }

    void everyTransitionIsAllowedOrRefusedByTheTable_data()
    {
        QTest::addColumn<PaymentMethod>("method");
        QTest::addColumn<IntentState>("from");
        QTest::addColumn<IntentState>("to");
        for (IntentState from : allStates) {
            for (IntentState to : allStates) {
                QTest::addRow("card %s -> %s", intentStateName(from), intentStateName(to))
                    << PaymentMethod::Card << from << to;
            }
        }
        for (IntentState from :
             {IntentState::Authorised, IntentState::Captured, IntentState::Voided, IntentState::Refunded}) {
            for (IntentState to : allStates) {
                QTest::addRow("cash %s -> %s", intentStateName(from), intentStateName(to))
                    << PaymentMethod::Cash << from << to;
            }
        }
    }

    void everyTransitionIsAllowedOrRefusedByTheTable()
    {
        QFETCH(PaymentMethod, method);
        QFETCH(IntentState, from);
        QFETCH(IntentState, to);
        const Sale sale = newSale();
        QVERIFY(!sale.bookingId.isNull());
        const QUuid key = QUuid::createUuid();
        auto created = m_intents->create(request(key, sale, method, QStringLiteral("till-table")));
        QVERIFY2(created.ok(), qPrintable(why(created)));
        QVERIFY(driveTo(key, sale, method, from));
        // The booking as the step needs it, so that only the table decides.
        if (allowed(method, from, to) && takesMoney(to) && bookingStatus(sale) != u"CONFIRMED")
            QVERIFY(confirmed(sale, key, method));
        if (allowed(method, from, to) && givesBack(to) && bookingStatus(sale) == u"CONFIRMED")
            QVERIFY(cancelled(sale));
        const QString eventsBefore = events(key);

        auto moved = m_intents->advance(key, from, to,
                                        {QStringLiteral("REF-%1").arg(sale.seat),
                                         QStringLiteral("VISA **** 4242"), QStringLiteral("because")});
        if (allowed(method, from, to)) {
            QVERIFY2(moved.ok(), qPrintable(why(moved)));
            QCOMPARE(name(moved.value().state), name(to));
            QCOMPARE(moved.value().request.key, key);
            QCOMPARE(moved.value().reason, QStringLiteral("because"));
            QCOMPARE(inspect(QStringLiteral("SELECT resolved_at IS NOT NULL FROM payment_intent "
                                            "WHERE key = '%1'")
                                 .arg(key.toString(QUuid::WithoutBraces))),
                     isResolved(to) ? QStringLiteral("true") : QStringLiteral("false"));
            QCOMPARE(events(key), eventsBefore + QStringLiteral(" %1>%2").arg(name(from), name(to)));
        } else {
            QVERIFY(!moved.ok());
            QCOMPARE(codeName(moved.error().code), codeName(ErrorCode::BadInput));
            QCOMPARE(state(key), name(from));
            QCOMPARE(events(key), eventsBefore);
        }
    }

    void moneyAndBookingMustAgree_data()
    {
        QTest::addColumn<PaymentMethod>("method");
        QTest::addColumn<IntentState>("from");
        QTest::addColumn<IntentState>("to");
        QTest::addColumn<QString>("booking"); // what the booking is when the step is asked
        using S = IntentState;
        QTest::newRow("card capture of a pending booking")
            << PaymentMethod::Card << S::Authorised << S::Capturing << QStringLiteral("PENDING");
        QTest::newRow("card capture of a cancelled booking")
            << PaymentMethod::Card << S::Authorised << S::Capturing << QStringLiteral("CANCELLED");
        QTest::newRow("cash kept for a pending booking")
            << PaymentMethod::Cash << S::Authorised << S::Captured << QStringLiteral("PENDING");
        QTest::newRow("cash kept for an expired booking")
            << PaymentMethod::Cash << S::Authorised << S::Captured << QStringLiteral("EXPIRED");
        QTest::newRow("card void of a confirmed booking")
            << PaymentMethod::Card << S::Authorised << S::Voiding << QStringLiteral("CONFIRMED");
        QTest::newRow("cash handed back for a confirmed booking")
            << PaymentMethod::Cash << S::Authorised << S::Voided << QStringLiteral("CONFIRMED");
        QTest::newRow("card refund of a confirmed booking")
            << PaymentMethod::Card << S::Captured << S::Refunding << QStringLiteral("CONFIRMED");
        QTest::newRow("cash refund of a confirmed booking")
            << PaymentMethod::Cash << S::Captured << S::Refunded << QStringLiteral("CONFIRMED");
    }

    void moneyAndBookingMustAgree()
    {
        QFETCH(PaymentMethod, method);
        QFETCH(IntentState, from);
        QFETCH(IntentState, to);
        QFETCH(QString, booking);
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(m_intents->create(request(key, sale, method, QStringLiteral("till-agree"))).ok());
        QVERIFY(driveTo(key, sale, method, from));
        if (booking == u"CONFIRMED" && bookingStatus(sale) != booking)
            QVERIFY(confirmed(sale, key, method));
        if (booking == u"CANCELLED" && bookingStatus(sale) != booking)
            QVERIFY(cancelled(sale));
        if (booking == u"EXPIRED") {
            QCOMPARE(m_db->expireHoldsOf(sale.owner), 1);
            QVERIFY(m_db->sweepAsService() >= 0);
        }
        QCOMPARE(bookingStatus(sale), booking);
        const QString eventsBefore = events(key);

        auto moved = m_intents->advance(key, from, to);
        QVERIFY(!moved.ok());
        QCOMPARE(codeName(moved.error().code), codeName(ErrorCode::Conflict));
        QVERIFY2(moved.error().message.contains(sale.bookingCode), qPrintable(describe(moved.error())));
        QCOMPARE(state(key), name(from));
        QCOMPARE(events(key), eventsBefore);
    }

    /// 0011: a capture on its way (CAPTURING) may take the money whatever the booking becomes, so
    /// the booking is not cancelled under it; the refusal says what to do, and doing it works.
    void cancelWhileCapturingIsRefused()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(
            m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-guard"))).ok());
        QVERIFY(driveTo(key, sale, PaymentMethod::Card, IntentState::Capturing));
        QCOMPARE(bookingStatus(sale), QStringLiteral("CONFIRMED"));
        const QString eventsBefore = events(key);

        auto refused =
            m_manager->exec(QStringLiteral("SELECT status FROM bo_cancel_booking(?)"), {sale.bookingCode});
        QVERIFY2(!refused.ok(), "a booking was cancelled while its payment was being captured");
        QCOMPARE(codeName(refused.error().code), codeName(ErrorCode::Conflict));
        const QString message = refused.error().message;
        QVERIFY2(message.contains(sale.bookingCode) && message.contains(QLatin1String("being captured")) &&
                     message.contains(QLatin1String("refund")),
                 qPrintable(describe(refused.error())));
        QCOMPARE(bookingStatus(sale), QStringLiteral("CONFIRMED"));
        QCOMPARE(seatStatus(sale), QStringLiteral("RESERVED"));
        QCOMPARE(state(key), name(IntentState::Capturing));
        QCOMPARE(events(key), eventsBefore);

        // What the caller is told to do: the capture's result, then the cancel, then the refund.
        auto captured = m_intents->advance(key, IntentState::Capturing, IntentState::Captured);
        QVERIFY2(captured.ok(), qPrintable(why(captured)));
        QVERIFY(cancelled(sale));
        QCOMPARE(seatStatus(sale), QStringLiteral("FREE"));
        auto refunding = m_intents->advance(key, IntentState::Captured, IntentState::Refunding);
        QVERIFY2(refunding.ok(), qPrintable(why(refunding)));
    }

    /// 0011: a confirm books nothing while the sale's payment is being voided, nor on a payment
    /// that was given up; one on an authorised payment books.
    void confirmOnAPaymentGivenUpIsRefused_data()
    {
        QTest::addColumn<IntentState>("intent");
        QTest::addColumn<bool>("carried"); // the confirm carries the intent's payment
        QTest::addColumn<bool>("books");
        using S = IntentState;
        QTest::newRow("voiding, confirm without payment") << S::Voiding << false << false;
        QTest::newRow("voiding, carried") << S::Voiding << true << false;
        QTest::newRow("voided, carried") << S::Voided << true << false;
        QTest::newRow("declined, carried") << S::Declined << true << false;
        QTest::newRow("abandoned, carried") << S::Abandoned << true << false;
        QTest::newRow("authorised, carried") << S::Authorised << true << true;
    }

    void confirmOnAPaymentGivenUpIsRefused()
    {
        QFETCH(IntentState, intent);
        QFETCH(bool, carried);
        QFETCH(bool, books);
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(
            m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-guard"))).ok());
        QVERIFY(driveTo(key, sale, PaymentMethod::Card, intent));
        QCOMPARE(bookingStatus(sale), QStringLiteral("PENDING"));
        const QString eventsBefore = events(key);

        ConfirmRequest confirm{
            QStringLiteral("till"), QUuid::createUuid(), m_showtime, sale.owner, {}, {}, {}, {}};
        if (carried)
            confirm.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                          {QStringLiteral("intent"), key.toString(QUuid::WithoutBraces)}};
        auto done = m_sales->confirm(confirm);
        if (books) {
            QVERIFY2(done.ok(), qPrintable(why(done)));
            QCOMPARE(bookingStatus(sale), QStringLiteral("CONFIRMED"));
            QVERIFY(m_intents->advance(key, IntentState::Authorised, IntentState::Capturing).ok());
            return;
        }
        QVERIFY2(!done.ok(), "booked on a payment that was being voided or was given up");
        QCOMPARE(codeName(done.error().code), codeName(ErrorCode::Conflict));
        QVERIFY2(done.error().message.contains(sale.bookingCode) &&
                     done.error().message.contains(key.toString(QUuid::WithoutBraces)),
                 qPrintable(describe(done.error())));
        // Nothing of the confirm stays: booking, seat, key and payment as they were.
        QCOMPARE(bookingStatus(sale), QStringLiteral("PENDING"));
        QCOMPARE(seatStatus(sale), QStringLiteral("HELD"));
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM idempotency_key WHERE key = '%1'")
                             .arg(confirm.key.toString(QUuid::WithoutBraces))),
                 QStringLiteral("0"));
        QCOMPARE(state(key), name(intent));
        QCOMPARE(events(key), eventsBefore);
        // The void on its way can still finish (0010 would refuse it under a confirmed booking).
        if (intent == IntentState::Voiding) {
            auto voided = m_intents->advance(key, IntentState::Voiding, IntentState::Voided);
            QVERIFY2(voided.ok(), qPrintable(why(voided)));
        }
    }

    /// 0028: a confirm carrying a payment for another amount than the seats cost books nothing
    /// (a till's bill 5,000 short was once booked on its short card payment); the exact amount books.
    void aPaymentForAnotherAmountBooksNothing_data()
    {
        QTest::addColumn<qint64>("amount");
        QTest::addColumn<bool>("books");
        QTest::newRow("short by one won") << qint64(9999) << false;
        QTest::newRow("one won over") << qint64(10001) << false;
        QTest::newRow("half") << qint64(5000) << false;
        QTest::newRow("the seat's price") << qint64(10000) << true;
    }

    void aPaymentForAnotherAmountBooksNothing()
    {
        QFETCH(qint64, amount);
        QFETCH(bool, books);
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        NewPaymentIntent intent = request(key, sale, PaymentMethod::Card, QStringLiteral("till-amount"));
        intent.amountMinor = amount;
        QVERIFY(m_intents->create(intent).ok());
        QVERIFY(driveTo(key, sale, PaymentMethod::Card, IntentState::Authorised));
        ConfirmRequest confirm{QStringLiteral("till"),
                               QUuid::createUuid(),
                               m_showtime,
                               sale.owner,
                               {},
                               {},
                               QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                           {QStringLiteral("intent"), key.toString(QUuid::WithoutBraces)}},
                               {}};
        auto done = m_sales->confirm(confirm);
        if (books) {
            QVERIFY2(done.ok(), qPrintable(why(done)));
            QCOMPARE(done.value().totalMinor, amount);
            QVERIFY(m_intents->advance(key, IntentState::Authorised, IntentState::Capturing).ok());
            return;
        }
        QVERIFY2(!done.ok(), "booked on a payment for another amount");
        QCOMPARE(codeName(done.error().code), codeName(ErrorCode::Conflict));
        QVERIFY2(done.error().message.contains(QString::number(amount)) &&
                     done.error().message.contains(QLatin1String("10000")),
                 qPrintable(describe(done.error())));
        QCOMPARE(bookingStatus(sale), QStringLiteral("PENDING"));
        QCOMPARE(seatStatus(sale), QStringLiteral("HELD"));
        QCOMPARE(state(key), name(IntentState::Authorised));
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM idempotency_key WHERE key = '%1'")
                             .arg(confirm.key.toString(QUuid::WithoutBraces))),
                 QStringLiteral("0"));
    }

    void advanceIsCompareAndSet()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-cas"))).ok());
        QVERIFY(m_intents->advance(key, IntentState::New, IntentState::Authorising).ok());
        // Another process already moved it: the same step again loses, nothing changes.
        auto again = m_intents->advance(key, IntentState::New, IntentState::Authorising);
        QVERIFY(!again.ok());
        QCOMPARE(codeName(again.error().code), codeName(ErrorCode::Conflict));
        // A legal step from a state the intent is not in loses too (it is not a bad request).
        auto stale = m_intents->advance(key, IntentState::Authorised, IntentState::Voiding);
        QVERIFY(!stale.ok());
        QCOMPARE(codeName(stale.error().code), codeName(ErrorCode::Conflict));
        QCOMPARE(state(key), name(IntentState::Authorising));
        QCOMPARE(events(key), QStringLiteral(" -NEW NEW>AUTHORISING"));

        auto unknown = m_intents->advance(QUuid::createUuid(), IntentState::New, IntentState::Authorising);
        QVERIFY(!unknown.ok());
        QCOMPARE(codeName(unknown.error().code), codeName(ErrorCode::NotFound));
        auto missing = m_intents->find(QUuid::createUuid());
        QVERIFY(!missing.ok());
        QCOMPARE(codeName(missing.error().code), codeName(ErrorCode::NotFound));
        auto noted = m_intents->noteUnknown(QUuid::createUuid(), QStringLiteral("timeout"));
        QVERIFY(!noted.ok());
        QCOMPARE(codeName(noted.error().code), codeName(ErrorCode::NotFound));
    }

    void theFirstGatewayReferenceStays()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-ref"))).ok());
        QVERIFY(m_intents->advance(key, IntentState::New, IntentState::Authorising).ok());
        auto authorised = m_intents->advance(key, IntentState::Authorising, IntentState::Authorised,
                                             {QStringLiteral("PAY-1"), QStringLiteral("VISA **** 4242"), {}});
        QVERIFY(authorised.ok());
        QCOMPARE(authorised.value().gatewayReference, QStringLiteral("PAY-1"));
        QCOMPARE(authorised.value().maskedCard, QStringLiteral("VISA **** 4242"));
        QVERIFY(confirmed(sale, key, PaymentMethod::Card));
        QVERIFY(m_intents->advance(key, IntentState::Authorised, IntentState::Capturing).ok());
        auto captured = m_intents->advance(key, IntentState::Capturing, IntentState::Captured,
                                           {QStringLiteral("CAP-9"), {}, {}});
        QVERIFY(captured.ok());
        QCOMPARE(captured.value().gatewayReference, QStringLiteral("PAY-1"));
        QCOMPARE(captured.value().maskedCard, QStringLiteral("VISA **** 4242"));
        QCOMPARE(captured.value().bookingStatus, QStringLiteral("CONFIRMED"));
        QVERIFY(!captured.value().bookingDeadline.isValid());
        // The other reference is kept in the history.
        QCOMPARE(inspect(QStringLiteral("SELECT detail->>'ref' FROM payment_event WHERE key = '%1' AND "
                                        "to_state = 'CAPTURED'")
                             .arg(key.toString(QUuid::WithoutBraces))),
                 QStringLiteral("CAP-9"));
    }

    void createIsIdempotentByKey()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        const NewPaymentIntent req = request(key, sale, PaymentMethod::Card, QStringLiteral("till-idem"));
        auto first = m_intents->create(req);
        QVERIFY2(first.ok(), qPrintable(why(first)));
        QCOMPARE(name(first.value().state), name(IntentState::New));
        QCOMPARE(first.value().request.bookingCode, sale.bookingCode);
        QCOMPARE(first.value().bookingStatus, QStringLiteral("PENDING"));
        QVERIFY(first.value().bookingDeadline.isValid());
        QCOMPARE(first.value().request.amountMinor, qint64(10000));
        QCOMPARE(first.value().request.gateway, QStringLiteral("paysim"));

        // The same request under another terminal name is a repeat: the stored row, as it is now.
        QVERIFY(m_intents->advance(key, IntentState::New, IntentState::Authorising).ok());
        NewPaymentIntent renamed = req;
        renamed.terminal = QStringLiteral("till-idem-renamed");
        auto repeat = m_intents->create(renamed);
        QVERIFY2(repeat.ok(), qPrintable(why(repeat)));
        QCOMPARE(name(repeat.value().state), name(IntentState::Authorising));
        QCOMPARE(repeat.value().request.terminal, QStringLiteral("till-idem"));
        QCOMPARE(repeat.value().createdAt, first.value().createdAt);

        // Another request under the key is refused, whatever part differs.
        const std::vector<std::function<void(NewPaymentIntent&)>> changes{
            [](NewPaymentIntent& r) { r.amountMinor += 1; },
            [](NewPaymentIntent& r) { r.gateway = QStringLiteral("other"); },
            [](NewPaymentIntent& r) { r.holdToken = QUuid::createUuid(); },
            [this](NewPaymentIntent& r) {
                r.method = PaymentMethod::Cash;
                r.tenderedMinor = 20000;
                r.terminalId = m_tillId; // at the staffed till, where cash may be taken
            },
        };
        for (const auto& change : changes) {
            NewPaymentIntent other = req;
            change(other);
            auto refused = m_intents->create(other);
            QVERIFY(!refused.ok());
            QCOMPARE(codeName(refused.error().code), codeName(ErrorCode::KeyMismatch));
        }
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM payment_intent WHERE booking_id = '%1'")
                             .arg(sale.bookingId.toString(QUuid::WithoutBraces))),
                 QStringLiteral("1"));
        QCOMPARE(events(key), QStringLiteral(" -NEW NEW>AUTHORISING"));
    }

    void cashIsAuthorisedWithItsChange()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        NewPaymentIntent req = request(key, sale, PaymentMethod::Cash, QStringLiteral("till-cash"));
        req.tenderedMinor = 50000;
        auto cash = m_intents->create(req);
        QVERIFY2(cash.ok(), qPrintable(why(cash)));
        QCOMPARE(name(cash.value().state), name(IntentState::Authorised));
        QCOMPARE(cash.value().changeMinor, qint64(40000));
        QCOMPARE(cash.value().request.tenderedMinor, qint64(50000));
        QCOMPARE(events(key), QStringLiteral(" -AUTHORISED"));
        QVERIFY(confirmed(sale, key, PaymentMethod::Cash));
        auto kept = m_intents->advance(key, IntentState::Authorised, IntentState::Captured);
        QVERIFY2(kept.ok(), qPrintable(why(kept)));

        // The exact amount: no change.
        const Sale exact = newSale();
        NewPaymentIntent exactReq =
            request(QUuid::createUuid(), exact, PaymentMethod::Cash, QStringLiteral("till-cash"));
        exactReq.tenderedMinor = exactReq.amountMinor;
        auto noChange = m_intents->create(exactReq);
        QVERIFY2(noChange.ok(), qPrintable(why(noChange)));
        QCOMPARE(noChange.value().changeMinor, qint64(0));
    }

    void badRequestsAreRefused_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<ErrorCode>("code");
        QTest::newRow("too little cash") << QStringLiteral("short") << ErrorCode::BadInput;
        QTest::newRow("no cash at all") << QStringLiteral("no-cash") << ErrorCode::BadInput;
        QTest::newRow("zero amount") << QStringLiteral("zero") << ErrorCode::BadInput;
        QTest::newRow("negative amount") << QStringLiteral("negative") << ErrorCode::BadInput;
        QTest::newRow("currency not a code") << QStringLiteral("krw") << ErrorCode::BadInput;
        QTest::newRow("currency not the booking's") << QStringLiteral("usd") << ErrorCode::BadInput;
        QTest::newRow("card without a gateway") << QStringLiteral("no-gateway") << ErrorCode::BadInput;
        QTest::newRow("card with cash tendered") << QStringLiteral("card-tendered") << ErrorCode::BadInput;
        QTest::newRow("another sale's booking") << QStringLiteral("token") << ErrorCode::BadInput;
        QTest::newRow("another booking's code") << QStringLiteral("code") << ErrorCode::BadInput;
        QTest::newRow("no terminal name") << QStringLiteral("terminal") << ErrorCode::BadInput;
        QTest::newRow("unknown booking") << QStringLiteral("booking") << ErrorCode::NotFound;
        QTest::newRow("booking confirmed") << QStringLiteral("confirmed") << ErrorCode::Conflict;
        QTest::newRow("booking cancelled") << QStringLiteral("cancelled") << ErrorCode::Conflict;
        QTest::newRow("booking expired") << QStringLiteral("expired") << ErrorCode::Expired;
        QTest::newRow("another live payment") << QStringLiteral("second") << ErrorCode::Conflict;
    }

    void badRequestsAreRefused()
    {
        QFETCH(QString, what);
        QFETCH(ErrorCode, code);
        const Sale sale = newSale();
        const bool cash = what == u"short" || what == u"no-cash";
        NewPaymentIntent req =
            request(QUuid::createUuid(), sale, cash ? PaymentMethod::Cash : PaymentMethod::Card,
                    QStringLiteral("till-bad"));
        if (what == u"short")
            req.tenderedMinor = req.amountMinor - 1;
        else if (what == u"no-cash")
            req.tenderedMinor = 0;
        else if (what == u"zero")
            req.amountMinor = 0;
        else if (what == u"negative")
            req.amountMinor = -10000;
        else if (what == u"krw")
            req.currency = QStringLiteral("krw");
        else if (what == u"usd")
            req.currency = QStringLiteral("USD");
        else if (what == u"no-gateway")
            req.gateway.clear();
        else if (what == u"card-tendered")
            req.tenderedMinor = 20000;
        else if (what == u"token")
            req.holdToken = CheckedSeatCommands::newToken();
        else if (what == u"code")
            req.bookingCode = QStringLiteral("AAAA-AAAA");
        else if (what == u"terminal")
            req.terminal.clear();
        else if (what == u"booking")
            req.bookingId = QUuid::createUuid();
        else if (what == u"confirmed")
            QVERIFY(confirmed(sale));
        else if (what == u"cancelled")
            QVERIFY(cancelled(sale));
        else if (what == u"expired") {
            QCOMPARE(m_db->expireHoldsOf(sale.owner), 1);
            QVERIFY(m_db->sweepAsService() >= 0);
            QCOMPARE(bookingStatus(sale), QStringLiteral("EXPIRED"));
        } else if (what == u"second") {
            QVERIFY(m_intents
                        ->create(request(QUuid::createUuid(), sale, PaymentMethod::Card,
                                         QStringLiteral("till-bad")))
                        .ok());
        }
        const QString before = inspect(QStringLiteral("SELECT count(*) FROM payment_intent"));

        auto refused = m_intents->create(req);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().code == code, qPrintable(describe(refused.error())));
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM payment_intent")), before);
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM payment_intent WHERE key = '%1'")
                             .arg(req.key.toString(QUuid::WithoutBraces))),
                 QStringLiteral("0"));
    }

    void aResolvedPaymentAllowsAnotherTry()
    {
        // Declined: the customer tries another card on the same booking.
        const Sale sale = newSale();
        const QUuid first = QUuid::createUuid();
        QVERIFY(
            m_intents->create(request(first, sale, PaymentMethod::Card, QStringLiteral("till-retry"))).ok());
        QVERIFY(m_intents->advance(first, IntentState::New, IntentState::Authorising).ok());
        QVERIFY(m_intents
                    ->advance(first, IntentState::Authorising, IntentState::Declined,
                              {{}, {}, QStringLiteral("insufficient funds")})
                    .ok());
        auto second = m_intents->create(
            request(QUuid::createUuid(), sale, PaymentMethod::Card, QStringLiteral("till-retry")));
        QVERIFY2(second.ok(), qPrintable(why(second)));
        QCOMPARE(name(second.value().state), name(IntentState::New));
    }

    void unknownOutcomesAreCountedNotGuessed()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(
            m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-unknown"))).ok());
        QVERIFY(m_intents->advance(key, IntentState::New, IntentState::Authorising).ok());
        const QDateTime before = m_intents->find(key).value().updatedAt;
        auto once = m_intents->noteUnknown(key, QStringLiteral("read timeout after 8000 ms"));
        QVERIFY2(once.ok(), qPrintable(why(once)));
        auto twice = m_intents->noteUnknown(key, QStringLiteral("connection dropped"));
        QVERIFY(twice.ok());
        QCOMPARE(name(twice.value().state), name(IntentState::Authorising));
        QCOMPARE(twice.value().attempts, 2);
        QCOMPARE(twice.value().reason, QStringLiteral("connection dropped"));
        QVERIFY(twice.value().updatedAt > before);
        QCOMPARE(events(key),
                 QStringLiteral(" -NEW NEW>AUTHORISING AUTHORISING>AUTHORISING AUTHORISING>AUTHORISING"));

        QVERIFY(m_intents->advance(key, IntentState::Authorising, IntentState::Declined).ok());
        auto late = m_intents->noteUnknown(key, QStringLiteral("timeout"));
        QVERIFY(!late.ok());
        QCOMPARE(codeName(late.error().code), codeName(ErrorCode::Conflict));
        QCOMPARE(m_intents->find(key).value().attempts, 2);
    }

    void listFilters()
    {
        const QString tillA = QStringLiteral("till-list-a");
        const QString tillB = QStringLiteral("till-list-b");
        QList<QUuid> keysA;
        for (int i = 0; i < 3; ++i) {
            const Sale sale = newSale();
            keysA << QUuid::createUuid();
            QVERIFY(m_intents->create(request(keysA.last(), sale, PaymentMethod::Card, tillA)).ok());
        }
        const Sale other = newSale();
        const QUuid keyB = QUuid::createUuid();
        QVERIFY(m_intents->create(request(keyB, other, PaymentMethod::Card, tillB)).ok());
        // The first of A is resolved; the second has been silent for ten minutes.
        QVERIFY(m_intents->advance(keysA[0], IntentState::New, IntentState::Abandoned).ok());
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE payment_intent SET updated_at = updated_at - interval '10 minutes' "
                           "WHERE key = '%1'")
                .arg(keysA[1].toString(QUuid::WithoutBraces))));

        auto keysOf = [this](const IntentFilter& filter) {
            QList<QUuid> out;
            auto listed = m_intents->list(filter);
            if (!listed.ok()) {
                qWarning("list failed: %s", qPrintable(describe(listed.error())));
                return QList<QUuid>{QUuid()};
            }
            for (const PaymentIntent& p : listed.value())
                out << p.request.key;
            return out;
        };
        IntentFilter all;
        all.terminal = tillA;
        QCOMPARE(keysOf(all), (QList<QUuid>{keysA[2], keysA[1], keysA[0]})); // newest first
        IntentFilter unresolved = all;
        unresolved.unresolvedOnly = true;
        QCOMPARE(keysOf(unresolved), (QList<QUuid>{keysA[2], keysA[1]}));
        IntentFilter silent = unresolved;
        silent.silentForSeconds = 300;
        QCOMPARE(keysOf(silent), (QList<QUuid>{keysA[1]}));
        IntentFilter limited = all;
        limited.limit = 1;
        QCOMPARE(keysOf(limited), (QList<QUuid>{keysA[2]}));
        IntentFilter onlyB;
        onlyB.terminal = tillB;
        QCOMPARE(keysOf(onlyB), (QList<QUuid>{keyB}));
        IntentFilter everyTerminal;
        everyTerminal.unresolvedOnly = true;
        everyTerminal.limit = 10000;
        const QList<QUuid> everywhere = keysOf(everyTerminal);
        QVERIFY(everywhere.contains(keyB) && everywhere.contains(keysA[1]) && !everywhere.contains(keysA[0]));

        // The booking's state comes with each intent.
        auto listed = m_intents->list(onlyB);
        QVERIFY(listed.ok());
        QCOMPARE(listed.value().first().bookingStatus, QStringLiteral("PENDING"));
        QVERIFY(listed.value().first().bookingDeadline.isValid());
        QCOMPARE(listed.value().first().request.bookingId, other.bookingId);

        IntentFilter bad;
        bad.limit = 0;
        auto refused = m_intents->list(bad);
        QVERIFY(!refused.ok());
        QCOMPARE(codeName(refused.error().code), codeName(ErrorCode::BadInput));
    }

    void oneReconcilerAtATime()
    {
        // The payment service's reconcilers: only its login may lead.
        auto first = m_db->connectAsService(QStringLiteral("reconciler-1"));
        auto second = m_db->connectAsService(QStringLiteral("reconciler-2"));
        QVERIFY(first && second);
        PaymentIntentStore one(*first);
        PaymentIntentStore two(*second);
        QCOMPARE(one.tryLeadReconciliation().value(), true);
        QCOMPARE(two.tryLeadReconciliation().value(), false);
        QCOMPARE(one.tryLeadReconciliation().value(), true); // still, and still once
        one.stepDownAsReconciler();
        QCOMPARE(two.tryLeadReconciliation().value(), true);
        QCOMPARE(one.tryLeadReconciliation().value(), false);

        // The lock ends with the leader's session, e.g. when its application dies.
        second.reset();
        bool taken = false;
        for (int i = 0; i < 100 && !taken; ++i) {
            taken = one.tryLeadReconciliation().value();
            if (!taken)
                QThread::msleep(50);
        }
        QVERIFY(taken);
        one.stepDownAsReconciler();
    }

    // Several terminals race every step of the same intents: each step is won exactly once, and
    // each intent's history is one unbroken chain.
    void racingTerminalsWinEachStepOnce()
    {
        constexpr int workers = 4;
        constexpr int intents = 12;
        using S = IntentState;
        const QList<std::pair<S, S>> steps{{S::New, S::Authorising},
                                           {S::Authorising, S::Authorised},
                                           {S::Authorised, S::Voiding},
                                           {S::Voiding, S::Voided}};
        QList<QUuid> keys;
        for (int i = 0; i < intents; ++i) {
            const Sale sale = newSale();
            keys << QUuid::createUuid();
            QVERIFY(
                m_intents
                    ->create(request(keys.last(), sale, PaymentMethod::Card, QStringLiteral("till-storm")))
                    .ok());
        }

        // wins[worker][intent * steps + step]
        std::vector<std::vector<int>> wins(workers, std::vector<int>(std::size_t(intents * steps.size()), 0));
        std::vector<QString> failures(workers);
        std::atomic<int> conflicts{0};
        std::latch start(workers);
        std::vector<std::thread> threads;
        threads.reserve(workers);
        for (int w = 0; w < workers; ++w) {
            threads.emplace_back([&, w] {
                // Card moves: the payment service's, on as many connections as it has workers.
                auto connection = m_db->connectAsService(QStringLiteral("storm-%1").arg(w));
                start.count_down();
                if (!connection) {
                    failures[std::size_t(w)] = QStringLiteral("no connection");
                    return;
                }
                start.wait();
                PaymentIntentStore store(*connection);
                for (int i = 0; i < intents; ++i) {
                    // Workers take the intents in different orders so that every pair meets.
                    const int intent = (i + w * 5) % intents;
                    for (qsizetype s = 0; s < steps.size(); ++s) {
                        if (w % 2 == 1 && steps[s].first == S::Authorising)
                            (void)store.noteUnknown(keys[intent], QStringLiteral("timeout"));
                        for (int attempt = 0; attempt < 20; ++attempt) {
                            auto moved = store.advance(keys[intent], steps[s].first, steps[s].second);
                            if (moved.ok()) {
                                ++wins[std::size_t(w)][std::size_t(intent * steps.size() + s)];
                                break;
                            }
                            if (moved.error().code == ErrorCode::Conflict) {
                                // Lost: the intent is at or past this step's end.
                                ++conflicts;
                                break;
                            }
                            if (moved.error().code != ErrorCode::InProgress) {
                                failures[std::size_t(w)] = describe(moved.error());
                                return;
                            }
                        }
                    }
                }
            });
        }
        for (auto& t : threads)
            t.join();
        for (const QString& failure : failures)
            QVERIFY2(failure.isEmpty(), qPrintable(failure));

        for (int i = 0; i < intents; ++i) {
            for (qsizetype s = 0; s < steps.size(); ++s) {
                int total = 0;
                for (int w = 0; w < workers; ++w)
                    total += wins[std::size_t(w)][std::size_t(i * steps.size() + s)];
                QVERIFY2(total == 1, qPrintable(QStringLiteral("intent %1 step %2 won %3 times")
                                                    .arg(i)
                                                    .arg(name(steps[s].second))
                                                    .arg(total)));
            }
            QCOMPARE(state(keys[i]), name(S::Voided));
        }
        qInfo("%d lost races", conflicts.load());
        // Every history: seq 1, 2, 3, ... and each from_state the previous to_state.
        const QString keyList = [&keys] {
            QStringList quoted;
            for (const QUuid& k : keys)
                quoted << QStringLiteral("'%1'").arg(k.toString(QUuid::WithoutBraces));
            return quoted.join(QLatin1Char(','));
        }();
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM (SELECT e.seq, e.from_state, e.to_state, "
                                        "row_number() OVER w AS n, lag(e.to_state) OVER w AS previous "
                                        "FROM payment_event e WHERE e.key IN (%1) "
                                        "WINDOW w AS (PARTITION BY e.key ORDER BY e.seq)) h "
                                        "WHERE h.seq <> h.n OR h.from_state IS DISTINCT FROM h.previous")
                             .arg(keyList)),
                 QStringLiteral("0"));
        // Five changes per intent, plus the unknown outcomes noted while it was AUTHORISING.
        QCOMPARE(inspect(QStringLiteral("SELECT count(*) FROM payment_event WHERE key IN (%1) AND "
                                        "from_state IS DISTINCT FROM to_state")
                             .arg(keyList)),
                 QString::number(intents * 5));
    }

    void historyCannotBeRewritten()
    {
        const Sale sale = newSale();
        const QUuid key = QUuid::createUuid();
        QVERIFY(m_intents->create(request(key, sale, PaymentMethod::Card, QStringLiteral("till-keep"))).ok());
        const QString k = key.toString(QUuid::WithoutBraces);
        // Not even the owner: the records are kept.
        QVERIFY(!m_db->run(QStringLiteral("DELETE FROM payment_event WHERE key = '%1'").arg(k)));
        QVERIFY(!m_db->run(
            QStringLiteral("UPDATE payment_event SET to_state = 'VOIDED' WHERE key = '%1'").arg(k)));
        QVERIFY(!m_db->run(QStringLiteral("DELETE FROM payment_intent WHERE key = '%1'").arg(k)));
        QVERIFY(!m_db->run(QStringLiteral("TRUNCATE payment_event")));
        // And the key purge leaves them alone.
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE payment_intent SET created_at = created_at - interval '30 days', "
                           "updated_at = updated_at - interval '30 days' WHERE key = '%1'")
                .arg(k)));
        auto service = m_db->connectAsService(); // the site's releaser purges
        QVERIFY(service);
        QVERIFY(SeatStore(*service).purgeExpiredKeys().ok());
        QCOMPARE(events(key), QStringLiteral(" -NEW"));
    }

private:
    /// Holds the next unused seat and moves to payment: a PENDING booking.
    Sale newSale()
    {
        Sale sale;
        sale.owner = CheckedSeatCommands::newToken();
        if (m_nextSeat >= m_seats.size()) {
            qWarning("out of seats");
            return sale;
        }
        sale.seat = m_seats[m_nextSeat++];
        auto start = m_sales->beginPayment(m_showtime, {sale.seat}, sale.owner, QStringLiteral("till"));
        if (!start.ok() || !start.value().hold.granted) {
            qWarning("begin payment failed: %s",
                     start.ok() ? "not granted" : qPrintable(describe(start.error())));
            return sale;
        }
        sale.bookingId = start.value().bookingId;
        sale.bookingCode = start.value().bookingCode;
        return sale;
    }

    NewPaymentIntent request(const QUuid& key, const Sale& sale, PaymentMethod method,
                             const QString& terminal) const
    {
        NewPaymentIntent r;
        r.key = key;
        r.holdToken = sale.owner;
        r.showtimeId = m_showtime;
        r.bookingId = sale.bookingId;
        r.bookingCode = sale.bookingCode;
        r.terminal = terminal;
        r.terminalId = QUuid::createUuid();
        r.method = method;
        r.amountMinor = 10000;
        r.currency = QStringLiteral("KRW");
        if (method == PaymentMethod::Cash) {
            r.terminalId = m_tillId; // cash goes into the staffed till's drawer
            r.tenderedMinor = 20000;
        } else {
            r.gateway = QStringLiteral("paysim");
        }
        return r;
    }

    /// Moves a new intent to `target` through allowed steps, confirming or cancelling its booking
    /// where the step needs it.
    bool driveTo(const QUuid& key, const Sale& sale, PaymentMethod method, IntentState target)
    {
        IntentState at = method == PaymentMethod::Card ? IntentState::New : IntentState::Authorised;
        QList<IntentState> path;
        if (method == PaymentMethod::Card)
            path = cardPathTo(target);
        else if (target == IntentState::Refunded)
            path = {IntentState::Captured, IntentState::Refunded};
        else if (target != IntentState::Authorised)
            path = {target};
        for (IntentState next : path) {
            if (takesMoney(next) && bookingStatus(sale) != u"CONFIRMED" && !confirmed(sale, key, method))
                return false;
            if (givesBack(next) && bookingStatus(sale) == u"CONFIRMED" && !cancelled(sale))
                return false;
            auto moved = m_intents->advance(key, at, next);
            if (!moved.ok()) {
                qWarning("%s -> %s: %s", intentStateName(at), intentStateName(next),
                         qPrintable(describe(moved.error())));
                return false;
            }
            at = next;
        }
        return true;
    }

    /// Confirms the sale on its payment `key` (money taken: AUTHORISED or CAPTURED), or, without
    /// one, on cash the staffed till takes for it first.
    bool confirmed(const Sale& sale, const QUuid& key = {}, PaymentMethod method = PaymentMethod::Cash)
    {
        ConfirmRequest confirm{
            QStringLiteral("till"), QUuid::createUuid(), m_showtime, sale.owner, {}, {}, {}, m_tillId};
        if (key.isNull()) {
            const Status paid = bo::test::payCash(*m_connection, confirm);
            if (!paid) {
                qWarning("paying failed: %s", qPrintable(describe(paid.error())));
                return false;
            }
        } else {
            confirm.payment =
                QJsonObject{{QStringLiteral("method"),
                             method == PaymentMethod::Card ? QStringLiteral("card") : QStringLiteral("cash")},
                            {QStringLiteral("intent"), key.toString(QUuid::WithoutBraces)}};
        }
        auto done = m_sales->confirm(confirm);
        if (!done.ok())
            qWarning("confirm failed: %s", qPrintable(describe(done.error())));
        return done.ok() && done.value().status == u"CONFIRMED";
    }

    bool cancelled(const Sale& sale)
    {
        auto done =
            m_manager->exec(QStringLiteral("SELECT status FROM bo_cancel_booking(?)"), {sale.bookingCode});
        if (!done.ok())
            qWarning("cancel failed: %s", qPrintable(describe(done.error())));
        return done.ok() && done.value().next() && done.value().value(0).toString() == u"CANCELLED";
    }

    /// The first column of the first row, as the owner ("" when no row).
    QString inspect(const QString& sql) const
    {
        auto rows = m_owner->exec(sql);
        if (!rows.ok()) {
            qWarning("query failed: %s: %s", qPrintable(sql), qPrintable(rows.error().detail));
            return QStringLiteral("<error>");
        }
        return rows.value().next() ? rows.value().value(0).toString() : QString();
    }

    QString bookingStatus(const Sale& sale) const
    {
        return inspect(QStringLiteral("SELECT status FROM booking WHERE id = '%1'")
                           .arg(sale.bookingId.toString(QUuid::WithoutBraces)));
    }

    QString seatStatus(const Sale& sale) const
    {
        return inspect(
            QStringLiteral("SELECT status FROM showtime_seat WHERE showtime_id = %1 AND seat_id = %2")
                .arg(m_showtime)
                .arg(sale.seat));
    }

    QString state(const QUuid& key) const
    {
        return inspect(QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'")
                           .arg(key.toString(QUuid::WithoutBraces)));
    }

    /// The intent's history as " -NEW NEW>AUTHORISING ...".
    QString events(const QUuid& key) const
    {
        return inspect(QStringLiteral("SELECT coalesce(string_agg(' ' || coalesce(from_state, '-') || "
                                      "CASE WHEN from_state IS NULL THEN '' ELSE '>' END || to_state, '' "
                                      "ORDER BY seq), '') FROM payment_event WHERE key = '%1'")
                           .arg(key.toString(QUuid::WithoutBraces)));
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_connection;
    std::unique_ptr<DbConnection> m_manager;
    std::unique_ptr<DbConnection> m_owner; ///< inspection only, on one session (a new one per query is slow)
    std::unique_ptr<DbConnection> m_service; ///< the payment service's login: a card's moves
    std::unique_ptr<PaymentIntentStore> m_tillIntents;
    std::unique_ptr<PaymentIntentStore> m_serviceIntents;
    std::unique_ptr<SiteIntents> m_intents; ///< cash by the till, a card by the service
    std::unique_ptr<SeatStore> m_sales;
    int m_showtime = 0;
    QList<int> m_seats;
    qsizetype m_nextSeat = 0;
    QUuid m_tillId; ///< the till that takes cash: a member signed in, its shift open
};

QTEST_GUILESS_MAIN(TstPaymentIntents)
#include "tst_paymentintents.moc"
