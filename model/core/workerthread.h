// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>
#include <utility>

#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>

namespace bo {

/// A thread of one's own for work that waits (a database, a network): tasks run on it one at a
/// time in the order they were posted, and a call's answer comes back on the thread that made the
/// worker, so a window never waits (ARCHITECTURE §1, "Threads"). Whatever a task opens there (a
/// Qt SQL connection belongs to the thread that opened it) it uses only there, and closes in the
/// last task, given to stop().
class WorkerThread final
{
public:
    /// Starts the thread; `name` shows in debuggers and logs.
    explicit WorkerThread(const QString& name);
    /// stop(): the tasks posted before still run.
    ~WorkerThread();
    WorkerThread(const WorkerThread&) = delete;
    WorkerThread& operator=(const WorkerThread&) = delete;
    WorkerThread(WorkerThread&&) = delete;
    WorkerThread& operator=(WorkerThread&&) = delete;

    /// Runs `task` on the thread after every task posted before it; nothing once stopped.
    void post(std::function<void()> task);
    /// As post(), and waits until `task` has run: for a program's start-up, which needs what the
    /// thread opened before it goes on. Never from the worker's own thread (it would wait for
    /// itself); nothing once stopped.
    void postAndWait(std::function<void()> task);

    /// Runs `task()` on the thread, then `reply(result)` on the thread that made this worker —
    /// unless `context` (an object of that thread, typically the window that asked) is gone by
    /// then, when the answer is dropped. Call from the thread that made the worker.
    template <class Task, class Reply> void call(QObject* context, Task task, Reply reply)
    {
        QPointer<QObject> guard(context);
        QObject* home = m_home.get();
        post([home, guard, task = std::move(task), reply = std::move(reply)]() mutable {
            auto result = task();
            QMetaObject::invokeMethod(
                home,
                [guard, reply = std::move(reply), result = std::move(result)]() mutable {
                    if (guard)
                        reply(std::move(result));
                },
                Qt::QueuedConnection);
        });
    }

    /// Runs `last` on the thread after every task posted before it (close there what was opened
    /// there), ends the thread and waits for it. Answers not yet delivered are dropped. Once only;
    /// from the thread that made the worker.
    void stop(std::function<void()> last = {});

    /// As stop(), without waiting: `stopped` is called on `context`'s thread once the thread has
    /// ended (unless `context` is gone), and destroying the worker from there does not wait. For
    /// an owner that must not wait for a task under way, as a window closing while the database
    /// is slow to answer. Once only.
    void stopLater(std::function<void()> last, QObject* context, std::function<void()> stopped);

    [[nodiscard]] bool isRunning() const;

private:
    void postLast(std::function<void()> last);

    QThread m_thread;
    std::unique_ptr<QObject> m_worker; ///< lives on m_thread: the tasks' receiver
    std::unique_ptr<QObject> m_home;   ///< lives on the making thread: the answers' receiver
    bool m_stopped = false;
};

/// One port reached through a worker, or here and now: what a screen holds instead of the port
/// itself. `call(context, job, reply)` runs `job(port)` where the port lives and `reply(result)`
/// on the screen's thread. Made from a port alone it calls at once on this thread (an in-memory
/// port that never waits: a test's fake); made with the worker the port lives on, it never
/// blocks the caller.
template <class Port> class PortCaller
{
public:
    // Not explicit on purpose: a screen given a port by reference calls it here and now.
    PortCaller(Port& port) // NOLINT(google-explicit-constructor)
        : m_port(&port)
    {}
    PortCaller(Port& port, WorkerThread& worker)
        : m_port(&port)
        , m_worker(&worker)
    {}

    template <class Job, class Reply> void call(QObject* context, Job job, Reply reply) const
    {
        if (!m_worker) {
            reply(job(*m_port));
            return;
        }
        Port* port = m_port;
        m_worker->call(
            context, [port, job = std::move(job)]() mutable { return job(*port); }, std::move(reply));
    }

    /// True when calls go to a worker thread (answers come later, through the event loop).
    [[nodiscard]] bool onWorker() const { return m_worker != nullptr; }

private:
    Port* m_port;
    WorkerThread* m_worker = nullptr;
};

/// A worker object on a WorkerThread of its own, what a threaded adapter (the terminal's, the
/// door's, the help desk's backend) holds: made on the thread by the first task, so that its
/// timers and the notifications it connects to live there; used only by the tasks posted after;
/// finished and destroyed by the last. `Worker` has begin() (its first work, on the thread) and
/// finish() (closes there what it opened). Members may be instantiated where Worker is complete
/// (the adapter's .cpp); the adapter declares its destructor there, and stops the worker in that
/// body when the worker emits the adapter's signals (a member outlives the adapter's own part).
template <class Worker> class ThreadedWorker
{
public:
    ThreadedWorker() = default;
    ~ThreadedWorker() { stop(); }
    ThreadedWorker(const ThreadedWorker&) = delete;
    ThreadedWorker& operator=(const ThreadedWorker&) = delete;
    ThreadedWorker(ThreadedWorker&&) = delete;
    ThreadedWorker& operator=(ThreadedWorker&&) = delete;

    /// Starts the thread `name` and makes the worker there with `make()`; nothing when started.
    void start(const QString& name, std::function<std::unique_ptr<Worker>()> make)
    {
        if (m_thread)
            return;
        m_thread = std::make_unique<WorkerThread>(name);
        m_thread->post([this, make = std::move(make)] {
            m_worker = make();
            m_worker->begin();
        });
    }
    /// As start(), and waits until the worker is made and begun; returns it. For an owner that
    /// connects to the worker's signals, or reads what begin() found, before it goes on (a
    /// program's start-up: the caller waits as long as begin() takes). The worker lives on the
    /// thread: reach it there by queued calls only, and forget it at stop().
    Worker* startAndWait(const QString& name, std::function<std::unique_ptr<Worker>()> make)
    {
        start(name, std::move(make));
        Worker* made = nullptr;
        m_thread->postAndWait([this, &made] { made = m_worker.get(); });
        return made;
    }
    /// Finishes and destroys the worker on its thread after every task posted before, and waits
    /// for the thread to end. Nothing when not started.
    void stop()
    {
        if (!m_thread)
            return;
        m_thread->stop([this] {
            m_worker->finish();
            m_worker.reset();
        });
        m_thread.reset();
    }
    /// Runs `task` with the worker on its thread, after every task posted before; nothing when
    /// not started.
    void post(std::function<void(Worker&)> task)
    {
        if (m_thread)
            m_thread->post([this, task = std::move(task)] { task(*m_worker); });
    }
    /// From start() until stop().
    [[nodiscard]] bool isRunning() const { return m_thread && m_thread->isRunning(); }

private:
    std::unique_ptr<WorkerThread> m_thread;
    std::unique_ptr<Worker> m_worker; ///< made, used and destroyed on the thread only
};

} // namespace bo
