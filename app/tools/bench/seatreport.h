// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include "app/tools/bench/runresult.h"
#include "app/tools/bench/seatbenchoptions.h"

namespace bo::bench {

/// The figures of a seat benchmark read against the targets of docs/BENCHMARKS.md, and written
/// as JSON, as Markdown tables and as one progress line per run.
class SeatReport final
{
public:
    SeatReport(QList<RunResult> runs, QJsonObject machine, SeatBenchOptions options);

    /// Fills every run's ratio to `limit` and to `conditional` measured in the same block.
    static void setRatios(QList<RunResult>& runs);
    /// The line printed when a run ends.
    [[nodiscard]] static QString progressLine(const RunResult& run);

    /// Each target with whether it was met and what was measured.
    [[nodiscard]] QJsonArray targets() const;
    /// Machine, runs and targets.
    [[nodiscard]] QJsonObject json() const;
    /// Machine, one table per workload, the confirms, the targets.
    [[nodiscard]] QString markdown() const;

private:
    [[nodiscard]] const RunResult* find(const QString& strategy, const Workload& workload, int clients) const;

    QList<RunResult> m_runs;
    QJsonObject m_machine;
    SeatBenchOptions m_options;
};

} // namespace bo::bench
