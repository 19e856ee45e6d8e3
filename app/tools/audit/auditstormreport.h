// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QMap>
#include <QString>
#include <QStringList>

#include "app/tools/audit/invariantauditor.h"

namespace bo::audit {

/// What an audit storm did and found (runAuditStorm).
struct AuditStormReport
{
    qint64 elapsedMs = 0;
    quint32 seed = 0;
    SchemaFeatures features;
    QMap<QString, qint64> ops;        ///< operation kind -> how many times it happened
    QMap<QString, qint64> violations; ///< invariant or contract -> offending rows / answers
    QStringList samples;              ///< the first offending rows and answers
    QMap<QString, qint64> errors;     ///< unexpected errors by code (none expected)
    QStringList errorSamples;
    qint64 audits = 0;
    qint64 maxPendingLatenessMs = 0;
    QString failure; ///< set when the storm could not run at all

    [[nodiscard]] qint64 totalOps() const;
    [[nodiscard]] qint64 totalViolations() const;
    [[nodiscard]] qint64 totalErrors() const;
    [[nodiscard]] QJsonObject toJson() const;
    /// Human-readable figures, several lines.
    [[nodiscard]] QString text() const;
};

} // namespace bo::audit
