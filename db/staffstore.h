// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "model/staff.h"

namespace bo {

class DbConnection;

/// The staff list and the tills' sign-in on PostgreSQL (migration 0034): bo_staff_* and bo_till_*.
/// Terminals read the list and a member's Argon2id string and report PIN results; adding,
/// changing a PIN and disabling are a manager's.
class StaffStore final : public StaffDirectory
{
    Q_DECLARE_TR_FUNCTIONS(bo::StaffStore)

public:
    explicit StaffStore(DbConnection& connection);

    [[nodiscard]] Result<QList<StaffMember>> staff() override;
    [[nodiscard]] Result<std::optional<StaffPinRecord>> pinRecord(int staffId) override;
    [[nodiscard]] Result<PinResult> recordPin(int staffId, bool pinMatched, PinPurpose purpose,
                                              const QString& terminal, const QUuid& terminalId) override;
    [[nodiscard]] Result<bool> unlock(int staffId, std::optional<int> by, const QString& terminal) override;
    [[nodiscard]] Result<bool> lockTill(const QUuid& terminalId) override;
    [[nodiscard]] Result<bool> signOutTill(const QUuid& terminalId) override;
    [[nodiscard]] Result<std::optional<TillStaff>> tillStaff(const QUuid& terminalId) override;
    [[nodiscard]] Result<int> addStaff(const QString& name, StaffRole role, const QString& pinHash) override;
    [[nodiscard]] Status setPin(int staffId, const QString& pinHash) override;
    [[nodiscard]] Result<bool> disable(int staffId) override;

private:
    [[nodiscard]] Result<bool> flag(const QString& sql, const QVariantList& values);

    DbConnection& m_connection;
};

} // namespace bo
