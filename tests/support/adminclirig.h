// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <initializer_list>
#include <memory>

#include <QHash>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include "tests/support/testdatabase.h"

namespace bo::test {

/// What one run of the boxoffice-admin executable did.
struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
    QString failure; ///< set when the program did not start or finish

    [[nodiscard]] QJsonObject json() const;
    [[nodiscard]] QString describe() const;
};

/// The real boxoffice-admin executable, run as a child process against a fresh database per test
/// seeded with the demo cinema through the CLI itself. The child's log, config and data folders
/// are a temporary folder: nothing of the real user's.
class AdminCliRig final
{
public:
    explicit AdminCliRig(QString program);
    ~AdminCliRig();
    AdminCliRig(const AdminCliRig&) = delete;
    AdminCliRig& operator=(const AdminCliRig&) = delete;

    /// For initTestCase(): the temporary folder was made and the program is there.
    void checkProgram() const;
    /// For init(): a fresh migrated database, seeded through `seed-demo` (as the owner).
    void create();
    /// For cleanup(): drops the database.
    void reset();
    /// create() for every test function but `sharedRows`, a data-driven one whose rows each prove
    /// they changed nothing: its rows after the first keep the first row's database (after a
    /// failed row the next gets a fresh one). From init(); resetUnlessShared() from cleanup().
    void createUnlessShared(const char* sharedRows);
    void resetUnlessShared(const char* sharedRows);

    /// Runs the program with `--db conninfo` (none when empty) before the arguments, `input` on
    /// its standard input (a closed pipe, never a terminal).
    [[nodiscard]] CliRun cli(const QStringList& arguments, const QString& conninfo,
                             const QByteArray& input = {}) const;
    /// Runs the program against this test's database with the terminal login (as a till would).
    [[nodiscard]] CliRun cli(const QStringList& arguments) const;
    /// Starts the program against this test's database with the terminal login and `extra`
    /// added to its environment, without waiting for it (the caller waits, or kills it).
    [[nodiscard]] std::unique_ptr<QProcess> startCli(const QStringList& arguments,
                                                     const QProcessEnvironment& extra) const;
    /// Runs the program as the database owner (migrate, seed-demo, create-login).
    [[nodiscard]] CliRun cliAsOwner(const QStringList& arguments) const;
    /// Runs the program with the manager login (catalogue writes, blocks, queue capacity).
    [[nodiscard]] CliRun cliAsManager(const QStringList& arguments) const;
    /// Opens the CLI's default till for cash as an operator does: the fixture's cashier signed in
    /// (`sign-in`, PIN on standard input) and the shift opened with no float (`shift-open`).
    [[nodiscard]] CliRun openTill() const;

    /// Replaces the placeholders of a data row: $HALL1 and $PREMIUM (showtimes), $OWNER (the hold
    /// token of the existing sale), $USEDKEY (its confirm key) and $KEY (a key never used).
    [[nodiscard]] QStringList expand(QStringList list, const QHash<QString, QString>& values) const;

    [[nodiscard]] TestDatabase& db() const { return *m_db; }
    [[nodiscard]] QString snapshot() const { return m_db->snapshot(); }
    /// Where the child writes its log files (BOXOFFICE_LOG_DIR).
    [[nodiscard]] QString logDir() const;
    /// A showtime in Hall 1 (rows A-O of 22, couple row P).
    [[nodiscard]] const QString& hall1() const { return m_hall1; }
    /// A showtime in Hall 3 Premium (rows A-E of 10, couple row F).
    [[nodiscard]] const QString& premium() const { return m_premium; }

private:
    [[nodiscard]] QProcessEnvironment environment() const;

    QString m_program;
    QTemporaryDir m_home;
    std::unique_ptr<TestDatabase> m_db;
    QString m_conninfo;
    mutable bool m_tillOpen = false; ///< openTill() done on this database
    bool m_sharing = false;          ///< the database is kept for the shared rows' next row
    QString m_ownerConninfo;
    QString m_hall1;
    QString m_premium;
};

/// A new random UUID as the CLI takes it (no braces).
[[nodiscard]] QString newUuid();
/// Writes `bytes` to the file `name` in `dir`; its path, or "" when it could not be written.
[[nodiscard]] QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes);

/// Command-line words from UTF-8 literals: words({"block", "$HALL1", "A1"}).
[[nodiscard]] QStringList words(std::initializer_list<const char*> list);

} // namespace bo::test
