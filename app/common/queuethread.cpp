// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/queuethread.h"

#include <QMetaObject>

#include "db/queuestore.h"
#include "model/queue/admissionwatch.h"
#include "model/sale/terminalbackend.h"

namespace bo {

std::unique_ptr<QueueThread> QueueThread::open(const ConnectionSettings& settings, TerminalBackend* backend,
                                               int heartbeatMs, Error* error)
{
    auto self = std::make_unique<QueueThread>();
    self->m_thread.setObjectName(QStringLiteral("queue"));
    self->m_thread.start();
    // The connection and the watch are made on the worker thread: a QSqlDatabase belongs to the
    // thread that opened it.
    auto* raw = self.get();
    auto context = std::make_unique<QObject>();
    context->moveToThread(&self->m_thread);
    Error failure;
    bool opened = false;
    QMetaObject::invokeMethod(
        context.get(),
        [raw, &settings, heartbeatMs, &failure, &opened] {
            auto store = QueueStore::open(settings, QStringLiteral("queue"));
            if (!store) {
                failure = store.error();
                return;
            }
            raw->m_store = std::move(store.value());
            raw->m_watch = std::make_unique<AdmissionWatch>(*raw->m_store, raw->m_clock,
                                                            AdmissionWatch::Options{heartbeatMs});
            opened = true;
        },
        Qt::BlockingQueuedConnection);
    context.release()->deleteLater(); // on the worker thread, where it lives
    if (!opened) {
        if (error)
            *error = failure;
        return {};
    }
    if (backend)
        QObject::connect(backend, &TerminalBackend::queueChanged, raw->m_watch.get(),
                         &AdmissionWatch::onQueueChanged);
    return self;
}

QueueThread::~QueueThread()
{
    if (m_thread.isRunning()) {
        auto context = std::make_unique<QObject>();
        context->moveToThread(&m_thread);
        QMetaObject::invokeMethod(
            context.get(),
            [this] {
                m_watch.reset();
                m_store.reset();
            },
            Qt::BlockingQueuedConnection);
        context.release()->deleteLater();
        m_thread.quit();
        m_thread.wait();
    }
}

} // namespace bo
