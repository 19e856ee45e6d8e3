// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Moving a showtime (migration 0025, the week planner's move): a manager moves a showtime that
// sold nothing, its end and buffer along; the exclusion constraint refuses an overlap, naming
// the showtime in the way, also when two managers move two showtimes into one slot at once; a
// showtime with a sale or a hold does not move; a terminal login cannot move; the week lists
// each showtime with its seats sold.
#include <QtTest>

#include <latch>
#include <thread>

#include <QJsonDocument>

#include "db/dbconnection.h"
#include "db/pricestore.h"
#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "model/pricing/pricecard.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// A Monday far ahead, 10:00 UTC: nothing of the fixture is near it.
const QDateTime base(QDate(2031, 1, 6), QTime(10, 0), Qt::UTC);
constexpr int busyMinutes = 10 + 100 + 15; // trailers, the test film's runtime, the buffer

constexpr qint64 minutes(qint64 m)
{
    return m * 60;
}

} // namespace

class TstShowtimeMove final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    QString m_hall;

    int add(const QDateTime& start) const
    {
        ShowtimeStore store(*m_manager);
        auto done =
            store.add(NewShowtime{m_hall, QStringLiteral("Test film"), QString(), start, std::nullopt, {}});
        return done && done.value().added ? done.value().added->id : -1;
    }

    QString startOf(int showtime) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' ' || "
                           "to_char(clean_until AT TIME ZONE 'UTC', 'HH24:MI') FROM showtime WHERE id = %1")
                .arg(showtime));
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_hall = QStringLiteral("Move hall");
        QVERIFY(m_db->addShowtime(2, 5, m_hall) > 0);
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET status = 'CANCELLED'")));
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
    }
    void cleanup()
    {
        m_manager.reset();
        m_db.reset();
    }

    void aMovedShowtimeSellsAtItsNewTimesPrices()
    {
        PriceCard card;
        card.name = QStringLiteral("Test prices");
        card.rules.currency = QStringLiteral("KRW");
        card.types = {{QStringLiteral("adult"), QStringLiteral("Adult"), 10000}};
        card.rules.dayparts = {{QStringLiteral("morning"), QTime(6, 0)},
                               {QStringLiteral("day"), QTime(10, 0)}};
        card.rules.rules = {{QStringLiteral("adult"), QStringLiteral("morning"), std::nullopt, 7000}};
        PriceStore prices(*m_manager);
        auto set = prices.store(card);
        QVERIFY2(set.ok(), qPrintable(set.ok() ? QString() : set.error().message));
        // Local times: the daypart is the cinema's (this machine's) clock.
        const QDate monday(2031, 1, 13);
        ShowtimeStore store(*m_manager);
        auto done = store.add(NewShowtime{m_hall,
                                          QStringLiteral("Test film"),
                                          QStringLiteral("Test prices"),
                                          QDateTime(monday, QTime(8, 0)),
                                          std::nullopt,
                                          {}});
        QVERIFY(done.ok() && done.value().added);
        const int id = done.value().added->id;
        const QString priceOf = QStringLiteral("SELECT string_agg(tier_code || '=' || amount_minor || '/' || "
                                               "coalesce(daypart, '-'), ',') FROM showtime_price WHERE "
                                               "showtime_id = %1")
                                    .arg(id);
        QCOMPARE(m_db->scalar(priceOf), QStringLiteral("adult=7000/morning"));
        auto moved = store.move(id, QString(), QDateTime(monday, QTime(15, 0)));
        QVERIFY2(moved.ok(), qPrintable(moved.ok() ? QString() : moved.error().detail));
        QVERIFY(moved.value().moved);
        QCOMPARE(m_db->scalar(priceOf), QStringLiteral("adult=10000/day"));
    }

    void aMoveTakesTheEndAndTheBufferAlong()
    {
        const int id = add(base);
        QVERIFY(id > 0);
        ShowtimeStore store(*m_manager);
        auto moved = store.move(id, QString(), base.addSecs(minutes(95)));
        QVERIFY2(moved.ok(), qPrintable(moved.ok() ? QString() : moved.error().detail));
        QVERIFY(moved.value().moved);
        QVERIFY(moved.value().overlaps.isEmpty());
        QCOMPARE(moved.value().moved->startsAt, base.addSecs(minutes(95)));
        QCOMPARE(moved.value().moved->cleanUntil, base.addSecs(minutes(95 + busyMinutes)));
        QCOMPARE(startOf(id), QStringLiteral("2031-01-06 11:35 13:40"));
        // Named by its hall's name too; to another day.
        moved = store.move(id, m_hall, base.addDays(2));
        QVERIFY(moved.ok() && moved.value().moved);
        QCOMPARE(startOf(id), QStringLiteral("2031-01-08 10:00 12:05"));
    }

    void anOverlapIsRefusedNamingTheShowtimeInTheWay()
    {
        const int first = add(base);
        const int second = add(base.addSecs(minutes(qint64(3) * 60)));
        QVERIFY(first > 0 && second > 0);
        const QString before = m_db->snapshot();
        ShowtimeStore store(*m_manager);
        // Into the first one's buffer.
        auto refused = store.move(second, QString(), base.addSecs(minutes(busyMinutes - 1)));
        QVERIFY2(refused.ok(), qPrintable(refused.ok() ? QString() : refused.error().detail));
        QVERIFY(!refused.value().moved);
        QCOMPARE(refused.value().overlaps.size(), 1);
        QCOMPARE(refused.value().overlaps.first().id, first);
        QCOMPARE(m_db->snapshot(), before);
        // Back to back is fine.
        auto moved = store.move(second, QString(), base.addSecs(minutes(busyMinutes)));
        QVERIFY(moved.ok() && moved.value().moved);
    }

    void aShowtimeWithASaleOrAHoldDoesNotMove()
    {
        const int id = add(base);
        QVERIFY(id > 0);
        const QList<int> seats = m_db->seatIds(id);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        SeatStore seatStore(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = seatStore.hold(id, {seats.first()}, owner);
        QVERIFY(held.ok() && held.value().granted);

        ShowtimeStore store(*m_manager);
        auto refused = store.move(id, QString(), base.addDays(1));
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        QVERIFY2(refused.error().message.contains(QLatin1String("sale in progress")),
                 qPrintable(refused.error().message));
        auto week = store.week(base.date(), QTimeZone::utc());
        QVERIFY(week.ok());
        QCOMPARE(week.value().showtimes.size(), 1);
        QCOMPARE(week.value().showtimes.first().seatsHeld, 1);
        QVERIFY(!week.value().showtimes.first().movable());

        // The till takes the money first, then confirms carrying its payment.
        ConfirmRequest sale{QStringLiteral("till"), QUuid::createUuid(), id, owner, {}, {}, {}};
        QVERIFY_PAID(*terminal, sale);
        QVERIFY(terminal->exec(
            QStringLiteral("SELECT * FROM bo_confirm('till', gen_random_uuid(), ?::integer, ?::uuid, "
                           "NULL, NULL, ?::jsonb, ?::uuid)"),
            {id, owner.toString(QUuid::WithoutBraces),
             QString::fromUtf8(QJsonDocument(sale.payment).toJson(QJsonDocument::Compact)),
             sale.terminalId.toString(QUuid::WithoutBraces)}));
        const QString before = m_db->snapshot();
        refused = store.move(id, QString(), base.addDays(1));
        QVERIFY(!refused);
        QCOMPARE(refused.error().code, ErrorCode::Conflict);
        QVERIFY2(refused.error().message.contains(QLatin1String("refund its bookings first")),
                 qPrintable(refused.error().message));
        QCOMPARE(m_db->snapshot(), before);
        week = store.week(base.date(), QTimeZone::utc());
        QVERIFY(week.ok());
        QCOMPARE(week.value().showtimes.first().seatsSold, 1);
        QCOMPARE(week.value().showtimes.first().seatsHeld, 0);
        QVERIFY(week.value().halls.contains(m_hall));
    }

    void anotherHallAnUnknownShowtimeAndATerminalAreRefused()
    {
        const int id = add(base);
        QVERIFY(id > 0);
        QVERIFY(m_db->addShowtime(1, 2, QStringLiteral("Other hall")) > 0);
        const QString before = m_db->snapshot();
        ShowtimeStore store(*m_manager);
        auto other = store.move(id, QStringLiteral("Other hall"), base.addDays(1));
        QVERIFY(!other);
        QCOMPARE(other.error().code, ErrorCode::BadInput);
        auto unknown = store.move(999999, QString(), base);
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, ErrorCode::NotFound);
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        ShowtimeStore asTerminal(*terminal);
        auto refused = asTerminal.move(id, QString(), base.addDays(1));
        QVERIFY(!refused);
        QVERIFY2(refused.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(refused.error().detail));
        QCOMPARE(m_db->snapshot(), before);
    }

    void twoConcurrentMovesIntoOneSlotLetExactlyOneWin()
    {
        auto gate = m_db->connectAsOwner(QStringLiteral("gate"));
        QVERIFY(gate);
        for (int round = 0; round < 4; ++round) {
            const QDateTime day = base.addDays(round);
            const int a = add(day);
            const int b = add(day.addSecs(minutes(qint64(5) * 60)));
            QVERIFY(a > 0 && b > 0);
            const QDateTime slot = day.addSecs(minutes(qint64(10) * 60));
            QVERIFY(gate->begin());
            QVERIFY(gate->execScript(QStringLiteral("LOCK TABLE showtime IN SHARE MODE")));
            struct Outcome
            {
                bool moved = false;
                int overlapped = 0;
                QString error;
            };
            std::array<Outcome, 2> outcomes;
            std::latch ready(2);
            std::vector<std::thread> workers;
            const TestDatabase& db = *m_db;
            const std::array<int, 2> ids{a, b};
            for (int i = 0; i < 2; ++i) {
                // Overlapping, not equal: 20 minutes apart.
                const QDateTime to = slot.addSecs(minutes(20) * i);
                const int id = ids.at(size_t(i));
                workers.emplace_back([&db, &outcomes, &ready, to, id, i] {
                    Outcome& out = outcomes.at(size_t(i));
                    auto connection = db.connectAsManager(QStringLiteral("mover-%1").arg(i));
                    ready.arrive_and_wait();
                    if (!connection) {
                        out.error = QStringLiteral("no connection");
                        return;
                    }
                    ShowtimeStore store(*connection);
                    auto done = store.move(id, QString(), to);
                    if (!done)
                        out.error = done.error().detail;
                    else if (done.value().moved)
                        out.moved = true;
                    else if (!done.value().overlaps.isEmpty())
                        out.overlapped = done.value().overlaps.first().id;
                });
            }
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
            QVERIFY(outcomes[0].moved != outcomes[1].moved);
            const int winner = outcomes[0].moved ? a : b;
            const Outcome& loser = outcomes[0].moved ? outcomes[1] : outcomes[0];
            QCOMPARE(loser.overlapped, winner);
            // Final state: the winner in the slot, the loser where it was.
            QCOMPARE(
                m_db->scalar(QStringLiteral("SELECT string_agg(id::text, ',') FROM showtime WHERE status "
                                            "<> 'CANCELLED' AND starts_at >= '%1' AND starts_at < '%2'")
                                 .arg(slot.toString(Qt::ISODate), day.addDays(1).toString(Qt::ISODate))),
                QString::number(winner));
            const int loserId = winner == a ? b : a;
            QCOMPARE(startOf(loserId).left(16), (loserId == a ? day : day.addSecs(minutes(qint64(5) * 60)))
                                                    .toString(QStringLiteral("yyyy-MM-dd HH:mm")));
        }
    }
};

QTEST_GUILESS_MAIN(TstShowtimeMove)
#include "tst_showtimemove.moc"
