// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/workerthread.h"

#include <QCoreApplication>

namespace bo {

WorkerThread::WorkerThread(const QString& name)
    : m_worker(std::make_unique<QObject>())
    , m_home(std::make_unique<QObject>())
{
    m_thread.setObjectName(name);
    m_worker->moveToThread(&m_thread);
    m_thread.start();
}

WorkerThread::~WorkerThread()
{
    stop();
}

void WorkerThread::post(std::function<void()> task)
{
    if (m_stopped)
        return;
    QMetaObject::invokeMethod(m_worker.get(), std::move(task), Qt::QueuedConnection);
}

void WorkerThread::postAndWait(std::function<void()> task)
{
    if (m_stopped)
        return;
    QMetaObject::invokeMethod(m_worker.get(), std::move(task), Qt::BlockingQueuedConnection);
}

void WorkerThread::postLast(std::function<void()> last)
{
    QThread* thread = &m_thread;
    post([thread, last = std::move(last)] {
        if (last)
            last();
        thread->quit();
    });
    m_stopped = true;
}

void WorkerThread::stopLater(std::function<void()> last, QObject* context, std::function<void()> stopped)
{
    if (m_stopped)
        return;
    QObject::connect(&m_thread, &QThread::finished, context, std::move(stopped), Qt::QueuedConnection);
    postLast(std::move(last));
}

void WorkerThread::stop(std::function<void()> last)
{
    if (!m_stopped)
        postLast(std::move(last));
    if (!m_worker)
        return;
    m_thread.wait();
    // The thread is over: its receiver goes from here, and the answers not yet delivered are
    // dropped (whoever asked is being closed).
    m_worker.reset();
    QCoreApplication::removePostedEvents(m_home.get());
}

bool WorkerThread::isRunning() const
{
    return !m_stopped && m_thread.isRunning();
}

} // namespace bo
