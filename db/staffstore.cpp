// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/staffstore.h"

#include "db/dbconnection.h"
#include "db/sqlvalues.h"

namespace bo {
namespace {

StaffRole roleAt(const Rows& r, int column)
{
    return staffRoleFromName(r.value(column).toString()).value_or(StaffRole::Cashier);
}

QString purposeName(PinPurpose purpose)
{
    switch (purpose) {
    case PinPurpose::SignIn:
        return QStringLiteral("sign_in");
    case PinPurpose::Approve:
        return QStringLiteral("approve");
    case PinPurpose::Manager:
        return QStringLiteral("manager");
    }
    return {};
}

PinOutcome outcomeFromName(const QString& name)
{
    if (name == QLatin1String("ok"))
        return PinOutcome::Ok;
    if (name == QLatin1String("wrong_pin"))
        return PinOutcome::WrongPin;
    if (name == QLatin1String("locked"))
        return PinOutcome::Locked;
    if (name == QLatin1String("disabled"))
        return PinOutcome::Disabled;
    if (name == QLatin1String("no_pin"))
        return PinOutcome::NoPin;
    return PinOutcome::Unknown;
}

} // namespace

StaffStore::StaffStore(DbConnection& connection)
    : m_connection(connection)
{}

Result<QList<StaffMember>> StaffStore::staff()
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT id, name, role, active, locked, failed_pins, created_at, "
                                         "last_sign_in_at, has_pin FROM bo_staff_list()"));
    if (!q)
        return q.error();
    QList<StaffMember> list;
    Rows& r = q.value();
    while (r.next())
        list.append({r.value(0).toInt(), r.value(1).toString(), roleAt(r, 2), r.value(3).toBool(),
                     r.value(4).toBool(), r.value(5).toInt(), utcAt(r, 6), utcAt(r, 7), r.value(8).toBool()});
    return list;
}

Result<PinResult> StaffStore::checkPin(int staffId, const QString& pin, PinPurpose purpose,
                                       const QString& terminal, const QUuid& terminalId)
{
    // Two statements, two transactions (autocommit): the attempt commits its count before the
    // server says anything about the PIN (docs/SECURITY.md, "the rollback trap").
    auto attempt = m_connection.exec(QStringLiteral("SELECT bo_staff_pin_attempt(?, ?, ?, ?, ?::uuid)"),
                                     {staffId, pin, purposeName(purpose), terminal, uuidOrNull(terminalId)});
    if (!attempt)
        return attempt.error();
    if (!attempt.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_staff_pin_attempt")});
    const qint64 id = attempt.value().value(0).toLongLong();
    auto q = m_connection.exec(
        QStringLiteral("SELECT outcome, name, role, failures_left FROM bo_staff_pin_outcome(?)"), {id});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_staff_pin_outcome")});
    return PinResult{outcomeFromName(r.value(0).toString()), r.value(1).toString(), roleAt(r, 2),
                     r.value(3).toInt()};
}

Result<bool> StaffStore::flag(const QString& sql, const QVariantList& values)
{
    auto q = m_connection.exec(sql, values);
    if (!q)
        return q.error();
    Rows& r = q.value();
    return r.next() && r.value(0).toBool();
}

Result<bool> StaffStore::unlock(int staffId, std::optional<int> by, const QString& terminal)
{
    return flag(QStringLiteral("SELECT bo_staff_unlock(?, ?, ?)"),
                {staffId, by ? QVariant(*by) : QVariant(QMetaType::fromType<int>()), terminal});
}

Result<bool> StaffStore::lockTill(const QUuid& terminalId)
{
    return flag(QStringLiteral("SELECT bo_till_lock(?::uuid)"), {uuidOrNull(terminalId)});
}

Result<bool> StaffStore::signOutTill(const QUuid& terminalId)
{
    return flag(QStringLiteral("SELECT bo_till_sign_out(?::uuid)"), {uuidOrNull(terminalId)});
}

Result<std::optional<TillStaff>> StaffStore::tillStaff(const QUuid& terminalId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT staff_id, name, role, signed_in_at, locked FROM bo_till_staff(?::uuid)"),
        {uuidOrNull(terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return std::optional<TillStaff>();
    return std::optional<TillStaff>(
        TillStaff{r.value(0).toInt(), r.value(1).toString(), roleAt(r, 2), utcAt(r, 3), r.value(4).toBool()});
}

Result<int> StaffStore::addStaff(const QString& name, StaffRole role, const QString& pin)
{
    auto q =
        m_connection.exec(QStringLiteral("SELECT bo_staff_add(?, ?, ?)"), {name, staffRoleName(role), pin});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("bo_staff_add")});
    return r.value(0).toInt();
}

Status StaffStore::setPin(int staffId, const QString& pin)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_staff_set_pin(?, ?)"), {staffId, pin});
    if (!q)
        return q.error();
    return success();
}

Result<bool> StaffStore::disable(int staffId)
{
    return flag(QStringLiteral("SELECT bo_staff_disable(?)"), {staffId});
}

} // namespace bo
