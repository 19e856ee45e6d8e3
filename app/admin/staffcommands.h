// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

class StaffDirectory;

/// The staff: `staff-add`, `staff-pin`, `staff-disable` (a manager's),
/// `staff-unlock` (a manager's login), `staff` (the list). A PIN is read from standard input,
/// never taken as an argument, and sent to the server, which keeps only its bcrypt hash
/// (docs/SECURITY.md).
class StaffCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::StaffCommands)

public:
    explicit StaffCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(StaffCommands)

    /// `staff-add NAME --role cashier|supervisor|manager`: the new member's number.
    [[nodiscard]] ExitCode add(const QStringList& positional);
    /// `staff`: everyone, with role, state and last sign-in.
    [[nodiscard]] ExitCode list(const QStringList& positional);
    /// `staff-disable NAME|NUMBER`: no more sign-ins; their tills signed out.
    [[nodiscard]] ExitCode disable(const QStringList& positional);
    /// `staff-pin NAME|NUMBER`: a new PIN (clears a lockout).
    [[nodiscard]] ExitCode pin(const QStringList& positional);
    /// `staff-unlock NAME|NUMBER`: a lockout lifted by a manager's login.
    [[nodiscard]] ExitCode unlock(const QStringList& positional);

private:
    /// The PIN from standard input: twice, hidden, when typed at a terminal; one line otherwise.
    [[nodiscard]] Result<QString> readPin(const QString& who) const;
    /// A member named by number or by name (among the active first).
    [[nodiscard]] Result<int> member(StaffDirectory& directory, const QString& named) const;

    CliSession& m_session;
};

} // namespace bo
