// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#include <QString>

#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/sale/seatdesk.h"

namespace bo::audit {

/// A second connection of a worker, on a thread of its own, that sends the same confirm at the
/// same moment as the worker (the duplicate a terminal's retry or a second click makes).
class ConfirmTwin final
{
public:
    ConfirmTwin(ConnectionSettings settings, QString purpose);
    ~ConfirmTwin();
    ConfirmTwin(const ConfirmTwin&) = delete;
    ConfirmTwin& operator=(const ConfirmTwin&) = delete;

    void post(const ConfirmRequest& request);
    /// The duplicate's answer, or nothing when it did not come in time.
    std::optional<Result<ConfirmResult>> wait();

private:
    void run();

    const ConnectionSettings m_settings;
    const QString m_purpose;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<ConfirmRequest> m_job;
    std::optional<Result<ConfirmResult>> m_answer;
    bool m_quit = false;
    std::thread m_thread; // last: started once everything above exists
};

} // namespace bo::audit
