// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/bench/seatbench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <latch>
#include <random>
#include <thread>
#include <vector>

#include <QFile>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QScopeGuard>
#include <QSysInfo>
#include <QThread>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

#include "app/bench/redisserver.h"
#include "app/bench/strategies.h"
#include "db/dbconnection.h"
#include "db/migrator.h"

namespace bo::bench {
namespace {

using Clock = std::chrono::steady_clock;

std::atomic<bool> stopFlag{false}; // lock-free: safe to set from a signal handler
static_assert(std::atomic<bool>::is_always_lock_free);

constexpr int hallRows = 15;
constexpr int seatsPerRow = 20;
constexpr int hotRow = 7;                 // row H: its 20 seats are the hot spot
constexpr double hotShare = 0.8;          // of requests aimed at the hot spot
constexpr int writeRows = 60000;          // rows of bench_write, the `limit` table
constexpr qsizetype maxSamples = 2000000; // latency samples kept per run (bounded memory)

struct Workload
{
    int k = 1;
    bool hotspot = false;
    [[nodiscard]] QString name() const
    {
        return QStringLiteral("k=%1 %2").arg(k).arg(hotspot ? QStringLiteral("hotspot")
                                                            : QStringLiteral("uniform"));
    }
};

struct Percentiles
{
    double p50 = 0;
    double p95 = 0;
    double p99 = 0;
    double max = 0;
};

Percentiles percentilesOf(std::vector<float>& micros)
{
    Percentiles p;
    if (micros.empty())
        return p;
    auto at = [&micros](double q) {
        const auto index = size_t(q * double(micros.size() - 1));
        std::nth_element(micros.begin(), micros.begin() + qint64(index), micros.end());
        return double(micros[index]) / 1000.0;
    };
    p.p50 = at(0.50);
    p.p95 = at(0.95);
    p.p99 = at(0.99);
    p.max = double(*std::max_element(micros.begin(), micros.end())) / 1000.0;
    return p;
}

/// What one client thread did in one run.
struct ClientResult
{
    qint64 attempts = 0;
    qint64 granted = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirms = 0;
    qint64 confirmedSeats = 0;
    qint64 confirmFailures = 0;
    qint64 lostHolds = 0;    ///< a release that found fewer than k of our seats held by us
    qint64 doubleOwners = 0; ///< a grant of a seat another client still held
    qint64 holdTrips = 0;    ///< round trips (PostgreSQL and Redis) spent in holds
    qint64 confirmTrips = 0;
    std::vector<float> holdMicros;
    std::vector<float> confirmMicros;
    ClientCounters counters;
    QString firstError;
    QString firstViolation;
    Clock::time_point finished;
};

/// One measured point.
struct RunResult
{
    QString strategy;
    bool holdsSeats = true;
    Workload workload;
    int clients = 0;
    double seconds = 0;
    qint64 attempts = 0;
    qint64 granted = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirms = 0;
    qint64 confirmFailures = 0;
    Percentiles hold;
    Percentiles confirm;
    double tripsPerHold = 0;
    double tripsPerConfirm = 0;
    ClientCounters counters;
    qint64 violations = 0;
    QStringList violationDetails;
    qint64 leftHeld = 0;
    double clientCpu = 0;  ///< cores used by this process (the load generator)
    double machineCpu = 0; ///< cores busy on the whole machine
    QString firstError;
    double ratioLimit = 0;
    double ratioConditional = 0;

    [[nodiscard]] double holdsPerSecond() const { return seconds > 0 ? double(granted) / seconds : 0; }
    [[nodiscard]] double seatHoldsPerSecond() const
    {
        return holdsSeats ? holdsPerSecond() * workload.k : holdsPerSecond();
    }
    [[nodiscard]] double conflictsPerSecond() const { return seconds > 0 ? double(conflicts) / seconds : 0; }
};

struct CpuSample
{
    double process = 0; ///< seconds of CPU used by this process
    double busy = 0;    ///< seconds of CPU busy on the machine (all cores)
};

CpuSample sampleCpu()
{
    CpuSample s;
#ifdef Q_OS_LINUX
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        s.process = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    QFile stat(QStringLiteral("/proc/stat"));
    if (stat.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> fields = stat.readLine().simplified().split(' ');
        // cpu user nice system idle iowait irq softirq steal ...
        double busy = 0;
        for (qsizetype i = 1; i < fields.size() && i <= 8; ++i) {
            if (i != 4 && i != 5)
                busy += fields.at(i).toDouble();
        }
        s.busy = busy / 100.0; // USER_HZ
    }
#endif
    return s;
}

class SeatBench
{
public:
    SeatBench(const SeatBenchOptions& options, QTextStream& out)
        : m_options(options)
        , m_out(out)
    {}

    SeatBenchReport run(const ConnectionSettings& server, const QString& folder);

private:
    [[nodiscard]] Status prepare(const ConnectionSettings& server);
    [[nodiscard]] Status reset();
    [[nodiscard]] RunResult measure(const QString& strategy, bool holdsSeats, const Workload& workload,
                                    int clients, int runIndex);
    void check(RunResult& result, const std::vector<ClientResult>& clients);
    [[nodiscard]] QJsonObject machine();
    [[nodiscard]] QString markdown(const QList<RunResult>& runs, const QJsonObject& machine,
                                   const QJsonArray& targets) const;
    [[nodiscard]] QJsonArray targets(const QList<RunResult>& runs) const;

    SeatBenchOptions m_options;
    QTextStream& m_out;
    QString m_databaseName;
    ConnectionSettings m_server;
    StrategyContext m_context;
    std::unique_ptr<DbConnection> m_admin;
    std::unique_ptr<RedisServer> m_redis;
    QList<int> m_seatIds; ///< row-major, hallRows × seatsPerRow
};

Status SeatBench::prepare(const ConnectionSettings& server)
{
    m_server = server;
    m_databaseName =
        QStringLiteral("bench_seats_%1").arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    {
        auto maintenance = DbConnection::open(server, QStringLiteral("bench-admin"));
        if (!maintenance)
            return maintenance.error();
        if (Status made =
                maintenance.value()->execScript(QStringLiteral("CREATE DATABASE ") + m_databaseName);
            !made)
            return made;
    }
    m_context.database = server.withDatabase(m_databaseName);
    m_context.writeRows = writeRows;
    auto admin = DbConnection::open(m_context.database, QStringLiteral("bench-admin"));
    if (!admin)
        return admin.error();
    m_admin = std::move(admin).value();
    Migrator migrator(*m_admin);
    if (auto migrated = migrator.migrate(); !migrated)
        return migrated.error();

    // The hall, one showtime on sale tomorrow, the version column of `optimistic` and the table
    // of `limit`. The version column is the benchmark's: the product keeps no row versions.
    const Status seeded = m_admin->execScript(QStringLiteral(R"sql(
        ALTER TABLE showtime_seat ADD COLUMN bench_version integer NOT NULL DEFAULT 0;
        CREATE TABLE bench_write (id integer PRIMARY KEY, n bigint NOT NULL DEFAULT 0);
        INSERT INTO bench_write (id) SELECT g FROM generate_series(1, %1) g;
        DO $$
        DECLARE
            a integer; m integer; p integer;
        BEGIN
            INSERT INTO auditorium (name) VALUES ('Bench hall') RETURNING id INTO a;
            INSERT INTO seat (auditorium_id, row_label, number, x, y)
            SELECT a, chr(64 + r), n, n - 1, (r - 1) * 1.2
              FROM generate_series(1, %2) r, generate_series(1, %3) n;
            INSERT INTO movie (title, runtime_min) VALUES ('Bench film', 120) RETURNING id INTO m;
            INSERT INTO price_list (name) VALUES ('Bench') RETURNING id INTO p;
            INSERT INTO price_tier (price_list_id, code, name, amount_minor, currency)
            VALUES (p, 'adult', 'Adult', 12000, 'KRW');
            INSERT INTO showtime (auditorium_id, movie_id, price_list_id, starts_at)
            VALUES (a, m, p, now() + interval '1 day');
        END $$;
        )sql")
                                                  .arg(writeRows)
                                                  .arg(hallRows)
                                                  .arg(seatsPerRow));
    if (!seeded)
        return seeded;
    auto ids = m_admin->exec(QStringLiteral(
        "SELECT st.id, s.id FROM showtime st JOIN seat s ON s.auditorium_id = st.auditorium_id "
        "ORDER BY s.row_label, s.number"));
    if (!ids)
        return ids.error();
    while (ids.value().next()) {
        m_context.showtimeId = ids.value().value(0).toInt();
        m_seatIds << ids.value().value(1).toInt();
    }
    if (m_seatIds.size() != hallRows * seatsPerRow)
        return makeError(ErrorCode::Internal,
                         QStringLiteral("the bench hall has %1 seats").arg(m_seatIds.size()));
    return success();
}

Status SeatBench::reset()
{
    // Every run starts from the same state: all seats free, no bookings, tables vacuumed, a
    // checkpoint taken (skipped where the role may not).
    if (Status s = m_admin->execScript(QStringLiteral(
            "DELETE FROM booking_seat; DELETE FROM booking; DELETE FROM idempotency_key; "
            "UPDATE showtime_seat SET status = 'FREE', held_by = NULL, held_until = NULL, booking_id = NULL, "
            "bench_version = 0 WHERE status <> 'FREE' OR bench_version <> 0"));
        !s)
        return s;
    if (Status s = m_admin->execScript(QStringLiteral(
            "VACUUM (ANALYZE) showtime_seat, booking, booking_seat, idempotency_key, bench_write"));
        !s)
        return s;
    (void)m_admin->execScript(QStringLiteral("CHECKPOINT"));
    return success();
}

RunResult SeatBench::measure(const QString& strategy, bool holdsSeats, const Workload& workload,
                             int clientCount, int runIndex)
{
    RunResult result;
    result.strategy = strategy;
    result.holdsSeats = holdsSeats;
    result.workload = workload;
    result.clients = clientCount;
    if (Status s = reset(); !s) {
        result.firstError = QStringLiteral("reset failed: ") + s.error().message;
        return result;
    }

    std::vector<std::atomic<int>> owners(size_t(m_seatIds.size()));
    for (auto& o : owners)
        o.store(0);
    std::vector<ClientResult> results(static_cast<size_t>(clientCount));
    std::latch ready(clientCount);
    std::atomic<bool> go{false};
    std::atomic<qint64> deadlineNs{0};
    const int seconds = m_options.seconds;
    const double confirmRatio = m_options.confirmRatio;
    const QList<int> seatIds = m_seatIds;

    auto body = [&](int index) {
        ClientResult& mine = results[size_t(index)];
        std::mt19937_64 random(quint64(runIndex) * 100003u + quint64(index) * 7919u + 1u);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        auto pick = [&](QList<int>& positions) {
            const int row = workload.hotspot && unit(random) < hotShare ? hotRow : int(random() % hallRows);
            const int start = int(random() % quint64(seatsPerRow - workload.k + 1));
            positions.clear();
            for (int i = 0; i < workload.k; ++i)
                positions << row * seatsPerRow + start + i;
        };
        auto seatsOf = [&seatIds](const QList<int>& positions) {
            QList<int> ids;
            for (int p : positions)
                ids << seatIds.at(p);
            return ids;
        };
        auto noteError = [&mine](const QString& e) {
            if (mine.firstError.isEmpty())
                mine.firstError = e;
        };
        auto trips = [](const ClientCounters& c) { return c.roundTrips + c.redisCalls; };

        auto connected = connectClient(strategy, m_context, index);
        if (!connected) {
            mine.firstError = connected.error().message;
            mine.errors = 1;
            ready.count_down();
            return;
        }
        std::unique_ptr<StrategyClient> client = std::move(connected).value();
        QList<int> positions;
        {
            // Warm up: statements prepared, caches filled; the seats end free again.
            pick(positions);
            const QList<int> seats = seatsOf(positions);
            const QUuid token = QUuid::createUuid();
            QString ignored;
            if (client->hold(seats, token, &ignored) == HoldOutcome::Granted)
                (void)client->release(seats, token, &ignored);
        }
        const ClientCounters warm = client->counters();
        mine.holdMicros.reserve(65536);
        ready.count_down();
        go.wait(false);
        const Clock::time_point deadline{Clock::duration(deadlineNs.load())};
        const int me = index + 1;
        while (Clock::now() < deadline && !stopRequested()) {
            pick(positions);
            const QList<int> seats = seatsOf(positions);
            const QUuid token = QUuid::createUuid();
            QString error;
            const qint64 tripsBefore = trips(client->counters());
            const auto started = Clock::now();
            const HoldOutcome outcome = client->hold(seats, token, &error);
            const auto took = std::chrono::duration<float, std::micro>(Clock::now() - started).count();
            mine.holdTrips += trips(client->counters()) - tripsBefore;
            ++mine.attempts;
            if (qsizetype(mine.holdMicros.size()) < maxSamples / qMax(1, clientCount))
                mine.holdMicros.push_back(took);
            if (outcome == HoldOutcome::Conflict) {
                ++mine.conflicts;
                continue;
            }
            if (outcome == HoldOutcome::Failed) {
                ++mine.errors;
                noteError(error);
                continue;
            }
            ++mine.granted;
            if (!holdsSeats)
                continue;
            // The ledger: every seat granted must have had no other owner in this process.
            for (int p : positions) {
                int expected = 0;
                if (!owners[size_t(p)].compare_exchange_strong(expected, me)) {
                    ++mine.doubleOwners;
                    if (mine.firstViolation.isEmpty())
                        mine.firstViolation =
                            QStringLiteral("seat %1 granted to client %2 while client %3 held it")
                                .arg(seatIds.at(p))
                                .arg(me)
                                .arg(expected);
                }
            }
            if (confirmRatio > 0 && unit(random) < confirmRatio) {
                const qint64 before = trips(client->counters());
                const auto confirmStarted = Clock::now();
                const bool confirmed = client->confirm(seats, token, QUuid::createUuid(), &error);
                mine.confirmMicros.push_back(
                    std::chrono::duration<float, std::micro>(Clock::now() - confirmStarted).count());
                mine.confirmTrips += trips(client->counters()) - before;
                ++mine.confirms;
                if (confirmed) {
                    mine.confirmedSeats += seats.size();
                    continue; // sold: the seats keep their owner in the ledger for good
                }
                ++mine.confirmFailures;
                noteError(QStringLiteral("confirm: ") + error);
            }
            // Clear the ledger before the release is sent: until it commits nobody can take them.
            for (int p : positions)
                owners[size_t(p)].store(0);
            const int freed = client->release(seats, token, &error);
            if (freed < 0) {
                ++mine.errors;
                noteError(QStringLiteral("release: ") + error);
            } else if (freed != seats.size()) {
                ++mine.lostHolds;
                if (mine.firstViolation.isEmpty())
                    mine.firstViolation =
                        QStringLiteral("release of a %1-seat hold found %2 seats still held")
                            .arg(seats.size())
                            .arg(freed);
            }
        }
        mine.finished = Clock::now();
        ClientCounters c = client->counters();
        c.roundTrips -= warm.roundTrips;
        c.redisCalls -= warm.redisCalls;
        c.retries -= warm.retries;
        c.deadlocks -= warm.deadlocks;
        c.serialization -= warm.serialization;
        mine.counters = c;
    };

    std::vector<std::thread> threads;
    threads.reserve(size_t(clientCount));
    for (int i = 0; i < clientCount; ++i)
        threads.emplace_back(body, i);
    ready.wait();

    const CpuSample cpuBefore = sampleCpu();
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::seconds(seconds);
    deadlineNs.store(deadline.time_since_epoch().count());
    go.store(true);
    go.notify_all();

    // While the clients run, look for partial holds in committed state every 100 ms: each hold
    // commits all its seats at once, so a token holding some other number of seats is a bug.
    qint64 partialSeen = 0;
    while (holdsSeats && !stopRequested() && Clock::now() + std::chrono::milliseconds(100) < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto partial = m_admin->exec(
            QStringLiteral("SELECT count(*) FROM (SELECT held_by FROM showtime_seat WHERE showtime_id = ? "
                           "AND status = 'HELD' GROUP BY held_by HAVING count(*) <> ?) x"),
            {m_context.showtimeId, workload.k});
        if (partial && partial.value().next())
            partialSeen += partial.value().value(0).toLongLong();
    }
    for (auto& t : threads)
        t.join();
    const CpuSample cpuAfter = sampleCpu();

    Clock::time_point last = deadline;
    std::vector<float> holdMicros;
    std::vector<float> confirmMicros;
    qint64 holdTrips = 0;
    qint64 confirmTrips = 0;
    for (const ClientResult& r : results) {
        last = std::max(last, r.finished);
        result.attempts += r.attempts;
        result.granted += r.granted;
        result.conflicts += r.conflicts;
        result.errors += r.errors;
        result.confirms += r.confirms;
        result.confirmFailures += r.confirmFailures;
        holdTrips += r.holdTrips;
        confirmTrips += r.confirmTrips;
        result.counters.roundTrips += r.counters.roundTrips;
        result.counters.redisCalls += r.counters.redisCalls;
        result.counters.retries += r.counters.retries;
        result.counters.deadlocks += r.counters.deadlocks;
        result.counters.serialization += r.counters.serialization;
        holdMicros.insert(holdMicros.end(), r.holdMicros.begin(), r.holdMicros.end());
        confirmMicros.insert(confirmMicros.end(), r.confirmMicros.begin(), r.confirmMicros.end());
        if (result.firstError.isEmpty() && !r.firstError.isEmpty())
            result.firstError = r.firstError;
    }
    result.seconds = std::chrono::duration<double>(last - start).count();
    result.hold = percentilesOf(holdMicros);
    result.confirm = percentilesOf(confirmMicros);
    result.tripsPerHold = result.attempts > 0 ? double(holdTrips) / double(result.attempts) : 0;
    result.tripsPerConfirm = result.confirms > 0 ? double(confirmTrips) / double(result.confirms) : 0;
    result.clientCpu = (cpuAfter.process - cpuBefore.process) / std::max(result.seconds, 0.001);
    result.machineCpu = (cpuAfter.busy - cpuBefore.busy) / std::max(result.seconds, 0.001);
    if (holdsSeats) {
        if (partialSeen > 0) {
            result.violations += partialSeen;
            result.violationDetails << QStringLiteral("%1 partial holds seen while running").arg(partialSeen);
        }
        check(result, results);
    }
    return result;
}

void SeatBench::check(RunResult& result, const std::vector<ClientResult>& clients)
{
    qint64 confirmedSeats = 0;
    for (const ClientResult& r : clients) {
        confirmedSeats += r.confirmedSeats;
        if (r.doubleOwners + r.lostHolds > 0) {
            result.violations += r.doubleOwners + r.lostHolds;
            result.violationDetails << r.firstViolation;
        }
    }
    auto count = [this, &result](const QString& what, const QString& sql,
                                 const QVariantList& values) -> qint64 {
        auto rows = m_admin->exec(sql, values);
        if (!rows || !rows.value().next()) {
            result.violationDetails << QStringLiteral("cannot check %1").arg(what);
            ++result.violations;
            return -1;
        }
        return rows.value().value(0).toLongLong();
    };
    const int showtime = m_context.showtimeId;
    const qint64 partial = count(QStringLiteral("partial holds"),
                                 QStringLiteral("SELECT count(*) FROM (SELECT held_by FROM showtime_seat "
                                                "WHERE showtime_id = ? AND status = 'HELD' GROUP BY held_by "
                                                "HAVING count(*) <> ?) x"),
                                 {showtime, result.workload.k});
    if (partial > 0) {
        result.violations += partial;
        result.violationDetails << QStringLiteral("%1 partial holds after the run").arg(partial);
    }
    result.leftHeld = count(QStringLiteral("seats left held"),
                            QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = ? AND "
                                           "status = 'HELD'"),
                            {showtime});
    // Every reserved seat belongs to exactly one active line of its own confirmed booking, and
    // the reserved seats are exactly those the clients were told were sold.
    const qint64 orphans =
        count(QStringLiteral("reserved seats"),
              QStringLiteral(
                  "SELECT count(*) FROM showtime_seat ss WHERE ss.showtime_id = ? AND ss.status = 'RESERVED' "
                  "AND (SELECT count(*) FROM booking_seat bs JOIN booking b ON b.id = bs.booking_id "
                  "WHERE bs.showtime_id = ss.showtime_id AND bs.seat_id = ss.seat_id AND bs.active "
                  "AND b.status = 'CONFIRMED' AND b.id = ss.booking_id) <> 1"),
              {showtime});
    if (orphans > 0) {
        result.violations += orphans;
        result.violationDetails
            << QStringLiteral("%1 reserved seats without exactly one booking").arg(orphans);
    }
    const qint64 twice =
        count(QStringLiteral("double bookings"),
              QStringLiteral("SELECT count(*) FROM (SELECT seat_id FROM booking_seat WHERE "
                             "showtime_id = ? AND active GROUP BY seat_id HAVING count(*) > 1) x"),
              {showtime});
    if (twice > 0) {
        result.violations += twice;
        result.violationDetails << QStringLiteral("%1 seats in two active bookings").arg(twice);
    }
    const qint64 reserved =
        count(QStringLiteral("reserved count"),
              QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = ? AND "
                             "status = 'RESERVED'"),
              {showtime});
    if (reserved >= 0 && reserved != confirmedSeats) {
        result.violations += qAbs(reserved - confirmedSeats);
        result.violationDetails
            << QStringLiteral("%1 seats reserved, clients were told %2").arg(reserved).arg(confirmedSeats);
    }
}

QJsonObject SeatBench::machine()
{
    QJsonObject m;
    m[QStringLiteral("os")] = QSysInfo::prettyProductName();
    m[QStringLiteral("cores")] = QThread::idealThreadCount();
    QFile cpuinfo(QStringLiteral("/proc/cpuinfo"));
    if (cpuinfo.open(QIODevice::ReadOnly)) {
        for (const QByteArray& line : cpuinfo.readAll().split('\n')) {
            if (line.startsWith("model name")) {
                m[QStringLiteral("cpu")] = QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
                break;
            }
        }
    }
    const QStringList shown{QStringLiteral("server_version"),  QStringLiteral("synchronous_commit"),
                            QStringLiteral("fsync"),           QStringLiteral("shared_buffers"),
                            QStringLiteral("max_connections"), QStringLiteral("wal_sync_method")};
    for (const QString& setting : shown) {
        auto v = m_admin->exec(QStringLiteral("SELECT current_setting(?)"), {setting});
        if (v && v.value().next())
            m[setting] = v.value().value(0).toString();
    }
    if (m_redis)
        m[QStringLiteral("redis_version")] = m_redis->version();
    m[QStringLiteral("seconds_per_run")] = m_options.seconds;
    m[QStringLiteral("confirm_ratio")] = m_options.confirmRatio;
    return m;
}

QJsonObject toJson(const RunResult& r)
{
    return QJsonObject{
        {QStringLiteral("strategy"), r.strategy},
        {QStringLiteral("k"), r.workload.k},
        {QStringLiteral("choice"),
         r.workload.hotspot ? QStringLiteral("hotspot") : QStringLiteral("uniform")},
        {QStringLiteral("clients"), r.clients},
        {QStringLiteral("seconds"), r.seconds},
        {QStringLiteral("attempts"), r.attempts},
        {QStringLiteral("holds"), r.granted},
        {QStringLiteral("holds_per_s"), r.holdsPerSecond()},
        {QStringLiteral("seat_holds_per_s"), r.seatHoldsPerSecond()},
        {QStringLiteral("conflicts_per_s"), r.conflictsPerSecond()},
        {QStringLiteral("hold_p50_ms"), r.hold.p50},
        {QStringLiteral("hold_p95_ms"), r.hold.p95},
        {QStringLiteral("hold_p99_ms"), r.hold.p99},
        {QStringLiteral("hold_max_ms"), r.hold.max},
        {QStringLiteral("round_trips_per_hold"), r.tripsPerHold},
        {QStringLiteral("confirms"), r.confirms},
        {QStringLiteral("confirm_failures"), r.confirmFailures},
        {QStringLiteral("confirm_p50_ms"), r.confirm.p50},
        {QStringLiteral("confirm_p99_ms"), r.confirm.p99},
        {QStringLiteral("round_trips_per_confirm"), r.tripsPerConfirm},
        {QStringLiteral("retries"), r.counters.retries},
        {QStringLiteral("deadlocks"), r.counters.deadlocks},
        {QStringLiteral("serialization_failures"), r.counters.serialization},
        {QStringLiteral("errors"), r.errors},
        {QStringLiteral("first_error"), r.firstError},
        {QStringLiteral("violations"), r.violations},
        {QStringLiteral("violation_details"), QJsonArray::fromStringList(r.violationDetails)},
        {QStringLiteral("seats_left_held"), r.leftHeld},
        {QStringLiteral("ratio_to_limit"), r.ratioLimit},
        {QStringLiteral("ratio_to_conditional"), r.ratioConditional},
        {QStringLiteral("client_cpu_cores"), r.clientCpu},
        {QStringLiteral("machine_cpu_cores"), r.machineCpu},
    };
}

QString number(double v, int decimals = 0)
{
    return QLocale(QLocale::English).toString(v, 'f', decimals);
}

QString ms(double v)
{
    return v < 10 ? number(v, 2) : (v < 100 ? number(v, 1) : number(v, 0));
}

QString ratio(double v)
{
    return v > 0 ? number(v, 2) : QStringLiteral("–");
}

QJsonArray SeatBench::targets(const QList<RunResult>& runs) const
{
    QJsonArray out;
    auto add = [&out](const QString& target, bool met, const QString& measured) {
        out.append(QJsonObject{{QStringLiteral("target"), target},
                               {QStringLiteral("met"), met},
                               {QStringLiteral("measured"), measured}});
    };
    auto find = [&runs](const QString& strategy, const Workload& w, int clients) -> const RunResult* {
        for (const RunResult& r : runs) {
            if (r.strategy == strategy && r.workload.k == w.k && r.workload.hotspot == w.hotspot &&
                r.clients == clients)
                return &r;
        }
        return nullptr;
    };

    // 1. conditional ahead of every other strategy at 8, 32 and 64 clients, every workload.
    int points = 0;
    QStringList behind;
    double worst = 1e9;
    for (const RunResult& r : runs) {
        if (r.strategy == QLatin1String("conditional") || !r.holdsSeats || r.clients < 8)
            continue;
        const RunResult* ours = find(QStringLiteral("conditional"), r.workload, r.clients);
        if (!ours)
            continue;
        ++points;
        const double lead =
            r.seatHoldsPerSecond() > 0 ? ours->seatHoldsPerSecond() / r.seatHoldsPerSecond() : 1e9;
        worst = std::min(worst, lead);
        if (lead <= 1.0)
            behind << QStringLiteral("%1 at %2 c=%3 (%4×)")
                          .arg(r.strategy, r.workload.name())
                          .arg(r.clients)
                          .arg(ratio(lead));
    }
    if (points > 0)
        add(QStringLiteral("conditional ahead of every other strategy in seat-holds/s at ≥ 8 clients"),
            behind.isEmpty(),
            behind.isEmpty() ? QStringLiteral("ahead in %1 of %1 comparisons; smallest lead %2×")
                                   .arg(points)
                                   .arg(ratio(worst))
                             : QStringLiteral("behind in %1 of %2: %3")
                                   .arg(behind.size())
                                   .arg(points)
                                   .arg(behind.join(QStringLiteral("; "))));

    // 2. hot-spot p99 no worse than redis-multilock's.
    QStringList worse;
    int compared = 0;
    for (const RunResult& r : runs) {
        if (r.strategy != QLatin1String("redis-multilock") || !r.workload.hotspot || r.clients < 8)
            continue;
        const RunResult* ours = find(QStringLiteral("conditional"), r.workload, r.clients);
        if (!ours)
            continue;
        ++compared;
        if (ours->hold.p99 > r.hold.p99)
            worse << QStringLiteral("%1 c=%2: %3 vs %4 ms")
                         .arg(r.workload.name())
                         .arg(r.clients)
                         .arg(ms(ours->hold.p99), ms(r.hold.p99));
    }
    if (compared > 0)
        add(QStringLiteral("conditional hot-spot p99 ≤ redis-multilock's"), worse.isEmpty(),
            worse.isEmpty() ? QStringLiteral("%1 of %1 points").arg(compared)
                            : worse.join(QStringLiteral("; ")));

    // 3. no violation anywhere.
    qint64 violations = 0;
    for (const RunResult& r : runs)
        violations += r.violations;
    add(QStringLiteral("0 double bookings and 0 partial holds in every strategy and run"), violations == 0,
        QStringLiteral("%1 violations in %2 runs").arg(violations).arg(runs.size()));

    // 4. k=1 uniform at 32 clients: ≥ 40 % of limit.
    if (const RunResult* r = find(QStringLiteral("conditional"), Workload{1, false}, 32)) {
        add(QStringLiteral("conditional k=1 uniform, 32 clients: holds/s ≥ 0.40 × limit"),
            r->ratioLimit >= 0.40,
            QStringLiteral("%1 holds/s = %2 × limit")
                .arg(number(r->holdsPerSecond()))
                .arg(ratio(r->ratioLimit)));
    }

    // 5. p99 at 8 clients ≤ 5 ms.
    QStringList slow;
    int at8 = 0;
    double worstP99 = 0;
    for (const RunResult& r : runs) {
        if (r.strategy != QLatin1String("conditional") || r.clients != 8)
            continue;
        ++at8;
        worstP99 = std::max(worstP99, r.hold.p99);
        if (r.hold.p99 > 5.0)
            slow << QStringLiteral("%1: %2 ms").arg(r.workload.name(), ms(r.hold.p99));
    }
    if (at8 > 0)
        add(QStringLiteral("conditional p99 hold latency at 8 clients ≤ 5 ms"), slow.isEmpty(),
            slow.isEmpty() ? QStringLiteral("worst %1 ms over %2 workloads").arg(ms(worstP99)).arg(at8)
                           : slow.join(QStringLiteral("; ")));

    // 6. one round trip per hold and per confirm.
    double holdTrips = 0;
    double confirmTrips = 0;
    for (const RunResult& r : runs) {
        if (r.strategy != QLatin1String("conditional"))
            continue;
        holdTrips = std::max(holdTrips, r.tripsPerHold);
        confirmTrips = std::max(confirmTrips, r.tripsPerConfirm);
    }
    if (holdTrips > 0)
        add(QStringLiteral("conditional: one round trip per hold and per confirm"),
            holdTrips <= 1.0 && confirmTrips <= 1.0,
            QStringLiteral("%1 per hold, %2 per confirm%3")
                .arg(number(holdTrips, 2), number(confirmTrips, 2),
                     m_options.confirmRatio > 0 ? QString() : QStringLiteral(" (no confirms in this run)")));
    return out;
}

QString SeatBench::markdown(const QList<RunResult>& runs, const QJsonObject& machine,
                            const QJsonArray& targets) const
{
    QString md;
    QTextStream s(&md);
    s << "Machine: " << machine.value(QStringLiteral("cpu")).toString() << ", "
      << machine.value(QStringLiteral("cores")).toInt() << " cores, "
      << machine.value(QStringLiteral("os")).toString() << "; PostgreSQL "
      << machine.value(QStringLiteral("server_version")).toString()
      << " (synchronous_commit=" << machine.value(QStringLiteral("synchronous_commit")).toString()
      << ", fsync=" << machine.value(QStringLiteral("fsync")).toString()
      << ", shared_buffers=" << machine.value(QStringLiteral("shared_buffers")).toString() << ")";
    if (machine.contains(QStringLiteral("redis_version")))
        s << "; Redis " << machine.value(QStringLiteral("redis_version")).toString();
    s << "; " << m_options.seconds << " s per run, confirm ratio " << m_options.confirmRatio << ".\n\n";

    QList<QPair<int, bool>> seen;
    for (const RunResult& r : runs) {
        const QPair<int, bool> key{r.workload.k, r.workload.hotspot};
        if (seen.contains(key))
            continue;
        seen << key;
        s << "#### " << r.workload.name() << "\n\n"
          << "| strategy | clients | holds/s | seat-holds/s | conflicts/s | p50 ms | p95 ms | p99 ms | "
             "trips/hold "
             "| retries | deadlocks | serialization | errors | × limit | × conditional | violations |\n"
          << "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
        for (const RunResult& x : runs) {
            if (x.workload.k != key.first || x.workload.hotspot != key.second)
                continue;
            s << "| " << x.strategy << " | " << x.clients << " | " << number(x.holdsPerSecond()) << " | "
              << (x.holdsSeats ? number(x.seatHoldsPerSecond()) : QStringLiteral("–")) << " | "
              << (x.holdsSeats ? number(x.conflictsPerSecond()) : QStringLiteral("–")) << " | "
              << ms(x.hold.p50) << " | " << ms(x.hold.p95) << " | " << ms(x.hold.p99) << " | "
              << number(x.tripsPerHold, 1) << " | " << x.counters.retries << " | " << x.counters.deadlocks
              << " | " << x.counters.serialization << " | " << x.errors << " | "
              << (x.holdsSeats ? ratio(x.ratioLimit) : QStringLiteral("1.00")) << " | "
              << (x.holdsSeats ? ratio(x.ratioConditional) : QStringLiteral("–")) << " | "
              << (x.holdsSeats ? QString::number(x.violations) : QStringLiteral("–")) << " |\n";
        }
        s << '\n';
    }
    if (m_options.confirmRatio > 0) {
        s << "#### Confirms\n\n| strategy | workload | clients | confirms | failed | p50 ms | p99 ms | "
             "trips/confirm |\n"
          << "|---|---|--:|--:|--:|--:|--:|--:|\n";
        for (const RunResult& x : runs) {
            if (x.confirms == 0)
                continue;
            s << "| " << x.strategy << " | " << x.workload.name() << " | " << x.clients << " | " << x.confirms
              << " | " << x.confirmFailures << " | " << ms(x.confirm.p50) << " | " << ms(x.confirm.p99)
              << " | " << number(x.tripsPerConfirm, 1) << " |\n";
        }
        s << '\n';
    }
    s << "#### Targets\n\n| target | met | measured |\n|---|---|---|\n";
    for (const QJsonValue& t : targets) {
        const QJsonObject o = t.toObject();
        s << "| " << o.value(QStringLiteral("target")).toString() << " | "
          << (o.value(QStringLiteral("met")).toBool() ? "yes" : "**no**") << " | "
          << o.value(QStringLiteral("measured")).toString() << " |\n";
    }
    return md;
}

SeatBenchReport SeatBench::run(const ConnectionSettings& server, const QString& folder)
{
    SeatBenchReport report;
    QList<StrategyInfo> chosen;
    const QList<StrategyInfo> available = strategies();
    QStringList wanted = m_options.strategies;
    if (wanted.isEmpty()) {
        for (const StrategyInfo& s : available)
            wanted << s.name;
        const QString missing = missingStrategyReason(QStringLiteral("redis-multilock"));
        if (!missing.isEmpty())
            m_out << "note: " << missing << '\n';
    }
    for (const StrategyInfo& s : available) {
        if (wanted.contains(s.name))
            chosen << s;
    }
    for (const QString& name : wanted) {
        if (std::none_of(chosen.cbegin(), chosen.cend(),
                         [&name](const StrategyInfo& s) { return s.name == name; })) {
            const QString why = missingStrategyReason(name);
            report.failures << (why.isEmpty() ? QStringLiteral("unknown strategy '%1'").arg(name) : why);
        }
    }
    if (!report.failures.isEmpty())
        return report;

    // Whatever happens from here on, the benchmark's database goes (it may be on a server of
    // the user's, given with --db).
    const auto dropDatabase = qScopeGuard([this] {
        m_admin.reset();
        if (m_databaseName.isEmpty())
            return;
        if (auto maintenance = DbConnection::open(m_server, QStringLiteral("bench-admin")))
            (void)maintenance.value()->execScript(
                QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(m_databaseName));
    });
    if (Status prepared = prepare(server); !prepared) {
        report.failures << QStringLiteral("cannot prepare the benchmark database: %1 %2")
                               .arg(prepared.error().message, prepared.error().detail);
        return report;
    }
    const bool wantsRedis = std::any_of(chosen.cbegin(), chosen.cend(), [](const StrategyInfo& s) {
        return s.name == QLatin1String("redis-multilock");
    });
    if (wantsRedis) {
        auto redis = RedisServer::start(folder);
        if (!redis) {
            report.failures << redis.error().message;
        } else {
            m_redis = std::move(redis).value();
            m_context.redisHost = m_redis->host();
            m_context.redisPort = m_redis->port();
        }
    }
    const QJsonObject machineInfo = machine();
    const int maxClients = *std::max_element(m_options.clients.cbegin(), m_options.clients.cend());
    if (machineInfo.value(QStringLiteral("max_connections")).toString().toInt() < maxClients + 5)
        report.failures << QStringLiteral("the server allows %1 connections; %2 clients need %3")
                               .arg(machineInfo.value(QStringLiteral("max_connections")).toString())
                               .arg(maxClients)
                               .arg(maxClients + 5);
    if (!report.failures.isEmpty())
        return report;

    m_out << "# boxoffice-bench seats — " << machineInfo.value(QStringLiteral("cpu")).toString() << ", "
          << machineInfo.value(QStringLiteral("cores")).toInt() << " cores, PostgreSQL "
          << machineInfo.value(QStringLiteral("server_version")).toString()
          << ", synchronous_commit=" << machineInfo.value(QStringLiteral("synchronous_commit")).toString()
          << "\n";
    m_out.flush();

    QList<RunResult> runs;
    int runIndex = 0;
    for (int k : m_options.seatsPerRequest) {
        for (const QString& choice : m_options.choices) {
            const Workload workload{k, choice == QLatin1String("hotspot")};
            for (int clients : m_options.clients) {
                // One block per point: `limit` first, then each strategy, back to back, so the
                // ratios compare figures measured within a minute of each other.
                for (const StrategyInfo& strategy : chosen) {
                    if (stopRequested())
                        break;
                    RunResult r = measure(strategy.name, strategy.holdsSeats, workload, clients, ++runIndex);
                    m_out << QStringLiteral("%1 %2 c=%3: %4 holds/s, %5 seat-holds/s, %6 conflicts/s, "
                                            "p50/p95/p99 %7/%8/%9 ms, %10 trips, retries %11, deadlocks %12, "
                                            "errors %13, violations %14, cpu client %15 machine %16")
                                 .arg(strategy.name, -15)
                                 .arg(workload.name())
                                 .arg(clients)
                                 .arg(number(r.holdsPerSecond()), number(r.seatHoldsPerSecond()),
                                      number(r.conflictsPerSecond()), ms(r.hold.p50), ms(r.hold.p95),
                                      ms(r.hold.p99), number(r.tripsPerHold, 1))
                                 .arg(r.counters.retries)
                                 .arg(r.counters.deadlocks)
                                 .arg(r.errors)
                                 .arg(r.violations)
                                 .arg(number(r.clientCpu, 2), number(r.machineCpu, 2))
                          << '\n';
                    for (const QString& v : std::as_const(r.violationDetails))
                        m_out << "  VIOLATION: " << v << '\n';
                    if (!r.firstError.isEmpty())
                        m_out << "  first error: " << r.firstError << '\n';
                    m_out.flush();
                    if (r.attempts == 0 || r.errors * 100 > r.attempts || (r.holdsSeats && r.granted == 0))
                        report.failures << QStringLiteral("%1 %2 c=%3 did not run properly: %4 attempts, %5 "
                                                          "holds, %6 errors (%7)")
                                               .arg(strategy.name, workload.name())
                                               .arg(clients)
                                               .arg(r.attempts)
                                               .arg(r.granted)
                                               .arg(r.errors)
                                               .arg(r.firstError);
                    report.violations += int(r.violations);
                    runs << r;
                }
            }
        }
    }

    if (stopRequested())
        report.failures
            << QStringLiteral("interrupted: %1 runs measured, the rest not started").arg(runs.size());

    // Ratios within each block.
    for (RunResult& r : runs) {
        for (const RunResult& other : std::as_const(runs)) {
            if (other.workload.k != r.workload.k || other.workload.hotspot != r.workload.hotspot ||
                other.clients != r.clients)
                continue;
            if (other.strategy == QLatin1String("limit") && other.holdsPerSecond() > 0)
                r.ratioLimit = r.holdsPerSecond() / other.holdsPerSecond();
            if (other.strategy == QLatin1String("conditional") && other.seatHoldsPerSecond() > 0)
                r.ratioConditional = r.seatHoldsPerSecond() / other.seatHoldsPerSecond();
        }
    }

    const QJsonArray goals = targets(runs);
    QJsonArray all;
    for (const RunResult& r : std::as_const(runs))
        all.append(toJson(r));
    report.json = QJsonObject{{QStringLiteral("machine"), machineInfo},
                              {QStringLiteral("runs"), all},
                              {QStringLiteral("targets"), goals}};
    report.markdown = markdown(runs, machineInfo, goals);
    m_out << '\n' << report.markdown;
    m_out.flush();

    return report;
}

} // namespace

void requestStop()
{
    stopFlag.store(true);
}

bool stopRequested()
{
    return stopFlag.load();
}

SeatBenchReport runSeatBenchmarks(const ConnectionSettings& server, const SeatBenchOptions& options,
                                  const QString& folder, QTextStream& out)
{
    SeatBench bench(options, out);
    return bench.run(server, folder);
}

} // namespace bo::bench
