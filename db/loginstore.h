// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QString>

#include "model/core/result.h"

namespace bo {

class DbConnection;

/// What a login may do (docs/SECURITY.md): the role it is made a member of. A kiosk, a till and a
/// door each have their own (migration 0041); Terminal is the word of earlier releases for a till
/// (boxoffice_terminal, a member of boxoffice_till). Web is the online box office's one login for
/// all its customers (boxoffice_web, migration 0049): it browses and holds seats, nothing more.
enum class LoginRole { Terminal, Manager, Kiosk, Till, Door, Service, Web };

/// "terminal", "manager", "kiosk", "till", "door", "service", "web": the CLI's word for a role.
[[nodiscard]] QString loginRoleWord(LoginRole role);
/// The role of a CLI word; nullopt for any other.
[[nodiscard]] std::optional<LoginRole> loginRoleFromWord(const QString& word);

/// Whether a login of a name is there: missing, a login member of the expected role, or a role
/// that is something else (not to be touched).
enum class LoginPresence { Missing, Present, Foreign };

/// Database logins for terminals and managers: members of one of boxoffice_kiosk, boxoffice_till,
/// boxoffice_door, boxoffice_manager, boxoffice_service, boxoffice_web (or boxoffice_terminal,
/// migrations 0006 and 0041). Needs a connection of the owner (CREATEROLE).
class LoginStore final
{
public:
    explicit LoginStore(DbConnection& connection);

    /// A login name as we accept it: a lower-case SQL identifier of at most 63 characters
    /// (letters, digits, underscore; not starting with a digit, not `pg_`, not `boxoffice_`).
    [[nodiscard]] static bool isValidName(const QString& name);
    /// The role's name in the database, e.g. "boxoffice_terminal".
    [[nodiscard]] static QString roleName(LoginRole role);

    /// CREATE ROLE name LOGIN PASSWORD '<SCRAM verifier>' IN ROLE <role>. Conflict when a role
    /// of that name exists; BadInput for a bad name or an empty password. The password never
    /// leaves this process in clear text and is never logged.
    [[nodiscard]] Status createLogin(const QString& name, LoginRole role, const QString& password);
    /// Whether `name` is missing, a login that is a member of `role` (and not a superuser nor a
    /// member of the owner), or some other role. Works before the roles exist (then Foreign or
    /// Missing).
    [[nodiscard]] Result<LoginPresence> presence(const QString& name, LoginRole role);
    /// DROP ROLE name, only for a login that is a member of one of our kinds' roles (and neither
    /// a superuser nor a member of the owner): anything else is
    /// refused as BadInput, an unknown name is NotFound. Returns the role it had.
    [[nodiscard]] Result<LoginRole> dropLogin(const QString& name);

private:
    DbConnection& m_connection;
};

} // namespace bo
