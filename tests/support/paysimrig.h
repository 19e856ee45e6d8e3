// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QByteArray>
#include <QJsonObject>
#include <QNetworkReply>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QUrl>

class QNetworkAccessManager;

namespace bo::test {

/// One HTTP exchange as the tests see it.
struct HttpAnswer
{
    bool answered = false; ///< a status line and the whole body arrived
    int status = 0;
    QJsonObject body;
    bool replayed = false; ///< "Idempotent-Replayed: true"
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    qint64 elapsedMs = 0;
};

/// A boxoffice-paysim process on a free loopback port with its journal in a temporary folder
/// that outlives restarts, and a small blocking HTTP client for it. Loopback only; every wait
/// is bounded.
class PaysimRig final
{
public:
    explicit PaysimRig(QString program);
    ~PaysimRig();
    PaysimRig(const PaysimRig&) = delete;
    PaysimRig& operator=(const PaysimRig&) = delete;

    /// Starts paysim with `arguments` (--port, --port-file, --journal are added; `port` 0 picks a
    /// free one); false when it did not listen within 10 s.
    [[nodiscard]] bool
    start(const QStringList& arguments = {}, quint16 port = 0,
          const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment());
    /// SIGTERM, then the exit status (-1 when it did not end within 10 s or crashed).
    int stop();
    /// Waits (bounded) for the process to end by itself; its exit status, -1 if it did not.
    int waitForExit(int timeoutMs);
    [[nodiscard]] bool running() const { return m_process && m_process->state() != QProcess::NotRunning; }
    [[nodiscard]] quint16 port() const { return m_port; }
    [[nodiscard]] QUrl url() const;
    [[nodiscard]] QString journalPath() const;
    /// Everything paysim logged on standard error, over all its starts.
    [[nodiscard]] QByteArray standardError() const;

    /// A request to paysim; `key` empty sends no Idempotency-Key.
    [[nodiscard]] HttpAnswer post(const QString& path, const QJsonObject& body, const QString& key,
                                  int timeoutMs = 5'000);
    [[nodiscard]] HttpAnswer get(const QString& path, int timeoutMs = 5'000);
    /// A POST written by hand on one TCP connection: no client library that resends a request
    /// whose connection closed (as Qt Network does) stands between the test and paysim.
    /// `answered` false and `status` 0 when the connection closed without a byte.
    [[nodiscard]] HttpAnswer rawPost(const QString& path, const QJsonObject& body, const QString& key,
                                     int timeoutMs = 5'000);
    [[nodiscard]] bool setFaults(const QJsonObject& faults);
    /// GET /control/stats (?key=… when given).
    [[nodiscard]] QJsonObject stats(const QString& key = {});

private:
    [[nodiscard]] HttpAnswer send(const QByteArray& verb, const QString& path, const QByteArray& body,
                                  const QString& key, int timeoutMs);

    QString m_program;
    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QNetworkAccessManager> m_network;
    quint16 m_port = 0;
};

} // namespace bo::test
