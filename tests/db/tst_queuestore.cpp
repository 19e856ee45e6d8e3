// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <latch>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <QElapsedTimer>
#include <QTemporaryDir>

#include "db/pgterminalbackend.h"
#include "db/privatepostgres.h"
#include "db/queuestore.h"
#include "db/seatstore.h"
#include "model/core/clock.h"
#include "model/queue/admissionwatch.h"
#include "tests/support/checked.h"
#include "tests/support/errorcodename.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/siteannouncer.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::codeName;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

namespace {

/// Stops a private cluster when the test ends, also after a failed slot.
struct ClusterGuard
{
    QString folder;
    ~ClusterGuard()
    {
        if (!folder.isEmpty())
            (void)PrivatePostgres::stop(folder);
    }
};

/// The error's detail for a failure message ("" when it succeeded).
template <typename T> QByteArray whyText(const Result<T>& result)
{
    return result.ok() ? QByteArray() : result.error().detail.toUtf8();
}

QString states(const QueueLine& line)
{
    QStringList out;
    for (const QueueLineEntry& e : line.tickets)
        out << QStringLiteral("%1:%2").arg(e.ticket).arg(QLatin1String(ticketStateName(e.state)));
    return out.join(QLatin1Char(','));
}

} // namespace

/// The admission queue of migration 0014 through QueueStore, as a terminal (and, for the
/// capacity, a manager) login.
class TstQueueStore final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        CHECKED(m_rig.create(2, 10));
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
        m_queue = std::make_unique<QueueStore>(*m_terminal);
        m_managerQueue = std::make_unique<QueueStore>(*m_manager);
        m_seatStore = std::make_unique<SeatStore>(*m_terminal);
    }

    void cleanup()
    {
        m_seatStore.reset();
        m_queue.reset();
        m_managerQueue.reset();
        m_manager.reset();
        m_rig.reset();
    }

    void withoutAQueueJoinAdmitsAndHoldsNeedNoTicket()
    {
        const QUuid a = QUuid::createUuid();
        auto joined = m_queue->join(m_showtime, a);
        QVERIFY2(joined.ok(), whyText(joined).constData());
        QCOMPARE(joined.value().state, TicketState::Admitted);
        QVERIFY(!joined.value().capacity.has_value());
        auto held = m_seatStore->hold(m_showtime, {m_seats[0]}, QUuid::createUuid());
        QVERIFY2(held.ok(), whyText(held).constData());
        QVERIFY(held.value().granted);
    }

    void belowCapacityJoinAdmitsAtOnce()
    {
        QVERIFY(setCapacity(2));
        const QUuid a = QUuid::createUuid();
        const QUuid b = QUuid::createUuid();
        const QUuid c = QUuid::createUuid();
        for (const QUuid& owner : {a, b}) {
            auto joined = m_queue->join(m_showtime, owner);
            QVERIFY2(joined.ok(), whyText(joined).constData());
            QCOMPARE(joined.value().state, TicketState::Admitted);
            QCOMPARE(joined.value().position, 0);
            QVERIFY(joined.value().admittedUntil > joined.value().dbNow);
            QCOMPARE(joined.value().capacity, std::optional<int>(2));
        }
        auto third = m_queue->join(m_showtime, c);
        QVERIFY(third.ok());
        QCOMPARE(third.value().state, TicketState::Waiting);
        QCOMPARE(third.value().position, 1);
        QCOMPARE(third.value().waiting, 1);
        // Joining again answers the same ticket.
        auto again = m_queue->join(m_showtime, c);
        QVERIFY(again.ok());
        QCOMPARE(again.value().ticket, third.value().ticket);
        QCOMPARE(again.value().position, 1);
    }

    void holdIsRefusedWithoutAdmissionWhenEnforced()
    {
        QVERIFY(setCapacity(1));
        const QUuid admitted = QUuid::createUuid();
        const QUuid waiting = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, admitted).ok());
        QCOMPARE(m_queue->join(m_showtime, waiting).value().state, TicketState::Waiting);

        const QString before = m_db->snapshot();
        for (const QUuid& owner : {waiting, QUuid::createUuid()}) {
            auto refused = m_seatStore->hold(m_showtime, {m_seats[0], m_seats[1]}, owner);
            QVERIFY(!refused.ok());
            QVERIFY2(refused.error().code == ErrorCode::NotAdmitted, qPrintable(refused.error().detail));
            QVERIFY2(refused.error().detail.contains(QLatin1String("BO429")),
                     qPrintable(refused.error().detail));
        }
        QCOMPARE(m_db->snapshot(), before);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM sale")), QStringLiteral("0"));

        auto held = m_seatStore->hold(m_showtime, {m_seats[0], m_seats[1]}, admitted);
        QVERIFY2(held.ok(), whyText(held).constData());
        QVERIFY(held.value().granted);
        // The sale started: its further holds need no more than that.
        auto more = m_seatStore->hold(m_showtime, {m_seats[0], m_seats[1], m_seats[2]}, admitted);
        QVERIFY2(more.ok() && more.value().granted, whyText(more).constData());
    }

    void fifoUnderThirtyTwoConcurrentJoiners()
    {
        QVERIFY(setCapacity(0));
        constexpr int joiners = 32;
        std::vector<QueueTicket> tickets(joiners);
        std::vector<QString> errors(joiners);
        std::latch ready(joiners);
        std::vector<std::thread> threads;
        threads.reserve(joiners);
        for (int i = 0; i < joiners; ++i) {
            threads.emplace_back([&, i] {
                auto connection = m_db->connect(QStringLiteral("joiner-%1").arg(i));
                ready.arrive_and_wait();
                if (!connection) {
                    errors[size_t(i)] = QStringLiteral("no connection");
                    return;
                }
                QueueStore queue(*connection);
                auto joined = queue.join(m_showtime, QUuid::createUuid());
                if (joined.ok())
                    tickets[size_t(i)] = joined.value();
                else
                    errors[size_t(i)] = joined.error().detail;
            });
        }
        for (auto& t : threads)
            t.join();
        for (const QString& e : errors)
            QVERIFY2(e.isEmpty(), qPrintable(e));

        // Each joiner was told its own place, and the places follow the ticket numbers.
        std::sort(tickets.begin(), tickets.end(),
                  [](const QueueTicket& x, const QueueTicket& y) { return x.ticket < y.ticket; });
        for (int i = 0; i < joiners; ++i) {
            QCOMPARE(tickets[size_t(i)].state, TicketState::Waiting);
            QCOMPARE(tickets[size_t(i)].position, i + 1);
        }
        // Places free in steps: each time exactly the earliest waiters are admitted.
        for (int capacity : {1, 5, 6, 20, 32}) {
            QVERIFY(setCapacity(capacity));
            auto line = m_queue->line(m_showtime);
            QVERIFY(line.ok());
            QCOMPARE(line.value().tickets.size(), joiners);
            for (int i = 0; i < joiners; ++i) {
                const QueueLineEntry& e = line.value().tickets[i];
                QCOMPARE(e.ticket, tickets[size_t(i)].ticket);
                QCOMPARE(e.state, i < capacity ? TicketState::Admitted : TicketState::Waiting);
                QCOMPARE(e.position, i < capacity ? 0 : i - capacity + 1);
            }
        }
    }

    void admissionExpiryHandsThePlaceToTheNext()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_admission_s = 1")));
        QVERIFY(setCapacity(1));
        const QUuid first = QUuid::createUuid();
        const QUuid second = QUuid::createUuid();
        QCOMPARE(m_queue->join(m_showtime, first).value().state, TicketState::Admitted);
        QCOMPARE(m_queue->join(m_showtime, second).value().state, TicketState::Waiting);
        QTest::qSleep(1300);
        auto next = m_queue->heartbeat(second);
        QVERIFY(next.ok());
        QCOMPARE(next.value().state, TicketState::Admitted);
        auto gone = m_queue->heartbeat(first);
        QVERIFY(gone.ok());
        QCOMPARE(gone.value().state, TicketState::Expired);
        QCOMPARE(gone.value().reason, QStringLiteral("unused"));
        auto refused = m_seatStore->hold(m_showtime, {m_seats[0]}, first);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().code == ErrorCode::NotAdmitted, qPrintable(refused.error().detail));
    }

    void anUsedAdmissionDoesNotExpire()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_admission_s = 1")));
        QVERIFY(setCapacity(1));
        const QUuid first = QUuid::createUuid();
        const QUuid second = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, first).ok());
        QVERIFY(holds(first, m_showtime, {m_seats[0]}));
        QVERIFY(m_queue->join(m_showtime, second).ok());
        QTest::qSleep(1300);
        QCOMPARE(m_queue->heartbeat(second).value().state, TicketState::Waiting);
        QCOMPARE(m_queue->heartbeat(first).value().state, TicketState::Active);
    }

    /// Migration 0048: a waiter silent for longer than the heartbeat limit loses its turn when
    /// the turn comes (its place goes to the next); until then it keeps it, and the ones behind
    /// count it among those ahead.
    void aSilentWaiterIsSkippedWhenItsTurnComes()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_heartbeat_s = 1")));
        QVERIFY(setCapacity(0));
        const QUuid silent = QUuid::createUuid();
        const QUuid alive = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, silent).ok());
        QCOMPARE(m_queue->join(m_showtime, alive).value().position, 2);
        for (int i = 0; i < 3; ++i) {
            QTest::qSleep(500);
            QVERIFY(m_queue->heartbeat(alive).ok());
        }
        // Nobody's turn has come: the line stands as it was.
        auto stands = m_queue->heartbeat(alive);
        QVERIFY(stands.ok());
        QCOMPARE(stands.value().position, 2);
        QCOMPARE(stands.value().waiting, 2);
        // One place: the silent waiter's turn passes to the one behind.
        QVERIFY(setCapacity(1));
        auto admitted = m_queue->heartbeat(alive);
        QVERIFY(admitted.ok());
        QCOMPARE(admitted.value().state, TicketState::Admitted);
        QCOMPARE(admitted.value().waiting, 0);
        auto left = m_queue->heartbeat(silent);
        QVERIFY(left.ok());
        QCOMPARE(left.value().state, TicketState::Left);
        QCOMPARE(left.value().reason, QStringLiteral("silent"));
        QCOMPARE(placesHeld(), QStringLiteral("1 1"));
    }

    /// Migration 0048: a waiter that went quiet for a while but is back before its turn keeps it.
    void aWaiterBackBeforeItsTurnKeepsIt()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_heartbeat_s = 1")));
        QVERIFY(setCapacity(0));
        const QUuid quiet = QUuid::createUuid();
        const QUuid next = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, quiet).ok());
        QVERIFY(m_queue->join(m_showtime, next).ok());
        QTest::qSleep(1300);
        auto back = m_queue->heartbeat(quiet);
        QVERIFY(back.ok());
        QCOMPARE(back.value().state, TicketState::Waiting);
        QCOMPARE(back.value().position, 1);
        QVERIFY(setCapacity(1));
        QCOMPARE(m_queue->heartbeat(quiet).value().state, TicketState::Admitted);
        // The one behind, silent by now, keeps its place until its own turn.
        QCOMPARE(m_queue->heartbeat(next).value().position, 1);
    }

    void aSaleThatEndsFreesItsPlace_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("reason");
        QTest::newRow("sold") << QStringLiteral("sold") << QStringLiteral("sold");
        QTest::newRow("time up") << QStringLiteral("expired") << QStringLiteral("expired");
        QTest::newRow("left by its terminal") << QStringLiteral("leave") << QStringLiteral("left");
    }

    void aSaleThatEndsFreesItsPlace()
    {
        QFETCH(QString, how);
        QFETCH(QString, reason);
        QVERIFY(setCapacity(1));
        const QUuid sale = QUuid::createUuid();
        const QUuid next = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, sale).ok());
        QVERIFY(holds(sale, m_showtime, {m_seats[3]}));
        QVERIFY(m_queue->join(m_showtime, next).ok());
        QCOMPARE(m_queue->heartbeat(next).value().state, TicketState::Waiting);

        if (how == QLatin1String("sold")) {
            ConfirmRequest request;
            request.terminal = QStringLiteral("till-1");
            request.key = QUuid::createUuid();
            request.showtimeId = m_showtime;
            request.owner = sale;
            QVERIFY_PAID(*m_terminal, request);
            auto confirmed = m_seatStore->confirm(request);
            QVERIFY2(confirmed.ok(), whyText(confirmed).constData());
        } else if (how == QLatin1String("expired")) {
            QVERIFY(m_db->run(
                QStringLiteral("UPDATE sale SET selection_deadline = clock_timestamp() - interval '1 s' "
                               "WHERE hold_token = '%1'")
                    .arg(sale.toString(QUuid::WithoutBraces))));
        } else {
            QVERIFY(m_queue->leave(sale).ok());
        }
        auto admitted = m_queue->heartbeat(next);
        QVERIFY(admitted.ok());
        QCOMPARE(admitted.value().state, TicketState::Admitted);
        auto ended = m_queue->heartbeat(sale);
        QCOMPARE(ended.value().state, TicketState::Done);
        QCOMPARE(ended.value().reason, reason);
        // The wait is now estimated from the place that freed.
        const QUuid later = QUuid::createUuid();
        auto waits = m_queue->join(m_showtime, later);
        QVERIFY(waits.ok());
        QCOMPARE(waits.value().state, TicketState::Waiting);
        QVERIFY(waits.value().etaSeconds > 0);
    }

    void capacityChangesAtRunTime()
    {
        QVERIFY(setCapacity(1));
        QList<QUuid> owners;
        for (int i = 0; i < 4; ++i) {
            owners << QUuid::createUuid();
            QVERIFY(m_queue->join(m_showtime, owners.last()).ok());
        }
        auto raised = m_managerQueue->setCapacity(m_showtime, 3);
        QVERIFY2(raised.ok(), whyText(raised).constData());
        QCOMPARE(raised.value().occupied, 3);
        QCOMPARE(raised.value().waiting, 1);
        QCOMPARE(m_queue->heartbeat(owners[2]).value().state, TicketState::Admitted);
        QCOMPARE(m_queue->heartbeat(owners[3]).value().position, 1);

        // Lowered, nobody admitted loses the place; the next waits for three to end.
        auto lowered = m_managerQueue->setCapacity(m_showtime, 1);
        QVERIFY(lowered.ok());
        QCOMPARE(lowered.value().occupied, 3);
        QVERIFY(m_queue->leave(owners[0]).ok());
        QCOMPARE(m_queue->heartbeat(owners[3]).value().state, TicketState::Waiting);

        // Back to the setting's (none): the queue is gone, the last one is admitted.
        auto off = m_managerQueue->setCapacity(m_showtime, std::nullopt);
        QVERIFY(off.ok());
        QVERIFY(!off.value().capacity.has_value());
        QCOMPARE(m_queue->heartbeat(owners[3]).value().state, TicketState::Admitted);

        // A terminal may not change it.
        auto refused = m_queue->setCapacity(m_showtime, 5);
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().detail.contains(QLatin1String("42501")), whyText(refused).constData());
    }

    void aCounterTillIsAdmittedAtOnceAndTakesAPlace()
    {
        QVERIFY(setCapacity(1));
        const QUuid kiosk = QUuid::createUuid();
        const QUuid till = QUuid::createUuid();
        const QUuid waiting = QUuid::createUuid();
        QCOMPARE(m_queue->join(m_showtime, kiosk).value().state, TicketState::Admitted);
        auto counter = m_queue->join(m_showtime, till, true);
        QVERIFY(counter.ok());
        QCOMPARE(counter.value().state, TicketState::Admitted);
        QVERIFY(counter.value().counter);
        QCOMPARE(m_queue->join(m_showtime, waiting).value().position, 1);
        QVERIFY(m_queue->leave(kiosk).ok());
        // The till's sale still takes the one place.
        QCOMPARE(m_queue->heartbeat(waiting).value().state, TicketState::Waiting);
        QVERIFY(m_queue->leave(till).ok());
        QCOMPARE(m_queue->heartbeat(waiting).value().state, TicketState::Admitted);
    }

    /// The counter board's counts: per showtime with a queue in the range, how many wait.
    void theBoardCountsTheWaitingOfShowtimesWithAQueue()
    {
        const int other = m_db->addShowtime(1, 4, QStringLiteral("Other hall"));
        QVERIFY(other > 0);
        const QDateTime from = QDateTime::currentDateTimeUtc().addDays(-1);
        const QDateTime to = from.addDays(3);
        auto none = m_queue->waitingByShowtime(from, to);
        QVERIFY2(none.ok(), whyText(none).constData());
        QVERIFY(none.value().isEmpty());
        QVERIFY(setCapacity(1));
        for (int i = 0; i < 3; ++i)
            QVERIFY(m_queue->join(m_showtime, QUuid::createUuid()).ok());
        QVERIFY(m_queue->join(other, QUuid::createUuid()).ok()); // no queue there: admitted
        auto counted = m_queue->waitingByShowtime(from, to);
        QVERIFY2(counted.ok(), whyText(counted).constData());
        QCOMPARE(counted.value(), (QHash<int, int>{{m_showtime, 2}}));
        QVERIFY(m_queue->waitingByShowtime(to, to.addDays(1)).value().isEmpty());
        // The setting gives every showtime a queue; nobody waits at the other one.
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_capacity = 5")));
        QCOMPARE(m_queue->waitingByShowtime(from, to).value(),
                 (QHash<int, int>{{m_showtime, 2}, {other, 0}}));
    }

    /// A waiting AdmissionWatch fed by a terminal's backend — its LISTEN on bo_queue, through the
    /// model's TerminalBackend::queueChanged — learns its admission from the announcement. Its
    /// heartbeat is a minute away, so nothing else can explain an admission seen within seconds.
    void aWaitingWatchLearnsItsAdmissionFromTheAnnouncement()
    {
        QVERIFY(setCapacity(1));
        const QUuid first = QUuid::createUuid();
        auto place = m_queue->join(m_showtime, first);
        QVERIFY2(place.ok(), whyText(place).constData());
        QCOMPARE(place.value().state, TicketState::Admitted);

        const std::unique_ptr<Announcer> site = bo::test::siteAnnouncer(m_db->settings());
        PgTerminalBackend backend(m_db->settings());
        backend.start();
        QTRY_VERIFY_WITH_TIMEOUT(backend.isOnline(), 10000);
        auto watchConnection = m_db->connect();
        QVERIFY(watchConnection);
        QueueStore watchQueue(*watchConnection);
        SteadyClock clock;
        constexpr int heartbeatMs = 60000;
        AdmissionWatch watch(watchQueue, clock, AdmissionWatch::Options{heartbeatMs});
        connect(&backend, &TerminalBackend::queueChanged, &watch, &AdmissionWatch::onQueueChanged);
        QSignalSpy admitted(&watch, &AdmissionWatch::admitted);
        QSignalSpy problems(&watch, &AdmissionWatch::problem);
        watch.join(m_showtime, QUuid::createUuid());
        QCOMPARE(watch.ticket().state, TicketState::Waiting);
        QCOMPARE(watch.ticket().position, 1);

        QElapsedTimer sinceFreed;
        sinceFreed.start();
        QVERIFY(m_queue->leave(first).ok()); // the place frees; this pass admits the watch's ticket
        QTRY_COMPARE_WITH_TIMEOUT(admitted.count(), 1, heartbeatMs / 6);
        qInfo("admitted %lld ms after the place freed (the heartbeat is every %d ms)", sinceFreed.elapsed(),
              heartbeatMs);
        QCOMPARE(watch.ticket().state, TicketState::Admitted);
        QVERIFY(watch.admissionRemainingMs() > 0);
        QVERIFY(problems.isEmpty());
        backend.stop();
    }

    // Migrations 0016 and 0048: a heartbeat with nothing to do takes no lock and writes nothing —
    // neither its line's row nor anybody's ticket; with a stamp older than half the silence limit
    // it stamps its own ticket, and still moves nothing.
    void aHeartbeatWithNothingToDoChangesNothing()
    {
        QVERIFY(setCapacity(1));
        const QUuid admitted = QUuid::createUuid();
        const QUuid waiting = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, admitted).ok());
        QCOMPARE(m_queue->join(m_showtime, waiting).value().position, 1);
        const QString rows = QStringLiteral(
            "SELECT string_agg(format('%s:%s:%s', id, xmin, seen_at), ',' ORDER BY id) FROM queue_ticket");
        const QString lines =
            QStringLiteral("SELECT string_agg(format('%s:%s', showtime_id, xmin), ',') FROM queue_line");
        const QString before = m_db->scalar(rows);
        const QString line = m_db->scalar(lines);
        QVERIFY(!before.isEmpty() && !line.isEmpty());
        for (const QUuid& owner : {waiting, admitted, waiting}) {
            auto beat = m_queue->heartbeat(owner);
            QVERIFY2(beat.ok(), whyText(beat).constData());
        }
        QCOMPARE(m_queue->heartbeat(waiting).value().position, 1);
        QCOMPARE(m_db->scalar(rows), before);
        QCOMPARE(m_db->scalar(lines), line);

        // Seen 11 s ago (the limit is 20 s): the heartbeat stamps it, the line does not move.
        const QString owner = waiting.toString(QUuid::WithoutBraces);
        QVERIFY(m_db->run(QStringLiteral("UPDATE queue_ticket SET seen_at = seen_at - interval '11 s' "
                                         "WHERE owner = '%1'")
                              .arg(owner)));
        const QString old =
            m_db->scalar(QStringLiteral("SELECT seen_at FROM queue_ticket WHERE owner = '%1'").arg(owner));
        auto stamped = m_queue->heartbeat(waiting);
        QVERIFY(stamped.ok());
        QCOMPARE(stamped.value().state, TicketState::Waiting);
        QVERIFY(m_db->scalar(
                    QStringLiteral("SELECT seen_at FROM queue_ticket WHERE owner = '%1'").arg(owner)) != old);
        QCOMPARE(m_db->scalar(lines), line);
    }

    // Migrations 0016 and 0048: a heartbeat that finds the line due to move (a sale whose time
    // is up) while another session holds the line's row answers at once without moving it; the
    // next one moves it.
    void aHeartbeatDoesNotWaitForTheLineLock()
    {
        QVERIFY(setCapacity(1));
        const QUuid sale = QUuid::createUuid();
        const QUuid next = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, sale).ok());
        QVERIFY(holds(sale, m_showtime, {m_seats[3]}));
        QCOMPARE(m_queue->join(m_showtime, next).value().state, TicketState::Waiting);
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE sale SET selection_deadline = clock_timestamp() - interval '1 s' "
                           "WHERE hold_token = '%1'")
                .arg(sale.toString(QUuid::WithoutBraces))));

        auto mover = m_db->connectAsOwner(QStringLiteral("line-mover"));
        QVERIFY(mover);
        QVERIFY(mover->begin().ok());
        QVERIFY(mover
                    ->exec(QStringLiteral("SELECT 1 FROM queue_line WHERE showtime_id = %1 FOR UPDATE")
                               .arg(m_showtime))
                    .ok());
        std::promise<Result<QueueTicket>> answer;
        std::future<Result<QueueTicket>> answered = answer.get_future();
        std::thread beat([&] {
            auto connection = m_db->connect(QStringLiteral("beat"));
            if (!connection) {
                Error none;
                none.message = QStringLiteral("no connection");
                answer.set_value(none);
                return;
            }
            QueueStore queue(*connection);
            answer.set_value(queue.heartbeat(next));
        });
        const bool inTime = answered.wait_for(std::chrono::seconds(5)) == std::future_status::ready;
        const bool unlocked = mover->commit().ok();
        beat.join();
        QVERIFY2(inTime, "the heartbeat waited for the line lock");
        QVERIFY(unlocked);
        auto skipped = answered.get();
        QVERIFY2(skipped.ok(), whyText(skipped).constData());
        QCOMPARE(skipped.value().state, TicketState::Waiting);
        QCOMPARE(m_queue->heartbeat(next).value().state, TicketState::Admitted);
        auto ended = m_queue->heartbeat(sale);
        QCOMPARE(ended.value().state, TicketState::Done);
        QCOMPARE(ended.value().reason, QStringLiteral("expired"));
    }

    // Migration 0016: a queue call that is its transaction's first write commits without waiting
    // for the WAL flush (the line lock is held to the commit); one after other writes does not.
    void queueCallsCommitWithoutWaitingForTheFlush()
    {
        QVERIFY(setCapacity(1));
        const auto syncAfter = [this](const QString& before, const QString& call) {
            if (Status s = m_terminal->begin(); !s)
                return QStringLiteral("error: ") + s.error().detail;
            QString out;
            // (The test cluster runs with synchronous_commit off; a site's runs with it on.)
            for (const QString& sql :
                 {QStringLiteral("SELECT set_config('synchronous_commit', 'on', true)"), before, call,
                  QStringLiteral("SELECT current_setting('synchronous_commit')")}) {
                if (sql.isEmpty())
                    continue;
                auto rows = m_terminal->exec(sql);
                if (!rows.ok()) {
                    out = QStringLiteral("error: ") + rows.error().detail;
                    break;
                }
                if (sql.contains(QLatin1String("current_setting")) && rows.value().next())
                    out = rows.value().value(0).toString();
            }
            m_terminal->rollback();
            return out;
        };
        const QString owner = QUuid::createUuid().toString(QUuid::WithoutBraces);
        const QString join =
            QStringLiteral("SELECT state FROM bo_queue_join(%1, '%2')").arg(m_showtime).arg(owner);
        const QString xid = QStringLiteral("SELECT pg_current_xact_id()");
        QCOMPARE(syncAfter(QString(), join), QStringLiteral("off"));
        QCOMPARE(syncAfter(xid, join), QStringLiteral("on"));
        QVERIFY(m_queue->join(m_showtime, QUuid(owner)).ok());
        for (const QString& call : {QStringLiteral("SELECT state FROM bo_queue_heartbeat('%1')").arg(owner),
                                    QStringLiteral("SELECT state FROM bo_queue_leave('%1')").arg(owner)}) {
            QCOMPARE(syncAfter(QString(), call), QStringLiteral("off"));
            QCOMPARE(syncAfter(xid, call), QStringLiteral("on"));
        }
    }

    // Migration 0048: a waiter's position is its arrival number less the line's counter, at most
    // the line's length: those ahead who left still count until their turn comes and the counter
    // passes them; after that it agrees with the line's own count.
    void positionsAreArrivalLessTheCounter()
    {
        QVERIFY(setCapacity(0));
        QList<QUuid> owners;
        QList<qint64> tickets;
        for (int i = 0; i < 6; ++i) {
            owners << QUuid::createUuid();
            auto joined = m_queue->join(m_showtime, owners.last());
            QVERIFY(joined.ok());
            QCOMPARE(joined.value().position, i + 1);
            QCOMPARE(joined.value().arrival, qint64(i + 1));
            tickets << joined.value().ticket;
        }
        QVERIFY(m_queue->leave(owners[1]).ok());
        // The last of five, told fifth (the line's length); the fifth to arrive is fourth in fact
        // and told fifth: at most, until the counter passes the one who left.
        QCOMPARE(m_queue->heartbeat(owners[5]).value().position, 5);
        QCOMPARE(m_queue->heartbeat(owners[4]).value().position, 5);
        QCOMPARE(m_queue->heartbeat(owners[4]).value().waiting, 5);
        QVERIFY(setCapacity(2));
        auto line = m_queue->line(m_showtime);
        QVERIFY(line.ok());
        int waiters = 0;
        for (const QueueLineEntry& e : line.value().tickets) {
            if (e.state != TicketState::Waiting)
                continue;
            ++waiters;
            auto beat = m_queue->heartbeat(owners[tickets.indexOf(e.ticket)]);
            QVERIFY2(beat.ok(), whyText(beat).constData());
            QCOMPARE(beat.value().position, e.position);
            QCOMPARE(beat.value().waiting, 3);
        }
        QCOMPARE(waiters, 3);
        QCOMPARE(m_queue->heartbeat(owners[3]).value().position, 1);
        QCOMPARE(m_queue->heartbeat(owners[5]).value().position, 3);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT admitted_up_to FROM queue_line WHERE showtime_id = %1")
                                  .arg(m_showtime)),
                 QStringLiteral("3"));
        QCOMPARE(placesHeld(), QStringLiteral("2 2"));
    }

    // Migration 0016: ended tickets older than settings.queue_retention_h are purged by a pass.
    void endedTicketsArePurgedAfterTheRetention()
    {
        QVERIFY(setCapacity(1));
        const QUuid old = QUuid::createUuid();
        const QUuid recent = QUuid::createUuid();
        for (const QUuid& owner : {old, recent}) {
            QVERIFY(m_queue->join(m_showtime, owner).ok());
            QVERIFY(m_queue->leave(owner).ok());
        }
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE queue_ticket SET joined_at = joined_at - interval '25 h', "
                                     "seen_at = seen_at - interval '25 h', admitted_at = admitted_at - "
                                     "interval '25 h', admitted_until = admitted_until - interval '25 h', "
                                     "ended_at = ended_at - interval '25 h' WHERE owner = '%1'")
                          .arg(old.toString(QUuid::WithoutBraces))));
        QVERIFY(m_queue->join(m_showtime, QUuid::createUuid()).ok());
        auto gone = m_queue->heartbeat(old);
        QVERIFY(!gone.ok());
        QCOMPARE(codeName(gone.error().code), codeName(ErrorCode::NotFound));
        auto kept = m_queue->heartbeat(recent);
        QVERIFY2(kept.ok(), whyText(kept).constData());
        QCOMPARE(kept.value().state, TicketState::Left);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM queue_ticket")), QStringLiteral("2"));
    }

    /// Migration 0048, a storm on real connections, bounded (12 connections, 72 customers, at
    /// most 60 s; about 15 s on a loaded 2-core machine): customers of every kind at once — buyers who pay
    /// and confirm without a word to the queue, sales that give their place back, admissions never used,
    /// sales abandoned, waiters who vanish and waiters who leave. A sampler reads the line throughout: never
    /// more places held than the capacity, and the line's count always that of the tickets holding one.
    /// Afterwards: no admission came while someone who arrived earlier still waited; joins answered one after
    /// the other were numbered in that order; every customer who stayed was admitted; one more arrival is
    /// admitted past the vanished; and no call failed.
    void aStormIsServedInOrderWithinCapacity()
    {
        constexpr int connections = 12;
        constexpr int perConnection = 6;
        constexpr int capacity = 6;
        constexpr auto bound = std::chrono::seconds(60);
        const int showtime = m_db->addShowtime(6, 20, QStringLiteral("Storm hall"));
        QVERIFY(showtime > 0);
        const QList<int> seats = m_db->seatIds(showtime);
        QCOMPARE(seats.size(), 120);
        // A waiter silent for 2 s loses its turn; one that asks at least every second never does.
        QVERIFY(m_db->run(QStringLiteral("UPDATE settings SET queue_admission_s = 1, queue_heartbeat_s = 2, "
                                         "selection_ttl_s = 1")));
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET queue_capacity = %1 WHERE id = %2")
                              .arg(capacity)
                              .arg(showtime)));

        enum class Kind { Buyer, GivesBack, Unused, Abandons, Vanishes, Quits };
        struct Customer
        {
            Kind kind = Kind::Buyer;
            int seat = 0;
            QUuid owner = QUuid::createUuid();
            qint64 sentNs = 0;
            qint64 answeredNs = 0;
            qint64 askedNs = 0;      ///< when its last question was sent
            qint64 longestGapNs = 0; ///< from one question's send to the next one's answer
            bool lostTurn = false;
            bool lapsed = false; ///< admitted, but its hold came after the admission ran out
            qint64 arrival = 0;
            bool admitted = false;
            bool done = false;
        };
        std::vector<std::vector<Customer>> customers(connections);
        for (int c = 0; c < connections; ++c) {
            for (int i = 0; i < perConnection; ++i) {
                Customer customer;
                customer.kind = Kind((c * perConnection + i) % 6);
                customer.seat = seats.at(c * perConnection + i);
                customers[size_t(c)].push_back(customer);
            }
        }
        const auto nowNs = [] {
            return std::chrono::duration_cast<std::chrono::nanoseconds>(
                       std::chrono::steady_clock::now().time_since_epoch())
                .count();
        };
        const auto deadline = std::chrono::steady_clock::now() + bound;
        QElapsedTimer storm;
        storm.start();
        std::vector<QString> errors(connections + 1);
        std::mutex staffing;
        std::latch ready(connections);
        std::atomic<bool> stormOver{false};

        // The sampler: one snapshot of the line's count and the tickets every few milliseconds.
        int samples = 0;
        int mostHeld = 0;
        QString badSample;
        std::thread sampler([&] {
            auto owner = m_db->connectAsOwner(QStringLiteral("storm-sampler"));
            if (!owner) {
                badSample = QStringLiteral("no connection");
                return;
            }
            const QString sql =
                QStringLiteral("SELECT l.occupied, (%1), (SELECT count(*) FROM queue_ticket t "
                               "WHERE t.showtime_id = l.showtime_id AND t.state IN ('ADMITTED', "
                               "'ACTIVE')) FROM queue_line l WHERE l.showtime_id = %2")
                    .arg(placesTaken(), QString::number(showtime));
            while (!stormOver.load()) {
                auto rows = owner->exec(sql);
                if (!rows) {
                    badSample = rows.error().detail;
                    return;
                }
                if (rows.value().next()) {
                    const int occupied = rows.value().value(0).toInt();
                    const int held = rows.value().value(1).toInt();
                    const int live = rows.value().value(2).toInt();
                    ++samples;
                    mostHeld = std::max(mostHeld, held);
                    if (badSample.isEmpty() && (occupied != held || held > capacity || live > held))
                        badSample =
                            QStringLiteral("occupied %1, held %2, live %3").arg(occupied).arg(held).arg(live);
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
        });

        std::vector<std::thread> threads;
        threads.reserve(connections);
        for (int c = 0; c < connections; ++c) {
            threads.emplace_back([&, c] {
                QString& error = errors[size_t(c)];
                auto connection = m_db->connect(QStringLiteral("storm-%1").arg(c));
                const QUuid till = QUuid::createUuid();
                const QString tillName = QStringLiteral("storm-till-%1").arg(c);
                if (!connection) {
                    error = QStringLiteral("no connection");
                } else {
                    std::lock_guard lock(staffing);
                    if (Status s = test::staffTill(*connection, till, tillName); !s)
                        error = QStringLiteral("staff: ") + s.error().detail;
                }
                ready.arrive_and_wait();
                if (!error.isEmpty())
                    return;
                QueueStore queue(*connection);
                SeatStore store(*connection);
                const auto fail = [&error](const QString& what, const Error& e) {
                    if (error.isEmpty())
                        error = what + QStringLiteral(": ") + e.message + QLatin1Char(' ') + e.detail;
                };
                const auto hold = [&](Customer& customer) {
                    auto held = store.hold(showtime, {customer.seat}, customer.owner);
                    if (!held && held.error().code == ErrorCode::NotAdmitted) {
                        // Its thread came to it after the admission ran out (checked below).
                        customer.lapsed = true;
                        return false;
                    }
                    if (!held || !held.value().granted) {
                        fail(QStringLiteral("hold"), held ? Error{} : held.error());
                        return false;
                    }
                    return true;
                };
                const auto act = [&](Customer& customer) {
                    customer.done = true;
                    switch (customer.kind) {
                    case Kind::Buyer: {
                        if (!hold(customer))
                            return;
                        // Paid and confirmed; the queue is never told: the confirm ends the ticket.
                        ConfirmRequest request;
                        request.terminal = tillName;
                        request.terminalId = till;
                        request.key = QUuid::createUuid();
                        request.showtimeId = showtime;
                        request.owner = customer.owner;
                        if (Status paid = test::payCash(*connection, request); !paid)
                            return fail(QStringLiteral("pay"), paid.error());
                        if (auto confirmed = store.confirm(request); !confirmed)
                            fail(QStringLiteral("confirm"), confirmed.error());
                        return;
                    }
                    case Kind::GivesBack:
                        if (!hold(customer))
                            return;
                        if (auto released = store.release(showtime, customer.owner); !released)
                            return fail(QStringLiteral("release"), released.error());
                        if (auto left = queue.leave(customer.owner); !left)
                            fail(QStringLiteral("leave"), left.error());
                        return;
                    case Kind::Abandons:
                        (void)hold(customer); // and walks away: the sale's deadline frees the place
                        return;
                    case Kind::Unused:
                    case Kind::Vanishes:
                    case Kind::Quits:
                        return; // never uses the admission: it runs out
                    }
                };
                // The crowd arrives at once: every customer of this connection joins.
                for (Customer& customer : customers[size_t(c)]) {
                    customer.sentNs = nowNs();
                    auto joined = queue.join(showtime, customer.owner);
                    customer.answeredNs = nowNs();
                    if (!joined)
                        return fail(QStringLiteral("join"), joined.error());
                    customer.arrival = joined.value().arrival;
                    customer.admitted = joined.value().mayHold();
                }
                // Then each asks every 30 ms until its turn, and does what it came for.
                bool pending = true;
                while (pending && error.isEmpty() && std::chrono::steady_clock::now() < deadline) {
                    pending = false;
                    for (Customer& customer : customers[size_t(c)]) {
                        if (customer.done)
                            continue;
                        if (customer.kind == Kind::Vanishes && !customer.admitted) {
                            customer.done = true; // never asks again
                            continue;
                        }
                        if (customer.kind == Kind::Quits && !customer.admitted) {
                            customer.done = true;
                            if (auto left = queue.leave(customer.owner); !left)
                                fail(QStringLiteral("leave"), left.error());
                            continue;
                        }
                        if (!customer.admitted) {
                            const qint64 sent = nowNs();
                            auto beat = queue.heartbeat(customer.owner);
                            if (!beat)
                                return fail(QStringLiteral("heartbeat"), beat.error());
                            customer.longestGapNs = std::max(
                                customer.longestGapNs, nowNs() - std::max(customer.askedNs, customer.sentNs));
                            customer.askedNs = sent;
                            customer.admitted = beat.value().mayHold();
                            if (!beat.value().live()) {
                                // Its turn came while its thread was busy for too long: skipped.
                                customer.done = true;
                                customer.lostTurn = true;
                                continue;
                            }
                        }
                        if (customer.admitted)
                            act(customer);
                        else
                            pending = true;
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(30));
                }
                if (pending && error.isEmpty())
                    error = QStringLiteral("still waiting when the storm's time was up");
            });
        }
        for (auto& t : threads)
            t.join();

        // One more arrival, after the storm: the vanished and the unused admissions stall nobody.
        {
            QueueStore queue(*m_terminal);
            const QUuid last = QUuid::createUuid();
            auto joined = queue.join(showtime, last);
            QVERIFY2(joined.ok(), whyText(joined).constData());
            bool admitted = joined.value().mayHold();
            while (!admitted && std::chrono::steady_clock::now() < deadline) {
                QTest::qSleep(50);
                auto beat = queue.heartbeat(last);
                QVERIFY2(beat.ok(), whyText(beat).constData());
                admitted = beat.value().mayHold();
            }
            if (!admitted)
                errors[connections] = QStringLiteral("the last arrival was not admitted in time");
            QVERIFY(queue.leave(last).ok());
        }
        stormOver = true;
        sampler.join();
        for (const QString& e : errors) {
            if (!e.isEmpty()) {
                // What the line looked like, to tell a stall from a slow machine.
                qWarning("line: %s", qPrintable(m_db->scalar(
                                         QStringLiteral("SELECT row_to_json(l)::text FROM queue_line l WHERE "
                                                        "showtime_id = %1")
                                             .arg(showtime))));
                qWarning(
                    "tickets (number:state:reason:counted:admitted:time left:silent for):\n%s",
                    qPrintable(m_db->scalar(
                        QStringLiteral("SELECT string_agg(format('%s:%s:%s:%s:%s:%s:%s', line_no, "
                                       "state, reason, settled, admitted_at IS NOT NULL, frees_at - "
                                       "clock_timestamp(), clock_timestamp() - seen_at), E'\\n' ORDER BY "
                                       "line_no) FROM queue_ticket WHERE showtime_id = %1")
                            .arg(showtime))));
            }
            QVERIFY2(e.isEmpty(), qPrintable(e));
        }
        QVERIFY2(badSample.isEmpty(), qPrintable(badSample));
        QVERIFY(samples > 10);
        qInfo("served in %lld ms; %d samples of the line, at most %d places held (capacity %d)",
              storm.elapsed(), samples, mostHeld, capacity);

        // Strictly in arrival order: nobody was admitted while an earlier arrival still waited.
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM queue_ticket b JOIN queue_ticket a "
                                        "ON a.showtime_id = b.showtime_id AND a.line_no < b.line_no "
                                        "WHERE b.showtime_id = %1 AND b.admitted_at IS NOT NULL "
                                        "AND coalesce(a.admitted_at, a.ended_at, 'infinity') > b.admitted_at")
                             .arg(showtime)),
            QStringLiteral("0"));
        // Every number once; a join answered before another was sent came first.
        std::vector<Customer> all;
        for (const auto& list : customers)
            all.insert(all.end(), list.begin(), list.end());
        std::vector<qint64> numbers;
        for (const Customer& a : all) {
            numbers.push_back(a.arrival);
            for (const Customer& b : all) {
                if (a.answeredNs < b.sentNs)
                    QVERIFY2(a.arrival < b.arrival,
                             qPrintable(QStringLiteral("%1 after %2").arg(a.arrival).arg(b.arrival)));
            }
            // Whoever stayed was admitted, unless its own thread left it unasked for as long as a
            // stamp may be old (half the silence limit) and its turn came then.
            // An admission that ran out before its hold was the line's to end: unused, after its time.
            if (a.lapsed)
                QCOMPARE(m_db->scalar(QStringLiteral("SELECT format('%s %s %s', state, reason, ended_at >= "
                                                     "admitted_until) FROM queue_ticket WHERE owner = '%1'")
                                          .arg(a.owner.toString(QUuid::WithoutBraces))),
                         QStringLiteral("EXPIRED unused t"));
            if (a.kind != Kind::Vanishes && a.kind != Kind::Quits)
                QVERIFY2(a.admitted || (a.lostTurn && a.longestGapNs >= 1'000'000'000),
                         qPrintable(QStringLiteral("number %1 not admitted, asked at most %2 ms apart")
                                        .arg(a.arrival)
                                        .arg(a.longestGapNs / 1'000'000)));
        }
        std::sort(numbers.begin(), numbers.end());
        QVERIFY(std::adjacent_find(numbers.begin(), numbers.end()) == numbers.end());
        QCOMPARE(numbers.front(), qint64(1));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM booking WHERE showtime_id = %1 AND status = "
                                        "'CONFIRMED'")
                             .arg(showtime)),
            QString::number(std::count_if(all.cbegin(), all.cend(), [](const Customer& a) {
                return a.kind == Kind::Buyer && a.admitted && !a.lapsed;
            })));
        // Nobody waits any more; the line's counts are its tickets'.
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT waiting || ' ' || (SELECT count(*) FROM queue_ticket t "
                                        "WHERE t.showtime_id = %1 AND t.state = 'WAITING') FROM queue_line "
                                        "WHERE showtime_id = %1")
                             .arg(showtime)),
            QStringLiteral("0 0"));
        const QStringList held = placesHeldIn(showtime).split(QLatin1Char(' '));
        QCOMPARE(held.size(), 2);
        QCOMPARE(held.at(0), held.at(1));
    }

    void badInputIsRefusedAndChangesNothing()
    {
        QVERIFY(setCapacity(1));
        const QUuid sale = QUuid::createUuid();
        QVERIFY(m_queue->join(m_showtime, sale).ok());
        QVERIFY(holds(sale, m_showtime, {m_seats[0]}));
        const int other = m_db->addShowtime(1, 4, QStringLiteral("Other hall"));
        const QString before = tickets();

        auto unknown = m_queue->join(999999, QUuid::createUuid());
        QCOMPARE(codeName(unknown.error().code), codeName(ErrorCode::NotFound));
        // A token of another showtime's sale, or standing in another line.
        auto foreign = m_queue->join(other, sale);
        QVERIFY(!foreign.ok());
        QCOMPARE(codeName(foreign.error().code), codeName(ErrorCode::BadInput));
        QVERIFY2(foreign.error().message.contains(QString::number(m_showtime)),
                 qPrintable(foreign.error().message));
        auto stranger = m_queue->heartbeat(QUuid::createUuid());
        QCOMPARE(codeName(stranger.error().code), codeName(ErrorCode::NotFound));
        auto strangerLeaves = m_queue->leave(QUuid::createUuid());
        QCOMPARE(codeName(strangerLeaves.error().code), codeName(ErrorCode::NotFound));
        for (int capacity : {-1, 100001}) {
            auto negative = m_managerQueue->setCapacity(m_showtime, capacity);
            QCOMPARE(codeName(negative.error().code), codeName(ErrorCode::BadInput));
        }
        auto noShowtime = m_managerQueue->setCapacity(999999, 3);
        QCOMPARE(codeName(noShowtime.error().code), codeName(ErrorCode::NotFound));
        QCOMPARE(codeName(m_queue->line(999999).error().code), codeName(ErrorCode::NotFound));

        QCOMPARE(tickets(), before);
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT queue_capacity FROM showtime WHERE id = %1").arg(m_showtime)),
            QStringLiteral("1"));
    }

    void aDatabaseRestartKeepsTheLine()
    {
        // A cluster of this test's own, stopped and started again.
        QTemporaryDir dir(QStringLiteral("/tmp/boxoffice-tst-queuestore-XXXXXX"));
        QVERIFY(dir.isValid());
        ClusterGuard guard{dir.path()};
        ClusterOptions options;
        options.durable = false;
        auto server = PrivatePostgres::ensureRunning(dir.path(), options);
        QVERIFY2(server.ok(), whyText(server).constData());
        TestDatabase db(server.value());
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = db.addShowtime(1, 4);
        QVERIFY(db.run(QStringLiteral("UPDATE settings SET queue_heartbeat_s = 3, queue_admission_s = 3")));
        QVERIFY(db.run(QStringLiteral("UPDATE showtime SET queue_capacity = 1")));
        QList<QUuid> owners;
        QString before;
        {
            auto connection = db.connect();
            QVERIFY(connection);
            QueueStore queue(*connection);
            for (int i = 0; i < 4; ++i) {
                owners << QUuid::createUuid();
                QVERIFY(queue.join(showtime, owners.last()).ok());
            }
            before = states(queue.line(showtime).value());
        }
        QVERIFY(PrivatePostgres::stop(dir.path()).ok());
        // Down for longer than a waiter may be silent and an admission unused.
        QTest::qSleep(3500);
        auto again = PrivatePostgres::ensureRunning(dir.path(), options);
        QVERIFY2(again.ok(), whyText(again).constData());
        auto connection = db.connect();
        QVERIFY(connection);
        QueueStore queue(*connection);
        auto last = queue.heartbeat(owners.last());
        QVERIFY2(last.ok(), whyText(last).constData());
        QCOMPARE(last.value().position, 3);
        QCOMPARE(states(queue.line(showtime).value()), before);
    }

private:
    /// True when `owner`'s hold of `seats` was granted.
    bool holds(const QUuid& owner, int showtime, const QList<int>& seats)
    {
        auto held = m_seatStore->hold(showtime, seats, owner);
        if (!held.ok())
            qWarning("%s", qPrintable(held.error().detail));
        return held.ok() && held.value().granted;
    }

    bool setCapacity(int capacity)
    {
        auto set = m_managerQueue->setCapacity(m_showtime, capacity);
        if (!set.ok())
            qWarning("%s", whyText(set).constData());
        return set.ok();
    }

    /// The line's count of places taken and the tickets taking one (admitted, and live or not yet
    /// counted as ended), "occupied taken".
    QString placesHeld() const { return placesHeldIn(m_showtime); }
    QString placesHeldIn(int showtime) const
    {
        return m_db->scalar(QStringLiteral("SELECT l.occupied || ' ' || (%1) FROM queue_line l "
                                           "WHERE l.showtime_id = %2")
                                .arg(placesTaken(), QString::number(showtime)));
    }
    /// The tickets of the line `l` that take a place, counted in SQL.
    static QString placesTaken()
    {
        return QStringLiteral(
            "SELECT count(*) FROM queue_ticket t WHERE t.showtime_id = l.showtime_id "
            "AND t.admitted_at IS NOT NULL AND (t.state IN ('ADMITTED', 'ACTIVE') OR NOT t.settled)");
    }

    QString tickets() const
    {
        return m_db->scalar(
            QStringLiteral("SELECT string_agg(format('%s:%s:%s:%s', id, showtime_id, state, seen_at), ',' "
                           "ORDER BY id) FROM queue_ticket"));
    }

    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
    std::unique_ptr<DbConnection>& m_terminal = m_rig.connection; ///< the till's
    std::unique_ptr<DbConnection> m_manager;
    std::unique_ptr<QueueStore> m_queue;
    std::unique_ptr<QueueStore> m_managerQueue;
    std::unique_ptr<SeatStore> m_seatStore;
};

QTEST_GUILESS_MAIN(TstQueueStore)
#include "tst_queuestore.moc"
