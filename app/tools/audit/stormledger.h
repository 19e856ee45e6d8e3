// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>

#include <QMap>
#include <QString>
#include <QStringList>

#include "model/core/result.h"

namespace bo::audit {

/// How many offending rows and answers a report keeps as samples.
inline constexpr int maxStormSamples = 40;

/// What every thread of the storm sees.
struct StormShared
{
    std::atomic<bool> stop{false};
    std::atomic<qint64> ops{0};
    std::atomic<qint64> violations{0};
};

/// What one thread did; merged into the report at the end.
struct StormLedger
{
    QMap<QString, qint64> ops;
    QMap<QString, qint64> violations;
    QStringList samples;
    QMap<QString, qint64> errors;
    QStringList errorSamples;

    void count(const QString& what, qint64 n = 1) { ops[what] += n; }
    void violation(StormShared& shared, const QString& what, const QString& detail);
    void error(const QString& op, const Error& e);
    void merge(const StormLedger& other);
};

/// The first line of a driver message (the rest is PL/pgSQL context).
[[nodiscard]] QString firstLine(const QString& text);

/// Sleeps `ms` (at most a slow customer's pause, 3 s) in slices, returning early when the storm stops.
void pauseStorm(const StormShared& shared, qint64 ms);

} // namespace bo::audit
