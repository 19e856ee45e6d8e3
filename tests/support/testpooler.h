// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QTemporaryDir>

#include "db/connectionsettings.h"

namespace bo::test {

/// pgbouncer in transaction mode in front of a test's server, started by packaging/pooler.sh in a
/// temporary folder on a free loopback port and stopped by the destructor. It accepts the logins
/// of the settings given (user and password). When pgbouncer is not installed, skipped() is true
/// and the test should QSKIP.
class TestPooler final
{
public:
    /// `server` names the host and port the pooler connects to; `logins` the users it accepts.
    /// `poolPerLogin` and `maxServerSessions` as pooler.sh's --pool and --max-server.
    TestPooler(const ConnectionSettings& server, const QList<ConnectionSettings>& logins,
               int poolPerLogin = 4, int maxServerSessions = 40);
    ~TestPooler();
    TestPooler(const TestPooler&) = delete;
    TestPooler& operator=(const TestPooler&) = delete;

    [[nodiscard]] bool ok() const { return m_ok; }
    [[nodiscard]] bool skipped() const { return m_skipped; }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] int port() const { return m_port; }
    /// `login` through the pooler: host and port replaced, `pooled` set.
    [[nodiscard]] ConnectionSettings through(const ConnectionSettings& login) const;

private:
    QTemporaryDir m_dir;
    bool m_ok = false;
    bool m_skipped = false;
    bool m_started = false;
    QString m_error;
    int m_port = 0;
};

} // namespace bo::test
