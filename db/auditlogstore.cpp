// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/auditlogstore.h"

#include "db/dbconnection.h"

namespace bo {
namespace {

/// A text column as the chain hashed it: NULL stays null, empty stays empty.
QString textAt(const Rows& r, int column)
{
    if (r.value(column).isNull())
        return {};
    QString text = r.value(column).toString();
    if (text.isNull())
        text = QLatin1String(""); // an empty, not a null, string
    return text;
}

std::optional<int> intAt(const Rows& r, int column)
{
    return r.value(column).isNull() ? std::nullopt : std::optional<int>(r.value(column).toInt());
}

} // namespace

AuditLogStore::AuditLogStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<AuditEntry>> AuditLogStore::entries(const QDateTime& since, int limit)
{
    auto q = m_connection.exec(
        QStringLiteral(
            "SELECT seq, at, login, terminal, staff_id, staff_name, action, subject, before::text, "
            "after::text FROM bo_audit_list(?::timestamptz, ?)"),
        {since.isValid() ? QVariant(since.toUTC()) : QVariant(QMetaType::fromType<QDateTime>()), limit});
    if (!q)
        return q.error();
    QList<AuditEntry> list;
    Rows& r = q.value();
    while (r.next())
        list.append({r.value(0).toLongLong(), r.value(1).toDateTime().toUTC(), r.value(2).toString(),
                     r.value(3).toString(), intAt(r, 4), r.value(5).toString(), r.value(6).toString(),
                     r.value(7).toString(), r.value(8).toString(), r.value(9).toString()});
    return list;
}

Result<QList<AuditChainRow>> AuditLogStore::chainRows(qint64 fromPos, int limit)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT pos, seq, at_us, login, terminal, staff_id, action, subject, before, after, "
                       "encode(hash, 'hex'), row_present FROM bo_audit_chain_rows(?, ?)"),
        {fromPos, limit});
    if (!q)
        return q.error();
    QList<AuditChainRow> list;
    Rows& r = q.value();
    while (r.next()) {
        AuditChainRow row;
        if (!r.value(0).isNull())
            row.pos = r.value(0).toLongLong();
        row.seq = r.value(1).toLongLong();
        row.atMicros = r.value(2).toLongLong();
        row.login = textAt(r, 3);
        row.terminal = textAt(r, 4);
        row.staffId = intAt(r, 5);
        row.action = textAt(r, 6);
        row.subject = textAt(r, 7);
        row.before = textAt(r, 8);
        row.after = textAt(r, 9);
        row.hash = QByteArray::fromHex(r.value(10).toString().toLatin1());
        row.rowPresent = r.value(11).toBool();
        list.append(row);
    }
    return list;
}

Result<AuditChainHead> AuditLogStore::head()
{
    auto q = m_connection.exec(QStringLiteral("SELECT pos, encode(hash, 'hex') FROM bo_audit_head()"));
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, QStringLiteral("The audit log has no head."));
    return AuditChainHead{r.value(0).toLongLong(), QByteArray::fromHex(r.value(1).toString().toLatin1())};
}

} // namespace bo
