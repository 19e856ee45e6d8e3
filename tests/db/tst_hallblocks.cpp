// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A hall's blocked seats on PostgreSQL (migration 0032): a
// manager blocks a seat by label for every showtime of the hall that has not ended and every one
// made later; a held or sold seat in any of them stops the block and is named, or, when the
// manager says so, is left to its sale and named; unblocking gives back only what the hall's
// block made; bad requests and a terminal login change nothing; and under a storm of terminals
// holding and buying across the hall's showtimes, no seat the manager was told is blocked is sold.
#include <QtTest>

#include <atomic>
#include <latch>
#include <mutex>
#include <random>
#include <thread>

#include "db/dbconnection.h"
#include "db/hallseatblockstore.h"
#include "db/seatblockstore.h"
#include "db/seatstore.h"
#include "db/showtimestore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

const QString hall = QStringLiteral("Test hall");

} // namespace

class TstHallBlocks final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_manager;
    int m_first = 0;  ///< tomorrow
    int m_second = 0; ///< in a week
    int m_past = 0;   ///< ended this morning

    int addShowtime(const QDateTime& start) const
    {
        ShowtimeStore store(*m_manager);
        auto done =
            store.add(NewShowtime{hall, QStringLiteral("Test film"), QString(), start, std::nullopt, {}});
        return done.ok() && done.value().added ? done.value().added->id : -1;
    }

    /// "STATUS" of the seat labelled `label` in `showtime`, with ":reason" when it has a block row
    /// and "/hall" when the hall's block made it.
    QString seat(int showtime, const QString& label) const
    {
        return m_db->scalar(
            QStringLiteral(
                "SELECT ss.status || coalesce(':' || sb.reason, '') || CASE WHEN sb.from_hall "
                "THEN '/hall' ELSE '' END FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                "LEFT JOIN seat_block sb ON sb.showtime_id = ss.showtime_id AND sb.seat_id = ss.seat_id "
                "WHERE ss.showtime_id = %1 AND s.label = '%2'")
                .arg(showtime)
                .arg(label));
    }

    int seatId(int showtime, const QString& label) const
    {
        return m_db
            ->scalar(QStringLiteral("SELECT s.id FROM showtime_seat ss JOIN seat s ON s.id = ss.seat_id "
                                    "WHERE ss.showtime_id = %1 AND s.label = '%2'")
                         .arg(showtime)
                         .arg(label))
            .toInt();
    }

    QString everything() const
    {
        return m_db->snapshot() + QLatin1Char('|') +
               m_db->scalar(
                   QStringLiteral("SELECT count(*) || ':' || coalesce(string_agg(format('%s/%s/%s/%s', "
                                  "showtime_id, seat_id, reason, from_hall), ',' ORDER BY showtime_id, "
                                  "seat_id), '') FROM seat_block")) +
               QLatin1Char('|') +
               m_db->scalar(
                   QStringLiteral("SELECT count(*) || ':' || coalesce(string_agg(label || reason, ',' "
                                  "ORDER BY label), '') FROM hall_seat_block"));
    }

    Result<HallBlockOutcome> block(const QStringList& labels, bool skipTaken = false,
                                   const QString& reason = QStringLiteral("Broken seat"))
    {
        HallSeatBlockStore store(*m_manager);
        return store.blockHallSeats(hall, labels, reason, skipTaken);
    }

    QUuid holdFor(int showtime, const QString& label) const
    {
        auto terminal = m_db->connect(QStringLiteral("till"));
        if (!terminal)
            return {};
        SeatStore store(*terminal);
        const QUuid owner = CheckedSeatCommands::newToken();
        auto held = store.hold(showtime, {seatId(showtime, label)}, owner);
        return held.ok() && held.value().granted ? owner : QUuid();
    }

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_first = m_db->addShowtime(2, 4, hall);
        QVERIFY(m_first > 0);
        m_manager = m_db->connectAsManager();
        QVERIFY(m_manager);
        const QDateTime tomorrow = QDateTime::currentDateTimeUtc().addDays(1);
        m_second = addShowtime(tomorrow.addDays(6));
        m_past = addShowtime(tomorrow.addDays(3));
        QVERIFY(m_second > 0 && m_past > 0);
        // Moved to this morning: it has ended, and a hall's block leaves it as it was.
        QVERIFY(
            m_db->run(QStringLiteral("UPDATE showtime SET starts_at = now() - interval '6 hours', ends_at = "
                                     "now() - interval '4 hours', clean_until = now() - interval '3 hours' "
                                     "WHERE id = %1")
                          .arg(m_past)));
    }
    void cleanup()
    {
        m_manager.reset();
        m_db.reset();
    }

    void aHallsBlockTakesEveryComingShowtimeAndThoseMadeLater()
    {
        auto done = block({QStringLiteral(" a1 "), QStringLiteral("B2")});
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QVERIFY(done.value().applied);
        QCOMPARE(done.value().showtimes, (QList<int>{m_first, m_second}));
        QCOMPARE(done.value().seatsBlocked, 4);
        QVERIFY(done.value().inTheWay.isEmpty());
        for (int showtime : {m_first, m_second}) {
            QCOMPARE(seat(showtime, QStringLiteral("A1")), QStringLiteral("BLOCKED:Broken seat/hall"));
            QCOMPARE(seat(showtime, QStringLiteral("B2")), QStringLiteral("BLOCKED:Broken seat/hall"));
            QCOMPARE(seat(showtime, QStringLiteral("A2")), QStringLiteral("FREE"));
        }
        QCOMPARE(seat(m_past, QStringLiteral("A1")), QStringLiteral("FREE"));

        // A showtime made afterwards starts with them blocked, for the same reason.
        const int later = addShowtime(QDateTime::currentDateTimeUtc().addDays(12));
        QVERIFY(later > 0);
        QCOMPARE(seat(later, QStringLiteral("A1")), QStringLiteral("BLOCKED:Broken seat/hall"));
        QCOMPARE(seat(later, QStringLiteral("B2")), QStringLiteral("BLOCKED:Broken seat/hall"));

        // The hall lists them; again with another reason changes only the reason.
        HallSeatBlockStore store(*m_manager);
        auto listed = store.hallBlocks(hall);
        QVERIFY(listed.ok());
        QCOMPARE(listed.value().size(), 2);
        QCOMPARE(listed.value().first().label, QStringLiteral("A1"));
        QCOMPARE(listed.value().first().blockedBy, m_db->managerLogin());
        done = block({QStringLiteral("A1")}, false, QStringLiteral("Wheelchair space"));
        QVERIFY(done.ok() && done.value().applied);
        QCOMPARE(done.value().seatsBlocked, 0);
        QCOMPARE(seat(later, QStringLiteral("A1")), QStringLiteral("BLOCKED:Wheelchair space/hall"));
    }

    void aHeldOrSoldSeatStopsTheBlockUnlessLeftToItsSale()
    {
        QVERIFY(!holdFor(m_second, QStringLiteral("A1")).isNull());
        const QString before = everything();
        auto done = block({QStringLiteral("A1"), QStringLiteral("A2")});
        QVERIFY(done.ok());
        QVERIFY(!done.value().applied);
        QVERIFY(done.value().showtimes.isEmpty());
        QCOMPARE(done.value().inTheWay.size(), 1);
        QCOMPARE(done.value().inTheWay.first().showtimeId, m_second);
        QCOMPARE(done.value().inTheWay.first().label, QStringLiteral("A1"));
        QVERIFY(!done.value().inTheWay.first().sold);
        QVERIFY(done.value().inTheWay.first().heldUntil.isValid());
        QCOMPARE(everything(), before);

        // Left to its sale on purpose: blocked everywhere else, the held seat named and still held.
        done = block({QStringLiteral("A1"), QStringLiteral("A2")}, true);
        QVERIFY(done.ok());
        QVERIFY(done.value().applied);
        QCOMPARE(done.value().seatsBlocked, 3);
        QCOMPARE(done.value().inTheWay.size(), 1);
        QCOMPARE(seat(m_first, QStringLiteral("A1")), QStringLiteral("BLOCKED:Broken seat/hall"));
        QCOMPARE(seat(m_second, QStringLiteral("A1")), QStringLiteral("HELD"));
        QCOMPARE(seat(m_second, QStringLiteral("A2")), QStringLiteral("BLOCKED:Broken seat/hall"));
    }

    void unblockingGivesBackOnlyWhatTheHallBlocked()
    {
        SeatBlockStore own(*m_manager);
        auto pressed = own.block(m_first, {seatId(m_first, QStringLiteral("A2"))}, QStringLiteral("Press"));
        QVERIFY(pressed.ok() && pressed.value().done());
        QVERIFY(block({QStringLiteral("A1"), QStringLiteral("A2")}).ok());
        // The showtime's own block keeps its reason.
        QCOMPARE(seat(m_first, QStringLiteral("A2")), QStringLiteral("BLOCKED:Press"));

        HallSeatBlockStore store(*m_manager);
        auto done =
            store.unblockHallSeats(hall, {QStringLiteral("A1"), QStringLiteral("A2"), QStringLiteral("B1")});
        QVERIFY2(done.ok(), qPrintable(done.ok() ? QString() : done.error().detail));
        QCOMPARE(done.value().size(), 3);
        QCOMPARE(done.value().at(0).label, QStringLiteral("A1"));
        QVERIFY(done.value().at(0).wasBlocked);
        QCOMPARE(done.value().at(0).showtimesFreed, 2);
        QVERIFY(done.value().at(1).wasBlocked);
        QCOMPARE(done.value().at(1).showtimesFreed, 1);
        QVERIFY(!done.value().at(2).wasBlocked);
        QCOMPARE(seat(m_first, QStringLiteral("A1")), QStringLiteral("FREE"));
        QCOMPARE(seat(m_first, QStringLiteral("A2")), QStringLiteral("BLOCKED:Press"));
        QCOMPARE(seat(m_second, QStringLiteral("A2")), QStringLiteral("FREE"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM hall_seat_block")), QStringLiteral("0"));
        const int later = addShowtime(QDateTime::currentDateTimeUtc().addDays(12));
        QCOMPARE(seat(later, QStringLiteral("A1")), QStringLiteral("FREE"));
    }

    void badRequestsChangeNothing()
    {
        QVERIFY(block({QStringLiteral("B1")}).ok());
        const QString before = everything();
        HallSeatBlockStore store(*m_manager);
        auto done = store.blockHallSeats(QStringLiteral("Hall 9"), {QStringLiteral("A1")},
                                         QStringLiteral("x"), false);
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::NotFound);
        QVERIFY2(done.error().message.contains(QLatin1String("Hall 9")), qPrintable(done.error().message));
        done = block({QStringLiteral("A1"), QStringLiteral("Z99")});
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::NotFound);
        QVERIFY2(done.error().message.contains(QLatin1String("Z99")), qPrintable(done.error().message));
        done = block({QStringLiteral("A1"), QStringLiteral("a1")});
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        done = block({QStringLiteral("A1")}, false, QStringLiteral("  "));
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        done = block({});
        QVERIFY(!done.ok());
        QCOMPARE(done.error().code, ErrorCode::BadInput);
        auto undone = store.unblockHallSeats(hall, {QStringLiteral("Q1")});
        QVERIFY(!undone.ok());
        QCOMPARE(undone.error().code, ErrorCode::NotFound);
        QCOMPARE(everything(), before);
    }

    void aTerminalCannotBlockAHall()
    {
        const QString before = everything();
        auto terminal = m_db->connect();
        QVERIFY(terminal);
        HallSeatBlockStore store(*terminal);
        auto done = store.blockHallSeats(hall, {QStringLiteral("A1")}, QStringLiteral("x"), true);
        QVERIFY(!done.ok());
        QVERIFY2(done.error().detail.startsWith(QLatin1String("SQLSTATE 42501")),
                 qPrintable(done.error().detail));
        auto undone = store.unblockHallSeats(hall, {QStringLiteral("A1")});
        QVERIFY(!undone.ok());
        QVERIFY(undone.error().detail.startsWith(QLatin1String("SQLSTATE 42501")));
        // Reading is anyone's.
        QVERIFY(store.hallBlocks(hall).ok());
        QCOMPARE(everything(), before);
    }

    /// Terminals hold and buy single seats across the hall's two coming showtimes while a manager
    /// blocks each label of the hall once, leaving taken seats to their sale. Every seat the
    /// manager was told is blocked (not named as taken) ends BLOCKED and unsold; every sale a
    /// terminal was told is confirmed ends sold. Bounded in count and time.
    void underAStormNoSeatEndsBlockedAndSold()
    {
        constexpr int terminals = 3;
        constexpr int roundsPerTerminal = 120;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(45);
        const TestDatabase& db = *m_db;
        const QList<int> showtimes{m_first, m_second};
        const QStringList labels{QStringLiteral("A1"), QStringLiteral("A2"), QStringLiteral("A3"),
                                 QStringLiteral("A4"), QStringLiteral("B1"), QStringLiteral("B2"),
                                 QStringLiteral("B3"), QStringLiteral("B4")};
        QHash<QString, int> ids; // "showtime/label" -> seat id
        for (int showtime : showtimes)
            for (const QString& label : labels)
                ids.insert(QStringLiteral("%1/%2").arg(showtime).arg(label), seatId(showtime, label));
        std::latch ready(terminals + 1);
        std::mutex resultsMutex;
        QSet<QString> sold;    // "showtime/label" of confirmed sales
        QSet<QString> blocked; // "showtime/label" the manager was told are blocked
        QStringList errors;

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
                std::mt19937 random(static_cast<unsigned>(t) * 7919U + 3U);
                for (int round = 0; round < roundsPerTerminal && std::chrono::steady_clock::now() < deadline;
                     ++round) {
                    const int showtime = showtimes.at(int(random() % 2U));
                    const QString key = QStringLiteral("%1/%2").arg(showtime).arg(
                        labels.at(int(random() % unsigned(labels.size()))));
                    const QUuid owner = CheckedSeatCommands::newToken();
                    auto held = store.hold(showtime, {ids.value(key)}, owner);
                    if (!held.ok() || !held.value().granted)
                        continue;
                    std::this_thread::sleep_for(std::chrono::milliseconds(3));
                    if (random() % 5 != 0) {
                        auto released = store.release(showtime, owner);
                        if (!released.ok() || released.value() != 1) {
                            const std::lock_guard lock(resultsMutex);
                            errors << QStringLiteral("a granted hold lost its seat before its release");
                        }
                        continue;
                    }
                    ConfirmRequest sale{QStringLiteral("storm-%1").arg(t),
                                        QUuid::createUuid(),
                                        showtime,
                                        owner,
                                        {ids.value(key)},
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
                        sold.insert(key);
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
            HallSeatBlockStore store(*connection);
            for (const QString& label : labels) {
                if (std::chrono::steady_clock::now() >= deadline)
                    break;
                std::this_thread::sleep_for(std::chrono::milliseconds(40));
                auto done = store.blockHallSeats(hall, {label}, QStringLiteral("storm"), true);
                const std::lock_guard lock(resultsMutex);
                if (!done.ok() || !done.value().applied) {
                    errors << QStringLiteral("hall block failed: %1")
                                  .arg(done.ok() ? QStringLiteral("not applied") : done.error().detail);
                    continue;
                }
                QSet<QString> taken;
                for (const HallSeatInTheWay& s : done.value().inTheWay)
                    taken.insert(QStringLiteral("%1/%2").arg(s.showtimeId).arg(s.label));
                for (int showtime : showtimes) {
                    const QString key = QStringLiteral("%1/%2").arg(showtime).arg(label);
                    if (!taken.contains(key))
                        blocked.insert(key);
                }
            }
        });
        for (std::thread& w : workers)
            w.join();

        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        QVERIFY2(!sold.isEmpty() && !blocked.isEmpty(),
                 qPrintable(QStringLiteral("%1 sold, %2 blocked").arg(sold.size()).arg(blocked.size())));
        for (const QString& key : std::as_const(blocked)) {
            QVERIFY2(!sold.contains(key), qPrintable(QStringLiteral("%1 blocked and sold").arg(key)));
            const int showtime = key.section(QLatin1Char('/'), 0, 0).toInt();
            QCOMPARE(seat(showtime, key.section(QLatin1Char('/'), 1)), QStringLiteral("BLOCKED:storm/hall"));
        }
        for (const QString& key : std::as_const(sold)) {
            const int showtime = key.section(QLatin1Char('/'), 0, 0).toInt();
            QCOMPARE(seat(showtime, key.section(QLatin1Char('/'), 1)), QStringLiteral("RESERVED"));
        }
    }
};

QTEST_GUILESS_MAIN(TstHallBlocks)
#include "tst_hallblocks.moc"
