// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QJsonObject>
#include <QStringList>
#include <QTextStream>
#include <QUuid>

#include "db/connectionsettings.h"
#include "model/core/result.h"

namespace bo {

class DbConnection;

/// Exit status of boxoffice-admin (ARCHITECTURE §6).
enum class ExitCode { Ok = 0, Failure = 1, BadInput = 2, Conflict = 3 };

/// One run of boxoffice-admin as every command sees it: the parsed command line, the output
/// (text, or one JSON object with --json), one-line errors with their exit status, and the
/// database connection named by --db or --demo.
class CliSession final
{
    Q_DECLARE_TR_FUNCTIONS(bo::CliSession)

public:
    CliSession(QTextStream& out, QTextStream& err);
    ~CliSession();
    Q_DISABLE_COPY_MOVE(CliSession)

    /// The exit status for an error of the model or the database.
    [[nodiscard]] static ExitCode exitCodeFor(ErrorCode code);
    /// An instant as ISO 8601 UTC with milliseconds (the JSON form).
    [[nodiscard]] static QString isoUtc(const QDateTime& dt);
    /// The database refused a statement for lack of privilege (a terminal login calling a
    /// manager's function).
    [[nodiscard]] static bool permissionDenied(const Error& e);
    /// The kill matrix of docs/PAYMENTS.md: with $BOXOFFICE_PAYMENT_STOP_AT naming a phase
    /// boundary, the process says so on stderr and stops itself there, for its parent to kill.
    static void stopAtCheckpoint(const char* name);
    /// Whether standard input is a terminal (someone typing) rather than a pipe or file.
    [[nodiscard]] static bool stdinIsTerminal();
    /// One line of standard input, without its line end; echo off while typing on a terminal
    /// with `hidden`.
    [[nodiscard]] static QString readStdinLine(bool hidden);
    /// An instant in this computer's time zone (the text form).
    [[nodiscard]] static QString localTime(const QDateTime& utc, const QString& format);

    /// Parses the command line. Returns the exit status when the run ends here (--help,
    /// --version, bad usage, no command), nothing when a command is to run.
    [[nodiscard]] std::optional<ExitCode> parse(const QStringList& arguments);
    /// The command and its arguments.
    [[nodiscard]] QStringList positionalArguments() const { return m_parser.positionalArguments(); }
    [[nodiscard]] bool isSet(const QString& option) const { return m_parser.isSet(option); }
    [[nodiscard]] QString value(const QString& option) const { return m_parser.value(option); }
    [[nodiscard]] bool json() const { return m_json; }

    /// The showtime number, the first argument after the command.
    [[nodiscard]] Result<int> showtimeArgument(const QStringList& positional) const;
    /// A UUID option (`what` names it in messages); a null UUID when absent and not required.
    [[nodiscard]] Result<QUuid> uuidOption(const QString& name, const QString& what, bool required) const;

    /// The till this run acts as: --terminal NAME (default "cli@<host>") and an id made from the
    /// name (a UUID v5), so that one till's sign-in, shift and sales meet across runs.
    struct Till
    {
        QString name;
        QUuid id;
    };
    [[nodiscard]] Till till() const;
    /// An amount in minor units from option `name` (0 to 100,000,000,000); BadInput naming it.
    [[nodiscard]] Result<qint64> amountOption(const QString& name, bool required) const;

    /// Opens the database; with `requireCurrentSchema`, refuses a schema of another version.
    /// `asOwner`: for the demo, the owner instead of the demo's terminal login (migrate,
    /// seed-demo, create-login); --db is used as given either way.
    [[nodiscard]] Status connect(bool requireCurrentSchema, bool asOwner = false);
    /// The payment service's login for a command that records a card's answers itself: --service-db,
    /// else $BOXOFFICE_SERVICE_DB, else (with --demo) the demo's. BadInput when none is given.
    [[nodiscard]] Result<ConnectionSettings> serviceSettings() const;
    /// The connection of the last successful connect().
    [[nodiscard]] DbConnection& connection() { return *m_connection; }

    /// Prints `json` with --json, else `text` (which ends in a newline when not empty).
    void print(const QJsonObject& json, const QString& text);
    /// Prints one "boxoffice-admin: ..." line to the error stream.
    void printError(const QString& message);
    /// A refusal that names what is in the way: "message" on the error stream, and with --json an
    /// error object of code "conflict" (with `errorFields` added) beside `fields`. Returns
    /// ExitCode::Conflict.
    [[nodiscard]] ExitCode conflict(const QString& message, const QJsonObject& fields,
                                    const QJsonObject& errorFields = {});
    /// Prints the error (as a JSON error object too with --json); returns its exit status.
    [[nodiscard]] ExitCode fail(const Error& e);
    /// As fail(), an unknown showtime or seat counting as bad input: it was named by the user.
    [[nodiscard]] ExitCode failLookup(const Error& e);
    /// Fails with bad input, pointing to --help.
    [[nodiscard]] ExitCode usageError(const QString& message);

private:
    void addOptions();

    QTextStream& m_out;
    QTextStream& m_err;
    QCommandLineParser m_parser;
    bool m_json = false;
    std::unique_ptr<DbConnection> m_connection;
};

} // namespace bo
