// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// House and blocked seats on PostgreSQL (migration 0021): a manager blocks free seats
// with a reason and every terminal sees them change; a blocked seat cannot be held; a held or sold
// seat is never blocked silently — the block changes nothing and names it; unblocking gives the
// seats back; bad requests and a terminal login change nothing; and under a storm of terminals
// holding and buying while a manager blocks, no seat ends both blocked and sold.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <latch>
#include <mutex>
#include <random>
#include <thread>

#include "db/dbconnection.h"
#include "db/seatblockstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/checked.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

namespace {

const QString reasonText = QStringLiteral("Broken armrest");

QString blockRows(const TestDatabase& db, int showtime)
{
    return db.scalar(
        QStringLiteral("SELECT coalesce(string_agg(format('%s:%s:%s', seat_id, reason, blocked_by), ',' "
                       "ORDER BY seat_id), '') FROM seat_block WHERE showtime_id = %1")
            .arg(showtime));
}

} // namespace

class TstSeatBlocks final : public QObject
{
    Q_OBJECT

private:
    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
    std::unique_ptr<DbConnection> m_manager;

    QString states(const QList<int>& seats) const { return m_db->seatStates(m_showtime, seats); }

    /// Holds `seats` for a new sale through a terminal login; the sale's token.
    QUuid holdFor(const QList<int>& seats) const
    {
        auto terminal = m_db->connect(QStringLiteral("till"));
        if (!terminal)
            return {};
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = store.hold(m_showtime, seats, owner);
        return held.ok() && held.value().granted ? owner : QUuid();
    }

    /// Sells `seats` through a terminal login, paid in cash first; true when confirmed.
    bool sell(const QList<int>& seats) const
    {
        const QUuid owner = holdFor(seats);
        if (owner.isNull())
            return false;
        auto terminal = m_db->connect(QStringLiteral("till"));
        if (!terminal)
            return false;
        SeatStore store(*terminal);
        ConfirmRequest sale{QStringLiteral("till-1"),
                            QUuid::createUuid(),
                            m_showtime,
                            owner,
                            seats,
                            {},
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}}};
        if (!bo::test::payCash(*terminal, sale).ok())
            return false;
        auto bought = store.confirm(sale);
        return bought.ok();
    }

private slots:
    void init()
    {
        CHECKED(m_rig.create(3, 10, ShowtimeRig::Terminal::NotConnected));
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
    }
    void cleanup()
    {
        m_manager.reset();
        m_rig.reset();
    }

    void aManagerBlocksFreeSeatsWithAReasonTheTerminalsSee()
    {
        SeatBlockStore store(*m_manager);
        const QList<int> seats{m_seats[3], m_seats[4]};
        QVERIFY(m_db->run(QStringLiteral("DELETE FROM announcement")));
        auto done = store.block(m_showtime, seats, QStringLiteral("  ") + reasonText + QStringLiteral(" "));
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QVERIFY(done.value().done());
        QCOMPARE(done.value().blocked, seats);
        QVERIFY(done.value().alreadyBlocked.isEmpty());
        QCOMPARE(states(seats), QStringLiteral("BLOCKED:,BLOCKED:"));
        // Kept trimmed, with the manager's login.
        QCOMPARE(blockRows(*m_db, m_showtime), QStringLiteral("%1:%3:%4,%2:%3:%4")
                                                   .arg(seats[0])
                                                   .arg(seats[1])
                                                   .arg(reasonText, m_db->managerLogin()));
        // Announced as any seat change is: one row for the statement, both seats as B.
        const QString payload = m_db->scalar(
            QStringLiteral("SELECT string_agg(payload, ';') FROM announcement WHERE channel = 'bo_seats'"));
        QVERIFY2(payload.contains(QStringLiteral("B%1").arg(seats[0])) &&
                     payload.contains(QStringLiteral("B%1").arg(seats[1])),
                 qPrintable(payload));

        // The listing, read by a terminal login too.
        auto terminal = m_db->connect(QStringLiteral("till"));
        QVERIFY(terminal);
        SeatBlockStore reader(*terminal);
        auto listed = reader.blockedSeats(m_showtime);
        QVERIFY2(listed.ok(), qPrintable(listed.ok() ? QString() : listed.error().detail));
        QCOMPARE(listed.value().size(), 2);
        QCOMPARE(listed.value().at(0).seatId, seats[0]);
        QCOMPARE(listed.value().at(0).label, QStringLiteral("A4"));
        QCOMPARE(listed.value().at(0).reason, reasonText);
        QCOMPARE(listed.value().at(0).blockedBy, m_db->managerLogin());
        QVERIFY(listed.value().at(0).blockedAt.isValid());

        // Blocking again keeps the seats blocked and takes the new reason.
        done = store.block(m_showtime, {seats[0], m_seats[5]}, QStringLiteral("Press"));
        QVERIFY(done.ok() && done.value().done());
        QCOMPARE(done.value().blocked, QList<int>{m_seats[5]});
        QCOMPARE(done.value().alreadyBlocked, QList<int>{seats[0]});
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT reason FROM seat_block WHERE showtime_id = %1 AND seat_id = %2")
                         .arg(m_showtime)
                         .arg(seats[0])),
                 QStringLiteral("Press"));
    }

    void aBlockedSeatCannotBeHeld()
    {
        SeatBlockStore blocks(*m_manager);
        QVERIFY(blocks.block(m_showtime, {m_seats[0]}, reasonText).value().done());
        auto terminal = m_db->connect(QStringLiteral("till"));
        SeatStore store(*terminal);
        auto held = store.hold(m_showtime, {m_seats[0], m_seats[1]}, CheckedSeatCommands::newToken());
        QVERIFY(held.ok());
        QVERIFY(!held.value().granted);
        QCOMPARE(held.value().unavailable, QList<int>{m_seats[0]});
        QCOMPARE(held.value().refusalAt(0), SeatRefusal::Blocked);
        QCOMPARE(states({m_seats[1]}), QStringLiteral("FREE:"));
    }

    void aHeldOrSoldSeatIsNeverBlockedSilently_data()
    {
        QTest::addColumn<QString>("state");
        QTest::newRow("held") << QStringLiteral("held");
        QTest::newRow("held past its deadline, not yet released") << QStringLiteral("expired");
        QTest::newRow("sold") << QStringLiteral("sold");
    }

    void aHeldOrSoldSeatIsNeverBlockedSilently()
    {
        QFETCH(QString, state);
        const int taken = m_seats[7];
        if (state == u"sold") {
            QVERIFY(sell({taken}));
        } else {
            const QUuid owner = holdFor({taken});
            QVERIFY(!owner.isNull());
            if (state == u"expired")
                QCOMPARE(m_db->expireHoldsOf(owner), 1);
        }
        const QString before = m_db->snapshot();
        SeatBlockStore store(*m_manager);
        auto done = store.block(m_showtime, {m_seats[6], taken, m_seats[8]}, reasonText);
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QVERIFY(!done.value().done());
        QVERIFY(done.value().blocked.isEmpty());
        QCOMPARE(done.value().inTheWay.size(), 1);
        QCOMPARE(done.value().inTheWay.first().seatId, taken);
        QCOMPARE(done.value().inTheWay.first().sold, state == u"sold");
        QCOMPARE(done.value().inTheWay.first().heldUntil.isValid(), state != u"sold");
        // Nothing at all changed: not even the free seats asked for beside it.
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(blockRows(*m_db, m_showtime), QString());
    }

    void unblockingGivesTheSeatsBackAndSaysWhichWereNotBlocked()
    {
        SeatBlockStore store(*m_manager);
        QVERIFY(store.block(m_showtime, {m_seats[0], m_seats[1]}, reasonText).value().done());
        const QUuid owner = holdFor({m_seats[2]});
        QVERIFY(!owner.isNull());
        auto done = store.unblock(m_showtime, {m_seats[0], m_seats[2], m_seats[3]});
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QCOMPARE(done.value().freed, QList<int>{m_seats[0]});
        QCOMPARE(done.value().notBlocked, (QList<int>{m_seats[2], m_seats[3]}));
        QCOMPARE(states({m_seats[0], m_seats[1], m_seats[3]}), QStringLiteral("FREE:,BLOCKED:,FREE:"));
        // The hold beside it is untouched, and the freed seat sells again.
        QCOMPARE(m_db->heldSeats(m_showtime, owner), QString::number(m_seats[2]));
        QCOMPARE(blockRows(*m_db, m_showtime),
                 QStringLiteral("%1:%2:%3").arg(m_seats[1]).arg(reasonText, m_db->managerLogin()));
        QVERIFY(sell({m_seats[0]}));

        // A seat the hall has out of service is blocked in the showtime without a reason of its own,
        // and listed as such.
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 "
                                         "AND seat_id = %2")
                              .arg(m_showtime)
                              .arg(m_seats[9])));
        auto listed = store.blockedSeats(m_showtime);
        QVERIFY(listed.ok());
        QCOMPARE(listed.value().size(), 2);
        QCOMPARE(listed.value().at(1).seatId, m_seats[9]);
        QVERIFY(listed.value().at(1).reason.isEmpty());
        QVERIFY(!listed.value().at(1).blockedAt.isValid());
        QCOMPARE(store.unblock(m_showtime, {m_seats[9]}).value().freed, QList<int>{m_seats[9]});
    }

    void badRequestsChangeNothing_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("state");
        QTest::newRow("no reason") << QStringLiteral("SELECT * FROM bo_seat_block($S, ARRAY[$A], '  ')")
                                   << QStringLiteral("BO400");
        QTest::newRow("a reason of 201 characters")
            << QStringLiteral("SELECT * FROM bo_seat_block($S, ARRAY[$A], repeat('x', 201))")
            << QStringLiteral("BO400");
        QTest::newRow("no seats") << QStringLiteral("SELECT * FROM bo_seat_block($S, '{}', 'x')")
                                  << QStringLiteral("BO400");
        QTest::newRow("a seat twice") << QStringLiteral("SELECT * FROM bo_seat_block($S, ARRAY[$A, $A], 'x')")
                                      << QStringLiteral("BO400");
        QTest::newRow("an empty seat")
            << QStringLiteral("SELECT * FROM bo_seat_block($S, ARRAY[$A, NULL], 'x')")
            << QStringLiteral("BO400");
        QTest::newRow("a seat of another hall")
            << QStringLiteral("SELECT * FROM bo_seat_block($S, ARRAY[$A, -5], 'x')")
            << QStringLiteral("BO404");
        QTest::newRow("no such showtime")
            << QStringLiteral("SELECT * FROM bo_seat_block(-1, ARRAY[$A], 'x')") << QStringLiteral("BO404");
        QTest::newRow("a cancelled showtime")
            << QStringLiteral("SELECT * FROM bo_seat_block($C, ARRAY[$A], 'x')") << QStringLiteral("BO403");
        QTest::newRow("unblock, a seat twice")
            << QStringLiteral("SELECT * FROM bo_seat_unblock($S, ARRAY[$A, $A])") << QStringLiteral("BO400");
        QTest::newRow("unblock, no such showtime")
            << QStringLiteral("SELECT * FROM bo_seat_unblock(-1, ARRAY[$A])") << QStringLiteral("BO404");
    }

    void badRequestsChangeNothing()
    {
        QFETCH(QString, sql);
        QFETCH(QString, state);
        // A cancelled showtime of its own, with its seats.
        const QString cancelled = m_db->scalar(
            QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                           "SELECT auditorium_id, movie_id, price_list_id, starts_at + interval '1 day' "
                           "FROM showtime WHERE id = %1 RETURNING id")
                .arg(m_showtime));
        QVERIFY(cancelled.toInt() > 0);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET status = 'CANCELLED' WHERE id = %1").arg(cancelled)));
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1 AND "
                                     "seat_id = %2")
                          .arg(m_showtime)
                          .arg(m_seats[1])));
        sql.replace(QLatin1String("$S"), QString::number(m_showtime))
            .replace(QLatin1String("$C"), cancelled)
            .replace(QLatin1String("$A"), QString::number(m_seats[0]));
        const QString before = m_db->snapshot();
        auto done = m_manager->exec(sql);
        QVERIFY2(!done.ok(), qPrintable(sql));
        QVERIFY2(done.error().detail.startsWith(QStringLiteral("SQLSTATE ") + state),
                 qPrintable(done.error().detail));
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(blockRows(*m_db, m_showtime), QString());
    }

    void theAdapterRefusesABadReasonBeforeAsking_data()
    {
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QString();
        QTest::newRow("blank") << QStringLiteral(" \t ");
        QTest::newRow("two lines") << QStringLiteral("Broken\nseat");
        QTest::newRow("201 characters") << QString(201, QLatin1Char('x'));
    }

    void theAdapterRefusesABadReasonBeforeAsking()
    {
        QFETCH(QString, reason);
        const QString before = m_db->snapshot();
        SeatBlockStore store(*m_manager);
        auto done = store.block(m_showtime, {m_seats[0]}, reason);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        QVERIFY(!done.error().message.isEmpty());
        QCOMPARE(m_db->snapshot(), before);
        // 200 is the limit, not 199.
        QVERIFY(SeatBlocking::checkReason(QString(200, QLatin1Char('x'))).ok());
    }

    void aTerminalLoginCanNeitherBlockNorUnblock()
    {
        SeatBlockStore managers(*m_manager);
        QVERIFY(managers.block(m_showtime, {m_seats[1]}, reasonText).value().done());
        const QString before = m_db->snapshot();
        const QString rows = blockRows(*m_db, m_showtime);
        auto terminal = m_db->connect(QStringLiteral("till"));
        QVERIFY(terminal);
        SeatBlockStore store(*terminal);
        auto blocked = store.block(m_showtime, {m_seats[0]}, reasonText);
        QVERIFY(!blocked.ok());
        QVERIFY2(blocked.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(blocked.error().detail));
        auto unblocked = store.unblock(m_showtime, {m_seats[1]});
        QVERIFY(!unblocked.ok());
        QVERIFY2(unblocked.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(unblocked.error().detail));
        for (const QString& sql :
             {QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1")
                  .arg(m_showtime),
              QStringLiteral("DELETE FROM seat_block"),
              QStringLiteral("INSERT INTO seat_block (showtime_id, seat_id, reason) VALUES (%1, %2, 'x')")
                  .arg(m_showtime)
                  .arg(m_seats[0])}) {
            auto raw = terminal->exec(sql);
            QVERIFY2(!raw.ok() && raw.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                     qPrintable(sql));
        }
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(blockRows(*m_db, m_showtime), rows);
    }

    /// Terminals hold, buy and release pairs of seats as fast as they can while a manager blocks
    /// every seat once, one at a time (never unblocking). Every block the manager was told succeeded must end
    /// blocked and unsold; every sale a terminal was told succeeded must end sold; every refusal
    /// must have named a seat that was held or sold; no granted hold may lose a seat. Bounded in count
    /// and time.
    void underAStormNoSeatEndsBlockedAndSold()
    {
        constexpr int terminals = 4;
        constexpr int roundsPerTerminal = 150;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        const TestDatabase& db = *m_db;
        const int showtime = m_showtime;
        const QList<int> seats = m_seats;
        std::latch ready(terminals + 1);
        std::atomic<bool> stop{false};
        std::mutex resultsMutex;
        QList<int> sold;    // seats of confirmed sales
        QList<int> blocked; // seats the manager was told are blocked
        QStringList errors;
        int refusedBlocks = 0;

        // Each terminal is a staffed till with its shift open before the storm, as at opening.
        QList<QUuid> tillIds;
        {
            auto staffing = m_db->connect(QStringLiteral("storm-staffing"));
            QVERIFY(staffing);
            for (int t = 0; t < terminals; ++t) {
                tillIds << QUuid::createUuid();
                const bo::Status staffed =
                    bo::test::staffTill(*staffing, tillIds.last(), QStringLiteral("storm-%1").arg(t));
                QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().detail));
            }
        }

        std::vector<std::thread> workers;
        workers.reserve(terminals + 1);
        for (int t = 0; t < terminals; ++t) {
            workers.emplace_back([&, t] {
                auto connection = db.connect(QStringLiteral("storm-till-%1").arg(t));
                ready.arrive_and_wait();
                if (!connection) {
                    const std::lock_guard lock(resultsMutex);
                    errors << QStringLiteral("no terminal connection");
                    return;
                }
                SeatStore store(*connection);
                std::mt19937 random(static_cast<unsigned>(t) * 7919U + 1U);
                for (int round = 0;
                     round < roundsPerTerminal && !stop && std::chrono::steady_clock::now() < deadline;
                     ++round) {
                    const int first = int(random() % unsigned(seats.size() - 1));
                    const QList<int> pair{seats[first], seats[first + 1]};
                    const QUuid owner = CheckedSeatCommands::newToken();
                    auto held = store.hold(showtime, pair, owner);
                    if (!held.ok() || !held.value().granted)
                        continue;
                    // The customer looks at the seats a moment before paying.
                    std::this_thread::sleep_for(std::chrono::milliseconds(4));
                    // Most customers change their mind: seats go HELD and FREE again and again.
                    if (random() % 6 != 0) {
                        // Nothing took a seat of a granted hold meanwhile: both come back.
                        auto released = store.release(showtime, owner);
                        if (!released.ok() || released.value() != 2) {
                            const std::lock_guard lock(resultsMutex);
                            errors << QStringLiteral("a granted hold lost a seat before its release: %1")
                                          .arg(released.ok() ? QString::number(released.value())
                                                             : released.error().detail);
                        }
                        continue;
                    }
                    ConfirmRequest sale{QStringLiteral("storm-%1").arg(t),
                                        QUuid::createUuid(),
                                        showtime,
                                        owner,
                                        pair,
                                        {},
                                        QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}},
                                        tillIds.at(t)};
                    if (const bo::Status paid = bo::test::payCash(*connection, sale); !paid) {
                        const std::lock_guard lock(resultsMutex);
                        errors << QStringLiteral("payment of a granted hold failed: %1")
                                      .arg(paid.error().detail);
                        continue;
                    }
                    auto bought = store.confirm(sale);
                    const std::lock_guard lock(resultsMutex);
                    if (bought.ok())
                        sold << pair;
                    else
                        errors << QStringLiteral("confirm of a granted hold failed: %1")
                                      .arg(bought.error().detail);
                }
            });
        }
        workers.emplace_back([&] {
            auto connection = db.connectAsManager(QStringLiteral("storm-manager"));
            ready.arrive_and_wait();
            if (!connection) {
                const std::lock_guard lock(resultsMutex);
                errors << QStringLiteral("no manager connection");
                return;
            }
            SeatBlockStore store(*connection);
            // Every seat once, in a random order, spread over the storm: each block meets the
            // terminals at another moment of their sales.
            QList<int> order = seats;
            std::shuffle(order.begin(), order.end(), std::mt19937(4242U));
            for (qsizetype round = 0; round < order.size() && std::chrono::steady_clock::now() < deadline;
                 ++round) {
                std::this_thread::sleep_for(std::chrono::milliseconds(15));
                const int seat = order.at(round);
                auto done = store.block(showtime, {seat}, QStringLiteral("storm %1").arg(round));
                const std::lock_guard lock(resultsMutex);
                if (!done.ok()) {
                    errors << QStringLiteral("block failed: %1").arg(done.error().detail);
                } else if (done.value().done()) {
                    blocked << seat;
                } else {
                    ++refusedBlocks;
                    if (done.value().inTheWay.size() != 1 || done.value().inTheWay.first().seatId != seat)
                        errors << QStringLiteral("a refusal named other seats");
                }
            }
        });
        for (std::thread& w : workers)
            w.join();
        stop = true;

        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY2(!sold.isEmpty() && !blocked.isEmpty(),
                 qPrintable(QStringLiteral("%1 sold, %2 blocked").arg(sold.size()).arg(blocked.size())));
        for (int seat : blocked) {
            QVERIFY2(!sold.contains(seat), qPrintable(QStringLiteral("seat %1 blocked and sold").arg(seat)));
            QCOMPARE(m_db->seatRow(showtime, seat), QStringLiteral("BLOCKED -"));
        }
        for (int seat : sold)
            QCOMPARE(m_db->seatRow(showtime, seat), QStringLiteral("RESERVED -"));
        // The database agrees on its own: a block row for every blocked seat and no other, no
        // blocked seat in an active booking.
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat ss FULL JOIN seat_block b USING "
                                        "(showtime_id, seat_id) WHERE ss.showtime_id = %1 AND "
                                        "((ss.status = 'BLOCKED') <> (b.seat_id IS NOT NULL))")
                             .arg(showtime)),
            QStringLiteral("0"));
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT count(*) FROM booking_seat bs JOIN showtime_seat ss USING "
                                    "(showtime_id, seat_id) WHERE bs.active AND ss.status <> 'RESERVED'")),
                 QStringLiteral("0"));
        qInfo("storm: %lld seats sold, %lld blocked, %d blocks refused (held or sold)",
              qlonglong(sold.size()), qlonglong(blocked.size()), refusedBlocks);
    }
};

QTEST_GUILESS_MAIN(TstSeatBlocks)
#include "tst_seatblocks.moc"
