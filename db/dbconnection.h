// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariantList>

#include "db/connectionsettings.h"
#include "db/sqlerror.h"
#include "model/core/result.h"

class QSqlError;
struct pg_result;
using PGresult = pg_result;

namespace bo {

/// The rows of a statement, read in full before exec() returned: the statement's final status
/// (including an error the server sends after some rows, e.g. at the commit of an autocommit
/// statement) was checked, so holding Rows means the statement succeeded. A value: it stays valid
/// whatever runs next on the connection.
class Rows final
{
public:
    /// Moves to the next row (to the first on the first call); false after the last.
    [[nodiscard]] bool next();
    /// A column of the current row; an invalid QVariant outside the rows or columns.
    [[nodiscard]] QVariant value(int column) const;
    /// Rows inserted, updated, deleted or returned, as the server counted them.
    [[nodiscard]] int numRowsAffected() const { return m_rowsAffected; }

private:
    friend class DbConnection;

    QVariantList m_values; ///< row after row, m_columns each
    qsizetype m_columns = 0;
    qsizetype m_rowCount = 0;
    qsizetype m_row = -1;
    int m_rowsAffected = 0;
};

/// One PostgreSQL session owned by the thread that opened it (Qt forbids sharing a QSqlDatabase
/// across threads). Statements are prepared once and cached. A lost connection is re-opened
/// once and the statement sent again: every operation we send is safe to repeat (holds by the
/// same owner, releases, confirms with their idempotency key, sweeps). Deadlocks and
/// serialization failures are retried a bounded number of times, then reported as Conflict.
class DbConnection final
{
public:
    /// Opens a session. `purpose` names the connection in pg_stat_activity and the logs.
    [[nodiscard]] static Result<std::unique_ptr<DbConnection>> open(const ConnectionSettings& settings,
                                                                    const QString& purpose);
    ~DbConnection();
    DbConnection(const DbConnection&) = delete;
    DbConnection& operator=(const DbConnection&) = delete;

    /// Which of the client's deadlines a round trip gets (ConnectionSettings).
    enum class RoundTrip {
        /// May wait for the synchronous standby (a synchronous commit, a call that makes one):
        /// the commit deadline.
        MayWaitForStandby,
        /// Cannot wait for a standby (a read, an asynchronous commit): the short deadline, so a
        /// hung server is noticed sooner. The outcome past it is unknown all the same.
        Short,
    };

    /// Runs one statement with positional (`?`) bound values in autocommit.
    [[nodiscard]] Result<Rows> exec(const QString& sql, const QVariantList& values = {},
                                    RoundTrip roundTrip = RoundTrip::MayWaitForStandby);
    /// Runs a script of several statements (no bound values), e.g. a migration file.
    [[nodiscard]] Status execScript(const QString& sql);
    [[nodiscard]] Status begin();
    [[nodiscard]] Status commit();
    void rollback();

    /// True while the server answers (checks libpq's connection status, no round trip).
    [[nodiscard]] bool isConnected() const;
    /// Closes and re-opens the session (prepared statements are prepared again on use).
    [[nodiscard]] Status reconnect();
    /// How many sessions this connection has opened so far, the first included. It changes
    /// whenever a session was replaced, also by exec() re-opening a lost one by itself: what
    /// lived in the old session (LISTEN, advisory locks) is gone then. Unlike the server's process
    /// id, it cannot repeat on another server after a failover.
    [[nodiscard]] int sessionsOpened() const { return m_sessionsOpened; }

    [[nodiscard]] QSqlDatabase database() const;
    /// The password as the server stores it (SCRAM verifier, libpq's PQencryptPasswordConn), so
    /// that a CREATE/ALTER ROLE never carries it in clear text (server logs, pg_stat_activity).
    [[nodiscard]] Result<QString> encryptPassword(const QString& user, const QString& password) const;
    [[nodiscard]] const ConnectionSettings& settings() const { return m_settings; }
    [[nodiscard]] QString connectionName() const { return m_name; }

    /// Statements whose commit the server answered with "might not have been replicated" (a
    /// cancelled wait for the synchronous standby), and statements past the commit deadline whose
    /// connection was dropped: each was reported as Offline, its outcome unknown.
    [[nodiscard]] int unreplicatedCommitsSeen() const { return m_unreplicatedCommits; }
    [[nodiscard]] int deadlinesPassed() const { return m_deadlinesPassed; }

    /// Counters for tests and benchmarks: statements sent again after a deadlock or
    /// serialization failure, and how many of each the server reported (retried or not).
    [[nodiscard]] int retriesSeen() const { return m_retries; }
    [[nodiscard]] int deadlocksSeen() const { return m_deadlocks; }
    [[nodiscard]] int serializationFailuresSeen() const { return m_serializationFailures; }

private:
    DbConnection(ConnectionSettings settings, QString name);
    [[nodiscard]] Status openSession();
    [[nodiscard]] Error errorFrom(const QSqlError& error) const;
    /// Runs a statement without results through libpq and checks how the server answered.
    [[nodiscard]] Status command(const char* sql, bool reportRollback);
    /// Starts the deadline for one round trip, in ms (no-op for 0: none).
    void armDeadline(int ms);
    /// Ends it; true when it passed and the connection was dropped.
    [[nodiscard]] bool disarmDeadline();
    /// After a round trip: an error that replaces its answer when the commit may not be on a
    /// standby or the deadline dropped the connection (the session is closed then), else nothing.
    [[nodiscard]] std::optional<Error> outcomeUnknown();
    static void receiveNotice(void* self, const PGresult* notice);

    class Deadline;

    ConnectionSettings m_settings;
    QString m_name;
    QHash<QString, QSqlQuery> m_prepared;
    bool m_inTransaction = false;
    int m_retries = 0;
    int m_deadlocks = 0;
    int m_serializationFailures = 0;
    int m_unreplicatedCommits = 0;
    int m_deadlinesPassed = 0;
    int m_sessionsOpened = 0;
    bool m_unreplicated = false; ///< set by receiveNotice during a round trip
    std::unique_ptr<Deadline> m_deadline;
};

/// The text form of an int array for a `?::integer[]` parameter.
[[nodiscard]] QString toPgIntArray(const QList<int>& values);
[[nodiscard]] QList<int> fromPgIntArray(const QString& text);
[[nodiscard]] QString toPgTextArray(const QStringList& values);

} // namespace bo
