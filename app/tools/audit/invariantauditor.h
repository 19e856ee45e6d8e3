// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QDateTime>
#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QUuid>

#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo {
class DbConnection;
}

namespace bo::audit {

/// What the schema under test offers (migration 0005 adds the last three).
struct SchemaFeatures
{
    bool extendHold = false;    ///< bo_extend_hold
    bool cancelBooking = false; ///< bo_cancel_booking
    bool saleTable = false;     ///< table sale (one row per hold token)
    bool extensionSettings = false;
    /// bo_staff_add, bo_shift_open and bo_payment_create: a till takes cash only with a member
    /// signed in and a shift open, and a terminal's confirm carries the payment (checked by p1).
    bool cashAtTill = false;
};

/// One audit: the invariants checked inside one snapshot.
struct AuditPass
{
    QMap<QString, qint64> violations; ///< invariant name -> offending rows
    QStringList samples;              ///< the first offending rows, for the log
    qint64 pendingLatenessMs = 0;     ///< the most overdue PENDING booking's lateness (0 if none)
    [[nodiscard]] qint64 total() const;
};

/// Checks the seat and booking invariants (docs/DECISIONS.md, "The audit storm and its grace"), each
/// time inside one REPEATABLE READ READ ONLY transaction, so every query of a pass sees the same
/// committed state. Each invariant is a query returning the offending rows:
///   a  no seat with two owners
///   b  every RESERVED seat has exactly one CONFIRMED booking that owns it, and back
///   c  no booking seat active twice
///   d  no PENDING booking outlives its hold (by more than `grace`)
///   e  every stored idempotency response matches its booking
///   p  every CONFIRMED booking carries its own payment, money taken (with `cashAtTill`)
/// Use from the thread that created it; its connection must be able to read every table.
class InvariantAuditor final
{
public:
    [[nodiscard]] static Result<std::unique_ptr<InvariantAuditor>> open(const ConnectionSettings& settings);
    ~InvariantAuditor();
    InvariantAuditor(const InvariantAuditor&) = delete;
    InvariantAuditor& operator=(const InvariantAuditor&) = delete;

    [[nodiscard]] Result<SchemaFeatures> features();
    /// One pass. `full` checks every booking and stored response; otherwise those of the last
    /// `recentSeconds` only (they cannot change unseen later: see the .cpp). `final` adds the
    /// end-of-run checks: no expired hold left unswept, no PENDING booking at all.
    [[nodiscard]] Result<AuditPass> audit(int graceMs, bool full, bool final = false);
    [[nodiscard]] DbConnection& connection() { return *m_connection; }

private:
    explicit InvariantAuditor(std::unique_ptr<DbConnection> connection);
    [[nodiscard]] Status check(AuditPass& pass, const QString& name, const QString& sql,
                               const QVariantList& values = {});
    [[nodiscard]] Status checkPendingWithoutSeats(AuditPass& pass, int graceMs);

    std::unique_ptr<DbConnection> m_connection;
    SchemaFeatures m_features;
    bool m_featuresKnown = false;
    /// PENDING bookings seen without a valid hold, and the database time they were first seen so.
    QHash<QUuid, QDateTime> m_pendingWithoutSeats;
};

} // namespace bo::audit
