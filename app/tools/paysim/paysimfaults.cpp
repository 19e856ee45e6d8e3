// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/paysim/paysimfaults.h"

#include <QJsonValue>

namespace bo {
namespace {

bool readRate(const QJsonObject& json, const char* name, double* target, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(name));
    if (value.isUndefined())
        return true;
    if (!value.isDouble() || value.toDouble() < 0 || value.toDouble() > 1) {
        *error = QStringLiteral("%1 must be a number from 0 to 1").arg(QLatin1String(name));
        return false;
    }
    *target = value.toDouble();
    return true;
}

bool readCount(const QJsonObject& json, const char* name, int* target, QString* error)
{
    const QJsonValue value = json.value(QLatin1String(name));
    if (value.isUndefined())
        return true;
    const double number = value.toDouble(-1);
    if (!value.isDouble() || number < 0 || number > 86'400'000 || number != static_cast<int>(number)) {
        *error = QStringLiteral("%1 must be a whole number, 0 or more").arg(QLatin1String(name));
        return false;
    }
    *target = static_cast<int>(number);
    return true;
}

} // namespace

QJsonObject PaysimFaults::toJson() const
{
    return QJsonObject{
        {QStringLiteral("decline_rate"), declineRate},
        {QStringLiteral("error_rate"), errorRate},
        {QStringLiteral("error_next"), errorNext},
        {QStringLiteral("latency_ms"), latencyMs},
        {QStringLiteral("timeout_rate"), timeoutRate},
        {QStringLiteral("timeout_next"), timeoutNext},
        {QStringLiteral("timeout_answer_ms"), timeoutAnswerMs},
        {QStringLiteral("drop_rate"), dropRate},
        {QStringLiteral("drop_next"), dropNext},
        {QStringLiteral("crash_after"), crashAfter},
    };
}

bool PaysimFaults::update(const QJsonObject& json, QString* error)
{
    PaysimFaults next = json.value(QLatin1String("reset")).toBool() ? PaysimFaults{} : *this;
    const bool ok = readRate(json, "decline_rate", &next.declineRate, error) &&
                    readRate(json, "error_rate", &next.errorRate, error) &&
                    readCount(json, "error_next", &next.errorNext, error) &&
                    readCount(json, "latency_ms", &next.latencyMs, error) &&
                    readRate(json, "timeout_rate", &next.timeoutRate, error) &&
                    readCount(json, "timeout_next", &next.timeoutNext, error) &&
                    readCount(json, "timeout_answer_ms", &next.timeoutAnswerMs, error) &&
                    readRate(json, "drop_rate", &next.dropRate, error) &&
                    readCount(json, "drop_next", &next.dropNext, error) &&
                    readCount(json, "crash_after", &next.crashAfter, error);
    if (ok)
        *this = next;
    return ok;
}

FaultPlan::FaultPlan(std::uint64_t seed)
    : m_random(seed)
{}

double FaultPlan::draw()
{
    // 53 random bits as a fraction: the same on every platform, unlike uniform_real_distribution.
    return static_cast<double>(m_random() >> 11) * 0x1.0p-53;
}

FaultDecision FaultPlan::decide(bool post)
{
    // Always four draws, so one request's faults do not shift the next request's.
    const double error = draw();
    const double timeout = draw();
    const double drop = draw();
    const double decline = draw();
    FaultDecision d;
    if (m_faults.errorNext > 0) {
        --m_faults.errorNext;
        d.error = true;
    } else {
        d.error = error < m_faults.errorRate;
    }
    if (d.error || !post)
        return d;
    if (m_faults.timeoutNext > 0) {
        --m_faults.timeoutNext;
        d.timeout = true;
    } else if (m_faults.dropNext > 0) {
        --m_faults.dropNext;
        d.drop = true;
    } else {
        d.timeout = timeout < m_faults.timeoutRate;
        d.drop = !d.timeout && drop < m_faults.dropRate;
    }
    d.decline = decline < m_faults.declineRate;
    return d;
}

} // namespace bo
