// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/seatreport.h"

#include <algorithm>

#include <QLocale>
#include <QPair>
#include <QTextStream>

namespace bo::bench {
namespace {

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

} // namespace

SeatReport::SeatReport(QList<RunResult> runs, QJsonObject machine, SeatBenchOptions options)
    : m_runs(std::move(runs))
    , m_machine(std::move(machine))
    , m_options(std::move(options))
{}

void SeatReport::setRatios(QList<RunResult>& runs)
{
    for (RunResult& r : runs) {
        for (const RunResult& other : std::as_const(runs)) {
            if (!other.samePoint(r))
                continue;
            if (other.strategy == QLatin1String("limit") && other.holdsPerSecond() > 0)
                r.ratioLimit = r.holdsPerSecond() / other.holdsPerSecond();
            if (other.strategy == QLatin1String("conditional") && other.seatHoldsPerSecond() > 0)
                r.ratioConditional = r.seatHoldsPerSecond() / other.seatHoldsPerSecond();
        }
    }
}

QString SeatReport::progressLine(const RunResult& r)
{
    return QStringLiteral("%1 %2 c=%3: %4 holds/s, %5 seat-holds/s, %6 conflicts/s, "
                          "p50/p95/p99 %7/%8/%9 ms, %10 trips, retries %11, deadlocks %12, "
                          "errors %13, violations %14, cpu client %15 machine %16")
        .arg(r.strategy, -15)
        .arg(r.workload.name())
        .arg(r.clients)
        .arg(number(r.holdsPerSecond()), number(r.seatHoldsPerSecond()), number(r.conflictsPerSecond()),
             ms(r.hold.p50), ms(r.hold.p95), ms(r.hold.p99), number(r.tripsPerHold, 1))
        .arg(r.counters.retries)
        .arg(r.counters.deadlocks)
        .arg(r.errors)
        .arg(r.violations)
        .arg(number(r.clientCpu, 2), number(r.machineCpu, 2));
}

const RunResult* SeatReport::find(const QString& strategy, const Workload& w, int clients) const
{
    for (const RunResult& r : m_runs) {
        if (r.strategy == strategy && r.workload.k == w.k && r.workload.hotspot == w.hotspot &&
            r.clients == clients)
            return &r;
    }
    return nullptr;
}

QJsonObject SeatReport::json() const
{
    QJsonArray all;
    for (const RunResult& r : m_runs)
        all.append(r.toJson());
    return QJsonObject{{QStringLiteral("machine"), m_machine},
                       {QStringLiteral("runs"), all},
                       {QStringLiteral("targets"), targets()}};
}

QJsonArray SeatReport::targets() const
{
    QJsonArray out;
    auto add = [&out](const QString& target, bool met, const QString& measured) {
        out.append(QJsonObject{{QStringLiteral("target"), target},
                               {QStringLiteral("met"), met},
                               {QStringLiteral("measured"), measured}});
    };

    // 1. conditional ahead of every other strategy at 8, 32 and 64 clients, every workload.
    int points = 0;
    QStringList behind;
    double worst = 1e9;
    for (const RunResult& r : m_runs) {
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
    for (const RunResult& r : m_runs) {
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
    for (const RunResult& r : m_runs)
        violations += r.violations;
    add(QStringLiteral("0 double bookings and 0 partial holds in every strategy and run"), violations == 0,
        QStringLiteral("%1 violations in %2 runs").arg(violations).arg(m_runs.size()));

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
    for (const RunResult& r : m_runs) {
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
    for (const RunResult& r : m_runs) {
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

QString SeatReport::markdown() const
{
    const QJsonObject& machine = m_machine;
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
    for (const RunResult& r : m_runs) {
        const QPair<int, bool> key{r.workload.k, r.workload.hotspot};
        if (seen.contains(key))
            continue;
        seen << key;
        s << "#### " << r.workload.name() << "\n\n"
          << "| strategy | clients | holds/s | seat-holds/s | conflicts/s | p50 ms | p95 ms | p99 ms | "
             "trips/hold "
             "| retries | deadlocks | serialization | errors | × limit | × conditional | violations |\n"
          << "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n";
        for (const RunResult& x : m_runs) {
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
        for (const RunResult& x : m_runs) {
            if (x.confirms == 0)
                continue;
            s << "| " << x.strategy << " | " << x.workload.name() << " | " << x.clients << " | " << x.confirms
              << " | " << x.confirmFailures << " | " << ms(x.confirm.p50) << " | " << ms(x.confirm.p99)
              << " | " << number(x.tripsPerConfirm, 1) << " |\n";
        }
        s << '\n';
    }
    s << "#### Targets\n\n| target | met | measured |\n|---|---|---|\n";
    const QJsonArray goals = targets();
    for (const auto& t : goals) {
        const QJsonObject o = t.toObject();
        s << "| " << o.value(QStringLiteral("target")).toString() << " | "
          << (o.value(QStringLiteral("met")).toBool() ? "yes" : "**no**") << " | "
          << o.value(QStringLiteral("measured")).toString() << " |\n";
    }
    return md;
}

} // namespace bo::bench
