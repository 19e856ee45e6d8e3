// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/logincommands.h"

#include <cstdio>

#include <QJsonObject>
#include <QRandomGenerator>
#include <QTextStream>

#include "db/loginstore.h"

namespace bo {
namespace {

constexpr int generatedLength = 24;

QString generatedPassword()
{
    static const QString alphabet =
        QStringLiteral("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789");
    QString out;
    out.reserve(generatedLength);
    for (int i = 0; i < generatedLength; ++i)
        out += alphabet.at(int(QRandomGenerator::system()->bounded(quint32(alphabet.size()))));
    return out;
}

} // namespace

LoginCommands::LoginCommands(CliSession& session)
    : m_session(session)
{}

Result<QString> LoginCommands::password(const QString& login) const
{
    const bool fromStdin = m_session.isSet(QStringLiteral("password-stdin"));
    const bool generate = m_session.isSet(QStringLiteral("generate-password"));
    if (fromStdin && generate)
        return makeError(ErrorCode::BadInput,
                         tr("Use either --password-stdin or --generate-password, not both."));
    if (generate)
        return generatedPassword();
    if (fromStdin) {
        QString line = CliSession::readStdinLine(false);
        if (line.isEmpty())
            return makeError(ErrorCode::BadInput, tr("No password on standard input (--password-stdin)."));
        return line;
    }
    if (!CliSession::stdinIsTerminal())
        return makeError(
            ErrorCode::BadInput,
            tr("No password: type it at a terminal, or use --password-stdin or --generate-password."));
    QTextStream err(stderr);
    err << (login.isEmpty() ? tr("Password for the new login: ")
                            : tr("Password for the new login %1: ").arg(login))
        << Qt::flush;
    const QString first = CliSession::readStdinLine(true);
    err << '\n' << tr("Again: ") << Qt::flush;
    const QString second = CliSession::readStdinLine(true);
    err << '\n' << Qt::flush;
    if (first.isEmpty())
        return makeError(ErrorCode::BadInput, tr("The password is empty."));
    if (first != second)
        return makeError(ErrorCode::BadInput, tr("The two passwords differ."));
    return first;
}

ExitCode LoginCommands::createLogin(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("create-login needs one login name."));
    const QString& name = positional.at(1);
    if (!LoginStore::isValidName(name))
        return m_session.usageError(
            tr("'%1' is not a valid login name (lower-case letters, digits and _, at most 63, not pg_ or "
               "boxoffice_).")
                .arg(name));
    const QString roleText = m_session.value(QStringLiteral("role"));
    const auto chosen = loginRoleFromWord(roleText);
    if (!chosen)
        return m_session.usageError(
            tr("--role must be kiosk, till, door, manager, service or web (or terminal, a till), not '%1'.")
                .arg(roleText));
    const LoginRole role = *chosen;
    auto secret = password();
    if (!secret)
        return m_session.usageError(secret.error().message);
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    LoginStore logins(m_session.connection());
    if (Status s = logins.createLogin(name, role, secret.value()); !s)
        return m_session.fail(s.error());
    const bool generated = m_session.isSet(QStringLiteral("generate-password"));
    QJsonObject json{{QStringLiteral("login"), name}, {QStringLiteral("role"), roleText}};
    QString text = tr("Created login %1 (%2).\n").arg(name, roleText);
    if (generated) {
        json.insert(QStringLiteral("password"), secret.value());
        text += tr("Password (shown only now): %1\n").arg(secret.value());
    }
    m_session.print(json, text);
    return ExitCode::Ok;
}

ExitCode LoginCommands::dropLogin(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("drop-login needs one login name."));
    const QString& name = positional.at(1);
    if (!LoginStore::isValidName(name))
        return m_session.usageError(tr("'%1' is not a valid login name.").arg(name));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    LoginStore logins(m_session.connection());
    auto dropped = logins.dropLogin(name);
    if (!dropped)
        return m_session.failLookup(dropped.error());
    const QString roleText = loginRoleWord(dropped.value());
    m_session.print(QJsonObject{{QStringLiteral("login"), name},
                                {QStringLiteral("role"), roleText},
                                {QStringLiteral("dropped"), true}},
                    tr("Dropped login %1 (%2).\n").arg(name, roleText));
    return ExitCode::Ok;
}

} // namespace bo
