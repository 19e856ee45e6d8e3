// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/connectionsettings.h"
#include "model/core/result.h"
#include "model/core/workerthread.h"
#include "model/queue/admissionwatch.h"

namespace bo {

class QueueWorker;
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
    QueueThread();
    /// Deletes the watch, then the store, on the worker thread, and ends it.
    ~QueueThread();
    QueueThread(const QueueThread&) = delete;
    QueueThread& operator=(const QueueThread&) = delete;
    QueueThread(QueueThread&&) = delete;
    QueueThread& operator=(QueueThread&&) = delete;

    /// Starts the thread and opens the store there, waiting for it; null with `error` set when it
    /// cannot.
    [[nodiscard]] static std::unique_ptr<QueueThread>
    open(const ConnectionSettings& settings, TerminalBackend* backend, int heartbeatMs, Error* error);

    /// The watch (on the worker thread): connect, and call through invokeMethod.
    [[nodiscard]] AdmissionWatch* watch() const { return m_watch; }

private:
    AdmissionWatch* m_watch = nullptr; ///< the worker's, living on its thread
    ThreadedWorker<QueueWorker> m_worker;
};

} // namespace bo
