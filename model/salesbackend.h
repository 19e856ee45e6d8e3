// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QThread>
#include <QUuid>

#include "db/catalogstore.h"
#include "db/connectionsettings.h"
#include "db/result.h"
#include "db/seattypes.h"
#include "model/seatoperations.h"

namespace bo {

class SalesWorker;

/// The asynchronous database side of a terminal. The GUI thread calls the request functions,
/// which return at once; a worker thread with its own connection runs them in order and the
/// answers come back as signals on the caller's thread. The worker LISTENs for seat changes,
/// checks the connection every few seconds, reconnects by itself and then says so (callers
/// reload what they show, since notifications sent while offline are lost).
class SalesBackend final : public SeatOperations
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SalesBackend)

public:
    explicit SalesBackend(ConnectionSettings settings, QObject* parent = nullptr);
    ~SalesBackend() override;

    void start();
    void stop();
    [[nodiscard]] bool isOnline() const { return m_online; }

    void loadShowtimes(const QDateTime& from, const QDateTime& to);
    void loadSettings();
    [[nodiscard]] int loadShowtime(int showtimeId) override;
    [[nodiscard]] int hold(int showtimeId, const QList<int>& seats, const QUuid& owner,
                           int ttlSeconds) override;
    [[nodiscard]] int release(int showtimeId, const QUuid& owner, const QList<int>& seats = {}) override;
    [[nodiscard]] int beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                   const QString& terminal, const QUuid& terminalId = {}) override;
    [[nodiscard]] int confirm(const ConfirmRequest& request) override;

signals:
    void onlineChanged(bool online, const QString& reason);
    void settingsLoaded(const bo::Settings& settings);
    void showtimesLoaded(const QList<bo::ShowtimeInfo>& showtimes);
    /// A failed load of showtimes or settings (request id 0).

private:
    friend class SalesWorker;
    void setOnline(bool online, const QString& reason);

    QThread m_thread;
    SalesWorker* m_worker = nullptr;
    ConnectionSettings m_settings;
    int m_nextRequest = 0;
    bool m_online = false;
    bool m_reported = false; ///< online or offline has been reported once
};

} // namespace bo
