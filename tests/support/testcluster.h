// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QTemporaryDir>

#include "db/connectionsettings.h"

namespace bo::test {

/// A three-node failover cluster (Patroni, etcd, PostgreSQL 15 in strict synchronous mode) for
/// one test, started by packaging/cluster.sh in a temporary folder on free loopback ports and
/// stopped by the destructor, whatever the test's outcome. The boxoffice database is set up on
/// it; use TestDatabase(primarySettings()) for a database of the test's own with its logins, then
/// waitForReplay() and multiHost() for the terminal's string.
/// When the cluster packages are not installed, skipped() is true and the test should QSKIP.
/// BOXOFFICE_KEEP_CLUSTER=1 keeps the cluster's folder (its etcd, Patroni and server logs).
class TestCluster final
{
public:
    TestCluster();
    ~TestCluster();
    TestCluster(const TestCluster&) = delete;
    TestCluster& operator=(const TestCluster&) = delete;

    [[nodiscard]] bool ok() const { return m_ok; }
    [[nodiscard]] bool skipped() const { return m_skipped; }
    [[nodiscard]] QString error() const { return m_error; }
    /// The superuser on the `postgres` database through the multi-host string
    /// (target_session_attrs=read-write): for TestDatabase's set-up and inspection only.
    [[nodiscard]] const ConnectionSettings& superuserSettings() const { return m_superuser; }
    /// The superuser on the node that is primary now, alone (empty settings when none is).
    /// libpq stops at the first host that refuses a session, e.g. a standby that has not replayed
    /// CREATE DATABASE yet: set-up goes to the primary, the terminal's string after waitForReplay().
    [[nodiscard]] ConnectionSettings primarySettings() const;
    /// `login` (user, password, database) on all three nodes, read-write (the terminal's string).
    [[nodiscard]] ConnectionSettings multiHost(const ConnectionSettings& login) const;
    /// Waits (at most `seconds` in all) until every standby has replayed the primary's WAL up to
    /// now (new databases and logins included); a standby still starting counts as not yet
    /// replayed. False (with a warning naming the standby and why) when one has not.
    [[nodiscard]] bool waitForReplay(int seconds) const;
    /// The three PostgreSQL ports, in the order of hosts().
    [[nodiscard]] QList<int> ports() const { return m_ports; }
    /// The port of the node that is primary now, 0 when none is.
    [[nodiscard]] int primaryPort() const;
    /// kill -9 of the postmaster of the node on `port` (its Patroni agent lives on). True when the
    /// signal was sent.
    [[nodiscard]] bool killPostmaster(int port) const;
    /// SIGSTOP (`stop` true) or SIGCONT to the postmaster on `port` and all its processes.
    [[nodiscard]] bool pauseNode(int port, bool stop) const;
    /// SIGKILL of the Patroni agent of the node on `port` and then of its postmaster: the node is
    /// gone as if its machine died, until start() brings it back. True when both were signalled.
    [[nodiscard]] bool killNode(int port) const;
    /// `cluster.sh down`: every process of the cluster stopped (Patroni stops its PostgreSQL with
    /// a fast shutdown), the data kept. True when it succeeded.
    [[nodiscard]] bool stop(QString* output) const;
    /// `cluster.sh start`: starts what is not running (all after stop(), one node after killNode())
    /// and waits for a primary with a synchronous standby. True when it came.
    [[nodiscard]] bool start(QString* output) const;
    /// The port of the primary's synchronous standby now, 0 when it has none (or no primary).
    [[nodiscard]] int syncStandbyPort() const;
    /// The superuser on the node on `port` alone, whatever its role (target_session_attrs=any).
    [[nodiscard]] ConnectionSettings nodeSettings(int port) const;
    /// Whether the node on `port` answers as a standby (pg_is_in_recovery()); false when it does
    /// not answer.
    [[nodiscard]] bool isStandby(int port) const;
    /// Waits (at most `seconds`) until a node other than `oldPort` is primary; its port, or 0.
    [[nodiscard]] int waitForNewPrimary(int oldPort, int seconds) const;
    /// Waits (at most `seconds`) until the primary streams to both other nodes, one of them its
    /// synchronous standby: the cluster can fail over again. False when it does not in time.
    [[nodiscard]] bool waitForStandbys(int seconds) const;
    /// The members and their roles as Patroni sees them (`cluster.sh status`), for a failure's log.
    [[nodiscard]] QString status() const;
    /// The cluster's folder (logs: *.log).
    [[nodiscard]] QString folder() const { return m_dir.path(); }

private:
    [[nodiscard]] int run(const QStringList& arguments, QString* output, int timeoutMs) const;
    [[nodiscard]] qint64 postmasterPid(int port) const;

    QTemporaryDir m_dir;
    bool m_ok = false;
    bool m_skipped = false;
    bool m_started = false;
    QString m_error;
    ConnectionSettings m_superuser;
    QList<int> m_ports;
};

} // namespace bo::test
