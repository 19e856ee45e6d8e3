// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/testcluster.h"

#include "db/dbconnection.h"

#include <algorithm>
#include <csignal>

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QThread>

namespace bo::test {
namespace {

constexpr int skipExit = 77; ///< cluster.sh: the failover packages are not installed
constexpr int usageExit = 2; ///< cluster.sh: bad usage, e.g. a port already taken

QString clusterFolder(const QTemporaryDir& dir)
{
    return dir.path() + QStringLiteral("/cluster");
}

/// The first port the kernel may give an outgoing connection (32768 when it cannot say). The
/// cluster's ports stay below it: the suite's thousands of client connections take ports from
/// that range at random, and one of them once held the port etcd or a node was to listen on.
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

} // namespace

TestCluster::TestCluster()
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    // BOXOFFICE_KEEP_CLUSTER=1 keeps the folder, and with it every server's log, after the test.
    if (!qEnvironmentVariableIsEmpty("BOXOFFICE_KEEP_CLUSTER")) {
        m_dir.setAutoRemove(false);
        qInfo("the cluster's folder (kept): %s", qPrintable(clusterFolder(m_dir)));
    }
    // As root the servers run as the postgres user, which must reach the folder.
    QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                            QFile::ReadGroup | QFile::ExeGroup | QFile::ReadOther |
                                            QFile::ExeOther);
    // A few random port bases below the ephemeral range (cluster.sh refuses ports in it): another
    // test (or helper) may hold one of them. A base uses ports base..base+201.
    constexpr int lowestBase = 20000;
    constexpr int spacing = 300;
    const int bases = std::max(1, (firstEphemeralPort() - 202 - lowestBase) / spacing);
    QString output;
    int exit = -1;
    for (int attempt = 0; attempt < 4; ++attempt) {
        const int base = lowestBase + spacing * int(QRandomGenerator::global()->bounded(0, bases));
        exit = run({QStringLiteral("up"), clusterFolder(m_dir), QStringLiteral("--port"),
                    QString::number(base), QStringLiteral("--admin"), QStringLiteral(BOXOFFICE_ADMIN_PATH)},
                   &output, 150000);
        m_started = exit != skipExit && exit != usageExit;
        if (exit != usageExit || !output.contains(QLatin1String("is taken")))
            break;
    }
    if (exit == skipExit) {
        m_skipped = true;
        m_error = output.trimmed();
        return;
    }
    if (exit != 0) {
        m_error =
            QStringLiteral("packaging/cluster.sh up exited with %1: %2").arg(exit).arg(output.trimmed());
        // The folder goes with the test: print the end of each log here (a test's failure
        // message is cut at 1,024 characters, so the logs do not go into m_error).
        for (const char* log : {"etcd", "patroni1", "patroni2", "patroni3"}) {
            QFile file(clusterFolder(m_dir) + QStringLiteral("/%1.log").arg(QLatin1String(log)));
            if (file.open(QIODevice::ReadOnly))
                qWarning("--- %s.log (its end):\n%s", log, file.readAll().right(6000).constData());
            else
                qWarning("--- %s.log: cannot open: %s", log, qPrintable(file.errorString()));
        }
        return;
    }
    QFile ports(clusterFolder(m_dir) + QStringLiteral("/ports"));
    QFile conninfo(clusterFolder(m_dir) + QStringLiteral("/conninfo"));
    QFile password(clusterFolder(m_dir) + QStringLiteral("/superuser.password"));
    if (!ports.open(QIODevice::ReadOnly) || !conninfo.open(QIODevice::ReadOnly) ||
        !password.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("the cluster folder lacks ports, conninfo or superuser.password");
        return;
    }
    const QStringList numbers =
        QString::fromUtf8(ports.readAll()).split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 0; i < 3 && i < numbers.size(); ++i)
        m_ports << numbers.at(i).trimmed().toInt();
    auto parsed = ConnectionSettings::parse(QString::fromUtf8(conninfo.readAll()).trimmed());
    if (!parsed || m_ports.size() != 3) {
        m_error = QStringLiteral("cannot read the cluster's connection string or ports");
        return;
    }
    m_superuser = parsed.value();
    m_superuser.setValue(QStringLiteral("password"), QString::fromUtf8(password.readAll()).trimmed());
    m_ok = true;
}

TestCluster::~TestCluster()
{
    if (!m_started)
        return;
    QString output;
    if (run({QStringLiteral("down"), clusterFolder(m_dir)}, &output, 60000) != 0)
        qWarning("packaging/cluster.sh down failed: %s", qPrintable(output));
}

int TestCluster::run(const QStringList& arguments, QString* output, int timeoutMs) const
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(QStringLiteral("bash"), QStringList{QStringLiteral(BOXOFFICE_CLUSTER_SCRIPT)} + arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        *output =
            QStringLiteral("timed out after %1 ms: ").arg(timeoutMs) + QString::fromUtf8(process.readAll());
        return -1;
    }
    *output = QString::fromUtf8(process.readAll());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

ConnectionSettings TestCluster::primarySettings() const
{
    const int port = primaryPort();
    if (port == 0)
        return {};
    return nodeSettings(port);
}

ConnectionSettings TestCluster::nodeSettings(int port) const
{
    ConnectionSettings settings = m_superuser;
    settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
    settings.setValue(QStringLiteral("port"), QString::number(port));
    settings.setValue(QStringLiteral("target_session_attrs"), QStringLiteral("any"));
    return settings;
}

bool TestCluster::isStandby(int port) const
{
    auto node = DbConnection::open(nodeSettings(port), QStringLiteral("cluster-role"));
    if (!node)
        return false;
    auto r = node.value()->exec(QStringLiteral("SELECT pg_is_in_recovery()"));
    return r && r.value().next() && r.value().value(0).toBool();
}

int TestCluster::syncStandbyPort() const
{
    const ConnectionSettings primary = primarySettings();
    if (primary.host().isEmpty())
        return 0;
    auto owner = DbConnection::open(primary, QStringLiteral("cluster-sync"));
    if (!owner)
        return 0;
    // Patroni names each node's walreceiver after its member: pg1, pg2, pg3 in the order of ports().
    auto r = owner.value()->exec(QStringLiteral("SELECT application_name FROM pg_stat_replication WHERE "
                                                "sync_state = 'sync' AND state = 'streaming'"));
    if (!r || !r.value().next())
        return 0;
    const QString name = r.value().value(0).toString();
    const int node = name.startsWith(QLatin1String("pg")) ? name.mid(2).toInt() : 0;
    return node >= 1 && node <= m_ports.size() ? m_ports.at(node - 1) : 0;
}

bool TestCluster::killNode(int port) const
{
    const qsizetype node = m_ports.indexOf(port);
    if (node < 0)
        return false;
    QFile file(clusterFolder(m_dir) + QStringLiteral("/patroni%1.pid").arg(node + 1));
    const qint64 agent = file.open(QIODevice::ReadOnly) ? file.readLine().trimmed().toLongLong() : 0;
    // The agent first (its whole session: runuser and patroni), so that it cannot start the
    // postmaster again; the postmaster runs in a session of its own.
    if (agent <= 0 || ::kill(-pid_t(agent), SIGKILL) != 0)
        return false;
    return killPostmaster(port);
}

bool TestCluster::stop(QString* output) const
{
    return run({QStringLiteral("down"), clusterFolder(m_dir)}, output, 90000) == 0;
}

bool TestCluster::start(QString* output) const
{
    return run({QStringLiteral("start"), clusterFolder(m_dir)}, output, 150000) == 0;
}

ConnectionSettings TestCluster::multiHost(const ConnectionSettings& login) const
{
    QStringList ports;
    for (int p : m_ports)
        ports << QString::number(p);
    ConnectionSettings settings = login;
    settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1,127.0.0.1,127.0.0.1"));
    settings.setValue(QStringLiteral("port"), ports.join(QLatin1Char(',')));
    settings.setValue(QStringLiteral("target_session_attrs"), QStringLiteral("read-write"));
    settings.setValue(QStringLiteral("connect_timeout"), QStringLiteral("3"));
    return settings;
}

bool TestCluster::waitForReplay(int seconds) const
{
    const QDeadlineTimer deadline(qint64(seconds) * 1000);
    const int primary = primaryPort();
    if (primary == 0)
        return false;
    auto owner = DbConnection::open(primarySettings(), QStringLiteral("cluster-replay"));
    if (!owner)
        return false;
    auto lsn = owner.value()->exec(QStringLiteral("SELECT pg_current_wal_lsn()::text"));
    if (!lsn || !lsn.value().next())
        return false;
    const QString target = lsn.value().value(0).toString();
    for (int port : m_ports) {
        if (port == primary)
            continue;
        // A standby still being made (Patroni's base backup) or restarting refuses sessions for a
        // while: it has not replayed yet, it has not failed. Ask again until the deadline.
        QString last;
        for (;;) {
            auto standby = DbConnection::open(nodeSettings(port), QStringLiteral("cluster-replay"));
            if (standby) {
                auto caught = standby.value()->exec(
                    QStringLiteral("SELECT coalesce(pg_last_wal_replay_lsn() >= ?::pg_lsn, false)"),
                    {target});
                if (caught && caught.value().next() && caught.value().value(0).toBool())
                    break;
                last = caught ? QStringLiteral("replayed less than %1").arg(target) : caught.error().detail;
            } else {
                last = standby.error().detail;
            }
            if (deadline.hasExpired()) {
                qWarning("standby on port %d did not replay up to %s in %d s: %s", port, qPrintable(target),
                         seconds, qPrintable(last));
                return false;
            }
            QThread::msleep(100);
        }
    }
    return true;
}

int TestCluster::primaryPort() const
{
    QString output;
    if (run({QStringLiteral("primary"), clusterFolder(m_dir)}, &output, 20000) != 0)
        return 0;
    return output.trimmed().toInt();
}

qint64 TestCluster::postmasterPid(int port) const
{
    const qsizetype node = m_ports.indexOf(port);
    if (node < 0)
        return 0;
    QFile file(clusterFolder(m_dir) + QStringLiteral("/pg%1/postmaster.pid").arg(node + 1));
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    return file.readLine().trimmed().toLongLong();
}

bool TestCluster::killPostmaster(int port) const
{
    const qint64 pid = postmasterPid(port);
    return pid > 0 && ::kill(pid_t(pid), SIGKILL) == 0;
}

bool TestCluster::pauseNode(int port, bool stop) const
{
    const qint64 pid = postmasterPid(port);
    if (pid <= 0)
        return false;
    // The postmaster and its children (backends, walsender, checkpointer ...), found by parent id.
    const QString signal = stop ? QStringLiteral("STOP") : QStringLiteral("CONT");
    return QProcess::execute(QStringLiteral("bash"),
                             {QStringLiteral("-c"),
                              QStringLiteral("kill -%1 %2 $(pgrep -P %2)").arg(signal).arg(pid)}) == 0;
}

int TestCluster::waitForNewPrimary(int oldPort, int seconds) const
{
    const QDeadlineTimer deadline(qint64(seconds) * 1000);
    while (!deadline.hasExpired()) {
        const int port = primaryPort();
        if (port != 0 && port != oldPort)
            return port;
        QThread::msleep(250);
    }
    return 0;
}

QString TestCluster::status() const
{
    QString output;
    (void)run({QStringLiteral("status"), clusterFolder(m_dir)}, &output, 20000);
    return output;
}

bool TestCluster::waitForStandbys(int seconds) const
{
    const QDeadlineTimer deadline(qint64(seconds) * 1000);
    while (!deadline.hasExpired()) {
        const ConnectionSettings primary = primarySettings();
        if (!primary.host().isEmpty()) {
            if (auto owner = DbConnection::open(primary, QStringLiteral("cluster-standbys"))) {
                auto r = owner.value()->exec(QStringLiteral(
                    "SELECT count(*) FILTER (WHERE state = 'streaming'), count(*) FILTER "
                    "(WHERE state = 'streaming' AND sync_state = 'sync') FROM pg_stat_replication"));
                if (r && r.value().next() && r.value().value(0).toInt() == 2 &&
                    r.value().value(1).toInt() >= 1)
                    return true;
            }
        }
        QThread::msleep(250);
    }
    return false;
}

} // namespace bo::test
