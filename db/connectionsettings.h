// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QPair>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// Where and how to connect: a libpq connection string or URI (multi-host allowed), parsed by
/// libpq itself, plus the session timeouts every connection of ours sets. Never logs a password.
class ConnectionSettings final
{
public:
    /// Parses `key=value ...` or `postgresql://...`. Bad input gives BadInput with libpq's reason.
    [[nodiscard]] static Result<ConnectionSettings> parse(const QString& conninfo);

    /// Host(s), port, database and user, for messages and logs; never the password.
    [[nodiscard]] QString describe() const;
    [[nodiscard]] QString host() const { return value(QStringLiteral("host")); }
    [[nodiscard]] QString value(const QString& key) const;
    void setValue(const QString& key, const QString& value);

    /// The full conninfo string (includes the password: keep it away from logs).
    [[nodiscard]] QString toConninfo() const;
    /// The same settings with another database name.
    [[nodiscard]] ConnectionSettings withDatabase(const QString& dbname) const;
    /// This login through a pooler: `pooler`'s host, port and options, with this login's user,
    /// password, database and TLS settings where `pooler` does not name its own; `pooled` set.
    [[nodiscard]] ConnectionSettings throughPooler(const ConnectionSettings& pooler) const;

    int statementTimeoutMs = 15000;
    int lockTimeoutMs = 3000;
    int idleInTransactionTimeoutMs = 30000;
    /// The client's own limit on one statement or COMMIT, 0 for none. statement_timeout does not
    /// end a COMMIT waiting for a synchronous standby; past this deadline the connection is dropped
    /// (never cancelled: a cancelled wait commits without the standby) and the outcome is unknown,
    /// to be resolved by the operation's key (docs/DECISIONS.md, "Failover").
    int commitDeadlineMs = 20000;
    /// The client's limit on a round trip that cannot wait for a standby (a read, a hold that
    /// commits asynchronously: DbConnection::RoundTrip::Short), 0 for none. Past it the server is
    /// taken for hung and the connection dropped the same way (a stopped server's kernel still
    /// acknowledges TCP, so keepalives never notice it). Above lock_timeout, which a hold may
    /// spend waiting for a seat's row lock, with room for a loaded machine.
    int shortDeadlineMs = 5000;
    QString applicationName = QStringLiteral("boxoffice");
    /// The string names a pooler in transaction mode (pgbouncer), not a server: each transaction
    /// may run on another server session. Statements are then sent with their values written in
    /// (no prepared statements, db/pooledstatement.h) and no session options are sent (pgbouncer
    /// refuses `options`; the pooler sets the timeouts on its server sessions). Nothing that
    /// lives in a session (LISTEN, a session's advisory lock) may use such a connection
    /// (docs/DECISIONS.md, "500 terminals: a pooler for the statements, a session for LISTEN").
    bool pooled = false;

private:
    QList<QPair<QString, QString>> m_values;
};

} // namespace bo
