// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QByteArray>
#include <QCommandLineOption>
#include <QHostAddress>
#include <QString>

class QCommandLineParser;
class QJsonObject;
class QSocketNotifier;
class QTcpSocket;

namespace bo {

/// What boxoffice-paysim and boxoffice-service share around their HTTP servers: the exit
/// statuses (ARCHITECTURE §6), the application's name and version, the options --listen,
/// --port, --port-file and --parent-pid, the answers to --help and --version, the stop on SIGTERM
/// or SIGINT and the JSON answers written by hand on the socket. Linux only. Bad input is said on
/// standard error under the application's name; everything else comes back as a value or an
/// error text that each program logs its own way.
class LoopbackDaemon final
{
public:
    static constexpr int exitOk = 0;
    static constexpr int exitFailure = 1;
    static constexpr int exitBadInput = 2;

    LoopbackDaemon();
    ~LoopbackDaemon();
    Q_DISABLE_COPY_MOVE(LoopbackDaemon)

    /// Names the application `name` (organisation "boxoffice", the build's version) and gives
    /// `parser` the `description`, --help, --version, --listen, --port (its help naming
    /// `defaultPort`) and --port-file, in that order; the program adds its own options after.
    static void describe(QCommandLineParser& parser, const QString& name, const QString& description,
                         int defaultPort);
    /// --parent-pid.
    [[nodiscard]] static QCommandLineOption parentPidOption();

    /// Prints "NAME: `message` (see --help)" on standard error; returns exitBadInput.
    [[nodiscard]] static int badInput(const QString& message);
    /// Prints "NAME: `message`" on standard error; returns exitFailure.
    [[nodiscard]] static int failure(const QString& message);
    /// The whole number of `option`, `fallback` without it; std::nullopt when it is not one from
    /// `low` to `high`.
    [[nodiscard]] static std::optional<int> number(const QCommandLineParser& parser, const QString& option,
                                                   int fallback, int low, int high);
    /// Parses the application's arguments, answers --help and --version on standard output and
    /// refuses a parse error or a positional argument (badInput). The exit status when the program
    /// ends here, std::nullopt when it goes on.
    [[nodiscard]] static std::optional<int> parseArguments(QCommandLineParser& parser);
    /// --listen, 127.0.0.1 without it; a null address when it is not an IP address.
    [[nodiscard]] static QHostAddress listenAddress(const QCommandLineParser& parser);
    /// --port, `defaultPort` without it; std::nullopt when it is not a number from 0 to 65535.
    [[nodiscard]] static std::optional<int> port(const QCommandLineParser& parser, int defaultPort);
    /// --parent-pid, 0 without it; std::nullopt when it is not a process id (above 1).
    [[nodiscard]] static std::optional<qint64> parentPid(const QCommandLineParser& parser);

    /// With `parentPid` (not 0), the kernel sends SIGTERM when the parent ends, even one killed
    /// outright; false when it is already gone.
    [[nodiscard]] static bool followParent(qint64 parentPid);
    /// Writes `port` and a newline to the file of --port-file at once (QSaveFile); true without
    /// the option, false with the file's error in `error`.
    [[nodiscard]] static bool writePortFile(const QCommandLineParser& parser, quint16 port, QString* error);
    /// Writes a JSON answer with "Connection: close" (and `extraHeaders`, each ending in "\r\n")
    /// and closes the socket once it is written.
    static void writeAnswer(QTcpSocket* socket, int status, const QJsonObject& body,
                            const QByteArray& extraHeaders = {});

    /// From now on SIGTERM and SIGINT end the event loop (through a self-pipe that the signal
    /// handler writes to), for as long as this object lives; false when the pipe cannot be made.
    [[nodiscard]] bool stopOnSignals();

private:
    std::unique_ptr<QSocketNotifier> m_stopNotifier;
};

} // namespace bo
