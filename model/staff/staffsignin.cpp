// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/staff/staffsignin.h"

#include <utility>

namespace bo {

QString staffRoleName(StaffRole role)
{
    switch (role) {
    case StaffRole::Cashier:
        return QStringLiteral("cashier");
    case StaffRole::Supervisor:
        return QStringLiteral("supervisor");
    case StaffRole::Manager:
        return QStringLiteral("manager");
    }
    return {};
}

std::optional<StaffRole> staffRoleFromName(const QString& name)
{
    for (StaffRole r : {StaffRole::Cashier, StaffRole::Supervisor, StaffRole::Manager})
        if (name.trimmed().compare(staffRoleName(r), Qt::CaseInsensitive) == 0)
            return r;
    return std::nullopt;
}

bool staffRoleAtLeast(StaffRole role, StaffRole needed)
{
    return static_cast<int>(role) >= static_cast<int>(needed);
}

StaffSignIn::StaffSignIn(StaffDirectory& directory, QString terminal, QUuid terminalId)
    : m_directory(directory)
    , m_terminal(std::move(terminal))
    , m_terminalId(terminalId)
{}

bool StaffSignIn::looksLikePin(const QString& pin)
{
    if (pin.size() < 4 || pin.size() > 12)
        return false;
    for (QChar c : pin)
        if (c < QLatin1Char('0') || c > QLatin1Char('9'))
            return false;
    return true;
}

Result<PinCheck> StaffSignIn::check(int staffId, const QString& pin, PinPurpose purpose, StaffRole needed)
{
    PinCheck check;
    check.staffId = staffId;
    if (!looksLikePin(pin)) {
        check.outcome = PinOutcome::WrongPin;
        check.message = tr("A PIN is 4 to 12 digits.");
        return check;
    }
    auto result = m_directory.checkPin(staffId, pin, purpose, m_terminal, m_terminalId);
    if (!result)
        return result.error();
    const PinResult& r = result.value();
    check.outcome = r.outcome;
    check.name = r.name;
    check.role = r.role;
    check.failuresLeft = r.failuresLeft;
    switch (check.outcome) {
    case PinOutcome::Ok:
        if (!staffRoleAtLeast(r.role, needed)) {
            check.outcome = PinOutcome::WrongPin;
            check.message =
                tr("%1 is a %2: this needs a %3.").arg(r.name, staffRoleName(r.role), staffRoleName(needed));
        }
        break;
    case PinOutcome::WrongPin:
        check.message =
            tr("Wrong PIN for %1: %n more tries before the lock.", nullptr, check.failuresLeft).arg(r.name);
        break;
    case PinOutcome::Locked:
        check.message = tr("%1 is locked after too many wrong PINs: a supervisor unlocks.").arg(r.name);
        break;
    case PinOutcome::Disabled:
        check.message = tr("%1 can no longer sign in: ask a manager.").arg(r.name);
        break;
    case PinOutcome::NoPin:
        check.message = tr("%1 has no PIN yet: a manager sets one.").arg(r.name);
        break;
    case PinOutcome::Unknown:
        check.message = tr("There is no member of staff number %1.").arg(staffId);
        break;
    }
    return check;
}

Result<PinCheck> StaffSignIn::unlockWith(int lockedStaffId, int supervisorId, const QString& supervisorPin)
{
    auto approval = check(supervisorId, supervisorPin, PinPurpose::Approve, StaffRole::Supervisor);
    if (!approval || !approval.value().ok())
        return approval;
    auto unlocked = m_directory.unlock(lockedStaffId, supervisorId, m_terminal);
    if (!unlocked)
        return unlocked.error();
    PinCheck done = approval.value();
    if (!unlocked.value()) {
        done.outcome = PinOutcome::Unknown;
        done.message = tr("Staff number %1 was not locked.").arg(lockedStaffId);
    }
    return done;
}

} // namespace bo
