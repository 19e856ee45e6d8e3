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

namespace bo {

class SalesWorker;

/// What the backend answers to a hold or begin-payment request.
struct HoldReply
{
    int requestId = 0;
    int showtimeId = 0;
    QList<int> seats;    ///< the seats asked for
    HoldResult result;   ///< granted with deadline, or the unavailable seats
    QString bookingCode; ///< begin-payment only: the pending booking
};

/// The asynchronous database side of a terminal. The GUI thread calls the request functions,
/// which return at once; a worker thread with its own connection runs them in order and the
/// answers come back as signals on the caller's thread. The worker LISTENs for seat changes,
/// checks the connection every few seconds, reconnects by itself and then says so (callers
/// reload what they show, since notifications sent while offline are lost).
class SalesBackend final : public QObject
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
    void loadShowtime(int showtimeId); ///< seats and price tiers
    void loadSettings();
    [[nodiscard]] int hold(int showtimeId, const QList<int>& seats, const QUuid& owner, int ttlSeconds);
    [[nodiscard]] int release(int showtimeId, const QUuid& owner, const QList<int>& seats = {});
    [[nodiscard]] int beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                   const QString& terminal, const QUuid& terminalId = {});
    [[nodiscard]] int confirm(const ConfirmRequest& request);

signals:
    void onlineChanged(bool online, const QString& reason);
    /// Sent after a reconnect: everything shown may be stale.
    void reconnected();
    void settingsLoaded(const bo::Settings& settings);
    void showtimesLoaded(const QList<bo::ShowtimeInfo>& showtimes);
    void showtimeLoaded(const bo::ShowtimeInfo& showtime, const QList<bo::SeatState>& seats,
                        const QList<bo::PriceTier>& tiers);
    /// A committed seat change on any terminal (payload of channel bo_seats).
    void seatsChanged(const QString& payload);
    void holdFinished(const bo::HoldReply& reply);
    void releaseFinished(int requestId, int seatsReleased);
    void confirmFinished(int requestId, const bo::ConfirmResult& result);
    void requestFailed(int requestId, const bo::Error& error);

private:
    friend class SalesWorker;
    void setOnline(bool online, const QString& reason);

    QThread m_thread;
    SalesWorker* m_worker = nullptr;
    ConnectionSettings m_settings;
    int m_nextRequest = 0;
    bool m_online = false;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::HoldReply)
