// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdRun: one crowd run's set-up (the showtime reset, the crowd, the pool started, the CPU
// sampled around it) and its end (the queue's admission order, the database's checks). The
// customers' steps are CrowdDriver's (app/tools/bench/crowddriver.h), the figures
// addCrowdFigures's (app/tools/bench/crowdfigures.h).
#include "app/tools/bench/crowdrun.h"

#include <algorithm>
#include <latch>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include <QHash>
#include <QUuid>

#ifdef Q_OS_LINUX
#include <sys/resource.h>
#endif

#include "app/tools/bench/benchdatabase.h"
#include "app/tools/bench/clustercpu.h"
#include "app/tools/bench/crowddriver.h"
#include "app/tools/bench/crowdfigures.h"
#include "app/tools/bench/crowdhall.h"
#include "app/tools/bench/steadyclock.h"
#include "model/payments/simulatedpayments.h"

namespace bo::bench {
namespace {

constexpr int closingBoundMs = 30000; // after the run's bound, the busy customers' last steps

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
    std::vector<CrowdCustomer> customers(static_cast<size_t>(customerCount));
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
    std::vector<CrowdTally> tallies(static_cast<size_t>(poolSize));
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
    for (const CrowdCustomer& c : customers)
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
            for (CrowdCustomer& c : customers)
                c.admissionOrder = orders.value().value(c.token, -1);
        }
        (void)m_database.setQueueCapacity(0);
    }

    addCrowdFigures(result, tallies, customers, capacity);
    result.soldSeats = driver.soldSeats();
    result.lastSaleS = double(driver.lastSaleNs()) / 1e9;
    result.soldOut = m_hall.freeSeats() == 0;

    const SeatCheck checked = m_database.check(0, result.soldSeats);
    result.violations += checked.violations;
    result.violationDetails += checked.details;
    result.leftHeld = checked.leftHeld;
    return result;
}

} // namespace bo::bench
