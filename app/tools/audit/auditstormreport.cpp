// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/auditstormreport.h"

#include <numeric>

#include <QJsonArray>
#include <QTextStream>

namespace bo::audit {
namespace {

QJsonObject toObject(const QMap<QString, qint64>& map)
{
    QJsonObject o;
    for (auto it = map.cbegin(); it != map.cend(); ++it)
        o[it.key()] = it.value();
    return o;
}

} // namespace

qint64 AuditStormReport::totalOps() const
{
    // The operations the workers sent (the sweepers' and the auditor's are counted apart).
    qint64 n = 0;
    for (auto it = ops.cbegin(); it != ops.cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("swe")) && it.key() != QLatin1String("expired-bookings") &&
            it.key() != QLatin1String("audit"))
            n += it.value();
    }
    return n;
}

qint64 AuditStormReport::totalViolations() const
{
    return std::accumulate(violations.cbegin(), violations.cend(), qint64(0));
}

qint64 AuditStormReport::totalErrors() const
{
    return std::accumulate(errors.cbegin(), errors.cend(), qint64(0));
}

QJsonObject AuditStormReport::toJson() const
{
    return QJsonObject{
        {QStringLiteral("seconds"), double(elapsedMs) / 1000.0},
        {QStringLiteral("seed"), qint64(seed)},
        {QStringLiteral("features"), QJsonObject{{QStringLiteral("extend_hold"), features.extendHold},
                                                 {QStringLiteral("cancel_booking"), features.cancelBooking},
                                                 {QStringLiteral("sale_table"), features.saleTable},
                                                 {QStringLiteral("cash_at_till"), features.cashAtTill}}},
        {QStringLiteral("ops_total"), totalOps()},
        {QStringLiteral("ops_per_second"),
         elapsedMs > 0 ? double(totalOps()) * 1000.0 / double(elapsedMs) : 0.0},
        {QStringLiteral("ops"), toObject(ops)},
        {QStringLiteral("audits"), audits},
        {QStringLiteral("violations_total"), totalViolations()},
        {QStringLiteral("violations"), toObject(violations)},
        {QStringLiteral("violation_samples"), QJsonArray::fromStringList(samples)},
        {QStringLiteral("errors_total"), totalErrors()},
        {QStringLiteral("errors"), toObject(errors)},
        {QStringLiteral("error_samples"), QJsonArray::fromStringList(errorSamples)},
        {QStringLiteral("max_pending_lateness_ms"), maxPendingLatenessMs},
        {QStringLiteral("failure"), failure},
    };
}

QString AuditStormReport::text() const
{
    QString out;
    QTextStream s(&out);
    s << "audit storm: " << double(elapsedMs) / 1000.0 << " s, seed " << seed << ", " << totalOps()
      << " ops (" << (elapsedMs > 0 ? qint64(double(totalOps()) * 1000.0 / double(elapsedMs)) : 0)
      << " ops/s), " << audits << " audits, " << totalViolations() << " violations, " << totalErrors()
      << " unexpected errors\n";
    s << "schema: bo_extend_hold " << (features.extendHold ? "yes" : "no") << ", bo_cancel_booking "
      << (features.cancelBooking ? "yes" : "no") << ", sale table " << (features.saleTable ? "yes" : "no")
      << ", cash at staffed tills " << (features.cashAtTill ? "yes" : "no")
      << "; most overdue PENDING booking seen: " << maxPendingLatenessMs << " ms\n";
    s << "ops:";
    for (auto it = ops.cbegin(); it != ops.cend(); ++it)
        s << ' ' << it.key() << '=' << it.value();
    s << '\n';
    if (!violations.isEmpty()) {
        s << "violations:";
        for (auto it = violations.cbegin(); it != violations.cend(); ++it)
            s << ' ' << it.key() << '=' << it.value();
        s << '\n';
        for (const QString& sample : samples)
            s << "  " << sample << '\n';
    }
    if (!errors.isEmpty()) {
        s << "unexpected errors:";
        for (auto it = errors.cbegin(); it != errors.cend(); ++it)
            s << ' ' << it.key() << '=' << it.value();
        s << '\n';
        for (const QString& sample : errorSamples)
            s << "  " << sample << '\n';
    }
    if (!failure.isEmpty())
        s << "FAILED to run: " << failure << '\n';
    s.flush();
    return out;
}
} // namespace bo::audit
