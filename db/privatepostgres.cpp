// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/privatepostgres.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QLockFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSettings>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

#ifdef Q_OS_UNIX
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace bo {
namespace {

const QString superuser = QStringLiteral("boxoffice");

QString exe(const QString& name)
{
#ifdef Q_OS_WIN
    return name + QStringLiteral(".exe");
#else
    return name;
#endif
}

/// The unprivileged account the server runs as when we are root; uid -1 when we are not root.
struct RunAs
{
    int uid = -1;
    int gid = -1;
};

Result<RunAs> runAs()
{
    RunAs r;
#ifdef Q_OS_UNIX
    if (geteuid() != 0)
        return r;
    const struct passwd* pw = getpwnam("postgres");
    if (!pw)
        return refuse(ErrorCode::Internal, Refusal::PostgresAsRoot);
    r.uid = int(pw->pw_uid);
    r.gid = int(pw->pw_gid);
#endif
    return r;
}

Status handOver(const QString& path, const RunAs& as)
{
#ifdef Q_OS_UNIX
    if (as.uid >= 0 && ::chown(QFile::encodeName(path).constData(), uid_t(as.uid), gid_t(as.gid)) != 0)
        return refuse(ErrorCode::Internal, Refusal::FolderNotHandedOver, {path});
#else
    Q_UNUSED(path);
    Q_UNUSED(as);
#endif
    return success();
}

/// With root dropping to `postgres`, every parent of the folder must be searchable by others.
Status checkReachable(const QString& folder, const RunAs& as)
{
#ifdef Q_OS_UNIX
    if (as.uid < 0)
        return success();
    QDir dir(folder);
    while (true) {
        struct stat st
        {};
        const QByteArray path = QFile::encodeName(dir.absolutePath());
        if (::stat(path.constData(), &st) == 0 && !(st.st_mode & S_IXOTH) && st.st_uid != uid_t(as.uid))
            return refuse(ErrorCode::Internal, Refusal::FolderClosedToPostgres, {folder, dir.absolutePath()});
        if (dir.isRoot() || !dir.cdUp())
            break;
    }
#else
    Q_UNUSED(folder);
    Q_UNUSED(as);
#endif
    return success();
}

struct ProcessResult
{
    int exitCode = -1;
    QString output;
};

ProcessResult run(const QString& program, const QStringList& args, const RunAs& as, int timeoutMs = 120000)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
#ifdef Q_OS_UNIX
    if (as.uid >= 0) {
        const uid_t uid = uid_t(as.uid);
        const gid_t gid = gid_t(as.gid);
        process.setChildProcessModifier([uid, gid] {
            // Runs in the child between fork and exec: drop root for good.
            if (::setgroups(0, nullptr) != 0 || ::setgid(gid) != 0 || ::setuid(uid) != 0)
                ::_exit(126);
        });
        // The server's working directory must be readable by it.
        process.setWorkingDirectory(QStringLiteral("/"));
    }
#else
    Q_UNUSED(as);
#endif
    process.start(program, args);
    ProcessResult r;
    if (!process.waitForStarted(10000)) {
        r.output = process.errorString();
        return r;
    }
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(2000);
        r.output = QStringLiteral("timed out: ") + QString::fromLocal8Bit(process.readAll());
        return r;
    }
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    r.output = QString::fromLocal8Bit(process.readAll()).trimmed();
    return r;
}

int freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

QString generatePassword()
{
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    QString out;
    for (int i = 0; i < 32; ++i)
        out += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]);
    return out;
}

ConnectionSettings settingsFor(int port, const QString& password)
{
    auto parsed = ConnectionSettings::parse(
        QStringLiteral("host=127.0.0.1 port=%1 dbname=postgres user=%2").arg(port).arg(superuser));
    ConnectionSettings s = parsed.value();
    s.setValue(QStringLiteral("password"), password);
    return s;
}

bool accepts(const ConnectionSettings& s)
{
    const QByteArray conninfo = s.toConninfo().toUtf8();
    return PQping(conninfo.constData()) == PQPING_OK;
}

} // namespace

Result<PostgresBinaries> PostgresBinaries::locate()
{
    QStringList searchDirs;
    const QString onPath = QStandardPaths::findExecutable(exe(QStringLiteral("pg_ctl")));
    if (!onPath.isEmpty())
        searchDirs << QFileInfo(onPath).absolutePath();
#ifdef Q_OS_WIN
    for (const QString& root : {QStringLiteral("C:/Program Files/PostgreSQL")}) {
        QDir base(root);
        const auto versions = base.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed);
        for (const QString& v : versions)
            searchDirs << base.filePath(v + QStringLiteral("/bin"));
    }
#else
    QDir debian(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = debian.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(),
              [](const QString& a, const QString& b) { return a.toInt() > b.toInt(); });
    for (const QString& v : versions)
        searchDirs << debian.filePath(v + QStringLiteral("/bin"));
    searchDirs << QStringLiteral("/usr/local/pgsql/bin") << QStringLiteral("/usr/pgsql-15/bin");
#endif
    for (const QString& dir : searchDirs) {
        PostgresBinaries b{QDir(dir).filePath(exe(QStringLiteral("initdb"))),
                           QDir(dir).filePath(exe(QStringLiteral("pg_ctl"))),
                           QDir(dir).filePath(exe(QStringLiteral("postgres")))};
        if (QFileInfo(b.initdb).isExecutable() && QFileInfo(b.pgCtl).isExecutable() &&
            QFileInfo(b.postgres).isExecutable())
            return b;
    }
    // The sentence names where this platform's server is looked for.
    return refuse(ErrorCode::Internal, Refusal::PostgresNotFound);
}

bool PrivatePostgres::isRunning(const QString& folder)
{
    auto binaries = PostgresBinaries::locate();
    auto as = runAs();
    if (!binaries || !as)
        return false;
    const QString data = QDir(folder).filePath(QStringLiteral("data"));
    return run(binaries.value().pgCtl, {QStringLiteral("status"), QStringLiteral("-D"), data}, as.value())
               .exitCode == 0;
}

Result<ConnectionSettings> PrivatePostgres::ensureRunning(const QString& folderIn,
                                                          const ClusterOptions& options)
{
    const QString folder = QDir(folderIn).absolutePath();
    auto binaries = PostgresBinaries::locate();
    if (!binaries)
        return binaries.error();
    auto asResult = runAs();
    if (!asResult)
        return asResult.error();
    const RunAs as = asResult.value();
    const PostgresBinaries& bin = binaries.value();

    if (!QDir().mkpath(folder))
        return refuse(ErrorCode::Internal, Refusal::FolderNotCreated, {folder});
#ifdef Q_OS_UNIX
    // The server user only needs to pass through; the password file inside stays 0600.
    if (as.uid >= 0)
        ::chmod(QFile::encodeName(folder).constData(), 0711);
#endif
    if (Status s = checkReachable(folder, as); !s)
        return s.error();

    // Two programs starting the same cluster at once (two demo terminals) take turns.
    QLockFile lock(QDir(folder).filePath(QStringLiteral("cluster.lock")));
    if (!lock.tryLock(120000))
        return refuse(ErrorCode::Internal, Refusal::DatabaseStarting, {folder});

    const QString data = QDir(folder).filePath(QStringLiteral("data"));
    const QString runDir = QDir(folder).filePath(QStringLiteral("run"));
    const QString logFile = QDir(runDir).filePath(QStringLiteral("server.log"));
    const QString iniPath = QDir(folder).filePath(QStringLiteral("cluster.ini"));
    QSettings ini(iniPath, QSettings::IniFormat);

    if (!QFileInfo::exists(QDir(data).filePath(QStringLiteral("PG_VERSION")))) {
        // A fresh cluster: new password, initdb as the server's user.
        QDir(data).removeRecursively();
        if (!QDir().mkpath(data) || !QDir().mkpath(runDir))
            return refuse(ErrorCode::Internal, Refusal::FolderNotCreated, {data});
        const QString password = generatePassword();
        const QString pwfile = QDir(runDir).filePath(QStringLiteral("initdb.pw"));
        {
            QFile pw(pwfile);
            if (!pw.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return refuse(ErrorCode::Internal, Refusal::FileNotWritten, {pwfile});
            pw.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
            pw.write(password.toUtf8() + '\n');
        }
        for (const QString& p : {data, runDir, pwfile}) {
            if (Status s = handOver(p, as); !s)
                return s.error();
        }
        QFile::setPermissions(data, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        const ProcessResult init =
            run(bin.initdb,
                {QStringLiteral("-D"), data, QStringLiteral("-U"), superuser,
                 QStringLiteral("--auth=scram-sha-256"), QStringLiteral("--pwfile=") + pwfile,
                 QStringLiteral("--encoding=UTF8"), QStringLiteral("--no-locale"),
                 QStringLiteral("--no-instructions")},
                as);
        QFile::remove(pwfile);
        if (init.exitCode != 0)
            return refuse(ErrorCode::Internal, Refusal::InitdbFailed, {data}, init.output);
        ini.setValue(QStringLiteral("password"), password);
        ini.remove(QStringLiteral("port"));
        ini.sync();
        QFile::setPermissions(iniPath, QFile::ReadOwner | QFile::WriteOwner);
        spdlog::info("created a private PostgreSQL cluster in {}", folder.toStdString());
    }

    const QString password = ini.value(QStringLiteral("password")).toString();
    int port = ini.value(QStringLiteral("port"), 0).toInt();
    if (port > 0 &&
        run(bin.pgCtl, {QStringLiteral("status"), QStringLiteral("-D"), data}, as).exitCode == 0) {
        ConnectionSettings s = settingsFor(port, password);
        if (accepts(s))
            return s;
    }

    QString lastOutput;
    for (int attempt = 0; attempt < 4; ++attempt) {
        if (port <= 0 || attempt > 0)
            port = freeLoopbackPort();
        if (port <= 0)
            return refuse(ErrorCode::Internal, Refusal::NoFreePort);
#ifdef Q_OS_WIN
        const QString socketOption = QStringLiteral("-c unix_socket_directories=''");
#else
        if (runDir.contains(QLatin1Char('\'')))
            return refuse(ErrorCode::BadInput, Refusal::FolderHasQuote, {runDir});
        const QString socketOption = QStringLiteral("-c unix_socket_directories='%1'").arg(runDir);
#endif
        QString serverOptions = QStringLiteral("-p %1 -c listen_addresses=127.0.0.1 %2 -c max_connections=%3")
                                    .arg(port)
                                    .arg(socketOption)
                                    .arg(options.maxConnections);
        if (!options.durable)
            serverOptions +=
                QStringLiteral(" -c fsync=off -c full_page_writes=off -c synchronous_commit=off");
        const ProcessResult start = run(bin.pgCtl,
                                        {QStringLiteral("-D"), data, QStringLiteral("-l"), logFile,
                                         QStringLiteral("-w"), QStringLiteral("-t"), QStringLiteral("60"),
                                         QStringLiteral("-o"), serverOptions, QStringLiteral("start")},
                                        as);
        lastOutput = start.output;
        if (start.exitCode == 0) {
            ConnectionSettings s = settingsFor(port, password);
            for (int i = 0; i < 100 && !accepts(s); ++i)
                QThread::msleep(50);
            if (!accepts(s))
                break;
            ini.setValue(QStringLiteral("port"), port);
            ini.sync();
            spdlog::info("private PostgreSQL running on 127.0.0.1:{} ({})", port, folder.toStdString());
            return s;
        }
        // Most likely the port was taken between probing and binding: try another.
        QFile log(logFile);
        if (log.open(QIODevice::ReadOnly))
            lastOutput += QLatin1Char('\n') + QString::fromLocal8Bit(log.readAll().right(2000));
    }
    return refuse(ErrorCode::Internal, Refusal::PrivateServerNotStarted, {folder}, lastOutput);
}

Status PrivatePostgres::stop(const QString& folder)
{
    auto binaries = PostgresBinaries::locate();
    if (!binaries)
        return binaries.error();
    auto as = runAs();
    if (!as)
        return as.error();
    const QString data = QDir(QDir(folder).absolutePath()).filePath(QStringLiteral("data"));
    const ProcessResult r =
        run(binaries.value().pgCtl,
            {QStringLiteral("-D"), data, QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"),
             QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("stop")},
            as.value());
    if (r.exitCode != 0)
        return refuse(ErrorCode::Internal, Refusal::PrivateServerNotStopped, {folder}, r.output);
    return success();
}

} // namespace bo
