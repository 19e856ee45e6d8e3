// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdresult.h"

#include <QJsonArray>

namespace bo::bench {
namespace {

QString number(double v, int decimals = 3)
{
    return QString::number(v, 'f', decimals);
}

} // namespace

QString CrowdResult::label() const
{
    return capacity > 0 ? QStringLiteral("%1/%2").arg(strategy).arg(capacity) : strategy;
}

QJsonObject CrowdResult::toJson() const
{
    QJsonObject o{
        {QStringLiteral("strategy"), strategy},
        {QStringLiteral("capacity"), capacity},
        {QStringLiteral("customers"), customers},
        {QStringLiteral("hall_seats"), hallSeats},
        {QStringLiteral("sold_seats"), soldSeats},
        {QStringLiteral("sales"), sales},
        {QStringLiteral("gave_up"), gaveUp},
        {QStringLiteral("timed_out"), timedOut},
        {QStringLiteral("sold_out"), soldOut},
        {QStringLiteral("last_sale_s"), lastSaleS},
        {QStringLiteral("selling_s"), sellingS},
        {QStringLiteral("hold_attempts"), holdAttempts},
        {QStringLiteral("holds"), holds},
        {QStringLiteral("holds_per_s"), holdsPerSecond()},
        {QStringLiteral("conflicts"), conflicts},
        {QStringLiteral("conflicts_per_sale"), conflictsPerSale()},
        {QStringLiteral("errors"), errors},
        {QStringLiteral("confirm_failures"), confirmFailures},
        {QStringLiteral("hold_p50_ms"), hold.p50},
        {QStringLiteral("hold_p95_ms"), hold.p95},
        {QStringLiteral("hold_p99_ms"), hold.p99},
        {QStringLiteral("hold_max_ms"), hold.max},
        {QStringLiteral("hold_overtaken_share"), holdOvertakenShare},
        {QStringLiteral("client_cpu_s"), clientCpuS},
        {QStringLiteral("violations"), violations},
        {QStringLiteral("violation_details"), QJsonArray::fromStringList(violationDetails)},
        {QStringLiteral("left_held"), leftHeld},
    };
    if (capacity > 0) {
        o[QStringLiteral("queue_wait_p50_ms")] = queueWait.p50;
        o[QStringLiteral("queue_wait_p99_ms")] = queueWait.p99;
        o[QStringLiteral("admission_overtaken_share")] = overtakenShare;
    }
    if (serverCpuS)
        o[QStringLiteral("server_cpu_s")] = *serverCpuS;
    if (!firstError.isEmpty())
        o[QStringLiteral("first_error")] = firstError;
    return o;
}

QString CrowdResult::csvHeader()
{
    return QStringLiteral(
        "strategy,capacity,customers,hall_seats,sold_seats,sales,gave_up,timed_out,sold_out,last_sale_s,"
        "selling_s,hold_attempts,holds,holds_per_s,conflicts,conflicts_per_sale,errors,confirm_failures,"
        "hold_p50_ms,hold_p95_ms,hold_p99_ms,hold_max_ms,queue_wait_p50_ms,queue_wait_p99_ms,"
        "admission_overtaken_share,hold_overtaken_share,server_cpu_s,client_cpu_s,violations");
}

QString CrowdResult::csvRow() const
{
    const bool queued = capacity > 0;
    return QStringList{strategy,
                       QString::number(capacity),
                       QString::number(customers),
                       QString::number(hallSeats),
                       QString::number(soldSeats),
                       QString::number(sales),
                       QString::number(gaveUp),
                       QString::number(timedOut),
                       soldOut ? QStringLiteral("1") : QStringLiteral("0"),
                       number(lastSaleS),
                       number(sellingS),
                       QString::number(holdAttempts),
                       QString::number(holds),
                       number(holdsPerSecond(), 1),
                       QString::number(conflicts),
                       number(conflictsPerSale()),
                       QString::number(errors),
                       QString::number(confirmFailures),
                       number(hold.p50),
                       number(hold.p95),
                       number(hold.p99),
                       number(hold.max),
                       queued ? number(queueWait.p50) : QString(),
                       queued ? number(queueWait.p99) : QString(),
                       queued ? number(overtakenShare, 4) : QString(),
                       number(holdOvertakenShare, 4),
                       serverCpuS ? number(*serverCpuS, 2) : QString(),
                       number(clientCpuS, 2),
                       QString::number(violations)}
        .join(QLatin1Char(','));
}

} // namespace bo::bench
