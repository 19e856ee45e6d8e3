// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow against PostgreSQL through the real adapter over seeded random sequences; the
// scenarios one at a time are in tst_saleflowdb.cpp.
#include <QtTest>

#include <algorithm>

#include <QElapsedTimer>
#include <QRandomGenerator>

#include <spdlog/spdlog.h>

#include "db/catalogstore.h"
#include "db/dbconnection.h"
#include "db/pgterminalbackend.h"
#include "db/seatstore.h"
#include "model/sale/saleflow.h"
#include "tests/support/saleflowdbrig.h"
#include "tests/support/siteannouncer.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testenv.h"
#include "tests/support/testthreadedsalepayments.h"

using namespace bo;
using bo::test::dbTimeoutMs;
using bo::test::envInt;
using bo::test::joined;
using bo::test::SaleFlowDbRig;
using bo::test::tokenText;

namespace {

QString idList(QList<int> ids)
{
    std::sort(ids.begin(), ids.end());
    return joined(ids);
}

/// A sale for the random sequences: the real adapter on its own thread, and a payment desk on
/// its own paying cards through the simulated service, whose next answer the sequence chooses.
struct RandomSale
{
    explicit RandomSale(const ConnectionSettings& settings)
        : site(bo::test::siteAnnouncer(settings))
        , backend(settings)
        , desk(bo::test::makeTestThreadedSalePayments(settings, service))
        , flow(&backend, desk.get(), QStringLiteral("till-r"))
    {
        service.setDelayMs(5);
    }
    ~RandomSale() { backend.stop(); }
    RandomSale(const RandomSale&) = delete;
    RandomSale& operator=(const RandomSale&) = delete;

    std::unique_ptr<Announcer> site;
    PgTerminalBackend backend;
    SimulatedPaymentService service;
    std::unique_ptr<ThreadedSalePayments> desk;
    SaleFlow flow;
};

} // namespace

class TstSaleFlowDbSequences final : public QObject
{
    Q_OBJECT

private:
    SaleFlowDbRig m_rig;

private slots:
    void init() { m_rig.create(); }

    void cleanup() { m_rig.reset(); }

    /// The property of the unit test's random sequences, against PostgreSQL through the real
    /// adapter and its thread: a clerk's random clicks, best-available, payment steps, cancels and
    /// cards approved or declined by the payment desk, another till holding and releasing, sweeps and the
    /// server ending the terminal's session, with the answers arriving whenever they do. After each sequence
    /// settles, showtime_seat holds for the sale what the flow believes and the screen shows, and
    /// every ended sale holds nothing. Size: BOXOFFICE_DB_SEQUENCES (default 200) x
    /// BOXOFFICE_DB_SEQUENCE_STEPS (default 30); BOXOFFICE_DB_SEED replays one.
    void randomSalesLeaveTheSeatsAsTheFlowBelieves()
    {
        spdlog::set_level(spdlog::level::warn);
        auto connection = m_rig.db->connect();
        QVERIFY(connection);
        CatalogStore catalog(*connection);
        auto settings = catalog.settings();
        QVERIFY(settings.ok());
        SeatStore other(*connection);
        auto serviceConnection = m_rig.db->connectAsService(); // the site's releaser sweeps
        QVERIFY(serviceConnection);
        SeatStore releaser(*serviceConnection);
        const int replay = envInt("BOXOFFICE_DB_SEED", -1);
        const int count = replay >= 0 ? 1 : envInt("BOXOFFICE_DB_SEQUENCES", 200);
        const int steps = envInt("BOXOFFICE_DB_SEQUENCE_STEPS", 30);
        QList<QUuid> ended;
        for (int i = 0; i < count; ++i) {
            const quint32 seed = replay >= 0 ? quint32(replay) : quint32(i + 1);
            if (m_rig.notFree().toInt() > int(m_rig.seats.size()) - 12) {
                // The hall is nearly sold: the next sequences sell another showtime.
                m_rig.showtime = m_rig.db->addShowtime(3, 10, QStringLiteral("Test hall %1").arg(i));
                QVERIFY(m_rig.showtime > 0);
                m_rig.seats = m_rig.db->seatIds(m_rig.showtime);
            }
            QStringList trace;
            const QString failure =
                runDbSequence(seed, steps, settings.value(), other, releaser, &ended, &trace);
            if (!failure.isEmpty()) {
                qWarning().noquote() << trace.join(QLatin1Char('\n'));
                QFAIL(qPrintable(
                    QStringLiteral("sequence with seed %1 failed: %2\nreplay: BOXOFFICE_DB_SEED=%1")
                        .arg(seed)
                        .arg(failure)));
            }
        }
        // No sale of any sequence left a seat held, and none was confirmed twice.
        for (const QUuid& t : std::as_const(ended)) {
            QCOMPARE(
                m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE held_by = '%1'")
                                     .arg(tokenText(t))),
                QStringLiteral("0"));
        }
        QCOMPARE(m_rig.db->scalar(
                     QStringLiteral("SELECT count(*) FROM (SELECT hold_token FROM booking WHERE status = "
                                    "'CONFIRMED' GROUP BY hold_token HAVING count(*) > 1) t")),
                 QStringLiteral("0"));
        QCOMPARE(m_rig.db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'PENDING'")),
                 QStringLiteral("0"));
    }

private:
    [[nodiscard]] QString held(const QUuid& owner) const
    {
        return m_rig.db->heldSeats(m_rig.showtime, owner);
    }

    /// Waits until the sale has nothing on its way, owes nothing and its adapter has answered
    /// everything sent (the payment desk answers by itself). False after 20 s.
    static bool settleSale(RandomSale& sale)
    {
        QElapsedTimer waited;
        waited.start();
        while (waited.elapsed() < 20000) {
            if (!sale.flow.isBusy() && sale.flow.releasesOwed() == 0 && sale.backend.isOnline()) {
                // Everything sent so far has been answered once a marker request is.
                bool done = false;
                QObject context;
                int marker = 0;
                QObject::connect(&sale.backend, &PgTerminalBackend::releaseFinished, &context,
                                 [&](int requestId, int) { done = done || requestId == marker; });
                QObject::connect(&sale.backend, &PgTerminalBackend::requestFailed, &context,
                                 [&](int requestId, const Error&) { done = done || requestId == marker; });
                marker = sale.backend.release(sale.flow.showtime().id, QUuid::createUuid());
                while (!done && waited.elapsed() < 20000)
                    QTest::qWait(5);
                if (!sale.flow.isBusy() && sale.flow.releasesOwed() == 0)
                    return true;
            }
            QTest::qWait(5);
        }
        return false;
    }

    QString runDbSequence(quint32 seed, int steps, const SaleSettings& settings, SeatStore& other,
                          SeatStore& releaser, QList<QUuid>* ended, QStringList* trace)
    {
        QRandomGenerator rng(seed);
        auto pick = [&rng](int n) { return int(rng.bounded(n)); };
        auto note = [trace](const QString& step) { trace->append(step); };
        RandomSale sale(m_rig.db->settings());
        sale.flow.setSettings(settings);
        sale.backend.start();
        QElapsedTimer waited;
        waited.start();
        while (!sale.backend.isOnline() && waited.elapsed() < dbTimeoutMs)
            QTest::qWait(5);
        sale.flow.openShowtime(m_rig.showtime);
        QList<QUuid> tokens{sale.flow.holdToken()};
        const QUuid another = QUuid::createUuid();
        bool cardTried = false;
        for (int step = 0; step < steps; ++step) {
            const int action = pick(100);
            if (action < 30) {
                const int seat = m_rig.seats.at(pick(int(m_rig.seats.size())));
                note(QStringLiteral("click %1").arg(seat));
                sale.flow.toggleSeat(seat);
            } else if (action < 36) {
                note(QStringLiteral("best"));
                sale.flow.selectBest(1 + pick(4));
            } else if (action < 44) {
                note(QStringLiteral("to payment"));
                sale.flow.proceedToPayment();
            } else if (action < 50) {
                note(QStringLiteral("cash"));
                sale.flow.payCash(sale.flow.totalMinor());
            } else if (action < 53) {
                note(QStringLiteral("card"));
                cardTried = cardTried || sale.flow.state() == SaleFlow::State::Payment;
                sale.flow.payCard();
            } else if (action < 57) {
                const bool approve = pick(3) != 0;
                note(approve ? QStringLiteral("the next card is approved")
                             : QStringLiteral("the next card is declined"));
                sale.service.setBehaviour(approve ? SimulatedCard::Approve : SimulatedCard::Decline);
            } else if (action < 60) {
                note(QStringLiteral("cancel"));
                sale.flow.cancel();
            } else if (action < 64) {
                if (sale.flow.state() == SaleFlow::State::Idle ||
                    sale.flow.state() == SaleFlow::State::Completed) {
                    note(QStringLiteral("next customer"));
                    sale.flow.finish();
                    sale.flow.openShowtime(m_rig.showtime);
                    tokens << sale.flow.holdToken();
                }
            } else if (action < 88) {
                const int ms = pick(4) == 0 ? pick(40) : 0;
                note(QStringLiteral("wait %1 ms").arg(ms));
                QTest::qWait(ms);
            } else if (action < 93) {
                const qsizetype first = pick(int(m_rig.seats.size()) - 1);
                note(QStringLiteral("another till holds two"));
                (void)other.hold(m_rig.showtime, {m_rig.seats.at(first), m_rig.seats.at(first + 1)}, another,
                                 300);
            } else if (action < 96) {
                note(QStringLiteral("another till releases"));
                (void)other.release(m_rig.showtime, another);
            } else if (action < 98) {
                note(QStringLiteral("sweep"));
                (void)releaser.sweep();
            } else {
                note(QStringLiteral("the server ends the terminal's session"));
                (void)m_rig.db->run(
                    QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                   "datname = current_database() AND application_name = "
                                   "'boxoffice-terminal'"));
            }
        }
        note(QStringLiteral("-- settle"));
        if (!settleSale(sale))
            return QStringLiteral("the sale did not settle within 20 s");
        const QUuid token = sale.flow.holdToken();
        const SaleFlow::State state = sale.flow.state();
        const bool open = state == SaleFlow::State::Selecting || state == SaleFlow::State::Payment;
        if (!open && state != SaleFlow::State::Idle && state != SaleFlow::State::Completed)
            return QStringLiteral("state %1 after settling").arg(int(state));
        auto agreement = [&] {
            QList<int> mine;
            for (const SeatState& s : sale.flow.seatMap().seats()) {
                if (sale.flow.seatMap().isMine(s.seatId))
                    mine << s.seatId;
            }
            return QStringLiteral("database %1, flow holds %2, screen shows %3, clerk chose %4")
                .arg(held(token), idList(sale.flow.heldSeats()), idList(mine), idList(sale.flow.selection()));
        };
        if (open) {
            const QString expected =
                QStringLiteral("database %1, flow holds %1, screen shows %1, clerk chose %1")
                    .arg(idList(sale.flow.heldSeats()));
            // The screen follows the announcements, which may still be on their way.
            QElapsedTimer converging;
            converging.start();
            while (agreement() != expected && converging.elapsed() < dbTimeoutMs)
                QTest::qWait(10);
            if (agreement() != expected)
                return agreement();
        }
        for (const QUuid& t : std::as_const(tokens)) {
            if (t == token && open)
                continue;
            if (const QString left = held(t); !left.isEmpty())
                return QStringLiteral("an ended sale still holds %1").arg(left);
        }
        // Every card approved was captured with its booking or voided without one.
        if (const int authorised = sale.service.count(GatewayPaymentState::Authorised); authorised != 0)
            return QStringLiteral("%1 card payments left authorised").arg(authorised);
        if (cardTried) {
            QStringList quoted;
            for (const QUuid& t : std::as_const(tokens))
                quoted << QLatin1Char('\'') + tokenText(t) + QLatin1Char('\'');
            const QString cardBookings = m_rig.db->scalar(
                QStringLiteral(
                    "SELECT count(*) FROM booking WHERE status = 'CONFIRMED' AND payment->>'method' "
                    "= 'card' AND hold_token IN (%1)")
                    .arg(quoted.join(QLatin1Char(','))));
            if (cardBookings != QString::number(sale.service.count(GatewayPaymentState::Captured)))
                return QStringLiteral("%1 card bookings, %2 card payments captured")
                    .arg(cardBookings)
                    .arg(sale.service.count(GatewayPaymentState::Captured));
        }
        // End the sale that is still open and leave the hall empty for the next sequence.
        sale.flow.cancel();
        if (!settleSale(sale))
            return QStringLiteral("the cancel did not settle within 20 s");
        if (const QString left = held(token); !left.isEmpty())
            return QStringLiteral("the cancelled sale still holds %1").arg(left);
        (void)other.release(m_rig.showtime, another);
        *ended += tokens;
        return {};
    }
};

QTEST_GUILESS_MAIN(TstSaleFlowDbSequences)
#include "tst_saleflowdbsequences.moc"
