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
/// A confirm whose outcome is unknown is asked again after 1 s, then less and less often.
constexpr qint64 confirmAgainFirstMs = 1000;
constexpr qint64 confirmAgainMaxMs = 5000;

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

bool isUnknownOutcome(const Error& error)
{
    return error.code == ErrorCode::Offline || error.code == ErrorCode::InProgress;
}

} // namespace

SaleFlow::SaleFlow(SeatOperations* seats, CardTerminal* card, QString terminalName,
                   const MonotonicClock* clock, QObject* parent)
    : QObject(parent)
    , m_seats(seats)
    , m_card(card)
    , m_terminal(std::move(terminalName))
    , m_clock(clock)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        m_clock = m_ownClock.get();
    }
    m_tick.setInterval(tickMs);
    connect(&m_tick, &QTimer::timeout, this, &SaleFlow::checkTime);
    connect(m_seats, &SeatOperations::showtimeLoaded, this, &SaleFlow::onShowtimeLoaded);
    connect(m_seats, &SeatOperations::holdFinished, this, &SaleFlow::onHoldFinished);
    connect(m_seats, &SeatOperations::releaseFinished, this, &SaleFlow::onReleaseFinished);
    connect(m_seats, &SeatOperations::confirmFinished, this, &SaleFlow::onConfirmFinished);
    connect(m_seats, &SeatOperations::requestFailed, this, &SaleFlow::onRequestFailed);
    connect(m_seats, &SeatOperations::seatsChanged, this, &SaleFlow::onSeatsChanged);
    connect(m_seats, &SeatOperations::reconnected, this, &SaleFlow::onReconnected);
    if (m_card) {
        connect(m_card, &CardTerminal::approved, this, &SaleFlow::onCardApproved);
        connect(m_card, &CardTerminal::declined, this, &SaleFlow::onCardDeclined);
    }
}

SaleFlow::~SaleFlow() = default;

qint64 SaleFlow::now() const
{
    return m_clock->nowMs();
}

QList<int> SaleFlow::selection() const
{
    return sorted(m_wanted);
}

QList<int> SaleFlow::heldSeats() const
{
    return sorted(m_held);
}

qint64 SaleFlow::remainingMs() const
{
    return m_countdown.remainingMs(now());
}

QString SaleFlow::tierOf(int seatId) const
{
    return m_tierBySeat.value(seatId, defaultTier(m_tiers));
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
    const bool open = state == State::Selecting || state == State::Payment || state == State::Confirming;
    if (open && !m_tick.isActive())
        m_tick.start();
    else if (!open)
        m_tick.stop();
    emit stateChanged(state);
}

void SaleFlow::emitBusyIfChanged()
{
    if (isBusy() == m_busyShown)
        return;
    m_busyShown = isBusy();
    emit busyChanged(m_busyShown);
}

void SaleFlow::send(Pending kind, int requestId, QList<int> seats)
{
    m_flight = InFlight{kind, requestId, std::move(seats), now()};
    emitBusyIfChanged();
}

SaleFlow::InFlight SaleFlow::takeFlight()
{
    InFlight f = std::exchange(m_flight, InFlight{});
    emitBusyIfChanged();
    return f;
}

void SaleFlow::openShowtime(int showtimeId)
{
    if (m_state != State::Idle && m_state != State::Completed)
        cancel();
    if (m_state == State::Confirming)
        return; // a confirm on its way decides first
    m_token = QUuid::createUuid();
    m_held.clear();
    m_unknownDeadline.clear();
    m_strays.clear();
    m_outcomeUnknown = false;
    m_wanted.clear();
    m_tierBySeat.clear();
    m_selectionDeadlineMs = -1;
    m_reloadWanted = false;
    m_loadingShowtime = showtimeId;
    setState(State::Loading);
    spdlog::info("sale {}: opening showtime {}", tokenText(m_token), showtimeId);
    send(Pending::Load, m_seats->loadShowtime(showtimeId));
}

void SaleFlow::onShowtimeLoaded(int requestId, const ShowtimeInfo& showtime, const QList<SeatState>& seats,
                                const QList<PriceTier>& tiers)
{
    if (requestId != m_flight.id || (m_flight.kind != Pending::Load && m_flight.kind != Pending::Reload))
        return;
    const InFlight f = takeFlight();
    m_showtime = showtime;
    m_tiers = tiers;
    m_map.reset(showtime.id, seats);
    if (f.kind == Pending::Load) {
        m_loadingShowtime = 0;
        m_map.setMine({});
        setState(State::Selecting);
        emit showtimeOpened();
        reconcile();
        return;
    }
    // The map is the truth again: what the database holds for this sale now.
    QSet<int> held;
    for (const SeatState& s : seats) {
        if (s.status == SeatStatus::Held && s.heldBy == m_token)
            held.insert(s.seatId);
    }
    if (held != m_held)
        spdlog::info("sale {}: the reload found {} seats held, {} were known", tokenText(m_token),
                     held.size(), m_held.size());
    if (m_state == State::Selecting) {
        m_unknownDeadline.unite(QSet<int>(held).subtract(m_held)).intersect(held);
        // Seats that ran out read as free, but their rows may still name this sale: give them
        // back, so that no row of the sale outlives it.
        m_strays = QSet<int>(m_held).subtract(held);
        m_held = held;
    } else {
        // Paying for its seats, the sale may also hold seats of a hold whose answer was lost:
        // they are not part of the sale and go back.
        m_strays = held.subtract(m_held);
    }
    m_map.setMine(m_wanted);
    emit mapReloaded();
    reconcile();
}

void SaleFlow::toggleSeat(int seatId)
{
    if (m_state != State::Selecting || m_paymentWanted || m_flight.kind == Pending::BeginPayment)
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
    changeSelection(sorted(wanted));
}

void SaleFlow::selectBest(int count)
{
    if (m_state != State::Selecting || m_paymentWanted || m_flight.kind == Pending::BeginPayment ||
        count <= 0)
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
    changeSelection(best);
}

void SaleFlow::replaceSelection(const QList<int>& seatIds)
{
    if (m_state != State::Selecting || m_paymentWanted || m_flight.kind == Pending::BeginPayment ||
        seatIds.isEmpty())
        return;
    if (seatIds.size() > m_settings.maxSeatsPerSale) {
        emit problem(tr("At most %1 seats can be sold at once.").arg(m_settings.maxSeatsPerSale));
        return;
    }
    changeSelection(seatIds);
}

void SaleFlow::changeSelection(const QList<int>& wantedList)
{
    const QSet<int> wanted(wantedList.cbegin(), wantedList.cend());
    QSet<int> changed = wanted;
    changed.unite(m_wanted);
    changed.subtract(QSet<int>(m_wanted).intersect(wanted));
    m_wanted = wanted;
    m_map.setMine(m_wanted);
    emit selectionChanged();
    emit seatsUpdated(sorted(changed));
    reconcile();
}

void SaleFlow::reconcile(bool mayHold)
{
    if (m_flight.kind != Pending::None)
        return;
    const bool open =
        m_state == State::Selecting || m_state == State::Payment || m_state == State::Confirming;
    if (m_reloadWanted) {
        m_reloadWanted = false;
        if (open) {
            sendReload();
            return;
        }
    }
    if (open && !m_strays.isEmpty()) {
        const QList<int> strays = sorted(std::exchange(m_strays, {}));
        send(Pending::Release, m_seats->release(m_showtime.id, m_token, strays), strays);
        return;
    }
    if (m_state != State::Selecting)
        return;
    if (m_wanted.isEmpty() && !m_held.isEmpty()) {
        // Everything goes back: release all the sale holds, known or not.
        send(Pending::Release, m_seats->release(m_showtime.id, m_token));
        return;
    }
    // A seat whose deadline the sale does not know (found by a reload) is held again, so that no
    // seat of the sale runs out before the countdown.
    if (!QSet<int>(m_wanted).subtract(m_held).isEmpty() || m_wanted.intersects(m_unknownDeadline)) {
        if (mayHold)
            sendHold();
        return;
    }
    if (m_held != m_wanted) {
        const QList<int> extra = sorted(QSet<int>(m_held).subtract(m_wanted));
        send(Pending::Release, m_seats->release(m_showtime.id, m_token, extra), extra);
        return;
    }
    if (m_held.isEmpty()) {
        // Nothing chosen any more: the next first seat starts a fresh five minutes.
        m_selectionDeadlineMs = -1;
        stopCountdown();
        m_paymentWanted = false;
    } else if (m_paymentWanted) {
        sendBeginPayment();
    }
}

void SaleFlow::sendHold()
{
    // The selection has five minutes from its first hold; later changes keep that deadline.
    int ttl = m_settings.selectionTtlSeconds;
    if (m_selectionDeadlineMs >= 0)
        ttl = int(std::max<qint64>(1, (m_selectionDeadlineMs - now() + 999) / 1000));
    const QList<int> seats = sorted(m_wanted);
    send(Pending::Hold, m_seats->hold(m_showtime.id, seats, m_token, ttl), seats);
}

void SaleFlow::sendBeginPayment()
{
    m_paymentWanted = false;
    const QList<int> seats = sorted(m_held);
    send(Pending::BeginPayment,
         m_seats->beginPayment(m_showtime.id, seats, m_token, m_terminal, m_terminalId), seats);
}

void SaleFlow::sendReload()
{
    send(Pending::Reload, m_seats->loadShowtime(m_showtime.id));
}

void SaleFlow::onHoldFinished(const HoldReply& reply)
{
    if (reply.requestId != m_flight.id ||
        (m_flight.kind != Pending::Hold && m_flight.kind != Pending::BeginPayment))
        return;
    const InFlight f = takeFlight();
    if (!reply.result.granted) {
        refuseHold(reply, f.kind);
        return;
    }
    // A hold adds to what the sale holds: seats it did not ask for keep their own hold.
    for (int id : reply.seats) {
        m_held.insert(id);
        m_unknownDeadline.remove(id);
    }
    QList<int> look = m_map.setStatus(reply.seats, SeatStatus::Held);
    look += m_map.setMine(m_wanted);
    if (!look.isEmpty())
        emit seatsUpdated(look);
    // The database started its clock after we sent: from the send, ours never ends later.
    const qint64 deadline = f.sentAtMs + reply.result.remainingMs();
    if (f.kind == Pending::BeginPayment) {
        enterPayment(reply, deadline);
        return;
    }
    if (m_selectionDeadlineMs < 0) {
        m_selectionDeadlineMs = deadline;
        startCountdown(deadline);
    }
    reconcile();
}

void SaleFlow::refuseHold(const HoldReply& reply, Pending kind)
{
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
    // Nothing was held (all or nothing); a seat of ours that is unavailable is no longer ours.
    for (int id : taken) {
        m_held.remove(id);
        m_unknownDeadline.remove(id);
    }
    // The clerk keeps the seats already held, but not those only a reload found unasked.
    const QSet<int> asked(reply.seats.cbegin(), reply.seats.cend());
    m_wanted = QSet<int>(m_held).subtract(QSet<int>(m_unknownDeadline).subtract(asked));
    m_map.setMine(m_wanted);
    m_paymentWanted = false;
    emit selectionChanged();
    emit seatsUpdated(reply.seats);
    const QList<int> suggestion = m_map.nearestBlock(int(reply.seats.size()), reply.seats);
    spdlog::info("sale {}: {} seats taken by others{}", tokenText(m_token), taken.size(),
                 kind == Pending::BeginPayment ? " before payment" : "");
    reconcile();
    emit seatsTaken(taken, suggestion);
}

void SaleFlow::enterPayment(const HoldReply& reply, qint64 deadlineMs)
{
    m_pendingCode = reply.bookingCode;
    m_confirmKey = QUuid::createUuid();
    m_confirmRetries = 0;
    for (int id : std::as_const(m_held)) {
        if (!m_tierBySeat.contains(id))
            m_tierBySeat.insert(id, tierOf(id));
    }
    startCountdown(deadlineMs);
    setState(State::Payment);
    spdlog::info("sale {}: payment step, booking {}", tokenText(m_token), m_pendingCode.toStdString());
    reconcile();
}

void SaleFlow::onReleaseFinished(int requestId, int)
{
    if (m_owedSent.remove(requestId) > 0)
        return;
    if (requestId != m_flight.id || m_flight.kind != Pending::Release)
        return;
    const InFlight f = takeFlight();
    const QList<int> freed = f.seats.isEmpty() ? sorted(m_held) : f.seats;
    for (int id : freed) {
        m_held.remove(id);
        m_unknownDeadline.remove(id);
    }
    if (f.seats.isEmpty()) {
        m_held.clear();
        m_unknownDeadline.clear();
    }
    const QList<int> look = m_map.setStatus(freed, SeatStatus::Free);
    if (!look.isEmpty())
        emit seatsUpdated(look);
    reconcile();
}

void SaleFlow::proceedToPayment()
{
    if (m_state != State::Selecting || m_wanted.isEmpty())
        return;
    // A quick clerk: the payment step goes out as soon as the selection is held.
    m_paymentWanted = true;
    reconcile();
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
    if (m_state != State::Payment || isBusy())
        return;
    const qint64 total = totalMinor();
    if (tenderedMinor < total) {
        emit problem(tr("The amount tendered is less than the total."));
        return;
    }
    m_changeDue = tenderedMinor - total;
    m_payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")},
                            {QStringLiteral("tendered_minor"), tenderedMinor},
                            {QStringLiteral("change_minor"), m_changeDue}};
    sendConfirm();
}

void SaleFlow::payCard()
{
    if (m_state != State::Payment || isBusy() || !m_card)
        return;
    m_cardInFlight = true;
    m_changeDue = 0;
    emitBusyIfChanged();
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
    m_payment = QJsonObject{{QStringLiteral("method"), QStringLiteral("card")},
                            {QStringLiteral("reference"), reference},
                            {QStringLiteral("card"), maskedCard}};
    sendConfirm();
}

void SaleFlow::onCardDeclined(const QString& key, const QString& reason)
{
    if (key != m_confirmKey.toString(QUuid::WithoutBraces))
        return;
    m_cardInFlight = false;
    emitBusyIfChanged();
    emit paymentDeclined(reason);
    reconcile();
}

void SaleFlow::sendConfirm()
{
    setState(State::Confirming);
    ConfirmRequest request;
    request.terminal = m_terminal;
    request.key = m_confirmKey;
    request.showtimeId = m_showtime.id;
    request.owner = m_token;
    request.seatIds = sorted(m_held);
    for (int id : std::as_const(request.seatIds))
        request.tiers << tierOf(id);
    request.payment = m_payment;
    request.terminalId = m_terminalId;
    send(Pending::Confirm, m_seats->confirm(request));
}

void SaleFlow::waitToConfirmAgain()
{
    // The outcome is unknown: ask again with the same key, never guess.
    const qint64 wait = std::min(confirmAgainMaxMs, confirmAgainFirstMs << std::min(m_confirmRetries, 3));
    ++m_confirmRetries;
    m_confirmAgainAtMs = now() + wait;
    send(Pending::ConfirmWait, 0);
    spdlog::warn("sale {}: confirm outcome unknown, asking again in {} ms", tokenText(m_token), wait);
}

void SaleFlow::onConfirmFinished(int requestId, const ConfirmResult& result)
{
    if (requestId != m_flight.id || m_flight.kind != Pending::Confirm)
        return;
    (void)takeFlight();
    m_booking = result;
    stopCountdown();
    m_held.clear();
    m_wanted.clear();
    m_map.setMine({});
    m_confirmKey = QUuid();
    if (std::exchange(m_outcomeUnknown, false)) {
        // A hold whose answer was lost may have left rows of this sale that ran out unnoticed:
        // harmless, but a finished sale leaves none.
        sendOwedRelease(OwedRelease{m_showtime.id, m_token});
    }
    setState(State::Completed);
    spdlog::info("sale {}: confirmed booking {}{}", tokenText(m_token), result.code.toStdString(),
                 result.replayed ? " (replayed)" : "");
    emit completed(result);
}

void SaleFlow::onRequestFailed(int requestId, const Error& error)
{
    if (const auto owed = m_owedSent.constFind(requestId); owed != m_owedSent.cend()) {
        if (error.code == ErrorCode::Offline)
            m_owedUnsent.append(*owed);
        else
            spdlog::warn("sale {}: release after the sale failed: {}", tokenText(owed->token),
                         error.detail.toStdString());
        m_owedSent.erase(owed);
        return;
    }
    if (requestId != m_flight.id || m_flight.kind == Pending::None || m_flight.kind == Pending::ConfirmWait)
        return;
    const InFlight f = takeFlight();
    if (error.code == ErrorCode::Offline &&
        (f.kind == Pending::Hold || f.kind == Pending::BeginPayment || f.kind == Pending::Release))
        m_outcomeUnknown = true;
    const QString offlineText = tr("The database cannot be reached; nothing was changed.");
    switch (f.kind) {
    case Pending::Load:
        m_loadingShowtime = 0;
        setState(State::Idle);
        emit problem(error.code == ErrorCode::Offline ? offlineText : error.message);
        return;
    case Pending::Reload:
        // Offline again: the next reconnect reloads.
        if (error.code != ErrorCode::Offline)
            emit problem(error.message);
        reconcile();
        return;
    case Pending::Confirm:
        if (isUnknownOutcome(error)) {
            waitToConfirmAgain();
            return;
        }
        if (const QString reference = m_payment.value(QStringLiteral("reference")).toString();
            !reference.isEmpty() && m_card)
            m_card->voidAuthorisation(reference);
        if (error.code == ErrorCode::Expired || error.code == ErrorCode::Conflict) {
            endSale(EndReason::Expired, tr("The seats were lost before the sale was confirmed; "
                                           "nothing was charged."));
            return;
        }
        setState(State::Payment);
        emit problem(error.message);
        return;
    case Pending::Release:
        if (error.code != ErrorCode::Offline) {
            m_wanted = m_held;
            m_map.setMine(m_wanted);
            emit selectionChanged();
            emit seatsUpdated(sorted(m_held));
        }
        // Offline: the wish stands; after the reconnect the reload shows what is still held and
        // the release goes out again.
        emit problem(error.code == ErrorCode::Offline
                         ? tr("The database cannot be reached; the seats will be released when it is back.")
                         : error.message);
        return;
    case Pending::Hold:
    case Pending::BeginPayment: {
        // Told "nothing was changed": the wish goes back to what is known to be held. Offline, the
        // hold may have been made all the same; the reload after the reconnect finds out and the
        // seats not wished for are released.
        m_paymentWanted = false;
        const QList<int> was = sorted(QSet<int>(m_wanted).unite(m_held));
        m_wanted = QSet<int>(m_held).subtract(
            QSet<int>(m_unknownDeadline).subtract(QSet<int>(f.seats.cbegin(), f.seats.cend())));
        m_map.setMine(m_wanted);
        emit selectionChanged();
        emit seatsUpdated(was);
        emit problem(error.code == ErrorCode::Offline ? offlineText : error.message);
        // Only what needs no new hold: the same hold would fail the same way.
        reconcile(false);
        return;
    }
    case Pending::None:
    case Pending::ConfirmWait:
        return;
    }
}

void SaleFlow::onSeatsChanged(const SeatChanges& changes)
{
    if (m_state == State::Idle || m_state == State::Loading)
        return;
    const QList<int> changed = m_map.applyChanges(changes);
    if (!changed.isEmpty())
        emit seatsUpdated(changed);
}

void SaleFlow::onReconnected()
{
    // Releases of ended sales that could not be sent go out first.
    for (const OwedRelease& owed : std::exchange(m_owedUnsent, {}))
        sendOwedRelease(owed);
    if (m_state != State::Selecting && m_state != State::Payment && m_state != State::Confirming)
        return;
    m_reloadWanted = true;
    if (m_flight.kind == Pending::ConfirmWait) {
        (void)takeFlight();
        sendConfirm();
        return;
    }
    reconcile();
}

void SaleFlow::sendOwedRelease(const OwedRelease& owed)
{
    m_owedSent.insert(m_seats->release(owed.showtimeId, owed.token), owed);
}

void SaleFlow::startCountdown(qint64 deadlineMs)
{
    m_countdown.start(deadlineMs, now());
    emit countdownTick(m_countdown.remainingMs(now()));
}

void SaleFlow::stopCountdown()
{
    m_countdown.stop();
}

void SaleFlow::checkTime()
{
    if (m_flight.kind == Pending::ConfirmWait && now() >= m_confirmAgainAtMs &&
        m_state == State::Confirming) {
        (void)takeFlight();
        sendConfirm();
    }
    if (!m_countdown.isRunning())
        return;
    const qint64 left = m_countdown.remainingMs(now());
    emit countdownTick(left);
    // A confirm already sent decides for itself (the database compares the deadline).
    if (m_state == State::Confirming)
        return;
    switch (m_countdown.check(now())) {
    case Countdown::Event::Warning:
        emit countdownWarning(left);
        break;
    case Countdown::Event::Expired:
        endSale(EndReason::Expired, tr("Time ran out and the seats were released."));
        break;
    case Countdown::Event::None:
        break;
    }
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
    // Sent after whatever is on its way (one connection, in order), so it also frees what a
    // hold still in flight will have held. Its answer is awaited even after the sale is gone.
    if (m_showtime.id > 0 && !m_token.isNull() && m_state != State::Loading)
        sendOwedRelease(OwedRelease{m_showtime.id, m_token});
    stopCountdown();
    const QList<int> was = sorted(QSet<int>(m_wanted).unite(m_held));
    m_held.clear();
    m_wanted.clear();
    m_map.setMine({});
    m_flight = InFlight{};
    m_cardInFlight = false;
    m_paymentWanted = false;
    m_reloadWanted = false;
    m_unknownDeadline.clear();
    m_strays.clear();
    m_outcomeUnknown = false;
    m_loadingShowtime = 0;
    m_confirmKey = QUuid(); // a card answer arriving later belongs to no sale
    m_selectionDeadlineMs = -1;
    emitBusyIfChanged();
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
