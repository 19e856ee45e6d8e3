// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/helpcallstore.h"

#include <QJsonDocument>
#include <QJsonObject>

#include "db/dbconnection.h"

namespace bo {
namespace {

/// Reads call_id, kiosk, state, called_at, answered_by, answered_at from column `first` on.
Result<HelpCall> readCall(const Rows& r, int first)
{
    HelpCall c;
    c.id = r.value(first).toLongLong();
    c.kiosk = r.value(first + 1).toString();
    bool known = false;
    c.state = helpCallStateFromText(r.value(first + 2).toString(), &known);
    if (!known)
        return makeError(
            ErrorCode::Internal, QStringLiteral("The help call is in a state this program does not know."),
            QStringLiteral("help call %1 state %2").arg(c.id).arg(r.value(first + 2).toString()));
    c.calledAt = r.value(first + 3).toDateTime().toUTC();
    c.answeredBy = r.value(first + 4).toString();
    const QVariant answeredAt = r.value(first + 5);
    if (!answeredAt.isNull())
        c.answeredAt = answeredAt.toDateTime().toUTC();
    return c;
}

Result<HelpCall> oneCall(DbConnection& connection, const QString& sql, const QVariantList& values)
{
    auto q = connection.exec(sql, values);
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    return readCall(q.value(), 0);
}

} // namespace

HelpCallStore::HelpCallStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<HelpCall> HelpCallStore::call(const QString& kiosk)
{
    return oneCall(m_connection, QStringLiteral("SELECT * FROM bo_help_call(?)"), {kiosk});
}

Result<HelpCallStore::Answer> HelpCallStore::answer(qint64 callId, const QString& till)
{
    auto q = m_connection.exec(QStringLiteral("SELECT * FROM bo_help_answer(?, ?)"), {callId, till});
    if (!q)
        return q.error();
    if (!q.value().next())
        return makeError(ErrorCode::Internal, QStringLiteral("The database returned no result."));
    auto c = readCall(q.value(), 1);
    if (!c)
        return c.error();
    return Answer{q.value().value(0).toBool(), c.value()};
}

Result<HelpCall> HelpCallStore::close(qint64 callId)
{
    return oneCall(m_connection, QStringLiteral("SELECT * FROM bo_help_close(?)"), {callId});
}

Result<QList<HelpCall>> HelpCallStore::openCalls()
{
    auto q = m_connection.exec(QStringLiteral("SELECT * FROM bo_help_calls()"));
    if (!q)
        return q.error();
    QList<HelpCall> calls;
    while (q.value().next()) {
        auto c = readCall(q.value(), 0);
        if (!c)
            return c.error();
        calls.append(c.value());
    }
    return calls;
}

QString helpChannel()
{
    return QStringLiteral("bo_help");
}

std::optional<HelpCall> parseHelpNotification(const QString& payload)
{
    const QJsonDocument doc = QJsonDocument::fromJson(payload.toUtf8());
    if (!doc.isObject())
        return std::nullopt;
    const QJsonObject o = doc.object();
    HelpCall c;
    c.id = o.value(QLatin1String("id")).toInteger();
    c.kiosk = o.value(QLatin1String("kiosk")).toString();
    bool known = false;
    c.state = helpCallStateFromText(o.value(QLatin1String("state")).toString(), &known);
    if (c.id <= 0 || c.kiosk.isEmpty() || !known)
        return std::nullopt;
    c.calledAt =
        QDateTime::fromString(o.value(QLatin1String("called_at")).toString(), Qt::ISODateWithMs).toUTC();
    c.answeredBy = o.value(QLatin1String("answered_by")).toString();
    const QString answeredAt = o.value(QLatin1String("answered_at")).toString();
    if (!answeredAt.isEmpty())
        c.answeredAt = QDateTime::fromString(answeredAt, Qt::ISODateWithMs).toUTC();
    return c;
}

} // namespace bo
