// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include "app/tools/bench/runresult.h"

namespace bo::bench {

/// One crowd run: one strategy (with its queue capacity, 0 = no queue) against one crowd.
struct CrowdResult
{
    QString strategy;
    int capacity = 0;
    int customers = 0;
    int hallSeats = 0;
    qint64 soldSeats = 0;
    qint64 sales = 0;        ///< customers who bought
    qint64 gaveUp = 0;       ///< found no block, or lost `tries` races
    qint64 timedOut = 0;     ///< still busy at the run's bound
    qint64 holdAttempts = 0; ///< granted + conflicts + errors
    qint64 holds = 0;        ///< granted
    qint64 conflicts = 0;
    qint64 errors = 0;
    qint64 confirmFailures = 0;
    double lastSaleS = 0;  ///< from the first arrival to the last confirmed sale
    double sellingS = 0;   ///< from the first arrival to the last customer done
    bool soldOut = false;  ///< no free seat left at the end
    Percentiles hold;      ///< every hold attempt, ms
    Percentiles queueWait; ///< arrival to admission, admitted customers of queued strategies, ms
    /// Queued: share of the admitted customers admitted before someone who surely joined the queue
    /// earlier (that join answered before theirs was sent) and was admitted later or never.
    double overtakenShare = -1;
    double holdOvertakenShare =
        0; ///< every strategy: share whose first hold came before an earlier arrival's
    std::optional<double> serverCpuS;
    double clientCpuS = 0;
    qint64 violations = 0;
    QStringList violationDetails;
    qint64 leftHeld = 0;
    QString firstError;

    [[nodiscard]] QString label() const;
    [[nodiscard]] double holdsPerSecond() const { return sellingS > 0 ? double(holds) / sellingS : 0; }
    [[nodiscard]] double conflictsPerSale() const
    {
        return sales > 0 ? double(conflicts) / double(sales) : 0;
    }
    [[nodiscard]] QJsonObject toJson() const;
    [[nodiscard]] static QString csvHeader();
    [[nodiscard]] QString csvRow() const;
};

} // namespace bo::bench
