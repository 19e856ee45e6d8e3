// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/paysimrig.h"

#include <algorithm>
#include <csignal>

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkRequest>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

namespace bo::test {

PaysimRig::PaysimRig(QString program)
    : m_program(std::move(program))
    , m_network(std::make_unique<QNetworkAccessManager>())
{}

PaysimRig::~PaysimRig()
{
    if (running()) {
        m_process->kill();
        m_process->waitForFinished(5'000);
    }
}

bool PaysimRig::start(const QStringList& arguments, quint16 port, const QProcessEnvironment& environment)
{
    const QString portFile = m_dir.filePath(QStringLiteral("port"));
    QFile::remove(portFile);
    m_process = std::make_unique<QProcess>();
    m_process->setProcessEnvironment(environment);
    // The logs go to a file: a pipe nobody reads could fill and stall paysim.
    m_process->setStandardErrorFile(m_dir.filePath(QStringLiteral("stderr.log")), QIODevice::Append);
    m_process->setStandardOutputFile(QProcess::nullDevice());
    m_process->start(m_program, QStringList{QStringLiteral("--port"), QString::number(port),
                                            QStringLiteral("--port-file"), portFile,
                                            QStringLiteral("--journal"), journalPath()} +
                                    arguments);
    const QDeadlineTimer deadline(10'000);
    while (!deadline.hasExpired() && running()) {
        QFile file(portFile);
        if (file.open(QIODevice::ReadOnly)) {
            m_port = static_cast<quint16>(file.readAll().trimmed().toUInt());
            if (m_port != 0)
                return true;
        }
        QThread::msleep(20);
    }
    return false;
}

int PaysimRig::stop()
{
    if (!running())
        return waitForExit(0);
    ::kill(static_cast<pid_t>(m_process->processId()), SIGTERM);
    return waitForExit(10'000);
}

int PaysimRig::waitForExit(int timeoutMs)
{
    if (!m_process)
        return -1;
    if (m_process->state() != QProcess::NotRunning && !m_process->waitForFinished(timeoutMs))
        return -1;
    return m_process->exitStatus() == QProcess::NormalExit ? m_process->exitCode() : -1;
}

QByteArray PaysimRig::standardError() const
{
    QFile file(m_dir.filePath(QStringLiteral("stderr.log")));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QUrl PaysimRig::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port));
}

QString PaysimRig::journalPath() const
{
    return m_dir.filePath(QStringLiteral("paysim.journal"));
}

HttpAnswer PaysimRig::post(const QString& path, const QJsonObject& body, const QString& key, int timeoutMs)
{
    return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact), key, timeoutMs);
}

HttpAnswer PaysimRig::get(const QString& path, int timeoutMs)
{
    return send("GET", path, {}, {}, timeoutMs);
}

HttpAnswer PaysimRig::rawPost(const QString& path, const QJsonObject& body, const QString& key, int timeoutMs)
{
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    QTcpSocket socket;
    QElapsedTimer clock;
    clock.start();
    HttpAnswer answer;
    socket.connectToHost(QHostAddress::LocalHost, m_port);
    if (!socket.waitForConnected(timeoutMs)) {
        answer.error = QNetworkReply::ConnectionRefusedError;
        return answer;
    }
    socket.write("POST " + path.toUtf8() +
                 " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
                 "Idempotency-Key: " + key.toLatin1() +
                 "\r\nContent-Length: " + QByteArray::number(payload.size()) + "\r\n\r\n" + payload);
    QByteArray received;
    const QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState) {
        if (socket.waitForReadyRead(static_cast<int>(std::max<qint64>(1, deadline.remainingTime()))))
            received += socket.readAll();
    }
    received += socket.readAll();
    answer.elapsedMs = clock.elapsed();
    const qsizetype headEnd = received.indexOf("\r\n\r\n");
    if (!received.startsWith("HTTP/1.1 ") || headEnd < 0) {
        answer.error = QNetworkReply::RemoteHostClosedError;
        return answer;
    }
    answer.answered = true;
    answer.status = received.mid(9, 3).toInt();
    answer.replayed = received.left(headEnd).contains("Idempotent-Replayed: true");
    answer.body = QJsonDocument::fromJson(received.mid(headEnd + 4)).object();
    return answer;
}

bool PaysimRig::setFaults(const QJsonObject& faults)
{
    return post(QStringLiteral("/control/faults"), faults, {}).status == 200;
}

QJsonObject PaysimRig::stats(const QString& key)
{
    return get(key.isEmpty() ? QStringLiteral("/control/stats") : QStringLiteral("/control/stats?key=") + key)
        .body;
}

HttpAnswer PaysimRig::send(const QByteArray& verb, const QString& path, const QByteArray& body,
                           const QString& key, int timeoutMs)
{
    QNetworkRequest request(QUrl(url().toString() + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    if (!key.isEmpty())
        request.setRawHeader("Idempotency-Key", key.toLatin1());
    QElapsedTimer clock;
    clock.start();
    QNetworkReply* reply = verb == "GET" ? m_network->get(request) : m_network->post(request, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, [reply] { reply->abort(); });
    if (!reply->isFinished())
        loop.exec();
    HttpAnswer answer;
    answer.elapsedMs = clock.elapsed();
    answer.error = reply->error();
    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    if (status.isValid() && answer.error != QNetworkReply::OperationCanceledError &&
        answer.error != QNetworkReply::RemoteHostClosedError) {
        answer.answered = true;
        answer.status = status.toInt();
        answer.body = QJsonDocument::fromJson(reply->readAll()).object();
        answer.replayed = reply->rawHeader("Idempotent-Replayed") == "true";
    }
    reply->deleteLater();
    return answer;
}

} // namespace bo::test
