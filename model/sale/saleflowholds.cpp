// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// SaleFlow's holds: reconcile() decides the one request in flight — hold what the customer chose,
// release what they let go, extend, reload, go to payment — and the answers decide what comes next
// (granted, partly refused with the nearest free block, a queued showtime, the connection lost).
// Opening, selecting, live changes and the countdown are in saleflow.cpp; payment in
// saleflowpayment.cpp.
#include "model/sale/saleflow.h"

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

#include "model/core/logtext.h"
#include "model/payments/paymentintents.h"
#include "model/sale/seatchoice.h"
#include "model/sale/seatdesk.h"

namespace bo {

void SaleFlow::reconcile(bool mayHold)
{
    if (m_flight.kind != Pending::None)
        return;
    const bool open =
        m_state == State::Selecting || m_state == State::Payment || m_state == State::Confirming;
    if (std::exchange(m_extendWanted, false) && (m_state == State::Selecting || m_state == State::Payment) &&
        m_countdown.isRunning()) {
        const int id = m_seats->extendHold(m_showtime.id, m_token);
        if (id == 0) {
            emit extensionAnswered(false, 0);
        } else {
            send(Pending::Extend, id);
            return;
        }
    }
    if (m_reloadWanted) {
        m_reloadWanted = false;
        if (open) {
            sendReload();
            return;
        }
    }
    if (open && m_sale.hasStrays()) {
        const QList<int> strays = m_sale.takeStrays();
        send(Pending::Release, m_seats->release(m_showtime.id, m_token, strays), strays);
        return;
    }
    if (m_state != State::Selecting)
        return;
    switch (m_sale.nextStep()) {
    case SeatHoldings::Step::ReleaseAll:
        send(Pending::Release, m_seats->release(m_showtime.id, m_token));
        return;
    case SeatHoldings::Step::Hold:
        if (mayHold)
            sendHold();
        return;
    case SeatHoldings::Step::ReleaseExtra: {
        const QList<int> extra = m_sale.extra();
        send(Pending::Release, m_seats->release(m_showtime.id, m_token, extra), extra);
        return;
    }
    case SeatHoldings::Step::InSync:
        break;
    }
    if (m_sale.heldSet().isEmpty()) {
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
    int ttl = m_rules.settings().selectionTtlSeconds;
    if (m_selectionDeadlineMs >= 0)
        ttl = int(std::max<qint64>(1, (m_selectionDeadlineMs - now() + 999) / 1000));
    const QList<int> seats = m_sale.wish();
    send(Pending::Hold, m_seats->hold(m_showtime.id, seats, m_token, ttl), seats);
}

void SaleFlow::sendBeginPayment()
{
    m_paymentWanted = false;
    const QList<int> seats = m_sale.held();
    send(Pending::BeginPayment,
         m_seats->beginPayment(m_showtime.id, seats, m_token, m_terminal, m_terminalId), seats);
}

void SaleFlow::sendReload()
{
    send(Pending::Reload, m_seats->loadShowtime(m_showtime.id, m_token));
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
    m_sale.granted(reply.seats);
    QList<int> look = m_map.setStatus(reply.seats, SeatStatus::Held);
    look += m_map.setMine(m_sale.wishSet());
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
    const HoldDecision& decision = reply.result;
    QList<int> gone;    // another sale's, sold or blocked: not this sale's any more
    QList<int> unknown; // locked at that instant (or no reason given): read again, never guessed
    QList<SeatRefusal> reasons;
    QList<int> look;
    for (qsizetype i = 0; i < decision.unavailable.size(); ++i) {
        const int seat = decision.unavailable.at(i);
        const SeatRefusal why = decision.refusalAt(i);
        reasons << why;
        switch (why) {
        case SeatRefusal::Held:
            gone << seat;
            // Our map may not have heard of the other sale yet: show the seat as its now.
            look += m_map.markTaken({seat}, SeatStatus::Held);
            break;
        case SeatRefusal::Reserved:
            gone << seat;
            look += m_map.markTaken({seat}, SeatStatus::Reserved);
            break;
        case SeatRefusal::Blocked:
            gone << seat;
            look += m_map.markTaken({seat}, SeatStatus::Blocked);
            break;
        case SeatRefusal::Locked:
            // Maybe still ours (the sweep had it locked), maybe being sold, maybe free in a
            // moment: no announcement may ever come, so the map is read again.
            unknown << seat;
            break;
        }
    }
    // Nothing was held (all or nothing); a seat of ours that is now another's is no longer ours.
    m_sale.lost(gone);
    // The clerk keeps the seats already held, but not those only a reload found unasked.
    m_sale.fallBackToHeld(reply.seats);
    look += m_map.setMine(m_sale.wishSet());
    m_paymentWanted = false;
    if (!unknown.isEmpty())
        m_reloadWanted = true;
    emit selectionChanged();
    emit seatsUpdated(reply.seats + look);
    // A seat whose state is not known is no suggestion either.
    QList<int> suggestion;
    if (unknown.isEmpty()) {
        suggestion = m_map.nearestBlock(int(reply.seats.size()), reply.seats);
    } else {
        SeatMap view = m_map;
        view.setStatus(unknown, SeatStatus::Blocked);
        suggestion = view.nearestBlock(int(reply.seats.size()), reply.seats);
    }
    spdlog::info("sale {}: {} seats refused{} ({} gone, {} locked: reading the map again)", logText(m_token),
                 decision.unavailable.size(), kind == Pending::BeginPayment ? " before payment" : "",
                 gone.size(), unknown.size());
    reconcile();
    emit seatsTaken(decision.unavailable, suggestion, reasons);
}

void SaleFlow::enterPayment(const HoldReply& reply, qint64 deadlineMs)
{
    m_confirmKey = QUuid::createUuid();
    m_bookingCode = reply.bookingCode;
    m_bookingId = reply.bookingId;
    m_changeDueMinor = 0;
    m_basket.settle(m_sale.held());
    startCountdown(deadlineMs);
    setState(State::Payment);
    spdlog::info("sale {}: payment step, booking {}", logText(m_token), reply.bookingCode.toStdString());
    reconcile();
}

void SaleFlow::onReleaseFinished(int requestId, int)
{
    if (m_owed.answered(requestId))
        return;
    if (requestId != m_flight.id || m_flight.kind != Pending::Release)
        return;
    const InFlight f = takeFlight();
    const QList<int> freed = f.seats.isEmpty() ? m_sale.held() : f.seats;
    if (f.seats.isEmpty())
        m_sale.lostAll();
    else
        m_sale.lost(freed);
    const QList<int> look = m_map.setStatus(freed, SeatStatus::Free);
    if (!look.isEmpty())
        emit seatsUpdated(look);
    reconcile();
}

void SaleFlow::proceedToPayment()
{
    if (m_state != State::Selecting || m_sale.wishSet().isEmpty())
        return;
    // A quick clerk: the payment step goes out as soon as the selection is held.
    m_paymentWanted = true;
    reconcile();
}

void SaleFlow::extendTime()
{
    if ((m_state != State::Selecting && m_state != State::Payment) || !m_countdown.isRunning())
        return;
    spdlog::info("sale {}: more time asked", logText(m_token));
    m_extendWanted = true;
    reconcile();
}

void SaleFlow::onExtendFinished(int requestId, const HoldExtension& extension)
{
    if (requestId != m_flight.id || m_flight.kind != Pending::Extend)
        return;
    const InFlight f = takeFlight();
    spdlog::info("sale {}: more time {} ({} left)", logText(m_token),
                 extension.granted ? "granted" : "refused", extension.extensionsLeft);
    if (extension.granted && (m_state == State::Selecting || m_state == State::Payment)) {
        // As for a hold: from the send, so ours never ends later than the database's.
        const qint64 deadline = f.sentAtMs + extension.remainingMs();
        if (m_state == State::Selecting)
            m_selectionDeadlineMs = deadline;
        startCountdown(deadline);
    }
    emit extensionAnswered(extension.granted, extension.extensionsLeft);
    reconcile();
}

void SaleFlow::onQueueJoined(int requestId)
{
    if (requestId != m_flight.id || m_flight.kind != Pending::JoinQueue)
        return;
    takeFlight();
    spdlog::info("sale {}: joined the queue of showtime {} as a till", logText(m_token), m_showtime.id);
    reconcile();
}

void SaleFlow::onRequestFailed(int requestId, const Error& error)
{
    if (m_owed.failed(requestId, error))
        return;
    if (requestId != m_flight.id || m_flight.kind == Pending::None)
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
    case Pending::Release:
        if (error.code != ErrorCode::Offline) {
            m_sale.wishWhatIsHeld();
            m_map.setMine(m_sale.wishSet());
            emit selectionChanged();
            emit seatsUpdated(m_sale.held());
        }
        // Offline: the wish stands; after the reconnect the reload shows what is still held and
        // the release goes out again.
        emit problem(error.code == ErrorCode::Offline
                         ? tr("The database cannot be reached; the seats will be released when it is back.")
                         : error.message);
        return;
    case Pending::Hold:
    case Pending::BeginPayment:
    case Pending::JoinQueue: {
        if (error.code == ErrorCode::NotAdmitted && m_joinsQueueAsTill && !m_joinedQueue) {
            // The people at a till's counter have queued already: the sale joins as a till and
            // the wish goes out again once it is in. Once per sale: a join that did not admit it
            // ends as this refusal.
            if (const int id = m_seats->joinQueueAsTill(m_showtime.id, m_token); id != 0) {
                m_joinedQueue = true;
                m_paymentWanted = m_paymentWanted || f.kind == Pending::BeginPayment;
                send(Pending::JoinQueue, id, f.seats);
                return;
            }
        }
        if (f.kind == Pending::JoinQueue && error.code == ErrorCode::Offline)
            m_joinedQueue = false; // not known to be in: the next refused hold joins again
        if (error.code == ErrorCode::Expired) {
            // BO410: the sale's time is up on the server, whatever our countdown says. Like a
            // countdown that ran out: the sale ends and its seats are released.
            endSale(EndReason::Expired, tr("The time for this sale is up and its seats were released."));
            return;
        }
        // Told "nothing was changed": the wish goes back to what is known to be held. Offline, the
        // hold may have been made all the same; the reload after the reconnect finds out and the
        // seats not wished for are released.
        m_paymentWanted = false;
        const QList<int> was = m_sale.all();
        m_sale.fallBackToHeld(f.seats);
        m_map.setMine(m_sale.wishSet());
        emit selectionChanged();
        emit seatsUpdated(was);
        emit problem(error.code == ErrorCode::Offline ? offlineText : error.message);
        // Only what needs no new hold: the same hold would fail the same way.
        reconcile(false);
        return;
    }
    case Pending::Extend:
        if (error.code == ErrorCode::Expired) {
            endSale(EndReason::Expired, tr("The time for this sale is up and its seats were released."));
            return;
        }
        emit extensionAnswered(false, 0);
        reconcile();
        return;
    case Pending::None:
    case Pending::Pay: // answered by paymentFinished, never by requestFailed
        return;
    }
}

} // namespace bo
