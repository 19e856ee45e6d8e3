// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdrun.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <latch>
#include <limits>
#include <mutex>
#include <optional>
#include <queue>
#include <random>
#include <thread>
#include <tuple>
#include <vector>

#include <QSet>
#include <QUuid>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/clustercpu.h"
#include "app/tools/bench/crowdhall.h"
#include "app/tools/bench/steadyclock.h"
#include "app/tools/bench/stopflag.h"
#include "app/tools/bench/strategies.h"
#include "model/payments/simulatedpayments.h"

namespace bo::bench {
namespace {

using Steady = std::chrono::steady_clock;

constexpr qint64 priceMinor = 12000;    // one adult ticket of the demo's standard list, KRW
constexpr int closingBoundMs = 30000;   // after the run's bound, the busy customers' last steps
constexpr int paymentTimeoutMs = 10000; // the simulated terminal answers at once (see pay())

double processCpuSeconds()
{
#ifdef Q_OS_LINUX
    rusage usage{};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
        return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
               double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
#endif
    return 0;
}

/// One customer of the crowd: a state machine whose steps the pool threads run one at a time.
struct Customer
{
    enum class Stage { Arrive, Wait, Choose, Pay, Confirm, Done };

    int index = 0; ///< arrival order
    int want = 1;  ///< seats, adjacent
    qint64 arrivalNs = 0;
    Stage stage = Stage::Arrive;
    QUuid token = QUuid::createUuid();
    QUuid paymentKey;
    QList<int> positions; ///< the held block, hall positions
    QSet<int> refused;
    int tries = 0;
    qint64 arrivedNs = -1; ///< when its first step ran (the join was sent), from the run's start
    qint64 joinedNs = -1;  ///< when the queue answered the join
    qint64 admittedNs = -1;
    qint64 admissionOrder = -1; ///< the queue's own count of admissions before this customer's
    qint64 firstHoldNs = -1;
    qint64 doneNs = -1;
    bool joined = false;
    bool sold = false;
    bool gaveUp = false;
    bool timedOut = false;
};

/// The timed steps due, earliest first; the pool threads take them as they fall due.
class Agenda final
{
public:
    void push(qint64 dueNs, int customer)
    {
        {
            std::lock_guard lock(m_mutex);
            m_due.push({dueNs, customer});
        }
        m_wake.notify_one();
    }
    /// The next due customer, waiting for it; nothing once quit.
    std::optional<int> next()
    {
        std::unique_lock lock(m_mutex);
        for (;;) {
            if (m_quit)
                return std::nullopt;
            if (m_due.empty()) {
                m_wake.wait(lock);
                continue;
            }
            const Entry top = m_due.top();
            if (m_closing || top.dueNs <= nowNs()) {
                m_due.pop();
                return top.customer;
            }
            m_wake.wait_until(lock, Steady::time_point(std::chrono::nanoseconds(top.dueNs)));
        }
    }
    void finished()
    {
        {
            std::lock_guard lock(m_mutex);
            ++m_done;
        }
        m_allDone.notify_all();
    }
    /// Waits until `customers` are done or `untilNs` passes; true when all are done.
    bool waitDone(int customers, qint64 untilNs)
    {
        std::unique_lock lock(m_mutex);
        while (m_done < customers && nowNs() < untilNs && !stopRequested())
            m_allDone.wait_for(lock, std::chrono::milliseconds(50));
        return m_done >= customers;
    }
    /// Every step still on the agenda is run at once, as the customer's last.
    void close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closing = true;
        }
        m_wake.notify_all();
    }
    [[nodiscard]] bool closing()
    {
        std::lock_guard lock(m_mutex);
        return m_closing;
    }
    void quit()
    {
        {
            std::lock_guard lock(m_mutex);
            m_quit = true;
        }
        m_wake.notify_all();
    }

private:
    struct Entry
    {
        qint64 dueNs;
        int customer;
        bool operator>(const Entry& o) const
        {
            return dueNs > o.dueNs || (dueNs == o.dueNs && customer > o.customer);
        }
    };
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_allDone;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> m_due;
    int m_done = 0;
    bool m_closing = false;
    bool m_quit = false;
};

/// What one pool thread counted.
struct PoolTally
{
    std::vector<float> holdMicros;
    qint64 holdAttempts = 0;
    qint64 holds = 0;
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirmFailures = 0;
    qint64 doubleOwners = 0;
    qint64 lostHolds = 0;
    QString firstError;
    QString firstViolation;
};

/// Everything of one run the pool threads share.
class CrowdDriver final
{
public:
    CrowdDriver(CrowdHall& hall, const CrowdOptions& options, std::vector<Customer>& customers,
                qint64 startNs, int runIndex)
        : m_hall(hall)
        , m_options(options)
        , m_customers(customers)
        , m_startNs(startNs)
        , m_runIndex(runIndex)
    {}

    Agenda& agenda() { return m_agenda; }
    [[nodiscard]] qint64 soldSeats() const { return m_soldSeats.load(); }
    /// The last confirmed sale, from the run's start.
    [[nodiscard]] qint64 lastSaleNs() const { return m_lastSaleNs.load(); }

    /// One pool thread: its own client, gateway and admission handle; steps until quit.
    void serve(const QString& strategy, const StrategyContext& context,
               const CrowdAdmissionFactory& admission, SimulatedPaymentService& payments, int index,
               PoolTally& tally, std::latch& ready, std::latch& sampled)
    {
        Kit kit{nullptr, payments.factory()(), nullptr, tally,
                std::mt19937_64(quint64(m_options.seed) * 7919ULL + quint64(m_runIndex) * 131ULL +
                                quint64(index))};
        auto connected = connectClient(strategy, context, 1000 + index);
        if (!connected)
            note(tally, QStringLiteral("connect: "), connected.error());
        else
            kit.client = std::move(connected).value();
        if (admission) {
            auto made = admission(index);
            if (!made)
                note(tally, QStringLiteral("admission: "), made.error());
            else
                kit.admission = std::move(made).value();
        }
        if (kit.client) {
            // Warm up: statements prepared, caches filled, on a seat at the back that ends free.
            const QList<int> seat{m_hall.seatId(m_hall.size() - 1 - index % m_hall.size())};
            const QUuid token = QUuid::createUuid();
            const Result<HoldDecision> held = kit.client->hold(seat, token);
            if (held && held.value().granted)
                (void)kit.client->release(seat, token);
        }
        ready.count_down();
        if (kit.client && (!admission || kit.admission)) {
            while (const std::optional<int> c = m_agenda.next())
                step(m_customers[size_t(*c)], kit);
        }
        sampled.wait(); // the server's CPU is read while the connections are still open
        kit.admission.reset();
        kit.client.reset(); // closed on the thread that opened it
    }

private:
    struct Kit
    {
        std::unique_ptr<StrategyClient> client;
        std::unique_ptr<PaymentGateway> gateway;
        std::unique_ptr<CrowdAdmission> admission;
        PoolTally& tally;
        std::mt19937_64 random;
    };

    qint64 sinceStart() const { return nowNs() - m_startNs; }
    qint64 scaledNs(Kit& kit, int lowMs, int highMs) const
    {
        std::uniform_int_distribution<int> ms(lowMs, highMs);
        return qint64(double(ms(kit.random)) * m_options.thinkScale * 1e6);
    }
    qint64 pollNs() const { return qint64(m_options.pollMs) * 1'000'000; }

    static void note(PoolTally& tally, const QString& what, const Error& e)
    {
        if (tally.firstError.isEmpty())
            tally.firstError =
                what + e.message + (e.detail.isEmpty() ? QString() : QLatin1Char(' ') + e.detail);
    }

    void step(Customer& c, Kit& kit)
    {
        if (m_agenda.closing()) {
            close(c, kit);
            return;
        }
        switch (c.stage) {
        case Customer::Stage::Arrive:
            arrive(c, kit);
            break;
        case Customer::Stage::Wait:
            wait(c, kit);
            break;
        case Customer::Stage::Choose:
            choose(c, kit);
            break;
        case Customer::Stage::Pay:
            pay(c, kit);
            break;
        case Customer::Stage::Confirm:
            confirm(c, kit);
            break;
        case Customer::Stage::Done:
            break;
        }
    }

    void arrive(Customer& c, Kit& kit)
    {
        c.arrivedNs = sinceStart();
        if (!kit.admission) {
            choose(c, kit);
            return;
        }
        const Result<AdmissionState> joined = kit.admission->join(c.token);
        if (!joined) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("queue join: "), joined.error());
            finish(c, kit);
            return;
        }
        c.joined = true;
        c.joinedNs = sinceStart();
        admitted(c, kit, joined.value());
    }

    void wait(Customer& c, Kit& kit)
    {
        const Result<AdmissionState> polled = kit.admission->poll(c.token);
        if (!polled) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("queue poll: "), polled.error());
            finish(c, kit);
            return;
        }
        admitted(c, kit, polled.value());
    }

    void admitted(Customer& c, Kit& kit, const AdmissionState& state)
    {
        if (!state.admitted) {
            c.stage = Customer::Stage::Wait;
            m_agenda.push(nowNs() + pollNs(), c.index);
            return;
        }
        c.admittedNs = sinceStart();
        c.admissionOrder = state.order;
        choose(c, kit);
    }

    void choose(Customer& c, Kit& kit)
    {
        c.positions = m_hall.pick(c.want, c.refused, kit.random);
        if (c.positions.isEmpty()) {
            c.gaveUp = true; // nothing left that suits: sold out for this customer
            finish(c, kit);
            return;
        }
        const QList<int> seats = m_hall.seatIds(c.positions);
        ++c.tries;
        ++kit.tally.holdAttempts;
        const auto started = Steady::now();
        const Result<HoldDecision> held = kit.client->hold(seats, c.token);
        kit.tally.holdMicros.push_back(
            std::chrono::duration<float, std::micro>(Steady::now() - started).count());
        if (held && held.value().granted) {
            ++kit.tally.holds;
            if (const int taken = m_hall.claim(c.positions, c.index + 1); taken > 0) {
                kit.tally.doubleOwners += taken;
                if (kit.tally.firstViolation.isEmpty())
                    kit.tally.firstViolation =
                        QStringLiteral("customer %1 was granted %2 seats someone else held")
                            .arg(c.index)
                            .arg(taken);
            }
            if (c.firstHoldNs < 0)
                c.firstHoldNs = sinceStart();
            c.stage = Customer::Stage::Pay;
            m_agenda.push(nowNs() + scaledNs(kit, 15000, 45000), c.index);
            return;
        }
        if (!held) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("hold: "), held.error());
        } else {
            ++kit.tally.conflicts;
        }
        for (int p : std::as_const(c.positions))
            c.refused.insert(p);
        c.positions.clear();
        if (c.tries >= m_options.tries) {
            c.gaveUp = true;
            finish(c, kit);
            return;
        }
        c.stage = Customer::Stage::Choose;
        m_agenda.push(nowNs() + scaledNs(kit, 1500, 3000), c.index);
    }

    /// The card is presented: the simulated terminal authorises at once (its answer delay is
    /// zero), and the customer's time at the terminal is the agenda's wait before the confirm,
    /// so no pool thread sleeps through it.
    void pay(Customer& c, Kit& kit)
    {
        c.paymentKey = QUuid::createUuid();
        AuthoriseRequest request;
        request.key = c.paymentKey;
        request.amountMinor = priceMinor * c.want;
        request.currency = QStringLiteral("KRW");
        request.saleReference = c.token.toString(QUuid::WithoutBraces);
        request.terminalId = QStringLiteral("crowd");
        request.timeoutMs = paymentTimeoutMs;
        const GatewayReply reply = kit.gateway->authorise(request);
        if (reply.outcome != GatewayOutcome::Done) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("authorise: "), makeError(ErrorCode::Internal, reply.reason));
            release(c, kit);
            finish(c, kit);
            return;
        }
        c.stage = Customer::Stage::Confirm;
        m_agenda.push(nowNs() + scaledNs(kit, 5000, 15000), c.index);
    }

    void confirm(Customer& c, Kit& kit)
    {
        const Status confirmed =
            kit.client->confirm(m_hall.seatIds(c.positions), c.token, QUuid::createUuid());
        if (confirmed) {
            (void)kit.gateway->capture(c.paymentKey, priceMinor * c.want, paymentTimeoutMs);
            c.sold = true;
            m_soldSeats += c.positions.size();
            qint64 last = m_lastSaleNs.load();
            const qint64 now = sinceStart();
            while (now > last && !m_lastSaleNs.compare_exchange_weak(last, now)) {
            }
        } else {
            ++kit.tally.confirmFailures;
            note(kit.tally, QStringLiteral("confirm: "), confirmed.error());
            (void)kit.gateway->voidPayment(c.paymentKey, paymentTimeoutMs);
            release(c, kit);
        }
        finish(c, kit);
    }

    /// The run's bound came: let go of what the customer holds and leave.
    void close(Customer& c, Kit& kit)
    {
        if (c.stage == Customer::Stage::Pay || c.stage == Customer::Stage::Confirm) {
            if (!c.paymentKey.isNull())
                (void)kit.gateway->voidPayment(c.paymentKey, paymentTimeoutMs);
            release(c, kit);
        }
        c.timedOut = true;
        finish(c, kit);
    }

    void release(Customer& c, Kit& kit)
    {
        if (c.positions.isEmpty())
            return;
        // Off the map before the release is sent: until it commits nobody can take them.
        m_hall.vacate(c.positions);
        const Result<int> freed = kit.client->release(m_hall.seatIds(c.positions), c.token);
        if (!freed) {
            ++kit.tally.errors;
            note(kit.tally, QStringLiteral("release: "), freed.error());
        } else if (freed.value() != c.positions.size()) {
            ++kit.tally.lostHolds;
            if (kit.tally.firstViolation.isEmpty())
                kit.tally.firstViolation = QStringLiteral("release of a %1-seat hold found %2 seats held")
                                               .arg(c.positions.size())
                                               .arg(freed.value());
        }
        c.positions.clear();
    }

    void finish(Customer& c, Kit& kit)
    {
        if (c.joined && kit.admission) {
            if (Status left = kit.admission->leave(c.token); !left) {
                ++kit.tally.errors;
                note(kit.tally, QStringLiteral("queue leave: "), left.error());
            }
        }
        c.stage = Customer::Stage::Done;
        c.doneNs = sinceStart();
        m_agenda.finished();
    }

    CrowdHall& m_hall;
    const CrowdOptions& m_options;
    std::vector<Customer>& m_customers;
    const qint64 m_startNs;
    const int m_runIndex;
    Agenda m_agenda;
    std::atomic<qint64> m_soldSeats{0};
    std::atomic<qint64> m_lastSaleNs{0};
};

/// Arrival offsets from the start (ns), earliest first.
std::vector<qint64> arrivals(const CrowdOptions& options, int customers, std::mt19937_64& random)
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<qint64> at;
    at.reserve(size_t(customers));
    const double window = options.arrivalSeconds * 1e9;
    for (int i = 0; i < customers; ++i) {
        const double u = unit(random);
        switch (options.arrival) {
        case ArrivalCurve::Uniform:
            at.push_back(qint64(window * u));
            break;
        case ArrivalCurve::Front:
            at.push_back(qint64(window * u * u));
            break;
        case ArrivalCurve::Burst:
            at.push_back(qint64(window * 0.1 * u));
            break;
        }
    }
    std::sort(at.begin(), at.end());
    return at;
}

/// Share of the customers served before someone who arrived earlier and was served later or
/// never: `visits` are (arrived, served) pairs, served < 0 for never.
double overtakenShare(std::vector<std::pair<qint64, qint64>> visits)
{
    if (visits.empty())
        return 0;
    std::sort(visits.begin(), visits.end());
    qint64 latestBefore = -1; // the latest service among earlier arrivals (max = never served)
    qint64 overtaking = 0;
    for (const auto& visit : visits) {
        const qint64 s = visit.second;
        const qint64 when = s < 0 ? std::numeric_limits<qint64>::max() : s;
        if (s >= 0 && latestBefore > s)
            ++overtaking;
        latestBefore = std::max(latestBefore, when);
    }
    return double(overtaking) / double(visits.size());
}

/// Share of the admitted customers admitted before someone who had surely joined before them (the
/// earlier join answered before the later one was sent) and was admitted after them or never:
/// `joins` are (sent, answered, admission order) with order < 0 for never admitted.
double admittedOutOfTurn(std::vector<std::tuple<qint64, qint64, qint64>> joins)
{
    std::sort(joins.begin(), joins.end());
    qint64 outOfTurn = 0;
    qint64 admitted = 0;
    for (size_t b = 0; b < joins.size(); ++b) {
        const auto& [sentB, answeredB, orderB] = joins[b];
        if (orderB < 0)
            continue;
        ++admitted;
        for (size_t a = 0; a < b; ++a) {
            const auto& [sentA, answeredA, orderA] = joins[a];
            if (answeredA < sentB && (orderA < 0 || orderA > orderB)) {
                ++outOfTurn;
                break;
            }
        }
    }
    return admitted > 0 ? double(outOfTurn) / double(admitted) : 0;
}

} // namespace

CrowdRun::CrowdRun(BenchDatabase& database, CrowdHall& hall, StrategyContext context, CrowdOptions options,
                   QString serverData)
    : m_database(database)
    , m_hall(hall)
    , m_context(std::move(context))
    , m_options(std::move(options))
    , m_serverData(std::move(serverData))
{}

CrowdResult CrowdRun::measure(const QString& client, const QString& label, int capacity,
                              const CrowdAdmissionFactory& admission, bool databaseQueue, int customerCount,
                              int runIndex)
{
    CrowdResult result;
    result.strategy = label;
    result.capacity = capacity;
    result.customers = customerCount;
    result.hallSeats = m_hall.size();
    if (Status s = m_database.reset(); !s) {
        result.firstError = QStringLiteral("reset failed: ") + s.error().message;
        return result;
    }
    m_hall.clear();
    if (databaseQueue) {
        if (Status s = m_database.setQueueCapacity(capacity); !s) {
            result.firstError =
                QStringLiteral("queue capacity: ") + s.error().message + QLatin1Char(' ') + s.error().detail;
            return result;
        }
    }

    // The same crowd for every strategy of one size: this seed does not depend on the strategy.
    std::mt19937_64 random(quint64(m_options.seed) * 1000003ULL + quint64(customerCount));
    std::vector<Customer> customers(static_cast<size_t>(customerCount));
    const std::vector<qint64> arriving = arrivals(m_options, customerCount, random);
    std::discrete_distribution<int> party({30, 40, 15, 15}); // 1, 2, 3 or 4 seats
    for (int i = 0; i < customerCount; ++i) {
        customers[size_t(i)].index = i;
        customers[size_t(i)].want = 1 + party(random);
        customers[size_t(i)].arrivalNs = arriving[size_t(i)];
    }

    SimulatedPaymentService payments;
    payments.setDelayMs(0);
    const int poolSize = std::min(m_options.pool, customerCount);
    std::vector<PoolTally> tallies(static_cast<size_t>(poolSize));
    std::latch ready(poolSize);
    std::latch sampled(1);
    const qint64 startNs = nowNs() + 500'000'000; // the pool connects first
    CrowdDriver driver(m_hall, m_options, customers, startNs, runIndex);
    std::vector<std::thread> pool;
    pool.reserve(size_t(poolSize));
    for (int i = 0; i < poolSize; ++i)
        pool.emplace_back([&, i] {
            driver.serve(client, m_context, admission, payments, i, tallies[size_t(i)], ready, sampled);
        });
    ready.wait();
    const std::optional<double> serverBefore = clusterCpuSeconds(m_serverData);
    const double clientBefore = processCpuSeconds();
    for (const Customer& c : customers)
        driver.agenda().push(startNs + c.arrivalNs, c.index);

    const bool allDone =
        driver.agenda().waitDone(customerCount, startNs + qint64(m_options.maxSeconds) * 1'000'000'000);
    if (!allDone) {
        driver.agenda().close();
        (void)driver.agenda().waitDone(customerCount, nowNs() + qint64(closingBoundMs) * 1'000'000);
    }
    const std::optional<double> serverAfter = clusterCpuSeconds(m_serverData);
    result.clientCpuS = processCpuSeconds() - clientBefore;
    driver.agenda().quit();
    sampled.count_down();
    for (std::thread& t : pool)
        t.join();
    if (serverBefore && serverAfter)
        result.serverCpuS = *serverAfter - *serverBefore;
    if (databaseQueue) {
        // The queue's own admission order, from its table (the answers carry none).
        const Result<QHash<QUuid, qint64>> orders = m_database.admissionOrders();
        if (!orders) {
            result.violations += 1;
            result.violationDetails
                << QStringLiteral("cannot read the admission order: %1").arg(orders.error().detail);
        } else {
            for (Customer& c : customers)
                c.admissionOrder = orders.value().value(c.token, -1);
        }
        (void)m_database.setQueueCapacity(0);
    }

    std::vector<float> holdMicros;
    for (PoolTally& t : tallies) {
        holdMicros.insert(holdMicros.end(), t.holdMicros.begin(), t.holdMicros.end());
        result.holdAttempts += t.holdAttempts;
        result.holds += t.holds;
        result.conflicts += t.conflicts;
        result.errors += t.errors;
        result.confirmFailures += t.confirmFailures;
        if (t.doubleOwners + t.lostHolds > 0) {
            result.violations += t.doubleOwners + t.lostHolds;
            result.violationDetails << t.firstViolation;
        }
        if (result.firstError.isEmpty())
            result.firstError = t.firstError;
    }
    result.hold = percentilesOf(holdMicros);
    std::vector<float> waitMicros;
    std::vector<std::tuple<qint64, qint64, qint64>> joins;
    std::vector<std::pair<qint64, qint64>> firstHoldAt;
    qint64 lastDone = 0;
    for (const Customer& c : customers) {
        result.sales += c.sold ? 1 : 0;
        result.gaveUp += c.gaveUp ? 1 : 0;
        result.timedOut += c.stage != Customer::Stage::Done || c.timedOut ? 1 : 0;
        lastDone = std::max(lastDone, c.doneNs);
        if (c.admittedNs >= 0)
            waitMicros.push_back(float(double(c.admittedNs - c.arrivedNs) / 1000.0));
        // Arrival is when the customer's first step ran (the join was sent), not when it was due.
        const qint64 arrived = c.arrivedNs >= 0 ? c.arrivedNs : c.arrivalNs;
        if (c.joinedNs >= 0)
            joins.emplace_back(c.arrivedNs, c.joinedNs, c.admissionOrder);
        firstHoldAt.emplace_back(arrived, c.firstHoldNs);
    }
    result.soldSeats = driver.soldSeats();
    result.lastSaleS = double(driver.lastSaleNs()) / 1e9;
    result.sellingS = double(lastDone) / 1e9;
    result.soldOut = m_hall.freeSeats() == 0;
    if (capacity > 0) {
        result.queueWait = percentilesOf(waitMicros);
        result.overtakenShare = admittedOutOfTurn(joins);
    }
    result.holdOvertakenShare = overtakenShare(firstHoldAt);

    const SeatCheck checked = m_database.check(0, result.soldSeats);
    result.violations += checked.violations;
    result.violationDetails += checked.details;
    result.leftHeld = checked.leftHeld;
    return result;
}

} // namespace bo::bench
