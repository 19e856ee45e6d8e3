// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/staff/staff.h"

namespace bo {

class DbConnection;

/// The staff list and the tills' sign-in on PostgreSQL (migration 0034): bo_staff_* and bo_till_*.
/// Terminals read the list and send a PIN for the server to check (migration 0040); adding,
/// changing a PIN and disabling are a manager's.
class StaffStore final : public StaffDirectory
{
public:
    explicit StaffStore(DbConnection& connection);

    [[nodiscard]] Result<QList<StaffMember>> staff() override;
    [[nodiscard]] Result<PinResult> checkPin(int staffId, const QString& pin, PinPurpose purpose,
                                             const QString& terminal, const QUuid& terminalId) override;
    [[nodiscard]] Result<bool> unlock(int staffId, std::optional<int> by, const QString& terminal) override;
    [[nodiscard]] Result<bool> lockTill(const QUuid& terminalId) override;
    [[nodiscard]] Result<bool> signOutTill(const QUuid& terminalId) override;
    [[nodiscard]] Result<std::optional<TillStaff>> tillStaff(const QUuid& terminalId) override;
    [[nodiscard]] Result<int> addStaff(const QString& name, StaffRole role, const QString& pin) override;
    [[nodiscard]] Status setPin(int staffId, const QString& pin) override;
    [[nodiscard]] Result<bool> disable(int staffId) override;

private:
    [[nodiscard]] Result<bool> flag(const QString& sql, const QVariantList& values);

    DbConnection& m_connection;
};

} // namespace bo
