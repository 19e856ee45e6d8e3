// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The failover fault suite, its kill -9 part (docs/DECISIONS.md, "The fault suite: kill -9 in a
// storm of card sales"): a storm of sales from several threads (each a
// terminal on the multi-host string with its own connection, card payments through the payment
// process and an in-process payment service) while the primary's postmaster is killed. After the
// storm every terminal's reconciler runs once, and the final state is checked against every
// answer the terminals received:
//   - every booking a terminal was told is paid and confirmed is CONFIRMED with its seats RESERVED;
//   - no seat belongs to two active bookings (and the invariants of app/tools/audit hold);
//   - no payment is authorised or captured at the service without its booking CONFIRMED, and no
//     confirmed booking of the storm is left without its money captured;
//   - the time to sell again: from the kill to the first hold granted by a server other than the
//     killed one (another node, or the same node restarted), p50 and max over the kills.
// Short size (CI): 1 kill, 4 terminals. Long size: BOXOFFICE_FAILOVER_KILLS=5 (and
// BOXOFFICE_FAILOVER_WORKERS=8); docs/BENCHMARKS.md has its figures.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include <QElapsedTimer>
#include <QRandomGenerator>

#include "app/tools/audit/invariantauditor.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/core/clock.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/paymentreconciler.h"
#include "model/payments/simulatedpayments.h"
#include "tests/support/testcluster.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestCluster;
using bo::test::TestDatabase;

namespace {

int envNumber(const char* name, int fallback, int low, int high)
{
    bool ok = false;
    const int value = qEnvironmentVariableIntValue(name, &ok);
    return ok && value >= low && value <= high ? value : fallback;
}

/// One sale as its terminal saw it end.
struct Sale
{
    QUuid intentKey;
    QUuid bookingId;
    int showtime = 0;
    QList<int> seats;
    PaymentOutcome::Kind outcome = PaymentOutcome::Kind::Failed;
};

/// The server that answered: its port and the start of its postmaster ("" when unknown).
QString serverIdentity(DbConnection& connection)
{
    auto r = connection.exec(
        QStringLiteral("SELECT inet_server_port()::text || ' ' || pg_postmaster_start_time()::text"));
    return r && r.value().next() ? r.value().value(0).toString() : QString();
}

/// What the storm's threads share with the test.
struct Storm
{
    QElapsedTimer clock;
    std::atomic<bool> stop{false};
    std::atomic<int> showtime{0};     ///< the hall sold now (a fresh one for each kill)
    QHash<int, QList<int>> hallSeats; ///< each hall's seat ids, set before the threads start
    std::mutex mutex;                 ///< guards what follows
    QString faultedServer;            ///< the identity of the killed server while a fault is measured
    qint64 faultAtMs = -1;
    qint64 soldAgainMs = -1; ///< the first hold granted elsewhere after faultAtMs
    std::atomic<bool> measuring{false};
    std::atomic<qint64> holdsGranted{0};
    std::atomic<qint64> holdsRefused{0};
    std::atomic<qint64> offlineErrors{0};
};

} // namespace

class TstFailoverStorm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_kills = envNumber("BOXOFFICE_FAILOVER_KILLS", 1, 1, 20);
        m_workers = envNumber("BOXOFFICE_FAILOVER_WORKERS", 4, 1, 32);
        m_cluster = std::make_unique<TestCluster>();
        if (m_cluster->skipped())
            QSKIP(qPrintable(QStringLiteral("SKIPPED: cluster packages missing: ") + m_cluster->error()));
        QVERIFY2(m_cluster->ok(), qPrintable(m_cluster->error()));
        m_db = std::make_unique<TestDatabase>(m_cluster->primarySettings());
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        // One hall per kill, sold one after the other: no hall sells out before its kill.
        for (int i = 0; i < m_kills; ++i) {
            const int showtime = m_db->addShowtime(20, 30, QStringLiteral("Storm hall %1").arg(i + 1));
            QVERIFY(showtime > 0);
            m_showtimes << showtime;
        }
        // The whole cluster first: `up` returns with a primary and its synchronous standby, while
        // the third node may still be copying its base backup and refuse sessions for a while
        // (the probable cause of a start-up failure of tst_failoverstorm, docs/DECISIONS.md).
        QVERIFY2(m_cluster->waitForStandbys(90), qPrintable(m_cluster->status()));
        QVERIFY2(m_cluster->waitForReplay(20), "the standbys did not replay the test's database");
        m_terminal = m_cluster->multiHost(m_db->settings());
        m_owner = m_cluster->multiHost(m_db->ownerSettings());
        m_service = m_cluster->multiHost(m_db->serviceSettings());
    }

    void cleanupTestCase()
    {
        m_db.reset();
        m_cluster.reset();
    }

    void killThePrimaryDuringAStormOfSales()
    {
        Storm storm;
        storm.clock.start();
        for (int showtime : std::as_const(m_showtimes))
            storm.hallSeats.insert(showtime, m_db->seatIds(showtime));
        storm.showtime = m_showtimes.first();
        SimulatedPaymentService service;
        service.setDelayMs(20);
        std::vector<std::vector<Sale>> sales(static_cast<size_t>(m_workers));
        std::vector<std::unique_ptr<QThread>> threads;
        for (int w = 0; w < m_workers; ++w) {
            threads.emplace_back(QThread::create([this, w, &storm, &service, &sales] {
                sell(QStringLiteral("storm-%1").arg(w + 1), storm, service, sales[static_cast<size_t>(w)]);
            }));
            threads.back()->start();
        }

        QList<qint64> toSellAgain;
        QString failure;
        for (int kill = 0; kill < m_kills && failure.isEmpty(); ++kill) {
            if (kill > 0 && !m_cluster->waitForStandbys(60)) {
                failure = QStringLiteral("kill %1: the cluster did not get both standbys back").arg(kill + 1);
                qWarning("the cluster now:\n%s", qPrintable(m_cluster->status()));
                break;
            }
            // The next hall only now: handed over before the wait for the standbys (which took
            // 28 s once), it was sold out before its kill and no hold could be granted after it.
            storm.showtime = m_showtimes.at(kill);
            QThread::msleep(2000); // selling on a healthy cluster first
            const int primary = m_cluster->primaryPort();
            QString killed;
            if (primary != 0) {
                ConnectionSettings node = m_cluster->primarySettings();
                auto admin = DbConnection::open(node, QStringLiteral("storm-fault"));
                if (admin)
                    killed = serverIdentity(*admin.value());
            }
            if (killed.isEmpty()) {
                failure = QStringLiteral("kill %1: no primary to kill").arg(kill + 1);
                break;
            }
            {
                const std::lock_guard lock(storm.mutex);
                storm.faultedServer = killed;
                storm.faultAtMs = storm.clock.elapsed();
                storm.soldAgainMs = -1;
            }
            storm.measuring = true;
            if (!m_cluster->killPostmaster(primary)) {
                failure = QStringLiteral("kill %1: the postmaster could not be killed").arg(kill + 1);
                break;
            }
            // Bounded: the target is 10 s at most; 45 s tells a slow failover from none.
            QElapsedTimer waited;
            waited.start();
            while (storm.measuring && waited.elapsed() < 45000)
                QThread::msleep(50);
            qint64 soldAgain = -1;
            {
                const std::lock_guard lock(storm.mutex);
                if (storm.soldAgainMs >= 0)
                    soldAgain = storm.soldAgainMs - storm.faultAtMs;
            }
            storm.measuring = false;
            if (soldAgain < 0) {
                failure =
                    QStringLiteral("kill %1: no hold granted within 45 s of the kill (%2 refused in all)")
                        .arg(kill + 1)
                        .arg(storm.holdsRefused.load());
                qWarning("the cluster now:\n%s", qPrintable(m_cluster->status()));
                break;
            }
            toSellAgain << soldAgain;
            qInfo("kill %d of %d (port %d): the storm sold again after %lld ms", kill + 1, m_kills, primary,
                  soldAgain);
            QThread::msleep(3000); // selling on the new primary
        }
        storm.stop = true;
        for (auto& thread : threads)
            QVERIFY(thread->wait(120000));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        // The killed node restarting as a standby ends sessions still being opened on it ("terminating
        // connection due to administrator command"), and libpq then stops at that host: the checks
        // start once the cluster is whole again, as a reconciler's next pass would.
        QVERIFY2(m_cluster->waitForStandbys(60), qPrintable(m_cluster->status()));

        // Every terminal's reconciler, as each does when it starts again: its own sales' unknown
        // outcomes resolved, pending sales given up, authorised money voided or captured.
        SteadyClock clock;
        for (int w = 0; w < m_workers; ++w) {
            auto connection = DbConnection::open(m_terminal, QStringLiteral("storm-reconciler"));
            QVERIFY2(connection, qPrintable(connection ? QString() : connection.error().detail));
            PaymentIntentStore intents(*connection.value());
            SeatStore seats(*connection.value());
            auto cards = LocalCardPayments::factory(
                PaymentIntentStore::factory(m_service, QStringLiteral("storm-service")),
                service.factory())(intents);
            PaymentProcess process(
                intents, seats, cards.get(), clock,
                [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); }, timings());
            PaymentReconciler reconciler(intents, process);
            ReconcileScope scope;
            scope.terminal = QStringLiteral("storm-%1").arg(w + 1);
            scope.ownSale = true;
            scope.limit = 10000;
            auto pass = reconciler.runOnce(scope);
            QVERIFY2(pass, qPrintable(pass ? QString() : pass.error().detail));
        }
        {
            // The site's releaser (the payment service's login alone sweeps).
            auto releaser = DbConnection::open(m_service, QStringLiteral("storm-releaser"));
            QVERIFY2(releaser, qPrintable(releaser ? QString() : releaser.error().detail));
            QVERIFY(SeatStore(*releaser.value()).sweep(10000));
        }

        // The answers against the final state.
        auto owner = DbConnection::open(m_owner, QStringLiteral("storm-check"));
        QVERIFY(owner);
        auto states = owner.value()->exec(QStringLiteral(
            "SELECT b.id::text, b.status, count(s.seat_id) FILTER (WHERE s.status = 'RESERVED' AND "
            "s.booking_id = b.id) FROM booking b LEFT JOIN booking_seat bs ON bs.booking_id = b.id "
            "LEFT JOIN showtime_seat s ON s.showtime_id = bs.showtime_id AND s.seat_id = bs.seat_id "
            "GROUP BY b.id, b.status"));
        QVERIFY2(states, qPrintable(states ? QString() : states.error().detail));
        QHash<QUuid, QPair<QString, int>> bookings;
        while (states.value().next())
            bookings.insert(QUuid(states.value().value(0).toString()),
                            {states.value().value(1).toString(), states.value().value(2).toInt()});
        int paid = 0;
        int unknown = 0;
        int lost = 0;
        int chargedWithoutBooking = 0;
        int bookedWithoutPayment = 0;
        int sold = 0;
        QStringList samples;
        for (const std::vector<Sale>& list : sales) {
            for (const Sale& sale : list) {
                ++sold;
                const auto booking = bookings.value(sale.bookingId);
                const bool confirmed = booking.first == QLatin1String("CONFIRMED");
                if (sale.outcome == PaymentOutcome::Kind::Paid) {
                    ++paid;
                    if (!confirmed || booking.second != sale.seats.size()) {
                        ++lost;
                        samples << QStringLiteral(
                                       "acknowledged booking %1 is %2 with %3 of %4 seats reserved")
                                       .arg(sale.bookingId.toString(QUuid::WithoutBraces), booking.first)
                                       .arg(booking.second)
                                       .arg(sale.seats.size());
                    }
                }
                unknown += sale.outcome == PaymentOutcome::Kind::Unknown;
                if (sale.intentKey.isNull())
                    continue;
                const GatewayPaymentState money = service.stateOf(sale.intentKey);
                const bool charged =
                    money == GatewayPaymentState::Authorised || money == GatewayPaymentState::Captured;
                if (charged && !confirmed) {
                    ++chargedWithoutBooking;
                    samples << QStringLiteral("payment %1 is %2, its booking %3")
                                   .arg(sale.intentKey.toString(QUuid::WithoutBraces),
                                        QLatin1String(gatewayPaymentStateName(money)), booking.first);
                }
                if (confirmed && money != GatewayPaymentState::Captured) {
                    ++bookedWithoutPayment;
                    samples << QStringLiteral("booking %1 is CONFIRMED, its payment %2")
                                   .arg(sale.bookingId.toString(QUuid::WithoutBraces),
                                        QLatin1String(gatewayPaymentStateName(money)));
                }
            }
        }
        auto doubleSold = owner.value()->exec(QStringLiteral(
            "SELECT count(*) FROM (SELECT bs.showtime_id, bs.seat_id FROM booking_seat bs JOIN booking b ON "
            "b.id = bs.booking_id WHERE b.status IN ('CONFIRMED', 'PENDING') AND bs.active "
            "GROUP BY bs.showtime_id, bs.seat_id HAVING count(*) > 1) twice"));
        QVERIFY(doubleSold && doubleSold.value().next());
        const int doubleSoldSeats = doubleSold.value().value(0).toInt();

        auto auditor = audit::InvariantAuditor::open(m_owner);
        QVERIFY2(auditor, qPrintable(auditor ? QString() : auditor.error().detail));
        auto pass = auditor.value()->audit(1000, true);
        QVERIFY2(pass, qPrintable(pass ? QString() : pass.error().detail));

        std::sort(toSellAgain.begin(), toSellAgain.end());
        qInfo("storm: %d terminals, %d kills, %lld holds granted, %lld refused, %lld offline answers; "
              "%d sales paid and confirmed, %d unknown at the till (resolved by the reconciler), "
              "%d payments started",
              m_workers, m_kills, storm.holdsGranted.load(), storm.holdsRefused.load(),
              storm.offlineErrors.load(), paid, unknown, sold);
        qInfo("storm: %d acknowledged bookings lost, %d seats double-sold, %d charged without booking, "
              "%d booked without payment, %lld audit violations",
              lost, doubleSoldSeats, chargedWithoutBooking, bookedWithoutPayment, pass.value().total());
        qInfo("storm: time to sell again p50 %lld ms, max %lld ms over %lld kills",
              toSellAgain.at((toSellAgain.size() - 1) / 2), toSellAgain.last(), qint64(toSellAgain.size()));
        for (const QString& sample : std::as_const(samples).mid(0, 20))
            qWarning("%s", qPrintable(sample));
        for (const QString& sample : std::as_const(pass.value().samples))
            qWarning("audit: %s", qPrintable(sample));
        QVERIFY(paid > 0);
        QCOMPARE(lost, 0);
        QCOMPARE(doubleSoldSeats, 0);
        QCOMPARE(chargedWithoutBooking, 0);
        QCOMPARE(bookedWithoutPayment, 0);
        QCOMPARE(pass.value().total(), 0);
    }

private:
    static PaymentTimings timings()
    {
        PaymentTimings t;
        t.callTimeoutMs = 5000;
        t.marginMs = 5000;
        t.lookupPauseMs = 1000;
        return t;
    }

    /// One terminal: a sale after another on the hall of the moment, each paid by card.
    void sell(const QString& terminal, Storm& storm, SimulatedPaymentService& service,
              std::vector<Sale>& sales)
    {
        auto opened = DbConnection::open(m_terminal, terminal);
        if (!opened)
            return;
        DbConnection& connection = *opened.value();
        SeatStore store(connection);
        PaymentIntentStore intents(connection);
        auto cards = LocalCardPayments::factory(
            PaymentIntentStore::factory(m_service, QStringLiteral("storm-service")),
            service.factory())(intents);
        SteadyClock clock;
        PaymentProcess process(
            intents, store, cards.get(), clock,
            [](int ms) { QThread::msleep(static_cast<unsigned long>(ms)); }, timings());
        QRandomGenerator random(QRandomGenerator::global()->generate());
        // Bounded in count as in time: a sale takes a few round trips and two calls of 20 ms.
        for (int i = 0; i < 100000 && !storm.stop; ++i) {
            const int showtime = storm.showtime;
            const QList<int> hall = std::as_const(storm.hallSeats).value(showtime);
            const int count = 1 + int(random.bounded(2));
            QList<int> seats;
            while (seats.size() < count) {
                const int seat = hall.at(int(random.bounded(int(hall.size()))));
                if (!seats.contains(seat))
                    seats << seat;
            }
            std::sort(seats.begin(), seats.end());
            const QUuid token = QUuid::createUuid();
            const int sessionBefore = connection.sessionsOpened();
            auto held = store.hold(showtime, seats, token);
            if (!held) {
                storm.offlineErrors += held.error().code == ErrorCode::Offline;
                QThread::msleep(50); // a clerk tries again a moment later
                continue;
            }
            if (!held.value().granted) {
                ++storm.holdsRefused;
                continue;
            }
            ++storm.holdsGranted;
            const qint64 grantedAt = storm.clock.elapsed();
            if (storm.measuring) {
                // Granted by which server? Only one other than the killed one counts, asked on
                // the session that granted it.
                const QString server = serverIdentity(connection);
                const std::lock_guard lock(storm.mutex);
                if (!server.isEmpty() && connection.sessionsOpened() == sessionBefore &&
                    server != storm.faultedServer && grantedAt > storm.faultAtMs && storm.soldAgainMs < 0) {
                    storm.soldAgainMs = grantedAt;
                    storm.measuring = false;
                }
            }
            auto started = store.beginPayment(showtime, seats, token, terminal);
            if (!started) {
                storm.offlineErrors += started.error().code == ErrorCode::Offline;
                (void)store.release(showtime, token);
                continue;
            }
            Sale sale;
            sale.bookingId = started.value().bookingId;
            sale.showtime = showtime;
            sale.seats = seats;
            NewPaymentIntent intent;
            intent.key = QUuid::createUuid();
            intent.holdToken = token;
            intent.showtimeId = showtime;
            intent.bookingId = started.value().bookingId;
            intent.bookingCode = started.value().bookingCode;
            intent.terminal = terminal;
            intent.method = PaymentMethod::Card;
            intent.amountMinor = 10'000 * seats.size();
            intent.currency = QStringLiteral("KRW");
            intent.gateway = cards->name();
            ConfirmRequest confirm;
            confirm.terminal = terminal;
            confirm.key = QUuid::createUuid();
            confirm.showtimeId = showtime;
            confirm.owner = token;
            confirm.seatIds = seats;
            for (qsizetype s = 0; s < seats.size(); ++s)
                confirm.tiers << QStringLiteral("adult");
            sale.intentKey = intent.key;
            const PaymentOutcome out =
                process.payByCard(intent, confirm, clock.nowMs() + started.value().hold.remainingMs());
            sale.outcome = out.kind;
            if (out.kind != PaymentOutcome::Kind::Paid && out.kind != PaymentOutcome::Kind::Unknown)
                (void)store.release(showtime, token); // the sale ends: its seats go back
            sales.push_back(sale);
        }
    }

    std::unique_ptr<TestCluster> m_cluster;
    std::unique_ptr<TestDatabase> m_db;
    QList<int> m_showtimes;
    int m_kills = 1;
    int m_workers = 4;
    ConnectionSettings m_terminal; ///< the terminals' login through the multi-host string
    ConnectionSettings m_service;  ///< the payment service's login, the same way
    ConnectionSettings m_owner;    ///< the superuser on the test's database, for the checks only
};

QTEST_GUILESS_MAIN(TstFailoverStorm)
#include "tst_failoverstorm.moc"
