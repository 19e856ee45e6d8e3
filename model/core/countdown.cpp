// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/countdown.h"

#include <algorithm>

namespace bo {

void Countdown::start(qint64 deadlineMs, qint64 nowMs)
{
    m_deadline = deadlineMs;
    m_running = true;
    m_expired = false;
    m_warned = deadlineMs - nowMs <= warningMs;
}

void Countdown::stop()
{
    m_running = false;
    m_warned = false;
    m_expired = false;
}

qint64 Countdown::remainingMs(qint64 nowMs) const
{
    return m_running ? std::max<qint64>(0, m_deadline - nowMs) : 0;
}

Countdown::Event Countdown::check(qint64 nowMs)
{
    if (!m_running || m_expired)
        return Event::None;
    const qint64 left = m_deadline - nowMs;
    if (left <= 0) {
        m_expired = true;
        return Event::Expired;
    }
    if (!m_warned && left <= warningMs) {
        m_warned = true;
        return Event::Warning;
    }
    return Event::None;
}

} // namespace bo
