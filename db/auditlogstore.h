// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/staff/auditlog.h"

namespace bo {

class DbConnection;

/// The audit log on PostgreSQL (migration 0034): bo_audit_list, bo_audit_chain_rows and
/// bo_audit_head, a manager's.
class AuditLogStore final : public AuditLog
{
public:
    explicit AuditLogStore(DbConnection& connection);

    [[nodiscard]] Result<QList<AuditEntry>> entries(const QDateTime& since, int limit) override;
    [[nodiscard]] Result<QList<AuditChainRow>> chainRows(qint64 fromPos, int limit) override;
    [[nodiscard]] Result<AuditChainHead> head() override;

private:
    DbConnection& m_connection;
};

} // namespace bo
