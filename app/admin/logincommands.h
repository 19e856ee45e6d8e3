// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>

#include "app/admin/clisession.h"
#include "model/core/result.h"

namespace bo {

/// The login commands (ARCHITECTURE §7): `create-login NAME --role kiosk|till|door|manager` and
/// `drop-login NAME`. They need the owner's connection (a member of boxoffice_owner with
/// CREATEROLE). A password is read from the terminal without echo, from one line of standard
/// input (--password-stdin) or generated and printed once (--generate-password); it is never
/// logged.
class LoginCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::LoginCommands)

public:
    explicit LoginCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(LoginCommands)

    [[nodiscard]] ExitCode createLogin(const QStringList& positional);
    [[nodiscard]] ExitCode dropLogin(const QStringList& positional);

    /// The password of a new login as the options say (--password-stdin, --generate-password, or
    /// typed twice at a terminal, the prompt naming `login` when given), or why there is none
    /// (BadInput). setup-server uses it too.
    [[nodiscard]] Result<QString> password(const QString& login = {}) const;

private:
    CliSession& m_session;
};

} // namespace bo
