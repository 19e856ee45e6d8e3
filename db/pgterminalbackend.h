// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QAtomicInt>

#include "db/connectionsettings.h"
#include "model/core/workerthread.h"
#include "model/sale/terminalbackend.h"

namespace bo {

class TerminalWorker;

/// A terminal's backend on PostgreSQL. The calls return at once; a worker thread with its own
/// connection runs them in order and the answers come back as signals on the caller's thread.
/// The worker LISTENs for seat changes (and parses their announcements), checks the connection
/// every few seconds, reconnects by itself and then says so (callers reload what they show,
/// since notifications sent while offline are lost). A failed load of showtimes or settings is
/// reported with request id 0. The announcements it listens for are published by the site's
/// announcer, which runs on the payment service's login (app/common/siteleads.h), never here.
///
/// It only carries: the rules of a sale, the till's joining the admission queue among them
/// (SaleFlow::setJoinsQueueAsTill), are the model's.
class PgTerminalBackend final : public TerminalBackend
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PgTerminalBackend)

public:
    explicit PgTerminalBackend(ConnectionSettings settings, QObject* parent = nullptr);
    ~PgTerminalBackend() override;

    void start() override;
    void stop() override;
    [[nodiscard]] bool isOnline() const override { return m_online; }
    void loadShowtimes(const QDateTime& from, const QDateTime& to) override;
    void loadSettings() override;
    /// Keeps every poster it read (per backend): a film's bytes are read once, later requests
    /// for it are answered from memory.
    void loadPosters(const QList<int>& filmIds) override;
    /// How many films' posters were read from the database so far (tests: once per film).
    [[nodiscard]] int postersRead() const { return m_postersRead.loadRelaxed(); }
    [[nodiscard]] int loadShowtime(int showtimeId, const QUuid& owner) override;
    [[nodiscard]] int hold(int showtimeId, const QList<int>& seats, const QUuid& owner,
                           int ttlSeconds) override;
    [[nodiscard]] int release(int showtimeId, const QUuid& owner, const QList<int>& seats = {}) override;
    [[nodiscard]] int beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                   const QString& terminal, const QUuid& terminalId = {}) override;
    [[nodiscard]] int confirm(const ConfirmRequest& request) override;
    [[nodiscard]] int extendHold(int showtimeId, const QUuid& owner) override;
    [[nodiscard]] int joinQueueAsTill(int showtimeId, const QUuid& owner) override;

private:
    friend class TerminalWorker;
    void setOnline(bool online, const QString& reason);
    ThreadedWorker<TerminalWorker> m_worker;
    ConnectionSettings m_settings;
    int m_nextRequest = 0;
    QAtomicInt m_postersRead;
    bool m_online = false;
    bool m_reported = false; ///< online or offline has been reported once
};

} // namespace bo
