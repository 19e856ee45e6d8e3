// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/terminalidentity.h"

#include <QCryptographicHash>
#include <QDir>
#include <QRandomGenerator>

namespace bo {
namespace {

constexpr int maxInstances = 50;
constexpr int maxNameLength = 100; // what a booking's terminal column takes

/// A lock-file name for any terminal name (names may hold characters a file name cannot).
QString lockNameFor(const QString& name)
{
    const QByteArray hash =
        QCryptographicHash::hash(name.toUtf8(), QCryptographicHash::Sha1).toHex().left(16);
    return QStringLiteral("terminal-%1.lock").arg(QString::fromLatin1(hash));
}

std::unique_ptr<QLockFile> tryLock(const QString& folder, const QString& name)
{
    auto lock = std::make_unique<QLockFile>(QDir(folder).filePath(lockNameFor(name)));
    // A lock left by a crashed instance is stale (its process is gone) and is taken over.
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return nullptr;
    return lock;
}

/// The permanent id kept for a name, created on first use.
QUuid idFor(QSettings& settings, const QString& key)
{
    QUuid id = QUuid::fromString(settings.value(key).toString());
    if (id.isNull()) {
        id = QUuid::createUuid();
        settings.setValue(key, id.toString(QUuid::WithoutBraces));
    }
    return id;
}

} // namespace

Result<TerminalIdentity> claimTerminalIdentity(QSettings& settings, const QString& lockFolder,
                                               const QString& requestedName)
{
    if (!QDir().mkpath(lockFolder))
        return makeError(ErrorCode::Internal,
                         TerminalIdentity::tr("The folder %1 cannot be created.").arg(lockFolder));
    const QString requested = requestedName.trimmed();
    if (!requestedName.isNull() && requested.isEmpty())
        return makeError(ErrorCode::BadInput, TerminalIdentity::tr("The terminal name is empty."));
    if (requested.size() > maxNameLength)
        return makeError(
            ErrorCode::BadInput,
            TerminalIdentity::tr("The terminal name is longer than %1 characters.").arg(maxNameLength));

    // The machine's own till: the name and id kept since its first start.
    QString machineName = settings.value(QStringLiteral("terminal/name")).toString();
    if (machineName.isEmpty()) {
        machineName = QStringLiteral("till-%1").arg(QRandomGenerator::system()->bounded(0x10000), 4, 16,
                                                    QLatin1Char('0'));
        settings.setValue(QStringLiteral("terminal/name"), machineName);
    }
    auto claim = [&](const QString& name) -> std::optional<TerminalIdentity> {
        auto lock = tryLock(lockFolder, name);
        if (!lock)
            return std::nullopt;
        const QString key =
            name == machineName
                ? QStringLiteral("terminal/id")
                : QStringLiteral("terminals/%1/id").arg(QString::fromLatin1(name.toUtf8().toHex()));
        return TerminalIdentity{name, idFor(settings, key), std::move(lock)};
    };

    if (!requested.isEmpty()) {
        if (auto identity = claim(requested))
            return std::move(*identity);
        return makeError(ErrorCode::Conflict,
                         TerminalIdentity::tr("Terminal %1 is already running on this computer; "
                                              "give this one another name with --terminal.")
                             .arg(requested));
    }
    for (int instance = 1; instance <= maxInstances; ++instance) {
        const QString name =
            instance == 1 ? machineName : QStringLiteral("%1-%2").arg(machineName).arg(instance);
        if (auto identity = claim(name))
            return std::move(*identity);
    }
    return makeError(ErrorCode::Conflict,
                     TerminalIdentity::tr("%1 terminals already run on this computer.").arg(maxInstances));
}

} // namespace bo
