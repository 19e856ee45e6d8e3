// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Migration 0011: bookings and payments do not cross mid-call. Pairs of threads, each on its own
// real connection (terminal logins; the canceller a manager login), race over one sale at a time:
//   - a till confirms a sale whose card payment is authorised (carrying it) and then captures,
//     while a voider (a restarting terminal giving its sale up) voids the same payment, with a
//     pause between VOIDING and VOIDED where the call to the payment service would be;
//   - a till captures a confirmed sale (a pause between CAPTURING and CAPTURED) while a manager
//     cancels its booking, following what the refusal says: wait for the capture's result, then
//     cancel; a cancelled booking's captured money is refunded, an authorised one voided.
// Every sale is checked at the end: never CONFIRMED with its payment VOIDING or VOIDED, never
// CANCELLED with its money CAPTURING or CAPTURED (not given back); and no deadlock anywhere
// (pg_stat_database counts them, whatever DbConnection retried).
#include <QtTest>

#include <atomic>
#include <barrier>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <QJsonObject>
#include <QRandomGenerator>

#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/siteintents.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::SiteIntents;
using bo::test::TestDatabase;

namespace {

constexpr int pairs = 3;           // thread pairs racing at once
constexpr int salesPerPair = 24;   // per race kind
constexpr int callPauseMaxMs = 12; // the payment service's call between "about to" and the result
constexpr int cancelTries = 200;   // the manager waits for a capture's result at most this often

struct Sale
{
    QUuid owner;
    int seat = 0;
    QUuid bookingId;
    QString bookingCode;
    QUuid intent;
};

QString text(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces);
}

void pauseUpTo(int maxMs)
{
    std::this_thread::sleep_for(std::chrono::milliseconds(QRandomGenerator::global()->bounded(maxMs + 1)));
}

QString describe(const Error& e)
{
    return e.message + QLatin1String(" / ") + e.detail;
}

} // namespace

class TstPaymentBookingStorm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_showtime = m_db->addShowtime(20, 20);
        QVERIFY(m_showtime > 0);
        m_seats = m_db->seatIds(m_showtime);
        QCOMPARE(m_seats.size(), 400);
        m_setup = m_db->connect(QStringLiteral("storm-setup"));
        QVERIFY(m_setup);
        m_store = std::make_unique<SeatStore>(*m_setup);
        m_service = m_db->connectAsService(QStringLiteral("storm-service"));
        QVERIFY(m_service);
        m_tillIntents = std::make_unique<PaymentIntentStore>(*m_setup);
        m_serviceIntents = std::make_unique<PaymentIntentStore>(*m_service);
        m_intents = std::make_unique<SiteIntents>(*m_tillIntents, *m_serviceIntents);
    }

    void cleanupTestCase()
    {
        m_intents.reset();
        m_tillIntents.reset();
        m_serviceIntents.reset();
        m_service.reset();
        m_store.reset();
        m_setup.reset();
        m_db.reset();
    }

    void confirmsRacingVoidsNeverBookWithoutPayment()
    {
        QList<Sale> sales;
        for (int i = 0; i < pairs * salesPerPair; ++i) {
            const Sale sale = authorisedSale();
            QVERIFY(!sale.intent.isNull());
            sales << sale;
        }
        const qint64 deadlocksBefore = deadlocks();
        std::atomic<int> failures{0};
        std::atomic<int> booked{0};
        std::atomic<int> refused{0};
        std::vector<std::jthread> threads;
        for (int p = 0; p < pairs; ++p) {
            auto meet = std::make_shared<std::barrier<>>(2);
            threads.emplace_back([&, p, meet] {
                auto connection = DbConnection::open(m_db->settings(), QStringLiteral("till-%1").arg(p));
                if (!connection) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                SeatStore seats(*connection.value());
                // The capture is the payment service's to record (migration 0044), on its login.
                auto service =
                    DbConnection::open(m_db->serviceSettings(), QStringLiteral("service-%1").arg(p));
                if (!service) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                PaymentIntentStore intents(*service.value());
                for (int i = 0; i < salesPerPair; ++i) {
                    const Sale& sale = sales.at(p * salesPerPair + i);
                    meet->arrive_and_wait();
                    pauseUpTo(callPauseMaxMs);
                    ConfirmRequest confirm{QStringLiteral("till-storm"),
                                           QUuid::createUuid(),
                                           m_showtime,
                                           sale.owner,
                                           {},
                                           {},
                                           {},
                                           {}};
                    confirm.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                                  {QStringLiteral("intent"), text(sale.intent)}};
                    auto done = seats.confirm(confirm);
                    if (!done) {
                        ++refused;
                        continue;
                    }
                    ++booked;
                    // Booked: capture (the voider may have got to the payment first; then the
                    // compare and set loses and the final check judges what is left).
                    if (intents.advance(sale.intent, IntentState::Authorised, IntentState::Capturing))
                        (void)intents.advance(sale.intent, IntentState::Capturing, IntentState::Captured);
                }
            });
            threads.emplace_back([&, p, meet] {
                auto connection =
                    DbConnection::open(m_db->serviceSettings(), QStringLiteral("voider-%1").arg(p));
                if (!connection) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                PaymentIntentStore intents(*connection.value());
                for (int i = 0; i < salesPerPair; ++i) {
                    const Sale& sale = sales.at(p * salesPerPair + i);
                    meet->arrive_and_wait();
                    pauseUpTo(callPauseMaxMs);
                    IntentChange why;
                    why.reason = QStringLiteral("storm: the sale is given up");
                    if (!intents.advance(sale.intent, IntentState::Authorised, IntentState::Voiding, why))
                        continue; // confirmed first: the payment is the booking's
                    pauseUpTo(callPauseMaxMs);
                    (void)intents.advance(sale.intent, IntentState::Voiding, IntentState::Voided, why);
                }
            });
        }
        threads.clear();
        QCOMPARE(failures.load(), 0);

        QStringList violations;
        for (const Sale& sale : sales) {
            const QString booking = bookingStatus(sale);
            const QString payment = intentState(sale.intent);
            if (booking == u"CONFIRMED" && (payment == u"VOIDING" || payment == u"VOIDED"))
                violations
                    << QStringLiteral("%1 %2 with its payment %3").arg(sale.bookingCode, booking, payment);
            if (payment == u"VOIDING" || payment == u"CAPTURING")
                violations << QStringLiteral("%1 %2 left with its payment %3")
                                  .arg(sale.bookingCode, booking, payment);
        }
        qInfo("confirm vs void: %d sales, %d booked, %d confirms refused, violations %d", int(sales.size()),
              booked.load(), refused.load(), int(violations.size()));
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join(QLatin1String("; "))));
        QVERIFY2(booked.load() > 0 && refused.load() > 0, "the race never went both ways: no storm");
        QCOMPARE(deadlocks(), deadlocksBefore);
    }

    void cancelsRacingCapturesNeverKeepMoneyForNoBooking()
    {
        QList<Sale> sales;
        for (int i = 0; i < pairs * salesPerPair; ++i) {
            const Sale sale = confirmedSale();
            QVERIFY(!sale.intent.isNull());
            sales << sale;
        }
        const qint64 deadlocksBefore = deadlocks();
        std::atomic<int> failures{0};
        std::atomic<int> waited{0};
        std::atomic<int> refunded{0};
        std::atomic<int> voided{0};
        std::vector<std::jthread> threads;
        for (int p = 0; p < pairs; ++p) {
            auto meet = std::make_shared<std::barrier<>>(2);
            threads.emplace_back([&, p, meet] {
                auto connection =
                    DbConnection::open(m_db->serviceSettings(), QStringLiteral("capturer-%1").arg(p));
                if (!connection) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                PaymentIntentStore intents(*connection.value());
                for (int i = 0; i < salesPerPair; ++i) {
                    const Sale& sale = sales.at(p * salesPerPair + i);
                    meet->arrive_and_wait();
                    pauseUpTo(callPauseMaxMs);
                    if (!intents.advance(sale.intent, IntentState::Authorised, IntentState::Capturing))
                        continue; // cancelled first: the manager voids it
                    pauseUpTo(callPauseMaxMs);
                    (void)intents.advance(sale.intent, IntentState::Capturing, IntentState::Captured);
                }
            });
            threads.emplace_back([&, p, meet] {
                auto connection =
                    DbConnection::open(m_db->managerSettings(), QStringLiteral("manager-%1").arg(p));
                if (!connection) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                DbConnection& db = *connection.value();
                // The money goes back through the payment service, on its login.
                auto service =
                    DbConnection::open(m_db->serviceSettings(), QStringLiteral("refunder-%1").arg(p));
                if (!service) {
                    meet->arrive_and_drop();
                    ++failures;
                    return;
                }
                PaymentIntentStore intents(*service.value());
                for (int i = 0; i < salesPerPair; ++i) {
                    const Sale& sale = sales.at(p * salesPerPair + i);
                    meet->arrive_and_wait();
                    pauseUpTo(callPauseMaxMs);
                    bool cancelled = false;
                    for (int attempt = 0; attempt < cancelTries && !cancelled; ++attempt) {
                        auto done = db.exec(QStringLiteral("SELECT status FROM bo_cancel_booking(?)"),
                                            {sale.bookingCode});
                        if (done) {
                            cancelled = true;
                        } else if (done.error().code == ErrorCode::Conflict) {
                            // "being captured": wait for the capture's result, as the refusal says.
                            ++waited;
                            std::this_thread::sleep_for(std::chrono::milliseconds(2));
                        } else {
                            qWarning("cancel %s: %s", qPrintable(sale.bookingCode),
                                     qPrintable(describe(done.error())));
                            ++failures;
                            break;
                        }
                    }
                    if (!cancelled)
                        continue;
                    // The money of a cancelled booking goes back.
                    auto now = intents.find(sale.intent);
                    if (!now) {
                        ++failures;
                        continue;
                    }
                    if (now.value().state == IntentState::Captured) {
                        if (intents.advance(sale.intent, IntentState::Captured, IntentState::Refunding) &&
                            intents.advance(sale.intent, IntentState::Refunding, IntentState::Refunded))
                            ++refunded;
                    } else if (now.value().state == IntentState::Authorised) {
                        if (intents.advance(sale.intent, IntentState::Authorised, IntentState::Voiding) &&
                            intents.advance(sale.intent, IntentState::Voiding, IntentState::Voided))
                            ++voided;
                    }
                }
            });
        }
        threads.clear();
        QCOMPARE(failures.load(), 0);

        QStringList violations;
        int cancelledCount = 0;
        for (const Sale& sale : sales) {
            const QString booking = bookingStatus(sale);
            const QString payment = intentState(sale.intent);
            if (booking == u"CANCELLED") {
                ++cancelledCount;
                if (payment != u"REFUNDED" && payment != u"REFUNDING" && payment != u"VOIDED")
                    violations
                        << QStringLiteral("%1 CANCELLED with its money %2").arg(sale.bookingCode, payment);
            } else if (booking == u"CONFIRMED" && payment != u"CAPTURED") {
                violations << QStringLiteral("%1 CONFIRMED with its money %2").arg(sale.bookingCode, payment);
            }
        }
        qInfo("cancel vs capture: %d sales, %d cancelled, %d refunded, %d voided, %d waits for a capture, "
              "violations %d",
              int(sales.size()), cancelledCount, refunded.load(), voided.load(), waited.load(),
              int(violations.size()));
        QVERIFY2(violations.isEmpty(), qPrintable(violations.join(QLatin1String("; "))));
        QCOMPARE(cancelledCount, int(sales.size()));
        QVERIFY2(refunded.load() > 0 && voided.load() > 0, "the race never went both ways: no storm");
        QCOMPARE(deadlocks(), deadlocksBefore);
    }

private:
    /// A sale at the payment step with its card payment AUTHORISED (one seat).
    Sale authorisedSale()
    {
        Sale sale;
        sale.owner = CheckedSeatCommands::newToken();
        if (m_nextSeat >= m_seats.size())
            return sale;
        sale.seat = m_seats.at(m_nextSeat++);
        auto start = m_store->beginPayment(m_showtime, {sale.seat}, sale.owner, QStringLiteral("till-storm"));
        if (!start || !start.value().hold.granted)
            return sale;
        sale.bookingId = start.value().bookingId;
        sale.bookingCode = start.value().bookingCode;
        NewPaymentIntent r;
        r.key = QUuid::createUuid();
        r.holdToken = sale.owner;
        r.showtimeId = m_showtime;
        r.bookingId = sale.bookingId;
        r.bookingCode = sale.bookingCode;
        r.terminal = QStringLiteral("till-storm");
        r.terminalId = QUuid::createUuid();
        r.method = PaymentMethod::Card;
        r.amountMinor = 10000;
        r.currency = QStringLiteral("KRW");
        r.gateway = QStringLiteral("storm");
        if (!m_intents->create(r) || !m_intents->advance(r.key, IntentState::New, IntentState::Authorising) ||
            !m_intents->advance(r.key, IntentState::Authorising, IntentState::Authorised))
            return sale;
        sale.intent = r.key;
        return sale;
    }

    /// An authorised sale, confirmed with its payment (not captured yet).
    Sale confirmedSale()
    {
        Sale sale = authorisedSale();
        if (sale.intent.isNull())
            return sale;
        ConfirmRequest confirm{
            QStringLiteral("till-storm"), QUuid::createUuid(), m_showtime, sale.owner, {}, {}, {}, {}};
        confirm.payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                                      {QStringLiteral("intent"), text(sale.intent)}};
        if (!m_store->confirm(confirm))
            sale.intent = QUuid();
        return sale;
    }

    QString bookingStatus(const Sale& sale) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT status FROM booking WHERE id = '%1'").arg(text(sale.bookingId)));
    }

    QString intentState(const QUuid& key) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'").arg(text(key)));
    }

    /// Deadlocks the server detected in this database. A backend reports its counts when it ends
    /// (at the latest), so the storm's sessions are waited for first (bounded).
    qint64 deadlocks() const
    {
        for (int i = 0; i < 50; ++i) {
            const QString left = m_db->scalar(
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                               "AND application_name ~ '^boxoffice-(till|voider|manager)-'"));
            if (left == u"0")
                break;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return m_db
            ->scalar(
                QStringLiteral("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()"))
            .toLongLong();
    }

    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_setup;
    std::unique_ptr<SeatStore> m_store;
    std::unique_ptr<DbConnection> m_service;
    std::unique_ptr<PaymentIntentStore> m_tillIntents;
    std::unique_ptr<PaymentIntentStore> m_serviceIntents;
    std::unique_ptr<SiteIntents> m_intents; ///< created by the till, moved on by the service
    int m_showtime = 0;
    QList<int> m_seats;
    qsizetype m_nextSeat = 0;
};

QTEST_GUILESS_MAIN(TstPaymentBookingStorm)
#include "tst_paymentbookingstorm.moc"
