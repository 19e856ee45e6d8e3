// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/queue/admissionwatch.h"

#include <algorithm>

namespace bo {

AdmissionWatch::AdmissionWatch(AdmissionQueue& queue, const MonotonicClock& clock, Options options,
                               QObject* parent)
    : QObject(parent)
    , m_queue(queue)
    , m_clock(clock)
    , m_options(options)
{
    m_heartbeat.setInterval(m_options.heartbeatMs);
    connect(&m_heartbeat, &QTimer::timeout, this, &AdmissionWatch::heartbeatNow);
}

AdmissionWatch::~AdmissionWatch() = default;

qint64 AdmissionWatch::admissionRemainingMs() const
{
    if (m_ticket.state != TicketState::Admitted || !m_ticket.admittedUntil.isValid() ||
        !m_ticket.dbNow.isValid())
        return -1;
    const qint64 granted = m_ticket.dbNow.msecsTo(m_ticket.admittedUntil);
    return std::max<qint64>(0, granted - (m_clock.nowMs() - m_answeredAtMs));
}

void AdmissionWatch::join(int showtimeId, const QUuid& owner, bool counter)
{
    m_owner = owner;
    m_ticket = QueueTicket{};
    m_lastSequence = 0;
    m_saidAdmitted = false;
    take(m_queue.join(showtimeId, owner, counter));
}

void AdmissionWatch::leave()
{
    m_heartbeat.stop();
    if (m_owner.isNull())
        return;
    take(m_queue.leave(m_owner));
    m_owner = QUuid();
}

void AdmissionWatch::heartbeatNow()
{
    if (m_owner.isNull())
        return;
    take(m_queue.heartbeat(m_owner));
}

void AdmissionWatch::onQueueChanged(const QueueChange& change)
{
    if (m_owner.isNull() || change.showtimeId != m_ticket.showtimeId || change.sequence <= m_lastSequence)
        return;
    m_lastSequence = change.sequence;
    const bool waiting = m_ticket.state == TicketState::Waiting;
    if (waiting && m_ticket.arrival > 0 && m_ticket.arrival <= change.admittedUpTo) {
        // The turns came up to this ticket: ask for the admission and how long it lasts.
        heartbeatNow();
        return;
    }
    int position = m_ticket.position;
    // Nobody overtakes: the counter and a shorter line can only bring this ticket forward. The
    // next answer says exactly where.
    if (waiting && m_ticket.arrival > 0)
        position = int(std::min<qint64>(position, m_ticket.arrival - change.admittedUpTo));
    if (waiting)
        position = std::min(position, std::max(1, change.waiting));
    if (m_ticket.waiting == change.waiting && m_ticket.position == position)
        return;
    m_ticket.waiting = change.waiting;
    m_ticket.position = position;
    emit ticketChanged(m_ticket);
}

void AdmissionWatch::take(const Result<QueueTicket>& answer)
{
    if (!answer.ok()) {
        emit problem(answer.error());
        return;
    }
    m_ticket = answer.value();
    m_answeredAtMs = m_clock.nowMs();
    emit ticketChanged(m_ticket);
    if (!m_ticket.live()) {
        m_heartbeat.stop();
        m_owner = QUuid();
        emit ticketEnded(m_ticket);
        return;
    }
    if (m_ticket.mayHold() && !m_saidAdmitted) {
        m_saidAdmitted = true;
        emit admitted(m_ticket);
    }
    // Waiting and admitted tickets keep answering (an admission runs out unused; a waiter that is
    // silent leaves the line); an active sale's place ends with the sale.
    if (m_ticket.state == TicketState::Active)
        m_heartbeat.stop();
    else if (!m_heartbeat.isActive())
        m_heartbeat.start();
}

} // namespace bo
