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
                                         "last_sign_in_at FROM bo_staff_list()"));
    if (!q)
        return q.error();
    QList<StaffMember> list;
    Rows& r = q.value();
    while (r.next())
        list.append({r.value(0).toInt(), r.value(1).toString(), roleAt(r, 2), r.value(3).toBool(),
                     r.value(4).toBool(), r.value(5).toInt(), utcAt(r, 6), utcAt(r, 7)});
    return list;
}

Result<std::optional<StaffPinRecord>> StaffStore::pinRecord(int staffId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT name, role, pin_hash, locked, active FROM bo_staff_pin(?)"), {staffId});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return std::optional<StaffPinRecord>();
    return std::optional<StaffPinRecord>(StaffPinRecord{r.value(0).toString(), roleAt(r, 1),
                                                        r.value(2).toString(), r.value(3).toBool(),
                                                        r.value(4).toBool()});
}

Result<PinResult> StaffStore::recordPin(int staffId, bool pinMatched, PinPurpose purpose,
                                        const QString& terminal, const QUuid& terminalId)
{
    auto q = m_connection.exec(
        QStringLiteral("SELECT outcome, role, failures_left FROM bo_staff_pin_result(?, ?, ?, ?, ?::uuid)"),
        {staffId, pinMatched, purposeName(purpose), terminal, uuidOrNull(terminalId)});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, tr("The server did not answer the PIN's result."));
    return PinResult{outcomeFromName(r.value(0).toString()), roleAt(r, 1), r.value(2).toInt()};
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

Result<int> StaffStore::addStaff(const QString& name, StaffRole role, const QString& pinHash)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_staff_add(?, ?, ?)"),
                               {name, staffRoleName(role), pinHash});
    if (!q)
        return q.error();
    Rows& r = q.value();
    if (!r.next())
        return makeError(ErrorCode::Internal, tr("The server did not answer with the new staff number."));
    return r.value(0).toInt();
}

Status StaffStore::setPin(int staffId, const QString& pinHash)
{
    auto q = m_connection.exec(QStringLiteral("SELECT bo_staff_set_pin(?, ?)"), {staffId, pinHash});
    if (!q)
        return q.error();
    return success();
}

Result<bool> StaffStore::disable(int staffId)
{
    return flag(QStringLiteral("SELECT bo_staff_disable(?)"), {staffId});
}

} // namespace bo
