// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/till/tillshifts.h"

namespace bo {

class DbConnection;

/// A till's shift and drawer on PostgreSQL (migration 0035): bo_shift_open, bo_drawer_move,
/// bo_shift_close, bo_shift_current and bo_sales_lines for tills; bo_shifts a manager's.
class TillShiftStore final : public TillShifts
{
public:
    explicit TillShiftStore(DbConnection& connection);

    [[nodiscard]] Result<int> openShift(const QUuid& terminalId, const QString& terminal,
                                        qint64 floatMinor) override;
    [[nodiscard]] Result<qint64> moveCash(const QUuid& terminalId, DrawerMove kind, qint64 amountMinor,
                                          const QString& reason) override;
    [[nodiscard]] Result<ShiftCount> closeShift(const QUuid& terminalId, qint64 countedMinor,
                                                const QJsonObject& detail) override;
    [[nodiscard]] Result<std::optional<OpenShift>> currentShift(const QUuid& terminalId) override;
    [[nodiscard]] Result<QList<SalesLine>> salesLines(std::optional<int> shiftId, const QDateTime& from,
                                                      const QDateTime& to) override;
    [[nodiscard]] Result<QList<ShiftRecord>> shifts(const QDateTime& from, const QDateTime& to) override;

private:
    DbConnection& m_connection;
};

} // namespace bo
