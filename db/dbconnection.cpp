// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/dbconnection.h"
#include "db/pooledstatement.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#ifdef _WIN32
#include <winsock2.h>
#else
#include <sys/socket.h>
#endif

#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlRecord>
#include <QStringList>

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace bo {
namespace {

constexpr int maxRetries = 5;
std::atomic<int> connectionCounter{0};

PGconn* pgConnection(const QSqlDatabase& db)
{
    if (!db.isValid() || !db.driver())
        return nullptr;
    const QVariant handle = db.driver()->handle();
    // QPSQL hands out its PGconn* as a QVariant; Qt 6.4 names the type "pg_conn*".
    const QByteArray type = QByteArray(handle.typeName()).replace(' ', "");
    if (!handle.isValid() || (type != "pg_conn*" && type != "PGconn*"))
        return nullptr;
    return *static_cast<PGconn* const*>(handle.constData());
}

/// libpq's words for a login the server refused: a wrong password, a role that does not exist,
/// a server that wants a password and got none. The connection has no SQLSTATE to read yet, so
/// the words are English ones; a server that answers in another language is reported as "cannot
/// connect" with its own words, which is still true.
bool refusesLogin(const QString& text)
{
    static const QRegularExpression noRole(QStringLiteral("role \".*\" does not exist"));
    return text.contains(QLatin1String("password authentication failed")) ||
           text.contains(QLatin1String("no password supplied")) || noRole.match(text).hasMatch();
}

/// The server ended the session (an administrator's pg_terminate_backend, a shutdown, a lost
/// connection), whatever libpq's status still says.
bool sessionEnded(const QSqlError& error)
{
    const QString state = error.nativeErrorCode();
    return state.startsWith(QLatin1String("08")) || state == QLatin1String("57P01") ||
           state == QLatin1String("57P02") || state == QLatin1String("57P03");
}

} // namespace

/// The commit deadline of one connection: a thread that waits while a round trip is armed and,
/// when it outlives the deadline, shuts the connection's socket down. libpq then sees the server
/// gone and the blocked call returns; no cancel request is sent (a cancelled wait for the
/// synchronous standby would commit without it). One thread per connection, made on first use.
class DbConnection::Deadline final
{
public:
    Deadline() = default;
    ~Deadline()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_changed.notify_one();
        if (m_thread.joinable())
            m_thread.join();
    }
    Deadline(const Deadline&) = delete;
    Deadline& operator=(const Deadline&) = delete;

    void arm(int socket, std::chrono::milliseconds after)
    {
        {
            const std::lock_guard lock(m_mutex);
            m_socket = socket;
            m_until = std::chrono::steady_clock::now() + after;
            m_armed = true;
            m_fired = false;
            if (!m_thread.joinable())
                m_thread = std::thread([this] { watch(); });
        }
        m_changed.notify_one();
    }

    /// True when the deadline passed (and the socket was shut down) before the call.
    bool disarm()
    {
        const std::lock_guard lock(m_mutex);
        m_armed = false;
        return m_fired;
    }

private:
    void watch()
    {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            if (!m_armed) {
                m_changed.wait(lock);
                continue;
            }
            if (m_changed.wait_until(lock, m_until) == std::cv_status::timeout && m_armed &&
                std::chrono::steady_clock::now() >= m_until) {
#ifdef _WIN32
                ::shutdown(static_cast<SOCKET>(m_socket), SD_BOTH);
#else
                ::shutdown(m_socket, SHUT_RDWR);
#endif
                m_fired = true;
                m_armed = false;
            }
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::thread m_thread;
    std::chrono::steady_clock::time_point m_until;
    int m_socket = -1;
    bool m_armed = false;
    bool m_fired = false;
    bool m_stop = false;
};

void DbConnection::receiveNotice(void* self, const PGresult* notice)
{
    const char* severity = PQresultErrorField(notice, PG_DIAG_SEVERITY_NONLOCALIZED);
    const char* file = PQresultErrorField(notice, PG_DIAG_SOURCE_FILE);
    const char* message = PQresultErrorField(notice, PG_DIAG_MESSAGE_PRIMARY);
    // PostgreSQL's "canceling wait for synchronous replication ... might not have been
    // replicated" comes from syncrep.c; its text may be translated, its source file is not.
    if (severity && qstrcmp(severity, "WARNING") == 0 && file && qstrcmp(file, "syncrep.c") == 0) {
        static_cast<DbConnection*>(self)->m_unreplicated = true;
        spdlog::warn("commit not known to be on a standby: {}", message ? message : "");
        return;
    }
    if (severity && qstrcmp(severity, "WARNING") == 0)
        spdlog::warn("server warning: {}", message ? message : "");
}

QString toPgIntArray(const QList<int>& values)
{
    QStringList parts;
    parts.reserve(values.size());
    for (int v : values)
        parts << QString::number(v);
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

QList<int> fromPgIntArray(const QString& text)
{
    QList<int> out;
    QString body = text.trimmed();
    if (body.startsWith(QLatin1Char('{')))
        body = body.mid(1, body.size() - 2);
    for (const QString& part : body.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.trimmed().toInt(&ok);
        if (ok)
            out << v;
    }
    return out;
}

QString toPgTextArray(const QStringList& values)
{
    QStringList parts;
    for (QString v : values) {
        v.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
        v.replace(QLatin1Char('"'), QStringLiteral("\\\""));
        parts << QLatin1Char('"') + v + QLatin1Char('"');
    }
    return QLatin1Char('{') + parts.join(QLatin1Char(',')) + QLatin1Char('}');
}

bool Rows::next()
{
    if (m_row + 1 >= m_rowCount) {
        m_row = m_rowCount;
        return false;
    }
    ++m_row;
    return true;
}

QVariant Rows::value(int column) const
{
    if (m_row < 0 || m_row >= m_rowCount || column < 0 || column >= m_columns)
        return {};
    return m_values.at(m_row * m_columns + column);
}

DbConnection::DbConnection(ConnectionSettings settings, QString name)
    : m_settings(std::move(settings))
    , m_name(std::move(name))
{}

DbConnection::~DbConnection()
{
    m_deadline.reset();
    m_prepared.clear();
    {
        QSqlDatabase db = QSqlDatabase::database(m_name, false);
        if (db.isValid())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
}

Result<std::unique_ptr<DbConnection>> DbConnection::open(const ConnectionSettings& settings,
                                                         const QString& purpose)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return refuse(ErrorCode::Internal, Refusal::NoPostgresDriver, {},
                      QStringLiteral("QSqlDatabase::drivers() = %1")
                          .arg(QSqlDatabase::drivers().join(QLatin1Char(','))));
    const QString name = QStringLiteral("bo-%1-%2").arg(purpose).arg(++connectionCounter);
    ConnectionSettings adjusted = settings;
    if (adjusted.value(QStringLiteral("application_name")).isEmpty())
        adjusted.applicationName = QStringLiteral("boxoffice-%1").arg(purpose);
    std::unique_ptr<DbConnection> connection(new DbConnection(adjusted, name));
    QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    if (Status s = connection->openSession(); !s)
        return s.error();
    return connection;
}

Status DbConnection::openSession()
{
    m_prepared.clear();
    m_inTransaction = false;
    QSqlDatabase db = QSqlDatabase::database(m_name, false);
    db.close();
    // QPSQL turns ';' in connect options into spaces, so the password (which may hold any
    // character) goes through setPassword, which quotes it; other values must not contain ';'.
    ConnectionSettings withoutPassword = m_settings;
    const QString password = m_settings.value(QStringLiteral("password"));
    withoutPassword.setValue(QStringLiteral("password"), QString());
    QString conninfo = withoutPassword.toConninfo();
    conninfo.replace(QStringLiteral("password='' "), QString());
    conninfo.replace(QStringLiteral(" password=''"), QString());
    if (conninfo.contains(QLatin1Char(';')))
        return refuse(ErrorCode::BadInput, Refusal::ConnectionStringSemicolon);
    db.setConnectOptions(conninfo);
    db.setPassword(password);
    if (!db.open()) {
        const QSqlError e = db.lastError();
        // Still Offline for the caller (nothing was done), but a login the server refused is told
        // apart from a server that cannot be reached: the person who typed it hears so.
        if (refusesLogin(e.databaseText()))
            return refuse(ErrorCode::Offline, Refusal::LoginRefused,
                          {m_settings.value(QStringLiteral("user"))}, e.text());
        // libpq's message names the host and the reason, never the password.
        return refuse(ErrorCode::Offline, Refusal::CannotConnect,
                      {m_settings.describe(), e.databaseText().trimmed().section(QLatin1Char('\n'), 0, 0)},
                      e.text());
    }
    if (PGconn* conn = pgConnection(db))
        PQsetNoticeReceiver(conn, &DbConnection::receiveNotice, this);
    ++m_sessionsOpened;
    return success();
}

void DbConnection::armDeadline(int ms)
{
    m_unreplicated = false;
    if (ms <= 0)
        return;
    PGconn* conn = pgConnection(database());
    if (!conn || PQsocket(conn) < 0)
        return;
    if (!m_deadline)
        m_deadline = std::make_unique<Deadline>();
    m_deadline->arm(PQsocket(conn), std::chrono::milliseconds(ms));
}

bool DbConnection::disarmDeadline()
{
    return m_deadline && m_deadline->disarm();
}

std::optional<Error> DbConnection::outcomeUnknown()
{
    if (!m_unreplicated)
        return std::nullopt;
    m_unreplicated = false;
    ++m_unreplicatedCommits;
    // The primary could not confirm a standby has the commit: ask again with the operation's key
    // on a new session (through the multi-host string, on whichever node is primary by then).
    m_prepared.clear();
    database().close();
    m_inTransaction = false;
    return refuse(ErrorCode::Offline, Refusal::OutcomeUnknown, {},
                  QStringLiteral("COMMIT answered with a WARNING from syncrep.c: committed on the primary, "
                                 "might not have been replicated; outcome unknown until asked again by key"));
}

Result<QString> DbConnection::encryptPassword(const QString& user, const QString& password) const
{
    PGconn* conn = pgConnection(database());
    if (!conn)
        return refuse(ErrorCode::Offline, Refusal::NotConnected);
    char* encrypted =
        PQencryptPasswordConn(conn, password.toUtf8().constData(), user.toUtf8().constData(), nullptr);
    if (!encrypted)
        return refuse(ErrorCode::Internal, Refusal::PasswordNotEncrypted, {},
                      QString::fromUtf8(PQerrorMessage(conn)).trimmed());
    QString out = QString::fromUtf8(encrypted);
    PQfreemem(encrypted);
    return out;
}

QSqlDatabase DbConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

bool DbConnection::isConnected() const
{
    PGconn* conn = pgConnection(database());
    return conn && PQstatus(conn) == CONNECTION_OK;
}

Status DbConnection::reconnect()
{
    spdlog::info("reconnecting to {}", m_settings.describe().toStdString());
    return openSession();
}

Error DbConnection::errorFrom(const QSqlError& error) const
{
    return mapSqlError(error, !isConnected());
}

Result<Rows> DbConnection::exec(const QString& sql, const QVariantList& values, RoundTrip roundTrip)
{
    const int deadlineMs =
        roundTrip == RoundTrip::Short ? m_settings.shortDeadlineMs : m_settings.commitDeadlineMs;
    bool reconnected = false;
    for (int attempt = 0;; ++attempt) {
        if (!isConnected() && !m_inTransaction) {
            if (Status s = openSession(); !s)
                return s.error();
        }
        // Through a pooler in transaction mode a prepared statement may live on another server
        // session by the next call: the values are written into the statement instead.
        QSqlQuery oneShot;
        QString inlined;
        if (m_settings.pooled) {
            auto text = inlineValues(pgConnection(database()), sql, values);
            if (!text)
                return text.error();
            inlined = std::move(text).value();
            oneShot = QSqlQuery(database());
            oneShot.setForwardOnly(true);
        }
        auto it = m_settings.pooled ? m_prepared.end() : m_prepared.find(sql);
        if (!m_settings.pooled && it == m_prepared.end()) {
            QSqlQuery query(database());
            query.setForwardOnly(true);
            if (!query.prepare(sql)) {
                Error e = errorFrom(query.lastError());
                if (e.code == ErrorCode::Offline && !reconnected && !m_inTransaction) {
                    reconnected = true;
                    if (Status s = openSession(); !s)
                        return s.error();
                    continue;
                }
                return e;
            }
            it = m_prepared.insert(sql, query);
        }
        QSqlQuery& query = m_settings.pooled ? oneShot : it.value();
        if (!m_settings.pooled) {
            for (qsizetype i = 0; i < values.size(); ++i)
                query.bindValue(int(i), values.at(i));
        }
        armDeadline(deadlineMs);
        const bool executed = m_settings.pooled ? query.exec(inlined) : query.exec();
        if (disarmDeadline()) {
            ++m_deadlinesPassed;
            spdlog::warn("no answer within the {} deadline ({} ms): connection dropped, not cancelled",
                         roundTrip == RoundTrip::Short ? "short" : "commit", deadlineMs);
        }
        if (m_unreplicated) {
            // Finished before outcomeUnknown() drops the prepared statements (`query` among them).
            query.finish();
            return *outcomeUnknown();
        }
        if (executed) {
            // Read every row: an error the server sends after rows (a failure at the commit of
            // this autocommit statement) only shows as next() returning false with an error set.
            Rows rows;
            if (query.isSelect()) {
                rows.m_columns = query.record().count();
                while (query.next()) {
                    for (int column = 0; column < rows.m_columns; ++column)
                        rows.m_values.append(query.value(column));
                    ++rows.m_rowCount;
                }
            }
            if (!query.lastError().isValid()) {
                rows.m_rowsAffected = query.numRowsAffected();
                return rows;
            }
        }

        const QSqlError error = query.lastError();
        Error e = errorFrom(error);
        query.finish();
        if (error.nativeErrorCode() == QLatin1String("40P01"))
            ++m_deadlocks;
        else if (error.nativeErrorCode() == QLatin1String("40001"))
            ++m_serializationFailures;
        if (e.code == ErrorCode::Offline && (!isConnected() || sessionEnded(error)) && !reconnected &&
            !m_inTransaction) {
            // The statement may or may not have run; all of ours are safe to send again. A session
            // the server ended (57P01 and the like) can still look connected to libpq: re-open it.
            reconnected = true;
            spdlog::warn("connection lost ({}), retrying once", e.detail.toStdString());
            if (Status s = openSession(); !s)
                return s.error();
            continue;
        }
        if (isRetryableSqlState(error.nativeErrorCode()) && !m_inTransaction && attempt < maxRetries) {
            ++m_retries;
            const int pause = QRandomGenerator::global()->bounded(1, 2 << attempt);
            std::this_thread::sleep_for(std::chrono::milliseconds(pause));
            continue;
        }
        return e;
    }
}

Status DbConnection::execScript(const QString& sql)
{
    if (!isConnected() && !m_inTransaction) {
        if (Status s = openSession(); !s)
            return s.error();
    }
    // libpq's simple-query protocol stops a script at its first failing statement and reports
    // that error, which is what a migration needs.
    return command(sql.toUtf8().constData(), false);
}

Status DbConnection::command(const char* sql, bool reportRollback)
{
    PGconn* conn = pgConnection(database());
    if (!conn)
        return refuse(ErrorCode::Offline, Refusal::Unreachable);
    // PQexec reads the whole answer and returns its last result: an error ends the answer.
    armDeadline(m_settings.commitDeadlineMs);
    PGresult* result = PQexec(conn, sql);
    if (disarmDeadline())
        ++m_deadlinesPassed;
    if (std::optional<Error> unknown = outcomeUnknown()) {
        PQclear(result);
        return *unknown;
    }
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) {
        // COMMIT of a transaction that already failed is answered with ROLLBACK, not an error.
        const bool rolledBack = reportRollback && qstrcmp(PQcmdStatus(result), "ROLLBACK") == 0;
        PQclear(result);
        if (rolledBack)
            return refuse(ErrorCode::Internal, Refusal::RolledBack, {},
                          QStringLiteral("COMMIT was answered with ROLLBACK"));
        return success();
    }
    auto field = [result](int code) {
        const char* v = result ? PQresultErrorField(result, code) : nullptr;
        return v ? QString::fromUtf8(v) : QString();
    };
    const QSqlError error(QString::fromUtf8(PQerrorMessage(conn)).trimmed(), field(PG_DIAG_MESSAGE_PRIMARY),
                          QSqlError::StatementError, field(PG_DIAG_SQLSTATE));
    PQclear(result);
    return errorFrom(error);
}

Status DbConnection::begin()
{
    if (!isConnected()) {
        if (Status s = openSession(); !s)
            return s.error();
    }
    if (Status s = command("BEGIN", false); !s)
        return s;
    m_inTransaction = true;
    return success();
}

Status DbConnection::commit()
{
    Status s = command("COMMIT", true);
    m_inTransaction = false;
    return s;
}

void DbConnection::rollback()
{
    if (isConnected()) {
        if (Status s = command("ROLLBACK", false); !s)
            spdlog::warn("rollback failed: {}", s.error().detail.toStdString());
    }
    m_inTransaction = false;
}

} // namespace bo
