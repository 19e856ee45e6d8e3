// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QThread>

#include "db/connectionsettings.h"
#include "model/core/clock.h"
#include "model/core/result.h"
#include "model/queue/admissionwatch.h"

namespace bo {

class AdmissionQueue;
class TerminalBackend;

/// A waiting terminal's admission queue on a worker thread of its own (ARCHITECTURE §1: the GUI thread
/// never waits on the network): the QueueStore with its own connection and the AdmissionWatch
/// live there; the screen connects to the watch's signals (queued across the threads) and calls
/// its slots through QMetaObject::invokeMethod. The backend's queue announcements are forwarded
/// to the watch, so the terminal keeps one listening connection.
class QueueThread final
{
public:
    /// Use open().
    QueueThread() = default;
    ~QueueThread();
    QueueThread(const QueueThread&) = delete;
    QueueThread& operator=(const QueueThread&) = delete;

    /// Starts the thread and opens the store there; null with `error` set when it cannot.
    [[nodiscard]] static std::unique_ptr<QueueThread>
    open(const ConnectionSettings& settings, TerminalBackend* backend, int heartbeatMs, Error* error);

    /// The watch (on the worker thread): connect, and call through invokeMethod.
    [[nodiscard]] AdmissionWatch* watch() const { return m_watch.get(); }

private:
    QThread m_thread;
    SteadyClock m_clock;
    std::unique_ptr<AdmissionQueue> m_store; ///< deleted on the worker thread
    std::unique_ptr<AdmissionWatch> m_watch; ///< deleted on the worker thread
};

} // namespace bo
