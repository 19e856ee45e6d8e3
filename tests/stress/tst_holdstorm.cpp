// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <algorithm>
#include <array>
#include <latch>
#include <thread>
#include <vector>

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QHash>
#include <QRandomGenerator>
#include <QSet>

#include <spdlog/spdlog.h>

#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

constexpr int threadCount = 16;
constexpr int opsPerThread = 1000;
constexpr int rows = 6;
constexpr int perRow = 20;
constexpr int maxSeatsPerSale = 10; // settings.max_seats_per_sale
constexpr int maxHeld = 6;          // seats one thread holds at most, so holds keep changing hands
constexpr int bookingBudget = 4;    // seats one thread may book, so most seats stay contested
constexpr int errorCodes = int(ErrorCode::Internal) + 1;
constexpr qint64 stormBudgetMs = 120000;

/// What one thread did and what it believes the database now holds for it.
struct Ledger
{
    QUuid token;                      ///< the current sale
    QSet<int> held;                   ///< seats the current sale holds
    bool pending = false;             ///< the current sale has a PENDING booking
    QUuid pendingBooking;             ///< its id
    QHash<QUuid, QSet<int>> bookings; ///< confirmed bookings of this thread
    int bookedSeats = 0;

    int ops = 0;
    int holdsGranted = 0;
    int holdsRefused = 0;
    int extends = 0;
    int extendsRefused = 0;
    int releases = 0;
    int seatsReleased = 0;
    int payments = 0;
    int confirms = 0;
    int replays = 0;
    int retries = 0;
    std::array<int, errorCodes> errors{};
    QStringList anomalies; ///< answers that contradict the contract (wrong counts, own seats refused)
    QStringList errorDetails;
    bool connected = false;
};

QList<int> sorted(const QSet<int>& seats)
{
    QList<int> out(seats.cbegin(), seats.cend());
    std::sort(out.begin(), out.end());
    return out;
}

QString show(const QSet<int>& seats)
{
    return toPgIntArray(sorted(seats));
}

class Storm final
{
public:
    Storm(const TestDatabase& db, int showtime, QList<int> seats, int index, const QUuid& tillId,
          quint32 seed, const QDeadlineTimer& deadline, std::latch& start)
        : m_db(db)
        , m_showtime(showtime)
        , m_seats(std::move(seats))
        , m_index(index)
        , m_tillId(tillId)
        , m_rng(seed)
        , m_deadline(deadline)
        , m_start(start)
    {}

    Ledger run()
    {
        auto connection = m_db.connect(QStringLiteral("storm-%1").arg(m_index));
        m_ledger.connected = connection != nullptr;
        m_start.arrive_and_wait();
        if (!connection)
            return m_ledger;
        SeatStore serviceStore(*connection);
        CheckedSeatCommands service(serviceStore, maxSeatsPerSale);
        SeatStore store(*connection);
        m_ledger.token = CheckedSeatCommands::newToken();
        for (int op = 0; op < opsPerThread && !m_deadline.hasExpired(); ++op) {
            ++m_ledger.ops;
            const int dice = int(m_rng.bounded(100));
            if (m_ledger.held.isEmpty() || (dice < 55 && m_ledger.held.size() < maxHeld))
                hold(service);
            else if (dice < 70)
                extend(service);
            else if (dice < 85 || m_ledger.held.size() >= maxHeld)
                release(service);
            else if (dice < 90)
                beginPayment(store);
            else
                confirm(service, *connection);
        }
        m_ledger.retries = connection->retriesSeen();
        return m_ledger;
    }

private:
    void error(const char* what, const Error& e)
    {
        ++m_ledger.errors[size_t(e.code)];
        if (m_ledger.errorDetails.size() < 5)
            m_ledger.errorDetails << QStringLiteral("%1: %2 %3")
                                         .arg(QLatin1String(what), QLatin1String(errorCodeName(e.code)),
                                              e.detail);
    }

    void anomaly(const QString& text)
    {
        if (m_ledger.anomalies.size() < 20)
            m_ledger.anomalies << QStringLiteral("thread %1: %2").arg(m_index).arg(text);
    }

    /// 1-6 seats, adjacent in one row or scattered over the hall, in random order.
    QList<int> pickSeats(int most)
    {
        const int n = 1 + int(m_rng.bounded(std::min(6, most)));
        QList<int> picked;
        if (m_rng.bounded(2) == 0) {
            const int row = int(m_rng.bounded(rows));
            const int first = int(m_rng.bounded(perRow - n + 1));
            for (int i = 0; i < n; ++i)
                picked << m_seats[row * perRow + first + i];
        } else {
            QSet<int> chosen;
            while (chosen.size() < n)
                chosen.insert(m_seats[int(m_rng.bounded(int(m_seats.size())))]);
            picked = QList<int>(chosen.cbegin(), chosen.cend());
        }
        std::shuffle(picked.begin(), picked.end(), m_rng);
        return picked;
    }

    void hold(CheckedSeatCommands& service)
    {
        const QList<int> seats = pickSeats(maxHeld - int(m_ledger.held.size()));
        auto r = service.hold(m_showtime, seats, m_ledger.token);
        if (!r) {
            error("hold", r.error());
            return;
        }
        if (r.value().granted) {
            ++m_ledger.holdsGranted;
            m_ledger.held.unite(QSet<int>(seats.cbegin(), seats.cend()));
            if (r.value().remainingMs() <= 0)
                anomaly(QStringLiteral("granted hold without time left"));
            return;
        }
        ++m_ledger.holdsRefused;
        const QList<int>& taken = r.value().unavailable;
        const QSet<int> asked(seats.cbegin(), seats.cend());
        if (taken.isEmpty())
            anomaly(QStringLiteral("refusal without seats"));
        for (int seat : taken) {
            if (!asked.contains(seat))
                anomaly(QStringLiteral("refusal names seat %1 not asked for").arg(seat));
            if (m_ledger.held.contains(seat))
                anomaly(QStringLiteral("own held seat %1 reported unavailable").arg(seat));
        }
    }

    void extend(CheckedSeatCommands& service)
    {
        QList<int> seats = sorted(m_ledger.held);
        std::shuffle(seats.begin(), seats.end(), m_rng);
        auto r = service.hold(m_showtime, seats, m_ledger.token);
        if (!r) {
            error("extend", r.error());
            return;
        }
        if (r.value().granted) {
            ++m_ledger.extends;
            return;
        }
        ++m_ledger.extendsRefused;
        anomaly(QStringLiteral("extend of own hold %1 refused: %2")
                    .arg(show(m_ledger.held), toPgIntArray(r.value().unavailable)));
    }

    void release(CheckedSeatCommands& service)
    {
        const bool all = m_rng.bounded(2) == 0;
        QList<int> seats;
        if (!all) {
            const QList<int> held = sorted(m_ledger.held);
            for (int seat : held) {
                if (m_rng.bounded(2) == 0)
                    seats << seat;
            }
            if (seats.isEmpty())
                seats << held.first();
        }
        auto r = service.release(m_showtime, m_ledger.token, seats);
        if (!r) {
            error("release", r.error());
            return;
        }
        ++m_ledger.releases;
        m_ledger.seatsReleased += r.value();
        const qsizetype expected = all ? m_ledger.held.size() : seats.size();
        if (r.value() != expected)
            anomaly(QStringLiteral("release freed %1 seats, expected %2").arg(r.value()).arg(expected));
        if (all) {
            // Releasing everything ends the sale (and cancels its pending booking): start a new one.
            m_ledger.held.clear();
            m_ledger.pending = false;
            m_ledger.pendingBooking = QUuid();
            m_ledger.token = CheckedSeatCommands::newToken();
        } else {
            for (int seat : seats)
                m_ledger.held.remove(seat);
        }
    }

    void beginPayment(SeatStore& store)
    {
        auto r = store.beginPayment(m_showtime, sorted(m_ledger.held), m_ledger.token,
                                    QStringLiteral("storm-%1").arg(m_index));
        if (!r) {
            error("payment", r.error());
            return;
        }
        if (!r.value().hold.granted) {
            anomaly(QStringLiteral("payment refused for own hold %1").arg(show(m_ledger.held)));
            return;
        }
        ++m_ledger.payments;
        if (m_ledger.pending && r.value().bookingId != m_ledger.pendingBooking)
            anomaly(QStringLiteral("a second pending booking for one sale"));
        m_ledger.pending = true;
        m_ledger.pendingBooking = r.value().bookingId;
    }

    /// Pays for the sale as its till does (cash, the till staffed before the storm), then confirms.
    void confirm(CheckedSeatCommands& service, DbConnection& connection)
    {
        if (m_ledger.bookedSeats + m_ledger.held.size() > bookingBudget) {
            release(service);
            return;
        }
        ConfirmRequest request;
        request.terminal = QStringLiteral("storm-%1").arg(m_index);
        request.terminalId = m_tillId;
        request.key = QUuid::createUuid();
        request.showtimeId = m_showtime;
        request.owner = m_ledger.token;
        if (m_rng.bounded(2) == 0) {
            request.seatIds = sorted(m_ledger.held);
            std::shuffle(request.seatIds.begin(), request.seatIds.end(), m_rng);
            if (m_rng.bounded(2) == 0) {
                for (qsizetype i = 0; i < request.seatIds.size(); ++i)
                    request.tiers << (m_rng.bounded(2) == 0 ? QStringLiteral("adult")
                                                            : QStringLiteral("child"));
            }
        }
        if (const Status paid = bo::test::payCash(connection, request); !paid) {
            error("pay", paid.error());
            return;
        }
        auto r = service.confirm(request);
        if (!r) {
            error("confirm", r.error());
            return;
        }
        const ConfirmResult& c = r.value();
        ++m_ledger.confirms;
        QSet<int> booked;
        for (const BookedSeat& s : c.seats)
            booked.insert(s.seatId);
        if (c.replayed || c.status != QLatin1String("CONFIRMED") || booked != m_ledger.held)
            anomaly(QStringLiteral("confirm of %1 booked %2 (%3)")
                        .arg(show(m_ledger.held), show(booked), c.status));
        if (m_ledger.pending && c.bookingId != m_ledger.pendingBooking)
            anomaly(QStringLiteral("confirm did not complete the pending booking"));
        if (m_rng.bounded(4) == 0) {
            auto again = service.confirm(request);
            if (!again) {
                error("replay", again.error());
            } else {
                ++m_ledger.replays;
                if (!again.value().replayed || again.value().responseJson != c.responseJson)
                    anomaly(QStringLiteral("replay differs from the stored response"));
            }
        }
        m_ledger.bookings.insert(c.bookingId, booked);
        m_ledger.bookedSeats += int(booked.size());
        m_ledger.held.clear();
        m_ledger.pending = false;
        m_ledger.pendingBooking = QUuid();
        m_ledger.token = CheckedSeatCommands::newToken();
    }

    const TestDatabase& m_db;
    const int m_showtime;
    const QList<int> m_seats;
    const int m_index;
    const QUuid m_tillId;
    QRandomGenerator m_rng;
    const QDeadlineTimer m_deadline;
    std::latch& m_start;
    Ledger m_ledger;
};

/// Rows of a two-column query (uuid, integer) as uuid -> set of integers.
QHash<QUuid, QSet<int>> groupedSeats(DbConnection& connection, const QString& sql)
{
    QHash<QUuid, QSet<int>> out;
    auto rows = connection.exec(sql);
    if (!rows) {
        qWarning("query failed: %s", qPrintable(rows.error().detail));
        return out;
    }
    while (rows.value().next())
        out[QUuid::fromString(rows.value().value(0).toString())].insert(rows.value().value(1).toInt());
    return out;
}

} // namespace

class TstHoldStorm final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Every refused hold is logged at info level; thousands of lines would drown the summary.
        spdlog::set_level(spdlog::level::warn);
    }

    void overlappingHoldStormKeepsSeatsConsistent()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const int showtime = db.addShowtime(rows, perRow);
        QVERIFY(showtime > 0);
        const QList<int> seats = db.seatIds(showtime);
        QCOMPARE(seats.size(), rows * perRow);

        const quint32 seed = qEnvironmentVariableIsSet("BOXOFFICE_STORM_SEED")
                                 ? quint32(qEnvironmentVariableIntValue("BOXOFFICE_STORM_SEED"))
                                 : QRandomGenerator::global()->generate();
        qInfo("storm seed %u (set BOXOFFICE_STORM_SEED to repeat)", seed);

        // Each thread a till, staffed (its cashier signed in, its shift open) before the storm, on
        // this thread: every confirm is paid first, in cash, as a till's are.
        std::vector<QUuid> tills(threadCount);
        {
            auto setup = db.connect(QStringLiteral("storm-setup"));
            QVERIFY(setup);
            for (int i = 0; i < threadCount; ++i) {
                tills[size_t(i)] = QUuid::createUuid();
                const Status staffed =
                    bo::test::staffTill(*setup, tills[size_t(i)], QStringLiteral("storm-%1").arg(i));
                QVERIFY2(staffed.ok(), qPrintable(staffed.ok() ? QString() : staffed.error().detail));
            }
        }

        std::vector<Ledger> ledgers(threadCount);
        std::latch start(threadCount + 1);
        std::vector<std::thread> workers;
        workers.reserve(threadCount);
        const QDeadlineTimer deadline(stormBudgetMs);
        for (int i = 0; i < threadCount; ++i) {
            workers.emplace_back([&, i] {
                Storm storm(db, showtime, seats, i, tills[size_t(i)], seed + quint32(i), deadline, start);
                ledgers[size_t(i)] = storm.run();
            });
        }
        start.arrive_and_wait();
        QElapsedTimer elapsed;
        elapsed.start();
        for (std::thread& t : workers)
            t.join();
        const qint64 ms = elapsed.elapsed();

        Ledger total;
        std::array<int, errorCodes> errors{};
        int errorCount = 0;
        QStringList anomalies;
        QStringList errorDetails;
        for (const Ledger& l : ledgers) {
            QVERIFY(l.connected);
            total.ops += l.ops;
            total.holdsGranted += l.holdsGranted;
            total.holdsRefused += l.holdsRefused;
            total.extends += l.extends;
            total.extendsRefused += l.extendsRefused;
            total.releases += l.releases;
            total.seatsReleased += l.seatsReleased;
            total.payments += l.payments;
            total.confirms += l.confirms;
            total.replays += l.replays;
            total.retries += l.retries;
            total.bookedSeats += l.bookedSeats;
            for (int c = 0; c < errorCodes; ++c) {
                errors[size_t(c)] += l.errors[size_t(c)];
                errorCount += l.errors[size_t(c)];
            }
            anomalies += l.anomalies;
            errorDetails += l.errorDetails;
        }
        QStringList errorSummary;
        for (int c = 0; c < errorCodes; ++c) {
            if (errors[size_t(c)] > 0)
                errorSummary << QStringLiteral("%1=%2")
                                    .arg(QLatin1String(errorCodeName(ErrorCode(c))))
                                    .arg(errors[size_t(c)]);
        }
        qInfo("storm: %d threads, %d ops in %lld ms (%.0f ops/s); holds granted %d, refused (conflict) %d; "
              "extends %d, refused %d; releases %d (%d seats); payments %d; confirms %d (%d seats), replays "
              "%d; "
              "deadlock/serialization retries %d; errors %d [%s]",
              threadCount, total.ops, ms, ms > 0 ? total.ops * 1000.0 / double(ms) : 0.0, total.holdsGranted,
              total.holdsRefused, total.extends, total.extendsRefused, total.releases, total.seatsReleased,
              total.payments, total.confirms, total.bookedSeats, total.replays, total.retries, errorCount,
              qPrintable(errorSummary.join(QLatin1Char(' '))));
        for (const QString& e : errorDetails)
            qInfo("error: %s", qPrintable(e));
        for (const QString& a : anomalies)
            qInfo("anomaly: %s", qPrintable(a));

        QVERIFY2(total.ops >= threadCount * opsPerThread || ms >= stormBudgetMs - 1000,
                 "threads stopped early");
        QCOMPARE(errors[size_t(ErrorCode::Internal)], 0);
        QCOMPARE(errorCount, 0);
        QVERIFY2(anomalies.isEmpty(), qPrintable(anomalies.join(QLatin1Char('\n'))));
        QVERIFY(total.holdsGranted > 0);
        QVERIFY(total.holdsRefused > 0); // the storm did overlap
        QVERIFY(total.confirms > 0);

        auto connection = db.connectAsOwner(QStringLiteral("storm-check"));
        QVERIFY(connection);

        // Every RESERVED seat: exactly one active booking_seat row, of its CONFIRMED booking.
        QCOMPARE(db.scalar(QStringLiteral(
                     "SELECT count(*) FROM showtime_seat ss WHERE ss.status = 'RESERVED' AND ("
                     " (SELECT count(*) FROM booking_seat bs WHERE bs.showtime_id = ss.showtime_id "
                     "   AND bs.seat_id = ss.seat_id AND bs.active) <> 1 "
                     " OR NOT EXISTS (SELECT 1 FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
                     "   WHERE bs.showtime_id = ss.showtime_id AND bs.seat_id = ss.seat_id AND bs.active "
                     "     AND bs.booking_id = ss.booking_id AND b.status = 'CONFIRMED'))")),
                 QStringLiteral("0"));
        // Every CONFIRMED booking has seats, all RESERVED for it; no other booking has seats.
        QCOMPARE(
            db.scalar(QStringLiteral(
                "SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
                "LEFT JOIN showtime_seat ss ON ss.showtime_id = bs.showtime_id AND ss.seat_id = bs.seat_id "
                "WHERE b.status <> 'CONFIRMED' OR NOT bs.active OR ss.status IS DISTINCT FROM 'RESERVED' "
                "   OR ss.booking_id IS DISTINCT FROM b.id")),
            QStringLiteral("0"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT count(*) FROM booking b WHERE b.status = 'CONFIRMED' AND NOT "
                                     "EXISTS (SELECT 1 FROM booking_seat bs WHERE bs.booking_id = b.id)")),
            QStringLiteral("0"));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED'")),
                 QString::number(total.bookedSeats));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QString::number(total.confirms));
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")),
                 QString::number(total.confirms));
        // Every confirm was paid once, and every CONFIRMED booking carries its own payment: cash
        // taken (AUTHORISED) for exactly what its seats cost, at a till its thread staffed.
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM payment_intent")),
                 QString::number(total.confirms));
        QCOMPARE(db.scalar(QStringLiteral(
                     "SELECT count(*) FROM booking b WHERE b.status = 'CONFIRMED' AND NOT EXISTS ("
                     " SELECT 1 FROM payment_intent p WHERE p.booking_id = b.id AND p.method = 'cash'"
                     "   AND p.state = 'AUTHORISED' AND p.key::text = b.payment ->> 'intent'"
                     "   AND p.amount_minor = b.total_minor AND p.currency = b.currency"
                     "   AND p.terminal_id = b.terminal_id AND p.terminal = b.terminal)")),
                 QStringLiteral("0"));

        // The threads' ledgers against the database: holds per sale, bookings, pending bookings.
        QHash<QUuid, QSet<int>> expectedHolds;
        QHash<QUuid, QSet<int>> expectedBookings;
        QSet<QUuid> expectedPending;
        for (const Ledger& l : ledgers) {
            if (!l.held.isEmpty())
                expectedHolds.insert(l.token, l.held);
            for (auto it = l.bookings.cbegin(); it != l.bookings.cend(); ++it)
                expectedBookings.insert(it.key(), it.value());
            if (l.pending)
                expectedPending.insert(l.pendingBooking);
        }
        const QHash<QUuid, QSet<int>> holds = groupedSeats(
            *connection, QStringLiteral("SELECT held_by, seat_id FROM showtime_seat WHERE status = 'HELD' "
                                        "AND showtime_id = %1")
                             .arg(showtime));
        for (auto it = expectedHolds.cbegin(); it != expectedHolds.cend(); ++it)
            QVERIFY2(
                holds.value(it.key()) == it.value(),
                qPrintable(QStringLiteral("sale %1 holds %2, its thread believes %3")
                               .arg(it.key().toString(), show(holds.value(it.key())), show(it.value()))));
        QCOMPARE(holds.size(), expectedHolds.size());
        QCOMPARE(holds, expectedHolds);

        const QHash<QUuid, QSet<int>> bookings = groupedSeats(
            *connection, QStringLiteral("SELECT b.id, bs.seat_id FROM booking b JOIN booking_seat bs "
                                        "ON bs.booking_id = b.id WHERE b.status = 'CONFIRMED'"));
        QCOMPARE(bookings, expectedBookings);

        QSet<QUuid> pending;
        {
            auto rows = connection->exec(QStringLiteral("SELECT id FROM booking WHERE status = 'PENDING'"));
            QVERIFY(rows.ok());
            while (rows.value().next())
                pending.insert(QUuid::fromString(rows.value().value(0).toString()));
        }
        QCOMPARE(pending, expectedPending);
        QCOMPARE(db.scalar(
                     QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status NOT IN ('FREE', 'HELD', "
                                    "'RESERVED') OR (status = 'HELD' AND held_until < clock_timestamp())")),
                 QStringLiteral("0"));
    }
};

QTEST_GUILESS_MAIN(TstHoldStorm)
#include "tst_holdstorm.moc"
