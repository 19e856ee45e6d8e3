// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The showtime schedule on PostgreSQL (migration 0020): the database refuses two
// showtimes of one hall that overlap, cleaning buffer included, by an exclusion constraint —
// through the manager's function, through a raw insert or update, and when two managers add
// the same slot at the same instant. Back to back with exactly the buffer is allowed. A
// terminal login can neither add nor cancel; a showtime with sales cannot be cancelled.
#include <QtTest>

#include <latch>
#include <thread>

#include <QJsonDocument>

#include "db/dbconnection.h"
#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// A Monday far ahead, 10:00 UTC: nothing of the fixture is near it.
const QDateTime base(QDate(2031, 1, 6), QTime(10, 0), Qt::UTC);
/// The test film's runtime (TestDatabase::addShowtime), the default trailers and buffer.
constexpr int runtime = 100;
constexpr int trailers = 10;
constexpr int buffer = 15;

/// Minutes as the seconds QDateTime::addSecs() takes.
constexpr qint64 minutes(qint64 m)
{
    return m * 60;
}

} // namespace

class TstShowtimeSchedule final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    QString m_hall;

    NewShowtime at(const QDateTime& start) const
    {
        return NewShowtime{m_hall, QStringLiteral("Test film"), QString(), start, std::nullopt, {}};
    }

    /// Adds through the manager's function; the id, 0 when refused, -1 on an error.
    int add(const QDateTime& start, QString* why = nullptr) const
    {
        ShowtimeStore store(*m_manager);
        auto done = store.add(at(start));
        if (!done) {
            if (why)
                *why = done.error().detail;
            return -1;
        }
        return done.value().added ? done.value().added->id : 0;
    }

    QString showtimesOfHall() const
    {
        return m_db->scalar(
            QStringLiteral("SELECT coalesce(string_agg(format('%s:%s', id, status), ',' ORDER BY id), '') "
                           "FROM showtime st WHERE st.auditorium_id = (SELECT id FROM auditorium WHERE name "
                           "= '%1')")
                .arg(m_hall));
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_hall = QStringLiteral("Schedule hall");
        QVERIFY(m_db->addShowtime(2, 5, m_hall) > 0);
        // Only the far-away slots below are in the hall.
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET status = 'CANCELLED'")));
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
    }
    void cleanup()
    {
        m_manager.reset();
        m_db.reset();
    }

    void aShowtimeEndsAfterTrailersAndRuntimeAndIsCleanAfterTheBuffer()
    {
        ShowtimeStore store(*m_manager);
        auto done = store.add(at(base));
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QVERIFY(done.value().added);
        const ScheduledShowtime& s = *done.value().added;
        QCOMPARE(s.startsAt, base);
        QCOMPARE(s.endsAt, base.addSecs(minutes(trailers + runtime)));
        QCOMPARE(s.cleanUntil, base.addSecs(minutes(trailers + runtime + buffer)));
        QCOMPARE(s.hall, m_hall);
        QCOMPARE(s.film, QStringLiteral("Test film"));
        // Its seats are made as for any showtime.
        QCOMPARE(m_db->scalar(
                     QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1").arg(s.id)),
                 QStringLiteral("10"));

        // Its own trailers, and a hall with its own buffer.
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE auditorium SET cleaning_min = 30 WHERE name = '%1'").arg(m_hall)));
        NewShowtime later = at(base.addDays(1));
        later.trailerMinutes = 0;
        done = store.add(later);
        QVERIFY(done.ok() && done.value().added);
        QCOMPARE(done.value().added->endsAt, later.startsAt.addSecs(minutes(runtime)));
        QCOMPARE(done.value().added->cleanUntil, later.startsAt.addSecs(minutes(runtime + 30)));
    }

    void anOverlapIsRefusedNamingTheShowtimeInTheWay_data()
    {
        QTest::addColumn<int>("offsetMinutes"); // the new start, from the existing one's
        const int busy = trailers + runtime + buffer;
        QTest::newRow("the same start") << 0;
        QTest::newRow("during the trailers") << 5;
        QTest::newRow("during the film") << 60;
        QTest::newRow("in the last minute of cleaning") << busy - 1;
        QTest::newRow("ending in the first minute of the existing one") << -(busy - 1);
        QTest::newRow("ending in the existing one's film") << -60;
    }

    void anOverlapIsRefusedNamingTheShowtimeInTheWay()
    {
        QFETCH(int, offsetMinutes);
        const int existing = add(base);
        QVERIFY(existing > 0);
        const QString before = m_db->snapshot();
        ShowtimeStore store(*m_manager);
        auto done = store.add(at(base.addSecs(minutes(offsetMinutes))));
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QVERIFY(!done.value().added);
        QCOMPARE(done.value().overlaps.size(), 1);
        QCOMPARE(done.value().overlaps.first().id, existing);
        QCOMPARE(done.value().overlaps.first().startsAt, base);
        QCOMPARE(m_db->snapshot(), before);
    }

    void backToBackWithExactlyTheBufferIsAllowed()
    {
        const qint64 busy = trailers + runtime + buffer;
        const int first = add(base);
        QVERIFY(first > 0);
        QVERIFY(add(base.addSecs(minutes(busy))) > 0);         // starts when the hall is clean
        QVERIFY(add(base.addSecs(-minutes(busy))) > 0);        // clean when the first starts
        QCOMPARE(add(base.addSecs(minutes(2 * busy - 1))), 0); // one minute less than the buffer
        QCOMPARE(add(base.addSecs(-minutes(2 * busy - 1))), 0);
        QVERIFY(add(base.addSecs(minutes(2 * busy))) > 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime WHERE status <> 'CANCELLED'")),
                 QStringLiteral("4"));
    }

    void theConstraintRefusesRawInsertsAndMoves()
    {
        // Not the function's check alone: the table itself refuses, whoever writes.
        const int first = add(base);
        const int second = add(base.addDays(1));
        QVERIFY(first > 0 && second > 0);
        auto owner = m_db->connectAsOwner();
        QVERIFY(owner);
        auto inserted = owner->exec(
            QStringLiteral("INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at) "
                           "SELECT auditorium_id, movie_id, price_list_id, starts_at + interval '2 hours' "
                           "FROM showtime WHERE id = ?"),
            {first});
        QVERIFY(!inserted);
        QVERIFY2(inserted.error().detail.startsWith(QLatin1String("SQLSTATE 23P01")),
                 qPrintable(inserted.error().detail));
        QCOMPARE(inserted.error().code, ErrorCode::Conflict);
        auto moved = owner->exec(
            QStringLiteral("UPDATE showtime SET starts_at = starts_at - interval '23 hours' WHERE id = ?"),
            {second});
        QVERIFY(!moved);
        QCOMPARE(moved.error().code, ErrorCode::Conflict);
        // A move to a free time moves the end and the buffer along.
        QVERIFY(owner->exec(QStringLiteral("UPDATE showtime SET starts_at = starts_at + interval '1 hour' "
                                           "WHERE id = ?"),
                            {second}));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT (ends_at - starts_at)::text || ' ' || (clean_until - "
                                             "ends_at)::text FROM showtime WHERE id = %1")
                                  .arg(second)),
                 QStringLiteral("01:50:00 00:15:00"));
        QCOMPARE(showtimesOfHall().count(QStringLiteral("ON_SALE")), 2);
    }

    void aCancelledShowtimeFreesItsSlot()
    {
        const int first = add(base);
        QVERIFY(first > 0);
        QCOMPARE(add(base), 0);
        ShowtimeStore store(*m_manager);
        auto cancelled = store.cancel(first);
        QVERIFY(cancelled.ok());
        QCOMPARE(cancelled.value(), ShowtimeCancelOutcome::Cancelled);
        auto again = store.cancel(first);
        QVERIFY(again.ok());
        QCOMPARE(again.value(), ShowtimeCancelOutcome::WasCancelled);
        QVERIFY(add(base) > 0);
        auto unknown = store.cancel(999999);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
    }

    void twoConcurrentAddsOfOneSlotLetExactlyOneWin()
    {
        // Both adds are held at the table's lock, then let go together: one inserts, the other
        // meets the uncommitted row in the constraint's index, waits for its commit and is refused.
        auto gate = m_db->connectAsOwner(QStringLiteral("gate"));
        QVERIFY(gate);
        for (int round = 0; round < 5; ++round) {
            const QDateTime start = base.addDays(round);
            QVERIFY(gate->begin());
            QVERIFY(gate->execScript(QStringLiteral("LOCK TABLE showtime IN SHARE MODE")));
            struct Outcome
            {
                int added = 0;
                int overlapped = 0;
                QString error;
            };
            std::array<Outcome, 2> outcomes;
            std::latch ready(2);
            std::vector<std::thread> workers;
            const TestDatabase& db = *m_db;
            for (int i = 0; i < 2; ++i) {
                // Overlapping, not equal: 20 minutes apart.
                const NewShowtime request = at(start.addSecs(minutes(20) * i));
                workers.emplace_back([&db, &outcomes, &ready, request, i] {
                    Outcome& out = outcomes.at(size_t(i));
                    auto connection = db.connectAsManager(QStringLiteral("adder-%1").arg(i));
                    ready.arrive_and_wait();
                    if (!connection) {
                        out.error = QStringLiteral("no connection");
                        return;
                    }
                    ShowtimeStore store(*connection);
                    auto done = store.add(request);
                    if (!done)
                        out.error = done.error().detail;
                    else if (done.value().added)
                        out.added = done.value().added->id;
                    else if (!done.value().overlaps.isEmpty())
                        out.overlapped = done.value().overlaps.first().id;
                });
            }
            // Both wait for the gate's lock (a bounded look), then go at once.
            bool bothWaiting = false;
            for (int i = 0; i < 400 && !bothWaiting; ++i) {
                bothWaiting = m_db->scalar(QStringLiteral("SELECT count(*) FROM pg_locks WHERE NOT granted "
                                                          "AND relation = 'showtime'::regclass")) == u"2";
                if (!bothWaiting)
                    QThread::msleep(10);
            }
            QVERIFY(gate->commit());
            for (std::thread& t : workers)
                t.join();
            QVERIFY(bothWaiting);
            for (const Outcome& out : outcomes)
                QVERIFY2(out.error.isEmpty(), qPrintable(out.error));
            const Outcome& winner = outcomes[0].added ? outcomes[0] : outcomes[1];
            const Outcome& loser = outcomes[0].added ? outcomes[1] : outcomes[0];
            QVERIFY(winner.added > 0);
            QCOMPARE(loser.added, 0);
            QCOMPARE(loser.overlapped, winner.added);
            QCOMPARE(
                m_db->scalar(QStringLiteral("SELECT string_agg(id::text, ',') FROM showtime WHERE status <> "
                                            "'CANCELLED' AND starts_at >= '%1' AND starts_at < '%2'")
                                 .arg(start.toString(Qt::ISODate), start.addDays(1).toString(Qt::ISODate))),
                QString::number(winner.added));
        }
    }

    void aPatternIsAllOrNothingListingEveryConflict()
    {
        const int existing = add(base.addDays(1));
        QVERIFY(existing > 0);
        const QString before = m_db->snapshot();
        const QList<QDateTime> starts = {base,
                                         base.addSecs(minutes(180)),
                                         base.addDays(1).addSecs(minutes(30)), // in the existing one's film
                                         base.addDays(1).addSecs(minutes(180)),
                                         base.addDays(2),
                                         base.addDays(2).addSecs(3600)}; // its own 10:00 is still on
        ShowtimeStore store(*m_manager);
        auto refused = store.addPattern(at(QDateTime()), starts);
        QVERIFY2(refused.ok(), qPrintable(refused.ok() ? QString() : refused.error().detail));
        QVERIFY(refused.value().added.isEmpty());
        const QList<PatternConflict>& conflicts = refused.value().conflicts;
        QCOMPARE(conflicts.size(), 3);
        QCOMPARE(conflicts.at(0).requestedStart, starts.at(2));
        QVERIFY(conflicts.at(0).existing);
        QCOMPARE(conflicts.at(0).existing->id, existing);
        QCOMPARE(conflicts.at(1).requestedStart, starts.at(4));
        QVERIFY(!conflicts.at(1).existing);
        QCOMPARE(conflicts.at(1).otherRequestedStart, starts.at(5));
        QCOMPARE(conflicts.at(2).requestedStart, starts.at(5));
        QCOMPARE(conflicts.at(2).otherRequestedStart, starts.at(4));
        QCOMPARE(m_db->snapshot(), before);

        // Without the conflicting starts every one is added, each with its end.
        const QList<QDateTime> fine = {starts.at(0), starts.at(1), starts.at(3), starts.at(4)};
        auto done = store.addPattern(at(QDateTime()), fine);
        QVERIFY(done.ok());
        QVERIFY(done.value().conflicts.isEmpty());
        QCOMPARE(done.value().added.size(), 4);
        for (qsizetype i = 0; i < fine.size(); ++i) {
            QCOMPARE(done.value().added.at(i).startsAt, fine.at(i));
            QCOMPARE(done.value().added.at(i).cleanUntil,
                     fine.at(i).addSecs(minutes(trailers + runtime + buffer)));
        }
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime WHERE status <> 'CANCELLED'")),
                 QStringLiteral("5"));

        // Bad input changes nothing either.
        const QString after = m_db->snapshot();
        auto empty = store.addPattern(at(QDateTime()), {});
        QVERIFY(!empty);
        QCOMPARE(empty.error().code, ErrorCode::BadInput);
        NewShowtime unknown = at(QDateTime());
        unknown.film = QStringLiteral("No such film");
        auto notFound = store.addPattern(unknown, {base.addDays(9)});
        QVERIFY(!notFound);
        QCOMPARE(notFound.error().code, ErrorCode::NotFound);
        QCOMPARE(m_db->snapshot(), after);
    }

    void aTerminalCanNeitherAddNorCancel()
    {
        const int first = add(base);
        QVERIFY(first > 0);
        const QString before = m_db->snapshot();
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        ShowtimeStore store(*terminal);
        auto added = store.add(at(base.addDays(1)));
        QVERIFY(!added);
        QVERIFY2(added.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(added.error().detail));
        auto pattern = store.addPattern(at(QDateTime()), {base.addDays(2), base.addDays(3)});
        QVERIFY(!pattern);
        QVERIFY2(pattern.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(pattern.error().detail));
        auto cancelled = store.cancel(first);
        QVERIFY(!cancelled);
        QVERIFY2(cancelled.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(cancelled.error().detail));
        auto raw =
            terminal->exec(QStringLiteral("UPDATE showtime SET status = 'CANCELLED' WHERE id = ?"), {first});
        QVERIFY(!raw);
        QCOMPARE(m_db->snapshot(), before);
    }

    void aShowtimeWithSalesIsNotCancelled()
    {
        const int showtime = add(base);
        QVERIFY(showtime > 0);
        const QList<int> seats = m_db->seatIds(showtime);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore seatStore(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = seatStore.hold(showtime, {seats.first()}, owner);
        QVERIFY(held.ok() && held.value().granted);

        ShowtimeStore store(*m_manager);
        auto refused = store.cancel(showtime);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        QVERIFY2(refused.error().message.contains(QLatin1String("refund its bookings first")),
                 qPrintable(refused.error().message));

        // The till takes the money first, then confirms carrying its payment.
        ConfirmRequest sale{QStringLiteral("till"), QUuid::createUuid(), showtime, owner, {}, {}, {}};
        QVERIFY_PAID(*terminal, sale);
        QVERIFY(terminal->exec(
            QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), ?::integer, ?::uuid, "
                           "NULL, NULL, ?::jsonb, ?::uuid)"),
            {showtime, owner.toString(QUuid::WithoutBraces),
             QString::fromUtf8(QJsonDocument(sale.payment).toJson(QJsonDocument::Compact)),
             sale.terminalId.toString(QUuid::WithoutBraces)}));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking")), QStringLiteral("CONFIRMED"));
        refused = store.cancel(showtime);
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM showtime WHERE id = %1").arg(showtime)),
                 QStringLiteral("ON_SALE"));
    }
};

QTEST_GUILESS_MAIN(TstShowtimeSchedule)
#include "tst_showtimeschedule.moc"
