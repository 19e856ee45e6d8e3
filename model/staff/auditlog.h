// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

#include "model/core/result.h"

namespace bo {

/// One event of the audit log (migration 0034): who, when, where, what, before and after.
struct AuditEntry
{
    qint64 seq = 0;
    QDateTime at;     ///< UTC
    QString login;    ///< the database login
    QString terminal; ///< empty when not known
    std::optional<int> staffId;
    QString staffName;
    QString action;  ///< "payment.captured", "staff.lockout", "showtime.update", ...
    QString subject; ///< a booking code, a staff number, a row's id; may be empty
    QString before;  ///< jsonb as text; empty when none
    QString after;
};

/// A row as the chain hashed it, with its place: what `audit verify` recomputes. A NULL field
/// of the database is a null QString here (isNull()), an empty one an empty QString.
struct AuditChainRow
{
    std::optional<qint64> pos; ///< none: a row without a place in the chain
    qint64 seq = 0;
    bool rowPresent = true; ///< false: the place's row is gone
    qint64 atMicros = 0;    ///< microseconds since 1970 UTC
    QString login;
    QString terminal;
    std::optional<int> staffId;
    QString action;
    QString subject;
    QString before;
    QString after;
    QByteArray hash; ///< the stored SHA-256 of the place
};

struct AuditChainHead
{
    qint64 pos = 0;
    QByteArray hash;
};

/// Reading the log (a manager's).
class AuditLog
{
public:
    virtual ~AuditLog() = default;
    [[nodiscard]] virtual Result<QList<AuditEntry>> entries(const QDateTime& since, int limit) = 0;
    /// Up to `limit` rows from place `fromPos` on, in chain order; rows without a place last.
    [[nodiscard]] virtual Result<QList<AuditChainRow>> chainRows(qint64 fromPos, int limit) = 0;
    [[nodiscard]] virtual Result<AuditChainHead> head() = 0;
};

/// What a check of the chain found.
struct AuditVerdict
{
    qint64 rows = 0;      ///< rows checked
    AuditChainHead head;  ///< as the log's head says
    QStringList problems; ///< empty: whole; at most AuditChainCheck::maxProblems
    [[nodiscard]] bool whole() const { return problems.isEmpty(); }
};

/// Recomputes the audit log's hash chain on this side, independently of the database's functions:
///     hash(pos) = SHA-256(hash(pos - 1) || line(row)),  32 zero bytes before the first,
/// where line() is each field as "<UTF-8 bytes>:<text>;" (a NULL as "~;"), in the order seq,
/// microseconds, login, terminal, staff, action, subject, before, after. A row taken out (its
/// place or the place's row missing), changed, or added around the log shows as a problem.
class AuditChainCheck final
{
    Q_DECLARE_TR_FUNCTIONS(bo::AuditChainCheck)

public:
    static constexpr int maxProblems = 20;
    static constexpr int pageSize = 5000;

    [[nodiscard]] static QByteArray line(const AuditChainRow& row);
    [[nodiscard]] static Result<AuditVerdict> verify(AuditLog& log);
};

} // namespace bo
