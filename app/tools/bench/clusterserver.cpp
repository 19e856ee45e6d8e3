// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/clusterserver.h"

#include <algorithm>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>

namespace bo::bench {
namespace {

constexpr int usageExit = 2; ///< cluster.sh: bad usage, e.g. a port already taken
constexpr int lowestBase = 20000;
constexpr int spacing = 300;

/// The first port the kernel gives outgoing connections (32768 when it cannot say).
int firstEphemeralPort()
{
    QFile range(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    if (range.open(QIODevice::ReadOnly)) {
        const int low =
            QString::fromLatin1(range.readAll()).simplified().section(QLatin1Char(' '), 0, 0).toInt();
        if (low > 0)
            return low;
    }
    return 32768;
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
}

} // namespace

ClusterServer::ClusterServer(QString script, QString folder, QString admin)
    : m_script(std::move(script))
    , m_folder(std::move(folder))
    , m_admin(std::move(admin))
{}

ClusterServer::~ClusterServer()
{
    if (!m_started)
        return;
    QString output;
    if (run({QStringLiteral("down"), m_folder}, &output, 90000) != 0)
        qWarning("packaging/cluster.sh down %s failed: %s", qPrintable(m_folder), qPrintable(output));
}

int ClusterServer::run(const QStringList& arguments, QString* output, int timeoutMs) const
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("bash"), QStringList{m_script} + arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        *output =
            QStringLiteral("timed out after %1 ms: ").arg(timeoutMs) + QString::fromUtf8(process.readAll());
        return -1;
    }
    *output = QString::fromUtf8(process.readAll()).trimmed();
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

ClusterServer::Start ClusterServer::start(int base)
{
    const int bases = std::max(1, (firstEphemeralPort() - 202 - lowestBase) / spacing);
    QString output;
    int exit = -1;
    for (int attempt = 0; attempt < (base == 0 ? 4 : 1); ++attempt) {
        const int tried =
            base != 0 ? base : lowestBase + spacing * int(QRandomGenerator::global()->bounded(0, bases));
        QStringList arguments{QStringLiteral("up"), m_folder, QStringLiteral("--port"),
                              QString::number(tried)};
        if (!m_admin.isEmpty())
            arguments << QStringLiteral("--admin") << m_admin;
        exit = run(arguments, &output, 180000);
        // From here on `down` runs at the end, whatever `up` left behind (it may have started
        // some of the servers before it failed).
        m_started = exit != missingPackagesExit;
        if (exit != usageExit || !output.contains(QLatin1String("is taken")))
            break;
        (void)run({QStringLiteral("down"), m_folder}, &output, 90000);
        QDir(m_folder).removeRecursively();
        m_started = false;
    }
    if (exit == missingPackagesExit) {
        m_error = output;
        return Start::PackagesMissing;
    }
    if (exit != 0) {
        m_error = QStringLiteral("packaging/cluster.sh up exited with %1: %2").arg(exit).arg(output);
        return Start::Failed;
    }
    m_conninfo = readText(m_folder + QStringLiteral("/conninfo"));
    return Start::Up;
}

Result<ConnectionSettings> ClusterServer::primary()
{
    QString output;
    const int exit = run({QStringLiteral("primary"), m_folder}, &output, 60000);
    bool ok = false;
    const int port = output.section(QLatin1Char('\n'), -1).toInt(&ok);
    if (exit != 0 || !ok)
        return makeError(ErrorCode::Offline, QStringLiteral("no primary in the cluster: %1").arg(output));
    auto settings = ConnectionSettings::parse(
        QStringLiteral("host=127.0.0.1 port=%1 user=postgres dbname=postgres connect_timeout=3").arg(port));
    if (!settings)
        return settings.error();
    // DIR/ports: "pg1 pg2 pg3 ..."
    const QStringList ports = readText(m_folder + QStringLiteral("/ports")).split(QLatin1Char(' '));
    m_primaryNode = int(ports.indexOf(QString::number(port))) + 1;
    ConnectionSettings primary = settings.value();
    primary.setValue(QStringLiteral("password"), readText(m_folder + QStringLiteral("/superuser.password")));
    return primary;
}

QString ClusterServer::primaryFolder() const
{
    return m_primaryNode == 0 ? QString() : m_folder + QStringLiteral("/pg%1").arg(m_primaryNode);
}

QStringList ClusterServer::standbyFolders() const
{
    QStringList folders;
    for (int node = 1; node <= 3; ++node) {
        if (node != m_primaryNode && m_primaryNode != 0)
            folders << m_folder + QStringLiteral("/pg%1").arg(node);
    }
    return folders;
}

} // namespace bo::bench
