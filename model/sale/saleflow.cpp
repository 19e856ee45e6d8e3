// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow: opening a showtime, the customer's selection, the seat map's live changes, the
// countdown and the end of a sale. What it asks the database for the seats and what it does with
// the answers is in saleflowholds.cpp; the payment step in saleflowpayment.cpp.
#include "model/sale/saleflow.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "model/core/logtext.h"
#include "model/payments/paymentintents.h"
#include "model/sale/seatchoice.h"
#include "model/sale/seatdesk.h"

namespace bo {
namespace {

constexpr int tickMs = 200;

} // namespace

SaleFlow::SaleFlow(SeatDesk* seats, SalePayments* payments, QString terminalName, const MonotonicClock* clock,
                   QObject* parent)
    : QObject(parent)
    , m_seats(seats)
    , m_payments(payments)
    , m_terminal(std::move(terminalName))
    , m_clock(clock)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SteadyClock>();
        m_clock = m_ownClock.get();
    }
    m_tick.setInterval(tickMs);
    connect(&m_tick, &QTimer::timeout, this, &SaleFlow::checkTime);
    connect(m_seats, &SeatDesk::showtimeLoaded, this, &SaleFlow::onShowtimeLoaded);
    connect(m_seats, &SeatDesk::holdFinished, this, &SaleFlow::onHoldFinished);
    connect(m_seats, &SeatDesk::releaseFinished, this, &SaleFlow::onReleaseFinished);
    connect(m_seats, &SeatDesk::extendFinished, this, &SaleFlow::onExtendFinished);
    connect(m_seats, &SeatDesk::queueJoined, this, &SaleFlow::onQueueJoined);
    connect(m_seats, &SeatDesk::requestFailed, this, &SaleFlow::onRequestFailed);
    connect(m_seats, &SeatDesk::seatsChanged, this, &SaleFlow::onSeatsChanged);
    connect(m_seats, &SeatDesk::reconnected, this, &SaleFlow::onReconnected);
    connect(m_payments, &SalePayments::phaseChanged, this, &SaleFlow::onPaymentPhase);
    connect(m_payments, &SalePayments::paymentFinished, this, &SaleFlow::onPaymentFinished);
}

SaleFlow::~SaleFlow() = default;

qint64 SaleFlow::now() const
{
    return m_clock->nowMs();
}

QList<int> SaleFlow::selection() const
{
    return m_sale.wish();
}

QList<int> SaleFlow::heldSeats() const
{
    return m_sale.held();
}

qint64 SaleFlow::remainingMs() const
{
    return m_countdown.remainingMs(now());
}

QString SaleFlow::tierOf(int seatId) const
{
    return m_basket.tierOf(seatId);
}

qint64 SaleFlow::surchargeOf(int seatId) const
{
    return m_basket.surchargeOf(seatId);
}

qint64 SaleFlow::totalMinor() const
{
    return m_basket.totalMinor(m_sale.wish());
}

QString SaleFlow::currency() const
{
    return m_basket.currency(m_rules.settings().currency);
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
    m_sale.clear();
    m_outcomeUnknown = false;
    m_joinedQueue = false;
    m_basket.clearChoices();
    m_selectionDeadlineMs = -1;
    m_reloadWanted = false;
    m_loadingShowtime = showtimeId;
    setState(State::Loading);
    spdlog::info("sale {}: opening showtime {}", logText(m_token), showtimeId);
    send(Pending::Load, m_seats->loadShowtime(showtimeId, m_token));
}

void SaleFlow::onShowtimeLoaded(int requestId, const ShowtimeInfo& showtime, const QList<SeatState>& seats,
                                const QList<PriceTier>& tiers)
{
    if (requestId != m_flight.id || (m_flight.kind != Pending::Load && m_flight.kind != Pending::Reload))
        return;
    const InFlight f = takeFlight();
    m_showtime = showtime;
    m_basket.setPriceList(tiers);
    m_basket.setSurcharges(seats, showtime.seatSurcharges);
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
    QSet<int> held = m_map.heldBy(m_token);
    if (held != m_sale.heldSet())
        spdlog::info("sale {}: the reload found {} seats held, {} were known", logText(m_token), held.size(),
                     m_sale.heldSet().size());
    m_sale.reloaded(std::move(held), m_state == State::Selecting);
    m_map.setMine(m_sale.wishSet());
    emit mapReloaded();
    reconcile();
}

bool SaleFlow::maySelect() const
{
    return m_state == State::Selecting && !m_paymentWanted && m_flight.kind != Pending::BeginPayment;
}

void SaleFlow::toggleSeat(int seatId)
{
    if (maySelect())
        choose(SeatChoice(m_map, m_sale, m_rules).toggled(seatId));
}

void SaleFlow::selectBest(int count)
{
    if (maySelect() && count > 0)
        choose(SeatChoice(m_map, m_sale, m_rules).best(count));
}

void SaleFlow::replaceSelection(const QList<int>& seatIds)
{
    if (maySelect() && !seatIds.isEmpty())
        choose(SeatChoice(m_map, m_sale, m_rules).exactly(seatIds));
}

void SaleFlow::choose(const Result<QList<int>>& wish)
{
    if (wish)
        changeSelection(wish.value());
    else if (!wish.error().message.isEmpty())
        emit problem(wish.error().message);
}

void SaleFlow::changeSelection(const QList<int>& wantedList)
{
    const QList<int> changed = m_sale.setWish(QSet<int>(wantedList.cbegin(), wantedList.cend()));
    m_map.setMine(m_sale.wishSet());
    emit selectionChanged();
    emit seatsUpdated(changed);
    reconcile();
}

void SaleFlow::setTier(int seatId, const QString& tierCode)
{
    if (!m_sale.isWished(seatId) || !m_basket.setTier(seatId, tierCode))
        return;
    emit selectionChanged();
}

void SaleFlow::setAllTiers(const QString& tierCode)
{
    if (m_basket.setTiers(m_sale.wish(), tierCode))
        emit selectionChanged();
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
    for (const OwedReleases::Release& owed : m_owed.takeUnsent())
        sendOwedRelease(owed);
    if (m_state != State::Selecting && m_state != State::Payment && m_state != State::Confirming)
        return;
    m_reloadWanted = true;
    reconcile();
}

void SaleFlow::sendOwedRelease(const OwedReleases::Release& owed)
{
    m_owed.sent(m_seats->release(owed.showtimeId, owed.token), owed);
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
    if (!m_countdown.isRunning())
        return;
    const qint64 left = m_countdown.remainingMs(now());
    emit countdownTick(left);
    // A payment already sent decides for itself (the database compares the deadline).
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
    // A payment already sent decides for itself: cancelling now could tell the customer "no"
    // while the booking commits.
    if (m_state == State::Idle || m_state == State::Completed || m_state == State::Confirming)
        return;
    endSale(EndReason::Cancelled, tr("The sale was cancelled and the seats were released."));
}

void SaleFlow::endSale(EndReason reason, const QString& message)
{
    spdlog::info("sale {}: ended ({}), releasing", logText(m_token),
                 reason == EndReason::Expired ? "expired" : "cancelled");
    // Sent after whatever is on its way (one connection, in order), so it also frees what a
    // hold still in flight will have held. Its answer is awaited even after the sale is gone.
    if (m_showtime.id > 0 && !m_token.isNull() && m_state != State::Loading)
        sendOwedRelease({m_showtime.id, m_token});
    stopCountdown();
    const QList<int> was = m_sale.all();
    m_sale.clear();
    m_map.setMine({});
    m_flight = InFlight{};
    m_paymentWanted = false;
    m_reloadWanted = false;
    m_extendWanted = false;
    m_outcomeUnknown = false;
    m_loadingShowtime = 0;
    m_confirmKey = QUuid();
    m_selectionDeadlineMs = -1;
    emitBusyIfChanged();
    setState(State::Idle);
    emit seatsUpdated(was);
    emit saleEnded(reason, message);
}

} // namespace bo
