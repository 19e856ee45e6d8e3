// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/admin/staffcommands.h"

#include <cstdio>

#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include "db/staffstore.h"
#include "model/staff/staffsignin.h"

namespace bo {
namespace {

QJsonObject toJson(const StaffMember& m)
{
    QJsonObject o{{QStringLiteral("number"), m.id},
                  {QStringLiteral("name"), m.name},
                  {QStringLiteral("role"), staffRoleName(m.role)},
                  {QStringLiteral("active"), m.active},
                  {QStringLiteral("locked"), m.locked},
                  {QStringLiteral("failed_pins"), m.failedPins},
                  {QStringLiteral("has_pin"), m.hasPin},
                  {QStringLiteral("created_at"), CliSession::isoUtc(m.createdAt)}};
    if (m.lastSignInAt.isValid())
        o.insert(QStringLiteral("last_sign_in_at"), CliSession::isoUtc(m.lastSignInAt));
    return o;
}

} // namespace

StaffCommands::StaffCommands(CliSession& session)
    : m_session(session)
{}

Result<QString> StaffCommands::readPin(const QString& who) const
{
    if (!CliSession::stdinIsTerminal()) {
        const QString line = CliSession::readStdinLine(false).trimmed();
        if (line.isEmpty())
            return makeError(ErrorCode::BadInput, tr("No PIN on standard input: give it as one line."));
        if (!StaffSignIn::looksLikePin(line))
            return makeError(ErrorCode::BadInput, tr("A staff PIN is 4 to 12 digits."));
        return line;
    }
    QTextStream err(stderr);
    err << tr("PIN for %1 (4 to 12 digits): ").arg(who) << Qt::flush;
    const QString first = CliSession::readStdinLine(true).trimmed();
    err << '\n' << tr("Again: ") << Qt::flush;
    const QString second = CliSession::readStdinLine(true).trimmed();
    err << '\n' << Qt::flush;
    if (first != second)
        return makeError(ErrorCode::BadInput, tr("The two PINs differ."));
    if (!StaffSignIn::looksLikePin(first))
        return makeError(ErrorCode::BadInput, tr("A staff PIN is 4 to 12 digits."));
    return first;
}

Result<int> StaffCommands::member(StaffDirectory& directory, const QString& named) const
{
    const QString wanted = named.trimmed();
    auto everyone = directory.staff();
    if (!everyone)
        return everyone.error();
    bool isNumber = false;
    const int number = wanted.toInt(&isNumber);
    const StaffMember* found = nullptr;
    for (const StaffMember& m : everyone.value()) {
        const bool match = isNumber ? m.id == number : m.name.compare(wanted, Qt::CaseInsensitive) == 0;
        // The list has the active first: an active member wins over a disabled one of that name.
        if (match && !found)
            found = &m;
    }
    if (!found)
        return makeError(ErrorCode::BadInput,
                         tr("There is no member of staff '%1' (see 'staff').").arg(wanted));
    return found->id;
}

ExitCode StaffCommands::add(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("staff-add takes one name: staff-add NAME --role ROLE (the PIN on "
                                       "standard input)."));
    const QString name = positional.at(1).trimmed();
    if (name.isEmpty() || name.size() > 80)
        return m_session.usageError(tr("A member of staff needs a name of 1 to 80 characters."));
    const auto role = staffRoleFromName(m_session.value(QStringLiteral("role")));
    if (!role)
        return m_session.usageError(tr("staff-add needs --role cashier, supervisor or manager."));
    auto pin = readPin(name);
    if (!pin)
        return m_session.fail(pin.error());
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    StaffStore store(m_session.connection());
    auto id = store.addStaff(name, *role, pin.value());
    if (!id) {
        if (CliSession::permissionDenied(id.error()))
            return m_session.fail(
                makeError(ErrorCode::Internal, tr("Adding staff needs a manager login."), id.error().detail));
        return m_session.fail(id.error());
    }
    m_session.print(QJsonObject{{QStringLiteral("number"), id.value()},
                                {QStringLiteral("name"), name},
                                {QStringLiteral("role"), staffRoleName(*role)}},
                    tr("Added %1, %2, as staff number %3: they sign in with that number and their PIN.\n")
                        .arg(name, staffRoleName(*role))
                        .arg(id.value()));
    return ExitCode::Ok;
}

ExitCode StaffCommands::list(const QStringList& positional)
{
    if (positional.size() != 1)
        return m_session.usageError(tr("staff takes no arguments."));
    if (Status s = m_session.connect(true); !s)
        return m_session.fail(s.error());
    StaffStore store(m_session.connection());
    auto everyone = store.staff();
    if (!everyone)
        return m_session.fail(everyone.error());
    QJsonArray json;
    QString text;
    for (const StaffMember& m : everyone.value()) {
        json.append(toJson(m));
        QString state = !m.active   ? tr("disabled")
                        : m.locked  ? tr("LOCKED")
                        : !m.hasPin ? tr("no PIN")
                                    : tr("active");
        text +=
            QStringLiteral("%1  %2  %3  %4  %5\n")
                .arg(m.id, 5)
                .arg(m.name.leftJustified(24), staffRoleName(m.role).leftJustified(10),
                     state.leftJustified(8),
                     m.lastSignInAt.isValid()
                         ? tr("last signed in %1")
                               .arg(CliSession::localTime(m.lastSignInAt, QStringLiteral("yyyy-MM-dd HH:mm")))
                         : tr("never signed in"));
    }
    if (everyone.value().isEmpty())
        text = tr("No staff yet: add them with staff-add NAME --role ROLE.\n");
    m_session.print(QJsonObject{{QStringLiteral("staff"), json}}, text);
    return ExitCode::Ok;
}

ExitCode StaffCommands::disable(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("staff-disable takes one member: staff-disable NAME|NUMBER."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    StaffStore store(m_session.connection());
    auto id = member(store, positional.at(1));
    if (!id)
        return m_session.fail(id.error());
    auto done = store.disable(id.value());
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Disabling staff needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    m_session.print(
        QJsonObject{{QStringLiteral("number"), id.value()}, {QStringLiteral("disabled"), done.value()}},
        done.value()
            ? tr("Staff number %1 can no longer sign in; their tills are signed out.\n").arg(id.value())
            : tr("Staff number %1 was disabled already.\n").arg(id.value()));
    return ExitCode::Ok;
}

ExitCode StaffCommands::pin(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(
            tr("staff-pin takes one member: staff-pin NAME|NUMBER (the PIN on standard "
               "input)."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    StaffStore store(m_session.connection());
    auto id = member(store, positional.at(1));
    if (!id)
        return m_session.fail(id.error());
    auto pin = readPin(positional.at(1).trimmed());
    if (!pin)
        return m_session.fail(pin.error());
    if (Status done = store.setPin(id.value(), pin.value()); !done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(makeError(ErrorCode::Internal, tr("Changing a PIN needs a manager login."),
                                            done.error().detail));
        return m_session.failLookup(done.error());
    }
    m_session.print(
        QJsonObject{{QStringLiteral("number"), id.value()}, {QStringLiteral("pin_changed"), true}},
        tr("Staff number %1 has a new PIN (and is unlocked).\n").arg(id.value()));
    return ExitCode::Ok;
}

ExitCode StaffCommands::unlock(const QStringList& positional)
{
    if (positional.size() != 2)
        return m_session.usageError(tr("staff-unlock takes one member: staff-unlock NAME|NUMBER."));
    if (Status s = m_session.connect(true, true); !s)
        return m_session.fail(s.error());
    StaffStore store(m_session.connection());
    auto id = member(store, positional.at(1));
    if (!id)
        return m_session.fail(id.error());
    auto done = store.unlock(id.value(), std::nullopt, QStringLiteral("boxoffice-admin"));
    if (!done) {
        if (CliSession::permissionDenied(done.error()))
            return m_session.fail(
                makeError(ErrorCode::Internal,
                          tr("Unlocking staff needs a manager login (or a supervisor's PIN at "
                             "a till)."),
                          done.error().detail));
        return m_session.failLookup(done.error());
    }
    m_session.print(
        QJsonObject{{QStringLiteral("number"), id.value()}, {QStringLiteral("unlocked"), done.value()}},
        done.value() ? tr("Staff number %1 is unlocked.\n").arg(id.value())
                     : tr("Staff number %1 was not locked.\n").arg(id.value()));
    return ExitCode::Ok;
}

} // namespace bo
