// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QProcess>
#include <QString>

#include "model/core/result.h"

namespace bo::bench {

/// A private redis-server for the benchmark: loopback only, a free port, no persistence,
/// stopped when this object goes.
class RedisServer final
{
public:
    [[nodiscard]] static Result<std::unique_ptr<RedisServer>> start(const QString& folder);
    ~RedisServer();
    RedisServer(const RedisServer&) = delete;
    RedisServer& operator=(const RedisServer&) = delete;

    [[nodiscard]] QString host() const { return QStringLiteral("127.0.0.1"); }
    [[nodiscard]] int port() const { return m_port; }
    [[nodiscard]] QString version() const { return m_version; }

private:
    RedisServer() = default;
    QProcess m_process;
    int m_port = 0;
    QString m_version;
};

} // namespace bo::bench
