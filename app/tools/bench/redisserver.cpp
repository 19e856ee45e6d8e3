// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/redisserver.h"

#include <QDeadlineTimer>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

namespace bo::bench {
namespace {

int freeLoopbackPort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

/// Sends one inline command and returns the first reply line, or empty on failure.
QByteArray ask(int port, const QByteArray& command)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, quint16(port));
    if (!socket.waitForConnected(500))
        return {};
    socket.write(command + "\r\n");
    if (!socket.waitForBytesWritten(500))
        return {};
    QByteArray reply;
    QDeadlineTimer deadline(1000);
    while (!deadline.hasExpired() && socket.waitForReadyRead(int(deadline.remainingTime()))) {
        reply += socket.readAll();
        if (reply.endsWith("\r\n") && (!reply.startsWith('$') || reply.count("\r\n") >= 2))
            break;
    }
    return reply;
}

} // namespace

Result<std::unique_ptr<RedisServer>> RedisServer::start(const QString& folder)
{
    const QString program = QStandardPaths::findExecutable(QStringLiteral("redis-server"));
    if (program.isEmpty())
        return makeError(
            ErrorCode::NotFound,
            QStringLiteral("redis-server was not found on PATH (Debian: apt-get install redis-server)"));
    std::unique_ptr<RedisServer> server(new RedisServer);
    for (int attempt = 0; attempt < 5; ++attempt) {
        server->m_port = freeLoopbackPort();
        server->m_process.setProgram(program);
        server->m_process.setArguments(
            {QStringLiteral("--bind"), QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
             QString::number(server->m_port), QStringLiteral("--protected-mode"), QStringLiteral("yes"),
             QStringLiteral("--save"), QString(), QStringLiteral("--appendonly"), QStringLiteral("no"),
             QStringLiteral("--dir"), folder, QStringLiteral("--daemonize"), QStringLiteral("no"),
             QStringLiteral("--loglevel"), QStringLiteral("warning")});
        server->m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        server->m_process.setStandardOutputFile(folder + QStringLiteral("/redis.log"));
        server->m_process.start();
        if (!server->m_process.waitForStarted(5000))
            return makeError(
                ErrorCode::Internal,
                QStringLiteral("redis-server did not start: %1").arg(server->m_process.errorString()));
        QDeadlineTimer ready(10000);
        while (!ready.hasExpired() && server->m_process.state() == QProcess::Running) {
            if (ask(server->m_port, "PING").startsWith("+PONG")) {
                const QByteArray info = ask(server->m_port, "INFO server");
                const qsizetype at = info.indexOf("redis_version:");
                if (at >= 0)
                    server->m_version =
                        QString::fromLatin1(info.mid(at + 14, info.indexOf('\r', at) - at - 14));
                return server;
            }
            QThread::msleep(50);
        }
        server->m_process.kill();
        server->m_process.waitForFinished(2000);
        // The port may have been taken between probing and binding: try another.
    }
    return makeError(ErrorCode::Internal, QStringLiteral("redis-server did not answer on loopback"));
}

RedisServer::~RedisServer()
{
    if (m_process.state() != QProcess::NotRunning) {
        m_process.terminate();
        if (!m_process.waitForFinished(5000)) {
            m_process.kill();
            m_process.waitForFinished(2000);
        }
    }
}

} // namespace bo::bench
