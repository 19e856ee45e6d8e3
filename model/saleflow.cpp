// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/saleflow.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "model/cardterminal.h"
#include "model/seatoperations.h"

namespace bo {
namespace {

constexpr int tickMs = 200;
constexpr qint64 warningMs = 60000;
constexpr int maxConfirmRetries = 10;

QList<int> sorted(const QSet<int>& set)
{
    QList<int> out(set.cbegin(), set.cend());
    std::sort(out.begin(), out.end());
    return out;
}

std::string tokenText(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces).toStdString();
}

} // namespace

SaleFlow::SaleFlow(SeatOperations* backend, CardTerminal* card, QString terminalName, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
    , m_card(card)
    , m_terminal(std::move(terminalName))
{
    m_tick.setInterval(tickMs);
    connect(&m_tick, &QTimer::timeout, this, &SaleFlow::onTick);
    connect(m_backend, &SeatOperations::showtimeLoaded, this, &SaleFlow::onShowtimeLoaded);
    connect(m_backend, &SeatOperations::holdFinished, this, &SaleFlow::onHoldFinished);
    connect(m_backend, &SeatOperations::releaseFinished, this, &SaleFlow::onReleaseFinished);
    connect(m_backend, &SeatOperations::confirmFinished, this, &SaleFlow::onConfirmFinished);
    connect(m_backend, &SeatOperations::requestFailed, this, &SaleFlow::onRequestFailed);
    connect(m_backend, &SeatOperations::seatsChanged, this, &SaleFlow::onSeatsChanged);
    connect(m_backend, &SeatOperations::reconnected, this, &SaleFlow::onReconnected);
    if (m_card) {
        connect(m_card, &CardTerminal::approved, this, &SaleFlow::onCardApproved);
        connect(m_card, &CardTerminal::declined, this, &SaleFlow::onCardDeclined);
    }
}

QList<int> SaleFlow::selection() const
{
    return sorted(m_wanted);
}

qint64 SaleFlow::remainingMs() const
{
    if (m_deadline.isForever())
        return 0;
    return std::max<qint64>(0, m_deadline.remainingTime());
}

QString SaleFlow::tierOf(int seatId) const
{
    return m_tierBySeat.value(seatId, m_tiers.isEmpty() ? QString() : m_tiers.first().code);
}

qint64 SaleFlow::totalMinor() const
{
    qint64 total = 0;
    for (int seat : m_wanted) {
        const QString code = tierOf(seat);
        for (const PriceTier& t : m_tiers) {
            if (t.code == code) {
                total += t.amountMinor;
                break;
            }
        }
    }
    return total;
}

QString SaleFlow::currency() const
{
    return m_tiers.isEmpty() ? m_settings.currency : m_tiers.first().currency;
}

void SaleFlow::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void SaleFlow::setPending(Pending kind, int requestId)
{
    const bool wasBusy = isBusy();
    m_pendingKind = kind;
    m_pending = requestId;
    if (!wasBusy)
        emit busyChanged(true);
}

void SaleFlow::clearPending()
{
    const bool wasBusy = isBusy();
    m_pendingKind = Pending::None;
    m_pending = 0;
    if (wasBusy && !m_cardInFlight)
        emit busyChanged(false);
}

void SaleFlow::openShowtime(int showtimeId)
{
    if (m_state != State::Idle && m_state != State::Completed)
        cancel();
    m_token = QUuid::createUuid();
    m_held.clear();
    m_wanted.clear();
    m_tierBySeat.clear();
    m_selectionDeadline = QDeadlineTimer(QDeadlineTimer::Forever);
    m_loadingShowtime = showtimeId;
    setState(State::Loading);
    spdlog::info("sale {}: opening showtime {}", tokenText(m_token), showtimeId);
    (void)m_backend->loadShowtime(showtimeId);
}

void SaleFlow::onShowtimeLoaded(int, const ShowtimeInfo& showtime, const QList<SeatState>& seats,
                                const QList<PriceTier>& tiers)
{
    const bool opening = m_state == State::Loading && showtime.id == m_loadingShowtime;
    const bool reloading =
        (m_state == State::Selecting || m_state == State::Payment || m_state == State::Confirming) &&
        showtime.id == m_showtime.id;
    if (!opening && !reloading)
        return;
    m_showtime = showtime;
    m_tiers = tiers;
    m_map.reset(showtime.id, seats);
    m_map.setMine(m_wanted);
    if (opening) {
        m_loadingShowtime = 0;
        setState(State::Selecting);
        emit showtimeOpened();
    } else {
        emit mapReloaded();
    }
}

void SaleFlow::toggleSeat(int seatId)
{
    if (m_state != State::Selecting)
        return;
    const SeatState* seat = m_map.seat(seatId);
    if (!seat)
        return;
    QSet<int> wanted = m_wanted;
    if (wanted.contains(seatId)) {
        wanted.remove(seatId);
    } else {
        if (seat->status != SeatStatus::Free && !m_held.contains(seatId)) {
            emit problem(tr("Seat %1 is not available.").arg(seat->label));
            return;
        }
        if (wanted.size() >= m_settings.maxSeatsPerSale) {
            emit problem(tr("At most %1 seats can be sold at once.").arg(m_settings.maxSeatsPerSale));
            return;
        }
        wanted.insert(seatId);
    }
    requestHold(sorted(wanted));
}

void SaleFlow::selectBest(int count)
{
    if (m_state != State::Selecting || count <= 0)
        return;
    if (count > m_settings.maxSeatsPerSale) {
        emit problem(tr("At most %1 seats can be sold at once.").arg(m_settings.maxSeatsPerSale));
        return;
    }
    // Our own held seats count as free for the search.
    SeatMap view = m_map;
    view.setMine({});
    view.setStatus(sorted(m_held), SeatStatus::Free);
    const QList<int> best = view.bestAvailable(count);
    if (best.isEmpty()) {
        emit problem(tr("There are no %1 seats together any more.").arg(count));
        return;
    }
    requestHold(best);
}

void SaleFlow::replaceSelection(const QList<int>& seatIds)
{
    if (m_state != State::Selecting || seatIds.isEmpty())
        return;
    if (seatIds.size() > m_settings.maxSeatsPerSale) {
        emit problem(tr("At most %1 seats can be sold at once.").arg(m_settings.maxSeatsPerSale));
        return;
    }
    requestHold(seatIds);
}

void SaleFlow::requestHold(const QList<int>& wantedList)
{
    const QSet<int> wanted(wantedList.cbegin(), wantedList.cend());
    QSet<int> changed = wanted;
    changed.unite(m_wanted);
    changed.subtract(QSet<int>(m_wanted).intersect(wanted));
    m_wanted = wanted;
    m_map.setMine(m_wanted);
    emit selectionChanged();
    emit seatsUpdated(sorted(changed));
    if (isBusy()) {
        m_holdAgain = true;
        return;
    }
    m_holdAgain = false;
    if (m_wanted == m_held)
        return;
    if (m_wanted.isEmpty()) {
        setPending(Pending::Release, m_backend->release(m_showtime.id, m_token));
        return;
    }
    // The selection has five minutes from its first hold; later changes keep that deadline.
    int ttl = m_settings.selectionTtlSeconds;
    if (!m_selectionDeadline.isForever())
        ttl = int(std::max<qint64>(1, (m_selectionDeadline.remainingTime() + 999) / 1000));
    setPending(Pending::Hold, m_backend->hold(m_showtime.id, sorted(m_wanted), m_token, ttl));
}

void SaleFlow::onHoldFinished(const HoldReply& reply)
{
    if (reply.requestId != m_pending)
        return;
    const Pending kind = m_pendingKind;
    clearPending();
    if (m_state == State::Idle) {
        // The sale was cancelled while this hold was in flight: give the seats back.
        if (reply.result.granted)
            (void)m_backend->release(reply.showtimeId, m_token);
        return;
    }
    const QSet<int> asked(reply.seats.cbegin(), reply.seats.cend());
    if (!reply.result.granted) {
        const QList<int> taken = reply.result.unavailable;
        // Our map may not have heard of the other sale yet: show the seats as taken now.
        QList<int> stale;
        for (int id : taken) {
            const SeatState* s = m_map.seat(id);
            if (s && s->status == SeatStatus::Free)
                stale << id;
        }
        if (!stale.isEmpty())
            m_map.setStatus(stale, SeatStatus::Held);
        QSet<int> keep = m_held;
        for (int id : taken)
            keep.remove(id);
        // Only what we really hold counts as ours when looking for the nearest free block.
        m_wanted = keep;
        m_map.setMine(keep);
        emit seatsUpdated(reply.seats);
        const QList<int> suggestion = m_map.nearestBlock(int(reply.seats.size()), reply.seats);
        spdlog::info("sale {}: {} seats taken by others", tokenText(m_token), taken.size());
        m_paymentWanted = false;
        if (kind == Pending::BeginPayment)
            setState(State::Selecting);
        m_holdAgain = false;
        requestHold(sorted(keep));
        emit seatsTaken(taken, suggestion);
        return;
    }
    const QSet<int> toRelease = QSet<int>(m_held).subtract(asked);
    m_held = asked;
    QList<int> look = m_map.setStatus(reply.seats, SeatStatus::Held);
    look += m_map.setMine(m_wanted);
    if (!look.isEmpty())
        emit seatsUpdated(look);
    if (kind == Pending::BeginPayment) {
        m_pendingCode = reply.bookingCode;
        m_confirmKey = QUuid::createUuid();
        m_confirmRetries = 0;
        for (int id : std::as_const(m_held)) {
            if (!m_tierBySeat.contains(id))
                m_tierBySeat.insert(id, tierOf(id));
        }
        startCountdown(reply.result.remainingMs());
        setState(State::Payment);
        spdlog::info("sale {}: payment step, booking {}", tokenText(m_token), m_pendingCode.toStdString());
        return;
    }
    if (m_selectionDeadline.isForever()) {
        m_selectionDeadline = QDeadlineTimer(reply.result.remainingMs());
        startCountdown(reply.result.remainingMs());
    }
    if (!toRelease.isEmpty()) {
        setPending(Pending::Release, m_backend->release(m_showtime.id, m_token, sorted(toRelease)));
        return;
    }
    if (m_holdAgain || m_wanted != m_held)
        requestHold(sorted(m_wanted));
    else if (m_paymentWanted)
        proceedToPayment();
}

void SaleFlow::onReleaseFinished(int requestId, int)
{
    if (requestId != m_pending)
        return;
    clearPending();
    if (m_state == State::Selecting && (m_holdAgain || m_wanted != m_held)) {
        if (m_wanted.isEmpty())
            m_held.clear();
        if (m_wanted != m_held)
            requestHold(sorted(m_wanted));
    }
    if (m_wanted.isEmpty()) {
        m_held.clear();
        m_selectionDeadline = QDeadlineTimer(QDeadlineTimer::Forever);
        stopCountdown();
        m_paymentWanted = false;
    } else if (m_paymentWanted && !isBusy() && m_wanted == m_held) {
        proceedToPayment();
    }
}

void SaleFlow::proceedToPayment()
{
    if (m_state != State::Selecting || m_wanted.isEmpty())
        return;
    if (isBusy() || m_wanted != m_held) {
        // A quick clerk: go on as soon as the selection is held.
        m_paymentWanted = true;
        return;
    }
    m_paymentWanted = false;
    setPending(Pending::BeginPayment,
               m_backend->beginPayment(m_showtime.id, sorted(m_held), m_token, m_terminal, m_terminalId));
}

void SaleFlow::setTier(int seatId, const QString& tierCode)
{
    if (!m_wanted.contains(seatId))
        return;
    m_tierBySeat.insert(seatId, tierCode);
    emit selectionChanged();
}

void SaleFlow::setAllTiers(const QString& tierCode)
{
    for (int id : std::as_const(m_wanted))
        m_tierBySeat.insert(id, tierCode);
    emit selectionChanged();
}

void SaleFlow::payCash(qint64 tenderedMinor)
{
    if (m_state != State::Payment || isBusy() || m_cardInFlight)
        return;
    const qint64 total = totalMinor();
    if (tenderedMinor < total) {
        emit problem(tr("The amount tendered is less than the total."));
        return;
    }
    m_changeDue = tenderedMinor - total;
    sendConfirm(QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                            {QStringLiteral("tendered_minor"), tenderedMinor},
                            {QStringLiteral("change_minor"), m_changeDue}});
}

void SaleFlow::payCard()
{
    if (m_state != State::Payment || isBusy() || m_cardInFlight || !m_card)
        return;
    m_cardInFlight = true;
    m_changeDue = 0;
    emit busyChanged(true);
    m_card->authorise(m_confirmKey.toString(QUuid::WithoutBraces), totalMinor(), currency());
}

void SaleFlow::onCardApproved(const QString& key, const QString& reference, const QString& maskedCard)
{
    if (key != m_confirmKey.toString(QUuid::WithoutBraces) || m_state != State::Payment) {
        // The sale ended while the card was out: no booking, so no charge.
        if (m_card)
            m_card->voidAuthorisation(reference);
        return;
    }
    m_cardInFlight = false;
    sendConfirm(QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                            {QStringLiteral("reference"), reference},
                            {QStringLiteral("card"), maskedCard}});
}

void SaleFlow::onCardDeclined(const QString& key, const QString& reason)
{
    if (key != m_confirmKey.toString(QUuid::WithoutBraces))
        return;
    m_cardInFlight = false;
    emit busyChanged(isBusy());
    emit paymentDeclined(reason);
}

void SaleFlow::sendConfirm(const QJsonObject& payment)
{
    m_payment = payment;
    setState(State::Confirming);
    ConfirmRequest request;
    request.terminal = m_terminal;
    request.key = m_confirmKey;
    request.showtimeId = m_showtime.id;
    request.owner = m_token;
    request.seatIds = sorted(m_held);
    for (int id : std::as_const(request.seatIds))
        request.tiers << tierOf(id);
    request.payment = payment;
    request.terminalId = m_terminalId;
    setPending(Pending::Confirm, m_backend->confirm(request));
}

void SaleFlow::onConfirmFinished(int requestId, const ConfirmResult& result)
{
    if (requestId != m_pending)
        return;
    clearPending();
    m_booking = result;
    stopCountdown();
    m_held.clear();
    m_wanted.clear();
    m_map.setMine({});
    setState(State::Completed);
    emit completed(result);
}

void SaleFlow::onRequestFailed(int requestId, const Error& error)
{
    if (m_state == State::Loading) {
        setState(State::Idle);
        emit problem(error.message);
        return;
    }
    if (requestId != m_pending)
        return;
    const Pending kind = m_pendingKind;
    clearPending();
    if (kind == Pending::Confirm) {
        const bool unknown = error.code == ErrorCode::Offline || error.code == ErrorCode::InProgress;
        if (unknown && m_confirmRetries < maxConfirmRetries) {
            // The outcome is unknown: ask again with the same key, never guess.
            ++m_confirmRetries;
            QTimer::singleShot(1000, this, [this] {
                if (m_state == State::Confirming)
                    sendConfirm(m_payment);
            });
            setPending(Pending::Confirm, -1);
            return;
        }
        const QString reference = m_payment.value(QStringLiteral("reference")).toString();
        if (!reference.isEmpty() && m_card)
            m_card->voidAuthorisation(reference);
        if (error.code == ErrorCode::Expired || error.code == ErrorCode::Conflict) {
            endSale(EndReason::Expired, tr("The seats were lost before the sale was confirmed; "
                                           "nothing was charged."));
            return;
        }
        setState(State::Payment);
        emit problem(error.message);
        return;
    }
    m_paymentWanted = false;
    if (kind == Pending::Hold || kind == Pending::BeginPayment) {
        m_wanted = m_held;
        m_map.setMine(m_wanted);
        emit selectionChanged();
        emit seatsUpdated(sorted(m_held));
    }
    emit problem(error.code == ErrorCode::Offline ? tr("The database cannot be reached; nothing was changed.")
                                                  : error.message);
}

void SaleFlow::onSeatsChanged(const QString& payload)
{
    if (m_state == State::Idle || m_state == State::Loading)
        return;
    const QList<int> changed = m_map.applyChanges(payload);
    if (!changed.isEmpty())
        emit seatsUpdated(changed);
}

void SaleFlow::onReconnected()
{
    if (m_state == State::Selecting || m_state == State::Payment || m_state == State::Confirming)
        (void)m_backend->loadShowtime(m_showtime.id);
}

void SaleFlow::startCountdown(qint64 remainingMs)
{
    m_deadline = QDeadlineTimer(remainingMs);
    m_warned = remainingMs <= warningMs;
    m_tick.start();
    emit countdownTick(remainingMs);
}

void SaleFlow::stopCountdown()
{
    m_tick.stop();
    m_deadline = QDeadlineTimer(QDeadlineTimer::Forever);
    m_warned = false;
}

void SaleFlow::onTick()
{
    const qint64 left = remainingMs();
    emit countdownTick(left);
    if (!m_warned && left <= warningMs) {
        m_warned = true;
        emit countdownWarning(left);
    }
    // A confirm already sent decides for itself (the database compares the deadline).
    if (left <= 0 && m_state != State::Confirming)
        endSale(EndReason::Expired, tr("Time ran out and the seats were released."));
}

void SaleFlow::cancel()
{
    // A confirm already sent decides for itself: cancelling now could tell the customer "no"
    // while the booking commits.
    if (m_state == State::Idle || m_state == State::Completed || m_state == State::Confirming)
        return;
    endSale(EndReason::Cancelled, tr("The sale was cancelled and the seats were released."));
}

void SaleFlow::endSale(EndReason reason, const QString& message)
{
    spdlog::info("sale {}: ended ({}), releasing", tokenText(m_token),
                 reason == EndReason::Expired ? "expired" : "cancelled");
    if (m_showtime.id > 0 && !m_token.isNull())
        (void)m_backend->release(m_showtime.id, m_token);
    stopCountdown();
    const QList<int> was = sorted(m_wanted);
    m_held.clear();
    m_wanted.clear();
    m_map.setMine({});
    m_pending = 0;
    m_pendingKind = Pending::None;
    m_cardInFlight = false;
    m_holdAgain = false;
    m_paymentWanted = false;
    m_confirmKey = QUuid(); // a card answer arriving later belongs to no sale
    emit busyChanged(false);
    setState(State::Idle);
    emit seatsUpdated(was);
    emit saleEnded(reason, message);
}

void SaleFlow::finish()
{
    if (m_state == State::Completed)
        setState(State::Idle);
}

} // namespace bo
