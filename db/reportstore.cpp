// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/reportstore.h"

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

QVariant idOrNull(const std::optional<int>& id)
{
    return id ? QVariant(*id) : QVariant(QMetaType::fromType<int>());
}

/// The four scope parameters every report function takes first.
QVariantList scopeValues(const ReportScope& scope)
{
    return {timeOrNull(scope.from), timeOrNull(scope.to), idOrNull(scope.shiftId),
            idOrNull(scope.showtimeId)};
}

constexpr QLatin1String scopeArgs("?::timestamptz, ?::timestamptz, ?::integer, ?::integer");

} // namespace

ReportStore::ReportStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<SalesRow>> ReportStore::sales(const ReportScope& scope, const QString& by)
{
    QVariantList values = scopeValues(scope);
    values.append(by);
    auto q = m_connection.exec(
        QStringLiteral("SELECT key, label, at, sales, seats, amount_minor FROM bo_report_sales(%1, ?)")
            .arg(scopeArgs),
        values);
    if (!q)
        return q.error();
    QList<SalesRow> rows;
    Rows& r = q.value();
    while (r.next())
        rows.append({r.value(0).toString(), r.value(1).toString(), utcAt(r, 2), r.value(3).toLongLong(),
                     r.value(4).toLongLong(), r.value(5).toLongLong()});
    return rows;
}

Result<QList<RefundRow>> ReportStore::refunds(const ReportScope& scope)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT kind, method, count, amount_minor FROM bo_report_refunds(%1)").arg(scopeArgs),
        scopeValues(scope));
    if (!q)
        return q.error();
    QList<RefundRow> rows;
    Rows& r = q.value();
    while (r.next())
        rows.append(
            {r.value(0).toString(), r.value(1).toString(), r.value(2).toLongLong(), r.value(3).toLongLong()});
    return rows;
}

Result<QList<OccupancyRow>> ReportStore::occupancy(const ReportScope& scope)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT showtime_id, starts_at, film, hall_id, hall, seats, blocked, "
                       "sold, booked FROM bo_report_occupancy(%1)")
            .arg(scopeArgs),
        scopeValues(scope));
    if (!q)
        return q.error();
    QList<OccupancyRow> rows;
    Rows& r = q.value();
    while (r.next())
        rows.append({r.value(0).toInt(), utcAt(r, 1), r.value(2).toString(), r.value(3).toInt(),
                     r.value(4).toString(), r.value(5).toLongLong(), r.value(6).toLongLong(),
                     r.value(7).toLongLong(), r.value(8).toLongLong()});
    return rows;
}

Result<QList<DrawerRow>> ReportStore::drawers(const ReportScope& scope)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT shift_id, terminal, opened_at, opened_by, closed_at, closed_by, float_minor, cash_taken, "
            "cash_refunded, pay_in, pay_out, expected_minor, counted_minor, over_short_minor "
            "FROM bo_report_drawer(%1)")
            .arg(scopeArgs),
        scopeValues(scope));
    if (!q)
        return q.error();
    QList<DrawerRow> rows;
    Rows& r = q.value();
    while (r.next())
        rows.append({r.value(0).toInt(), r.value(1).toString(), utcAt(r, 2), r.value(3).toString(),
                     utcAt(r, 4), r.value(5).toString(), r.value(6).toLongLong(), r.value(7).toLongLong(),
                     r.value(8).toLongLong(), r.value(9).toLongLong(), r.value(10).toLongLong(),
                     r.value(11).toLongLong(), optionalAt(r, 12), optionalAt(r, 13)});
    return rows;
}

Result<QList<StaffRow>> ReportStore::staff(const ReportScope& scope)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT staff_id, name, role, sales, sales_minor, refunds, refunds_minor, "
                       "approvals, sign_ins FROM bo_report_staff(%1)")
            .arg(scopeArgs),
        scopeValues(scope));
    if (!q)
        return q.error();
    QList<StaffRow> rows;
    Rows& r = q.value();
    while (r.next())
        rows.append({r.value(0).toInt(), r.value(1).toString(), r.value(2).toString(),
                     r.value(3).toLongLong(), r.value(4).toLongLong(), r.value(5).toLongLong(),
                     r.value(6).toLongLong(), r.value(7).toLongLong(), r.value(8).toLongLong()});
    return rows;
}

Result<ReportContext> ReportStore::context()
{
    auto q = m_connection.exec(QStringLiteral(
        "SELECT cinema_name, currency, printed_at, login, audit_pos, audit_hash FROM bo_report_context()"));
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal,
                         QStringLiteral("The server did not answer with the report's context."));
    return ReportContext{r.value(0).toString(), r.value(1).toString(),   utcAt(r, 2),
                         r.value(3).toString(), r.value(4).toLongLong(), r.value(5).toString()};
}

} // namespace bo
