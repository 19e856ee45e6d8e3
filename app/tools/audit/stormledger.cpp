// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/stormledger.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include <QDeadlineTimer>

namespace bo::audit {
namespace {

constexpr int longestPauseMs = 3000; // a slow customer's pause, at most

} // namespace

QString firstLine(const QString& text)
{
    return text.section(QLatin1Char('\n'), 0, 0);
}

void StormLedger::violation(StormShared& shared, const QString& what, const QString& detail)
{
    ++violations[what];
    ++shared.violations;
    if (samples.size() < maxStormSamples)
        samples << what + QStringLiteral(": ") + detail;
}

void StormLedger::error(const QString& op, const Error& e)
{
    const QString key = op + QLatin1Char(':') + QLatin1String(errorCodeName(e.code));
    ++errors[key];
    if (errorSamples.size() < maxStormSamples)
        errorSamples << key + QStringLiteral(" ") + firstLine(e.detail);
}

void StormLedger::merge(const StormLedger& other)
{
    for (auto it = other.ops.cbegin(); it != other.ops.cend(); ++it)
        ops[it.key()] += it.value();
    for (auto it = other.violations.cbegin(); it != other.violations.cend(); ++it)
        violations[it.key()] += it.value();
    for (auto it = other.errors.cbegin(); it != other.errors.cend(); ++it)
        errors[it.key()] += it.value();
    samples += other.samples.mid(0, std::max<qsizetype>(0, maxStormSamples - samples.size()));
    errorSamples += other.errorSamples.mid(0, std::max<qsizetype>(0, maxStormSamples - errorSamples.size()));
}

void pauseStorm(const StormShared& shared, qint64 ms)
{
    QDeadlineTimer until(std::clamp<qint64>(ms, 0, longestPauseMs));
    while (!until.hasExpired() && !shared.stop.load()) {
        const qint64 slice = std::min<qint64>(until.remainingTime(), 50);
        std::this_thread::sleep_for(std::chrono::milliseconds(std::max<qint64>(slice, 1)));
    }
}

} // namespace bo::audit
