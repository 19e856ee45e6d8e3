// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/fakeseatdesk.h"

#include <algorithm>

#include <QJsonDocument>

namespace bo::test {
namespace {

QList<int> distinctSorted(const QList<int>& seats)
{
    QList<int> out = seats;
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

QString codes(QChar code, const QList<int>& seats)
{
    QStringList parts;
    for (int id : seats)
        parts << code + QString::number(id);
    return parts.join(QLatin1Char(','));
}

Error offline()
{
    return makeError(ErrorCode::Offline, QStringLiteral("The database cannot be reached."),
                     QStringLiteral("fake: connection lost"));
}

} // namespace

FakeSeatDesk::FakeSeatDesk(const MonotonicClock& clock, SaleSettings settings, ShowtimeInfo showtime,
                           QList<SeatState> seats, QList<PriceTier> tiers, QObject* parent)
    : SeatDesk(parent)
    , m_clock(clock)
    , m_settings(std::move(settings))
    , m_showtime(std::move(showtime))
    , m_layout(std::move(seats))
    , m_tiers(std::move(tiers))
{
    for (const SeatState& s : std::as_const(m_layout))
        m_rows.insert(s.seatId, Row{});
}

FakeSeatDesk::~FakeSeatDesk() = default;

QDateTime FakeSeatDesk::dbTime(qint64 ms) const
{
    // Any fixed origin will do: callers only ever take differences.
    return QDateTime::fromMSecsSinceEpoch(1700000000000LL + ms, Qt::UTC);
}

int FakeSeatDesk::enqueue(const QString& kind, std::function<void(int)> run)
{
    const int id = ++m_nextRequest;
    m_made[kind] += 1;
    m_queue.append(Request{kind, [run = std::move(run), id] { run(id); }, id});
    return id;
}

void FakeSeatDesk::answer(std::function<void()> emitter)
{
    m_replies.append(std::move(emitter));
}

void FakeSeatDesk::announce(SeatStatus status, const QList<int>& seats)
{
    if (!m_online || seats.isEmpty())
        return;
    SeatChanges changes{m_showtime.id, {}};
    for (int id : seats)
        changes.seats.append(SeatChange{id, status});
    m_notes.append(changes);
}

bool FakeSeatDesk::takeable(int seatId, const QUuid& owner) const
{
    const Row& r = m_rows[seatId];
    if (r.status == SeatStatus::Free)
        return true;
    return r.status == SeatStatus::Held && (r.heldBy == owner || r.heldUntilMs < m_clock.nowMs());
}

std::optional<Error> FakeSeatDesk::checkRequest(int showtimeId, const QList<int>& seats, int ttlSeconds) const
{
    if (showtimeId != m_showtime.id)
        return makeError(ErrorCode::NotFound, QStringLiteral("unknown showtime"));
    if (seats.isEmpty())
        return makeError(ErrorCode::BadInput, QStringLiteral("no seats requested"));
    if (distinctSorted(seats).size() > m_settings.maxSeatsPerSale)
        return makeError(ErrorCode::BadInput, QStringLiteral("too many seats"));
    if (ttlSeconds < 1 || ttlSeconds > 3600)
        return makeError(ErrorCode::BadInput, QStringLiteral("hold time outside 1..3600"));
    for (int id : seats) {
        if (!m_rows.contains(id))
            return makeError(ErrorCode::NotFound, QStringLiteral("unknown seat"));
    }
    return std::nullopt;
}

HoldDecision FakeSeatDesk::applyHold(const QList<int>& seats, const QUuid& owner, int ttlSeconds)
{
    HoldDecision result;
    const qint64 now = m_clock.nowMs();
    result.dbNow = dbTime(now);
    const QList<int> ids = distinctSorted(seats);
    for (int id : ids) {
        const Row& row = m_rows[id];
        if (m_locked.contains(id)) {
            result.unavailable << id;
            result.refused << SeatRefusal::Locked;
        } else if (!takeable(id, owner)) {
            result.unavailable << id;
            result.refused << (row.status == SeatStatus::Reserved  ? SeatRefusal::Reserved
                               : row.status == SeatStatus::Blocked ? SeatRefusal::Blocked
                                                                   : SeatRefusal::Held);
        }
    }
    if (!result.unavailable.isEmpty())
        return result;
    const qint64 until = now + qint64(ttlSeconds) * 1000;
    for (int id : ids)
        m_rows[id] = Row{SeatStatus::Held, owner, until};
    result.granted = true;
    result.heldUntil = dbTime(until);
    announce(SeatStatus::Held, ids);
    return result;
}

int FakeSeatDesk::applyRelease(const QUuid& owner, const QList<int>& seats)
{
    QList<int> freed;
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it) {
        const bool listed = seats.isEmpty() || seats.contains(it.key());
        if (listed && it->status == SeatStatus::Held && it->heldBy == owner) {
            *it = Row{};
            freed << it.key();
        }
    }
    std::sort(freed.begin(), freed.end());
    announce(SeatStatus::Free, freed);
    if (seats.isEmpty()) {
        for (Booking& b : m_bookings) {
            if (b.owner == owner && b.status == QLatin1String("PENDING"))
                b.status = QStringLiteral("CANCELLED");
        }
    }
    return int(freed.size());
}

int FakeSeatDesk::loadShowtime(int showtimeId, const QUuid& owner)
{
    return enqueue(QStringLiteral("load"), [this, showtimeId, owner](int id) {
        if (showtimeId != m_showtime.id) {
            answer([this, id] {
                emit requestFailed(id, makeError(ErrorCode::NotFound, QStringLiteral("unknown")));
            });
            return;
        }
        QList<SeatState> seats = m_layout;
        const qint64 now = m_clock.nowMs();
        for (SeatState& s : seats) {
            const Row& r = m_rows[s.seatId];
            const bool expired = r.status == SeatStatus::Held && r.heldUntilMs < now;
            s.status = expired ? SeatStatus::Free : r.status;
            if (s.status == SeatStatus::Held) {
                // As the database tells it: only the asking sale's own token.
                if (r.heldBy == owner)
                    s.heldBy = owner;
                s.heldUntil = dbTime(r.heldUntilMs);
            }
        }
        answer([this, id, info = m_showtime, seats, tiers = m_tiers] {
            emit showtimeLoaded(id, info, seats, tiers);
        });
    });
}

int FakeSeatDesk::hold(int showtimeId, const QList<int>& seats, const QUuid& owner, int ttlSeconds)
{
    return enqueue(QStringLiteral("hold"), [this, showtimeId, seats, owner, ttlSeconds](int id) {
        if (auto bad = checkRequest(showtimeId, seats, ttlSeconds)) {
            answer([this, id, e = *bad] { emit requestFailed(id, e); });
            return;
        }
        if (m_queued && !m_admitted.contains(owner)) {
            answer([this, id] {
                emit requestFailed(id, makeError(ErrorCode::NotAdmitted, QStringLiteral("not admitted")));
            });
            return;
        }
        const HoldDecision r = applyHold(seats, owner, ttlSeconds);
        answer([this, reply = HoldReply{id, showtimeId, seats, r, {}, {}}] { emit holdFinished(reply); });
    });
}

int FakeSeatDesk::joinQueueAsTill(int showtimeId, const QUuid& owner)
{
    return enqueue(QStringLiteral("join-queue"), [this, showtimeId, owner](int id) {
        if (showtimeId != m_showtime.id || owner.isNull()) {
            answer([this, id] {
                emit requestFailed(id, makeError(ErrorCode::BadInput, QStringLiteral("bad")));
            });
            return;
        }
        m_admitted.insert(owner);
        answer([this, id] { emit queueJoined(id); });
    });
}

int FakeSeatDesk::release(int showtimeId, const QUuid& owner, const QList<int>& seats)
{
    return enqueue(QStringLiteral("release"), [this, showtimeId, owner, seats](int id) {
        if (showtimeId != m_showtime.id || owner.isNull()) {
            answer([this, id] {
                emit requestFailed(id, makeError(ErrorCode::BadInput, QStringLiteral("bad")));
            });
            return;
        }
        const int n = applyRelease(owner, seats);
        answer([this, id, n] { emit releaseFinished(id, n); });
    });
}

int FakeSeatDesk::beginPayment(int showtimeId, const QList<int>& seats, const QUuid& owner,
                               const QString& terminal, const QUuid&)
{
    return enqueue(QStringLiteral("beginPayment"), [this, showtimeId, seats, owner, terminal](int id) {
        std::optional<Error> bad = checkRequest(showtimeId, seats, m_settings.paymentTtlSeconds);
        if (!bad && terminal.isEmpty())
            bad = makeError(ErrorCode::BadInput, QStringLiteral("terminal name missing"));
        if (bad) {
            answer([this, id, e = *bad] { emit requestFailed(id, e); });
            return;
        }
        HoldReply reply{id, showtimeId, seats, applyHold(seats, owner, m_settings.paymentTtlSeconds), {}, {}};
        if (reply.result.granted) {
            auto pending = std::find_if(m_bookings.begin(), m_bookings.end(), [&](const Booking& b) {
                return b.owner == owner && b.status == QLatin1String("PENDING");
            });
            if (pending == m_bookings.end()) {
                m_bookings.append(Booking{owner,
                                          QStringLiteral("BK%1").arg(m_nextCode++, 4, 10, QLatin1Char('0')),
                                          QStringLiteral("PENDING"), QUuid::createUuid()});
                pending = m_bookings.end() - 1;
            }
            reply.bookingCode = pending->code;
            reply.bookingId = pending->id;
        }
        answer([this, reply] { emit holdFinished(reply); });
    });
}

int FakeSeatDesk::confirm(const ConfirmRequest& request)
{
    return enqueue(QStringLiteral("confirm"), [this, request](int id) { runConfirm(id, request); });
}

Result<ConfirmResult> FakeSeatDesk::applyConfirm(const ConfirmRequest& request)
{
    const QString fingerprint = QString::number(request.showtimeId) + QLatin1Char('/') +
                                request.owner.toString() + QLatin1Char('/') + codes(u's', request.seatIds) +
                                QLatin1Char('/') + request.tiers.join(u',') + QLatin1Char('/') +
                                QString::fromUtf8(QJsonDocument(request.payment).toJson());
    if (auto stored = m_keys.constFind(request.key); stored != m_keys.cend()) {
        if (stored->request != fingerprint)
            return makeError(ErrorCode::KeyMismatch, QStringLiteral("key reused"));
        ConfirmResult replay = stored->result;
        replay.replayed = true;
        return replay;
    }
    QList<int> seats = distinctSorted(request.seatIds);
    if (seats.isEmpty()) {
        for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
            if (it->status == SeatStatus::Held && it->heldBy == request.owner)
                seats << it.key();
        }
        std::sort(seats.begin(), seats.end());
    }
    const qint64 now = m_clock.nowMs();
    const bool allHeld = !seats.isEmpty() && std::all_of(seats.cbegin(), seats.cend(), [&](int s) {
        const Row& r = m_rows.value(s);
        return r.status == SeatStatus::Held && r.heldBy == request.owner && r.heldUntilMs >= now;
    });
    if (!allHeld)
        return makeError(ErrorCode::Expired, QStringLiteral("The seat hold has expired."));
    auto pending = std::find_if(m_bookings.begin(), m_bookings.end(), [&](const Booking& b) {
        return b.owner == request.owner && b.status == QLatin1String("PENDING");
    });
    if (pending == m_bookings.end()) {
        m_bookings.append(Booking{request.owner,
                                  QStringLiteral("BK%1").arg(m_nextCode++, 4, 10, QLatin1Char('0')),
                                  QStringLiteral("PENDING"), QUuid::createUuid()});
        pending = m_bookings.end() - 1;
    }
    pending->status = QStringLiteral("CONFIRMED");
    ConfirmResult result;
    result.bookingId = pending->id;
    result.code = pending->code;
    result.status = pending->status;
    result.currency = m_settings.currency;
    for (qsizetype i = 0; i < seats.size(); ++i) {
        m_rows[seats.at(i)] = Row{SeatStatus::Reserved, {}, 0};
        BookedSeat booked;
        booked.seatId = seats.at(i);
        booked.tier = i < request.tiers.size() ? request.tiers.at(i) : m_tiers.value(0).code;
        for (const PriceTier& t : std::as_const(m_tiers)) {
            if (t.code == booked.tier)
                booked.priceMinor = t.amountMinor;
        }
        result.totalMinor += booked.priceMinor;
        result.seats << booked;
    }
    result.responseJson = QStringLiteral("{\"code\":\"%1\"}").arg(result.code);
    m_keys.insert(request.key, StoredConfirm{fingerprint, result});
    if (const QString ref = request.payment.value(QStringLiteral("reference")).toString(); !ref.isEmpty())
        m_paidReferences.insert(ref);
    announce(SeatStatus::Reserved, seats);
    return result;
}

void FakeSeatDesk::runConfirm(int id, const ConfirmRequest& request)
{
    Result<ConfirmResult> result = applyConfirm(request);
    if (!result) {
        answer([this, id, error = result.error()] { emit requestFailed(id, error); });
        return;
    }
    answer([this, id, booked = result.value()] { emit confirmFinished(id, booked); });
}

QString FakeSeatDesk::nextRequestKind() const
{
    return m_queue.isEmpty() ? QString() : m_queue.constFirst().kind;
}

bool FakeSeatDesk::runNext()
{
    if (m_queue.isEmpty())
        return false;
    Request request = m_queue.takeFirst();
    if (!m_online) {
        answer([this, id = request.id] { emit requestFailed(id, offline()); });
        return true;
    }
    if (m_failNext) {
        answer([this, id = request.id, e = *std::exchange(m_failNext, std::nullopt)] {
            emit requestFailed(id, e);
        });
        return true;
    }
    request.run();
    return true;
}

bool FakeSeatDesk::runNextAndLoseConnection()
{
    if (m_queue.isEmpty())
        return false;
    Request request = m_queue.takeFirst();
    if (m_online) {
        const qsizetype before = m_replies.size();
        request.run();
        // The answer never arrives: the caller hears only that the connection went away.
        m_replies.resize(before);
    }
    loseConnection();
    answer([this, id = request.id] { emit requestFailed(id, offline()); });
    return true;
}

void FakeSeatDesk::loseConnection()
{
    if (m_online)
        m_lostAt = m_replies.size();
    m_online = false;
    m_notes.clear();
}

void FakeSeatDesk::reconnect()
{
    if (m_online)
        return;
    // As from the real adapter's one thread: the answers of requests that failed while offline
    // arrive before the news that it is back.
    while (m_replies.size() > m_lostAt)
        deliverReply(m_lostAt);
    m_online = true;
    emit reconnected();
}

void FakeSeatDesk::deliverReply(qsizetype index)
{
    if (index < 0 || index >= m_replies.size())
        return;
    const std::function<void()> emitter = m_replies.takeAt(index);
    if (index < m_lostAt)
        --m_lostAt;
    emitter();
}

void FakeSeatDesk::deliverNotification()
{
    if (!m_notes.isEmpty())
        emit seatsChanged(m_notes.takeFirst());
}

bool FakeSeatDesk::settle(int maxSteps)
{
    for (int step = 0; step < maxSteps; ++step) {
        if (!m_online) {
            reconnect();
        } else if (!m_replies.isEmpty()) {
            deliverReply(0);
        } else if (!m_notes.isEmpty()) {
            deliverNotification();
        } else if (!m_queue.isEmpty()) {
            runNext();
        } else {
            return true;
        }
    }
    return false;
}

QSet<int> FakeSeatDesk::heldBy(const QUuid& owner) const
{
    QSet<int> out;
    const qint64 now = m_clock.nowMs();
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        if (it->status == SeatStatus::Held && it->heldBy == owner && it->heldUntilMs >= now)
            out.insert(it.key());
    }
    return out;
}

QSet<int> FakeSeatDesk::rowsHeldBy(const QUuid& owner) const
{
    QSet<int> out;
    for (auto it = m_rows.cbegin(); it != m_rows.cend(); ++it) {
        if (it->status == SeatStatus::Held && it->heldBy == owner)
            out.insert(it.key());
    }
    return out;
}

SeatStatus FakeSeatDesk::statusOf(int seatId) const
{
    return m_rows.value(seatId).status;
}

bool FakeSeatDesk::holdForAnother(const QList<int>& seats, int ttlSeconds)
{
    return applyHold(seats, m_another, ttlSeconds).granted;
}

void FakeSeatDesk::releaseOthers()
{
    (void)applyRelease(m_another, {});
}

int FakeSeatDesk::setForAnother(const QList<int>& seats, SeatStatus status)
{
    QList<int> ids;
    for (int id : distinctSorted(seats)) {
        if (m_rows.contains(id) && takeable(id, m_another)) {
            m_rows[id] = Row{status, {}, 0};
            ids << id;
        }
    }
    announce(status, ids);
    return int(ids.size());
}

void FakeSeatDesk::lockRows(const QList<int>& seats)
{
    for (int id : seats)
        m_locked.insert(id);
}

int FakeSeatDesk::sweep()
{
    QList<int> freed;
    const qint64 now = m_clock.nowMs();
    for (auto it = m_rows.begin(); it != m_rows.end(); ++it) {
        if (it->status == SeatStatus::Held && it->heldUntilMs < now) {
            const QUuid owner = it->heldBy;
            *it = Row{};
            freed << it.key();
            for (Booking& b : m_bookings) {
                if (b.owner == owner && b.status == QLatin1String("PENDING"))
                    b.status = QStringLiteral("EXPIRED");
            }
        }
    }
    std::sort(freed.begin(), freed.end());
    announce(SeatStatus::Free, freed);
    return int(freed.size());
}

int FakeSeatDesk::bookings(const QUuid& owner, const QString& status) const
{
    return int(std::count_if(m_bookings.cbegin(), m_bookings.cend(),
                             [&](const Booking& b) { return b.owner == owner && b.status == status; }));
}

} // namespace bo::test
