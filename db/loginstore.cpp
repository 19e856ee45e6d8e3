// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/loginstore.h"

#include <QRegularExpression>

#include "db/dbconnection.h"

namespace bo {

LoginStore::LoginStore(DbConnection& connection)
    : m_connection(connection)
{}

bool LoginStore::isValidName(const QString& name)
{
    static const QRegularExpression pattern(QStringLiteral("^[a-z_][a-z0-9_]{0,62}$"));
    return pattern.match(name).hasMatch() && !name.startsWith(QLatin1String("pg_")) &&
           !name.startsWith(QLatin1String("boxoffice_"));
}

QString loginRoleWord(LoginRole role)
{
    switch (role) {
    case LoginRole::Terminal:
        return QStringLiteral("terminal");
    case LoginRole::Manager:
        return QStringLiteral("manager");
    case LoginRole::Kiosk:
        return QStringLiteral("kiosk");
    case LoginRole::Till:
        return QStringLiteral("till");
    case LoginRole::Door:
        return QStringLiteral("door");
    case LoginRole::Service:
        return QStringLiteral("service");
    case LoginRole::Web:
        return QStringLiteral("web");
    }
    return {};
}

std::optional<LoginRole> loginRoleFromWord(const QString& word)
{
    for (LoginRole r : {LoginRole::Terminal, LoginRole::Manager, LoginRole::Kiosk, LoginRole::Till,
                        LoginRole::Door, LoginRole::Service, LoginRole::Web})
        if (word == loginRoleWord(r))
            return r;
    return std::nullopt;
}

QString LoginStore::roleName(LoginRole role)
{
    return QStringLiteral("boxoffice_") + loginRoleWord(role);
}

Status LoginStore::createLogin(const QString& name, LoginRole role, const QString& password)
{
    if (!isValidName(name))
        return refuse(ErrorCode::BadInput, Refusal::LoginNameInvalid, {name});
    if (password.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::PasswordEmpty);
    auto exists = m_connection.exec(QStringLiteral("SELECT 1 FROM pg_roles WHERE rolname = ?"), {name});
    if (!exists)
        return exists.error();
    if (exists.value().next())
        return refuse(ErrorCode::Conflict, Refusal::RoleExists, {name});
    auto verifier = m_connection.encryptPassword(name, password);
    if (!verifier)
        return verifier.error();
    // The statement is built by the server from bound values (%I and %L quote them).
    auto statement =
        m_connection.exec(QStringLiteral("SELECT format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE %I', "
                                         "?::text, ?::text, ?::text)"),
                          {name, verifier.value(), roleName(role)});
    if (!statement)
        return statement.error();
    if (!statement.value().next())
        return refuse(ErrorCode::Internal, Refusal::NoAnswer, {QStringLiteral("format(CREATE ROLE)")});
    if (Status s = m_connection.execScript(statement.value().value(0).toString()); !s) {
        Error e = s.error();
        if (e.detail.startsWith(QLatin1String("SQLSTATE 42710"))) // a concurrent creator
            return refuse(ErrorCode::Conflict, Refusal::RoleExists, {name});
        return e;
    }
    return success();
}

Result<LoginPresence> LoginStore::presence(const QString& name, LoginRole role)
{
    auto found = m_connection.exec(
        QStringLiteral(
            "SELECT r.rolcanlogin AND NOT r.rolsuper "
            "       AND EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "                    WHERE m.member = r.oid AND g.rolname = ?) "
            "       AND NOT EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid "
            "                        WHERE m.member = r.oid AND g.rolname = 'boxoffice_owner') "
            "  FROM pg_roles r WHERE r.rolname = ?"),
        {roleName(role), name});
    if (!found)
        return found.error();
    Rows& r = found.value();
    if (!r.next())
        return LoginPresence::Missing;
    return r.value(0).toBool() ? LoginPresence::Present : LoginPresence::Foreign;
}

Result<LoginRole> LoginStore::dropLogin(const QString& name)
{
    if (!isValidName(name))
        return refuse(ErrorCode::BadInput, Refusal::LoginNameInvalid, {name});
    auto found = m_connection.exec(
        QStringLiteral(
            "SELECT r.rolsuper OR pg_has_role(r.oid, 'boxoffice_owner', 'MEMBER'), "
            "       (SELECT string_agg(g.rolname, ',') FROM pg_auth_members m "
            "          JOIN pg_roles g ON g.oid = m.roleid WHERE m.member = r.oid "
            "           AND g.rolname IN ('boxoffice_terminal', 'boxoffice_manager', 'boxoffice_kiosk', "
            "                             'boxoffice_till', 'boxoffice_door', 'boxoffice_service', "
            "                             'boxoffice_web')), "
            "       format('DROP ROLE %I', r.rolname) "
            "  FROM pg_roles r WHERE r.rolname = ?"),
        {name});
    if (!found)
        return found.error();
    Rows& r = found.value();
    if (!r.next())
        return refuse(ErrorCode::NotFound, Refusal::NoSuchLogin, {name});
    const QString roles = r.value(1).toString();
    if (r.value(0).toBool() || roles.isEmpty())
        return refuse(ErrorCode::BadInput, Refusal::ForeignLogin, {name});
    const QString drop = r.value(2).toString();
    if (Status s = m_connection.execScript(drop); !s)
        return s.error();
    for (LoginRole role : {LoginRole::Manager, LoginRole::Till, LoginRole::Kiosk, LoginRole::Door,
                           LoginRole::Service, LoginRole::Web})
        if (roles.split(QLatin1Char(',')).contains(roleName(role)))
            return role;
    return LoginRole::Terminal;
}

} // namespace bo
