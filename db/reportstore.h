// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/reports/reports.h"

namespace bo {

class DbConnection;

/// The manager's reports on PostgreSQL (migration 0038): bo_report_sales, bo_report_refunds,
/// bo_report_occupancy, bo_report_drawer, bo_report_staff and bo_report_context; a manager's
/// login only.
class ReportStore final : public ReportSource
{
public:
    explicit ReportStore(DbConnection& connection);

    [[nodiscard]] Result<QList<SalesRow>> sales(const ReportScope& scope, const QString& by) override;
    [[nodiscard]] Result<QList<RefundRow>> refunds(const ReportScope& scope) override;
    [[nodiscard]] Result<QList<OccupancyRow>> occupancy(const ReportScope& scope) override;
    [[nodiscard]] Result<QList<DrawerRow>> drawers(const ReportScope& scope) override;
    [[nodiscard]] Result<QList<StaffRow>> staff(const ReportScope& scope) override;
    [[nodiscard]] Result<ReportContext> context() override;

private:
    DbConnection& m_connection;
};

} // namespace bo
