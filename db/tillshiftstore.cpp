// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/tillshiftstore.h"

#include <QJsonDocument>

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {

TillShiftStore::TillShiftStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<int> TillShiftStore::openShift(const QUuid& terminalId, const QString& terminal, qint64 floatMinor)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_shift_open(?::uuid, ?, ?)"),
                               {uuidText(terminalId), terminal, floatMinor});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not answer with the shift."));
    return r.value(0).toInt();
}

Result<qint64> TillShiftStore::moveCash(const QUuid& terminalId, DrawerMove kind, qint64 amountMinor,
                                        const QString& reason)
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT bo_drawer_move(?::uuid, ?, ?, ?)"),
                          {uuidText(terminalId),
                           kind == DrawerMove::PayIn ? QStringLiteral("pay_in") : QStringLiteral("pay_out"),
                           amountMinor, reason});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not answer the drawer move."));
    return r.value(0).toLongLong();
}

Result<ShiftCount> TillShiftStore::closeShift(const QUuid& terminalId, qint64 countedMinor,
                                              const QJsonObject& detail)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT shift_id, float_minor, expected_minor, counted_minor, over_short_minor, currency "
            "FROM bo_shift_close(?::uuid, ?, ?::jsonb)"),
        {uuidText(terminalId), countedMinor,
         detail.isEmpty()
             ? QVariant(QMetaType::fromType<QString>())
             : QVariant(QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)))});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The server did not answer the count."));
    return ShiftCount{r.value(0).toInt(),      r.value(1).toLongLong(), r.value(2).toLongLong(),
                      r.value(3).toLongLong(), r.value(4).toLongLong(), r.value(5).toString()};
}

Result<std::optional<OpenShift>> TillShiftStore::currentShift(const QUuid& terminalId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT shift_id, opened_at, opened_by, opened_by_name, float_minor, "
                       "currency FROM bo_shift_current(?::uuid)"),
        {uuidText(terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return std::optional<OpenShift>();
    return std::optional<OpenShift>(OpenShift{r.value(0).toInt(), utcAt(r, 1), r.value(2).toInt(),
                                              r.value(3).toString(), r.value(4).toLongLong(),
                                              r.value(5).toString()});
}

Result<QList<SalesLine>> TillShiftStore::salesLines(std::optional<int> shiftId, const QDateTime& from,
                                                    const QDateTime& to)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT section, key, count, amount_minor FROM bo_sales_lines(?, ?::timestamptz, "
                       "?::timestamptz) ORDER BY section, key"),
        {shiftId ? QVariant(*shiftId) : QVariant(QMetaType::fromType<int>()), timeOrNull(from),
         timeOrNull(to)});
    if (!q)
        return q.error();
    QList<SalesLine> lines;
    Rows& r = q.value();
    while (r.next())
        lines.append(
            {r.value(0).toString(), r.value(1).toString(), optionalAt(r, 2), r.value(3).toLongLong()});
    return lines;
}

Result<QList<ShiftRecord>> TillShiftStore::shifts(const QDateTime& from, const QDateTime& to)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT shift_id, terminal, opened_at, opened_by_name, closed_at, closed_by_name, float_minor, "
            "expected_minor, counted_minor, over_short_minor, currency FROM bo_shifts(?::timestamptz, "
            "?::timestamptz)"),
        {timeOrNull(from), timeOrNull(to)});
    if (!q)
        return q.error();
    QList<ShiftRecord> list;
    Rows& r = q.value();
    while (r.next())
        list.append({r.value(0).toInt(), r.value(1).toString(), utcAt(r, 2), r.value(3).toString(),
                     utcAt(r, 4), r.value(5).toString(), r.value(6).toLongLong(), r.value(7).toLongLong(),
                     optionalAt(r, 8), optionalAt(r, 9), r.value(10).toString()});
    return list;
}

} // namespace bo
