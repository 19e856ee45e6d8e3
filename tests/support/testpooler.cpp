// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/testpooler.h"

#include <QFile>
#include <QProcess>
#include <QRandomGenerator>

namespace bo::test {
namespace {

constexpr int skipExit = 77; ///< pooler.sh: pgbouncer is not installed

int runPooler(const QStringList& arguments, QString* output)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("bash"), QStringList{QStringLiteral(BOXOFFICE_POOLER_SCRIPT)} + arguments);
    if (!process.waitForFinished(30000)) {
        process.kill();
        process.waitForFinished(5000);
        *output = QStringLiteral("timed out: ") + QString::fromUtf8(process.readAll());
        return -1;
    }
    *output = QString::fromUtf8(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

QString quotedForAuthFile(const QString& value)
{
    QString out = value;
    out.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + out + QLatin1Char('"');
}

} // namespace

TestPooler::TestPooler(const ConnectionSettings& server, const QList<ConnectionSettings>& logins,
                       int poolPerLogin, int maxServerSessions)
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    // As root pgbouncer runs as the postgres user, which must reach the folder.
    QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                            QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                            QFile::ExeOther);
    QFile users(m_dir.filePath(QStringLiteral("users.txt")));
    if (!users.open(QIODevice::WriteOnly)) {
        m_error = QStringLiteral("cannot write %1").arg(users.fileName());
        return;
    }
    for (const ConnectionSettings& login : logins)
        users.write((quotedForAuthFile(login.value(QStringLiteral("user"))) + QLatin1Char(' ') +
                     quotedForAuthFile(login.value(QStringLiteral("password"))) + QLatin1Char('\n'))
                        .toUtf8());
    users.close();
    // Below the kernel's ephemeral range (32768 and up), where the suite's client sockets take
    // their ports; another test may hold the one chosen, so a few are tried.
    QString output;
    int exit = -1;
    for (int attempt = 0; attempt < 4; ++attempt) {
        m_port = 20000 + int(QRandomGenerator::global()->bounded(0, 12000));
        exit = runPooler({QStringLiteral("up"), m_dir.filePath(QStringLiteral("pooler")),
                          QStringLiteral("--port"), QString::number(m_port), QStringLiteral("--server"),
                          server.host() + QLatin1Char(':') + server.value(QStringLiteral("port")),
                          QStringLiteral("--users"), users.fileName(), QStringLiteral("--pool"),
                          QString::number(poolPerLogin), QStringLiteral("--max-server"),
                          QString::number(maxServerSessions)},
                         &output);
        m_started = exit != skipExit && exit != 2;
        if (exit != 1)
            break;
        (void)runPooler({QStringLiteral("down"), m_dir.filePath(QStringLiteral("pooler"))}, &output);
    }
    if (exit == skipExit) {
        m_skipped = true;
        m_error = output.trimmed();
        return;
    }
    if (exit != 0) {
        m_error = QStringLiteral("packaging/pooler.sh up exited with %1: %2").arg(exit).arg(output.trimmed());
        return;
    }
    m_ok = true;
}

TestPooler::~TestPooler()
{
    if (!m_started)
        return;
    QString output;
    if (runPooler({QStringLiteral("down"), m_dir.filePath(QStringLiteral("pooler"))}, &output) != 0)
        qWarning("packaging/pooler.sh down failed: %s", qPrintable(output));
}

ConnectionSettings TestPooler::through(const ConnectionSettings& login) const
{
    ConnectionSettings settings = login;
    settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
    settings.setValue(QStringLiteral("port"), QString::number(m_port));
    settings.pooled = true;
    return settings;
}

} // namespace bo::test
