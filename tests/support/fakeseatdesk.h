// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <optional>

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QUuid>

#include "model/core/clock.h"
#include "model/sale/seatdesk.h"

namespace bo::test {

/// An in-memory seat database behind the SeatDesk port, whose every step the test takes:
/// requests queue up in the order they were made (one connection), run one at a time against
/// the seat rows when the test says so, and their answers and the seat announcements wait until
/// the test delivers them, in whatever order it chooses. The rows follow the rules of ARCHITECTURE §2
/// (all or nothing, a hold of one's own seats extends them, expired holds are takeable, the
/// database clock decides) and confirm keeps its idempotency keys. The clock is the test's.
class FakeSeatDesk final : public SeatDesk
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FakeSeatDesk)

public:
    FakeSeatDesk(const MonotonicClock& clock, SaleSettings settings, ShowtimeInfo showtime,
                 QList<SeatState> seats, QList<PriceTier> tiers, QObject* parent = nullptr);
    ~FakeSeatDesk() override;

    [[nodiscard]] int loadShowtime(int showtimeId, const QUuid& owner) override;
    [[nodiscard]] int hold(int showtimeId, const QList<int>& seats, const QUuid& owner,
                           int ttlSeconds) override;
    [[nodiscard]] int release(int showtimeId, const QUuid& owner, const QList<int>& seats = {}) override;
    [[nodiscard]] int beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                                   const QString& terminal, const QUuid& terminalId = {}) override;
    [[nodiscard]] int confirm(const ConfirmRequest& request) override;
    [[nodiscard]] int joinQueueAsTill(int showtimeId, const QUuid& owner) override;

    // The test's hands.
    /// The showtime sells through its admission queue: a hold of a sale that has not joined it as
    /// a till is refused with ErrorCode::NotAdmitted, as the database's sale gate does.
    void setQueued(bool queued) { m_queued = queued; }
    /// The sale joined the showtime's queue as a till.
    [[nodiscard]] bool joinedAsTill(const QUuid& owner) const { return m_admitted.contains(owner); }
    [[nodiscard]] qsizetype queuedRequests() const { return m_queue.size(); }
    [[nodiscard]] qsizetype undeliveredReplies() const { return m_replies.size(); }
    [[nodiscard]] qsizetype undeliveredNotifications() const { return m_notes.size(); }
    [[nodiscard]] bool isOnline() const { return m_online; }
    /// What the oldest queued request is ("hold", "release", ...), or empty.
    [[nodiscard]] QString nextRequestKind() const;
    /// Runs the oldest queued request; its answer waits to be delivered. Offline it fails as the
    /// real adapter's does (ErrorCode::Offline, nothing done). False when nothing is queued.
    bool runNext();
    /// Runs and commits the oldest request, then the connection drops before the answer: the
    /// caller learns Offline, an unknown outcome.
    bool runNextAndLoseConnection();
    /// The next request run answers with this error and does nothing (the connection stays).
    void failNextWith(const Error& error) { m_failNext = error; }
    /// The connection drops: undelivered announcements are lost, later requests fail Offline.
    void loseConnection();
    /// Back online: delivers the answers of the requests that failed while offline (the real
    /// adapter sends them first), then emits reconnected (what was announced while away is lost).
    void reconnect();
    /// Delivers the answer at `index` among the undelivered ones (0 is the oldest).
    void deliverReply(qsizetype index);
    /// Delivers the oldest undelivered announcement.
    void deliverNotification();
    /// Runs and delivers everything in order, reconnecting when offline, until nothing is left.
    /// False when it did not settle within `maxSteps` (a request loop).
    bool settle(int maxSteps = 2000);

    // The database.
    /// The seats `owner` holds now (unexpired), as the database would answer.
    [[nodiscard]] QSet<int> heldBy(const QUuid& owner) const;
    /// The rows still marked held by `owner`, expired or not (an ended sale must leave none).
    [[nodiscard]] QSet<int> rowsHeldBy(const QUuid& owner) const;
    [[nodiscard]] SeatStatus statusOf(int seatId) const;
    /// Another terminal holds these seats where it can (one all-or-nothing hold); true if held.
    bool holdForAnother(const QList<int>& seats, int ttlSeconds);
    /// Every other terminal's hold is released.
    void releaseOthers();
    /// Another sale sells these seats, or a manager blocks them (`status` Reserved or Blocked),
    /// those that are free (or whose hold ran out); announced like any commit. Returns how many.
    int setForAnother(const QList<int>& seats, SeatStatus status);
    /// Another transaction (a sweep, a confirm, a manager) has these rows locked: a hold that
    /// meets one is refused with SeatRefusal::Locked until unlockRows(). Reads see the rows as
    /// committed; releases, confirms and sweeps wait for the lock (here: run as if it had ended).
    void lockRows(const QList<int>& seats);
    void unlockRows() { m_locked.clear(); }
    [[nodiscard]] bool hasLockedRows() const { return !m_locked.isEmpty(); }
    /// A confirm made at once on another connection (the payment desk's), by the same rule and
    /// keys as confirm(); its announcement is queued like any commit.
    [[nodiscard]] Result<ConfirmResult> confirmNow(const ConfirmRequest& request)
    {
        return applyConfirm(request);
    }
    /// The expiry releaser's sweep; returns the seats freed.
    int sweep();
    /// Bookings of the owner by status ("PENDING", "CONFIRMED", "CANCELLED", "EXPIRED").
    [[nodiscard]] int bookings(const QUuid& owner, const QString& status) const;
    /// The card references of the payments stored with confirmed bookings.
    [[nodiscard]] const QSet<QString>& confirmedPaymentReferences() const { return m_paidReferences; }
    /// How many requests of this kind were ever made.
    [[nodiscard]] int requestsMade(const QString& kind) const { return m_made.value(kind); }

private:
    struct Row
    {
        SeatStatus status = SeatStatus::Free;
        QUuid heldBy;
        qint64 heldUntilMs = 0;
    };
    struct Booking
    {
        QUuid owner;
        QString code;
        QString status;
        QUuid id;
    };
    struct StoredConfirm
    {
        QString request;
        ConfirmResult result;
    };
    struct Request
    {
        QString kind;
        std::function<void()> run; ///< applies the request and queues its answer
        int id = 0;
    };

    int enqueue(const QString& kind, std::function<void(int)> run);
    void answer(std::function<void()> emitter);
    void announce(SeatStatus status, const QList<int>& seats);
    [[nodiscard]] QDateTime dbTime(qint64 ms) const;
    [[nodiscard]] bool takeable(int seatId, const QUuid& owner) const;
    [[nodiscard]] std::optional<Error> checkRequest(int showtimeId, const QList<int>& seats,
                                                    int ttlSeconds) const;
    /// The hold rule itself; empty `unavailable` means granted, else `refused` says why.
    HoldDecision applyHold(const QList<int>& seats, const QUuid& owner, int ttlSeconds);
    int applyRelease(const QUuid& owner, const QList<int>& seats);
    [[nodiscard]] Result<ConfirmResult> applyConfirm(const ConfirmRequest& request);
    void runConfirm(int requestId, const ConfirmRequest& request);

    const MonotonicClock& m_clock;
    SaleSettings m_settings;
    ShowtimeInfo m_showtime;
    QList<SeatState> m_layout;
    QList<PriceTier> m_tiers;
    QHash<int, Row> m_rows;
    QList<Booking> m_bookings;
    QHash<QUuid, StoredConfirm> m_keys;
    QList<Request> m_queue;
    QList<std::function<void()>> m_replies;
    QList<SeatChanges> m_notes;
    QHash<QString, int> m_made;
    QSet<QString> m_paidReferences;
    QSet<int> m_locked;
    std::optional<Error> m_failNext;
    QSet<QUuid> m_admitted; ///< sales that joined the queue as tills
    bool m_queued = false;
    QUuid m_another = QUuid::createUuid();
    qsizetype m_lostAt = 0; ///< answers from this index on were made after the connection was lost
    int m_nextRequest = 0;
    int m_nextCode = 1;
    bool m_online = true;
};

} // namespace bo::test
