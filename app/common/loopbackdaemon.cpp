// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/loopbackdaemon.h"

#include <csignal>
#include <cstdio>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSocketNotifier>
#include <QTcpSocket>

#include "boxoffice/version.h"

namespace bo {
namespace {

int signalPipe[2] = {-1, -1};

void onStopSignal(int /*signal*/)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t written = ::write(signalPipe[1], &byte, 1);
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 409:
        return "Conflict";
    case 422:
        return "Unprocessable Entity";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

} // namespace

LoopbackDaemon::LoopbackDaemon() = default;

LoopbackDaemon::~LoopbackDaemon() = default;

void LoopbackDaemon::describe(QCommandLineParser& parser, const QString& name, const QString& description,
                              int defaultPort)
{
    QCoreApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QCoreApplication::setApplicationName(name);
    QCoreApplication::setApplicationVersion(QStringLiteral(BOXOFFICE_VERSION BOXOFFICE_BUILD_NOTE));
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("listen"), QStringLiteral("Address to listen on (default 127.0.0.1)."),
         QStringLiteral("address")},
        {QStringLiteral("port"),
         QStringLiteral("TCP port (default %1; 0 picks a free one).").arg(defaultPort),
         QStringLiteral("port")},
        {QStringLiteral("port-file"), QStringLiteral("Write the port to this file once listening."),
         QStringLiteral("path")},
    });
}

QCommandLineOption LoopbackDaemon::parentPidOption()
{
    return {QStringLiteral("parent-pid"),
            QStringLiteral("Stop when the process with this id ends (the application that started it)."),
            QStringLiteral("pid")};
}

int LoopbackDaemon::badInput(const QString& message)
{
    std::fprintf(stderr, "%s: %s (see --help)\n", qPrintable(QCoreApplication::applicationName()),
                 qPrintable(message));
    return exitBadInput;
}

int LoopbackDaemon::failure(const QString& message)
{
    std::fprintf(stderr, "%s: %s\n", qPrintable(QCoreApplication::applicationName()), qPrintable(message));
    return exitFailure;
}

std::optional<int> LoopbackDaemon::number(const QCommandLineParser& parser, const QString& option,
                                          int fallback, int low, int high)
{
    if (!parser.isSet(option))
        return fallback;
    bool ok = false;
    const int value = parser.value(option).toInt(&ok);
    if (!ok || value < low || value > high)
        return std::nullopt;
    return value;
}

std::optional<int> LoopbackDaemon::parseArguments(QCommandLineParser& parser)
{
    if (!parser.parse(QCoreApplication::arguments()))
        return badInput(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return exitOk;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                    qPrintable(QCoreApplication::applicationVersion()));
        return exitOk;
    }
    if (!parser.positionalArguments().isEmpty())
        return badInput(QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));
    return std::nullopt;
}

QHostAddress LoopbackDaemon::listenAddress(const QCommandLineParser& parser)
{
    return QHostAddress(parser.isSet(QStringLiteral("listen")) ? parser.value(QStringLiteral("listen"))
                                                               : QStringLiteral("127.0.0.1"));
}

std::optional<int> LoopbackDaemon::port(const QCommandLineParser& parser, int defaultPort)
{
    if (!parser.isSet(QStringLiteral("port")))
        return defaultPort;
    bool ok = false;
    const int port = parser.value(QStringLiteral("port")).toInt(&ok);
    if (!ok || port < 0 || port > 65535)
        return std::nullopt;
    return port;
}

std::optional<qint64> LoopbackDaemon::parentPid(const QCommandLineParser& parser)
{
    if (!parser.isSet(QStringLiteral("parent-pid")))
        return 0;
    bool ok = false;
    const qint64 pid = parser.value(QStringLiteral("parent-pid")).toLongLong(&ok);
    if (!ok || pid <= 1)
        return std::nullopt;
    return pid;
}

bool LoopbackDaemon::followParent(qint64 parentPid)
{
    if (parentPid == 0)
        return true;
    // The kernel sends SIGTERM when the parent dies; a parent already gone is checked after.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    return ::getppid() == static_cast<pid_t>(parentPid);
}

bool LoopbackDaemon::writePortFile(const QCommandLineParser& parser, quint16 port, QString* error)
{
    if (!parser.isSet(QStringLiteral("port-file")))
        return true;
    QSaveFile file(parser.value(QStringLiteral("port-file")));
    if (!file.open(QIODevice::WriteOnly) || file.write(QByteArray::number(port) + '\n') < 0 ||
        !file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

void LoopbackDaemon::writeAnswer(QTcpSocket* socket, int status, const QJsonObject& body,
                                 const QByteArray& extraHeaders)
{
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    socket->write(
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) +
        "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(payload.size()) +
        "\r\nConnection: close\r\n" + extraHeaders + "\r\n" + payload);
    socket->disconnectFromHost();
}

bool LoopbackDaemon::stopOnSignals()
{
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, signalPipe) != 0)
        return false;
    m_stopNotifier = std::make_unique<QSocketNotifier>(signalPipe[0], QSocketNotifier::Read);
    QObject::connect(m_stopNotifier.get(), &QSocketNotifier::activated, QCoreApplication::instance(),
                     [] { QCoreApplication::quit(); });
    struct sigaction action = {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGINT, &action, nullptr);
    return true;
}

} // namespace bo
