// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdAgenda: the crowd run's timed steps and the wait for its customers to be done.
#include "app/tools/bench/crowdagenda.h"

#include <chrono>

#include "app/tools/bench/steadyclock.h"
#include "app/tools/bench/stopflag.h"

namespace bo::bench {

void CrowdAgenda::push(qint64 dueNs, int customer)
{
    {
        std::lock_guard lock(m_mutex);
        m_due.push({dueNs, customer});
    }
    m_wake.notify_one();
}

std::optional<int> CrowdAgenda::next()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (m_quit)
            return std::nullopt;
        if (m_due.empty()) {
            m_wake.wait(lock);
            continue;
        }
        const Entry top = m_due.top();
        if (m_closing || top.dueNs <= nowNs()) {
            m_due.pop();
            return top.customer;
        }
        m_wake.wait_until(lock, std::chrono::steady_clock::time_point(std::chrono::nanoseconds(top.dueNs)));
    }
}

void CrowdAgenda::finished()
{
    {
        std::lock_guard lock(m_mutex);
        ++m_done;
    }
    m_allDone.notify_all();
}

bool CrowdAgenda::waitDone(int customers, qint64 untilNs)
{
    std::unique_lock lock(m_mutex);
    while (m_done < customers && nowNs() < untilNs && !stopRequested())
        m_allDone.wait_for(lock, std::chrono::milliseconds(50));
    return m_done >= customers;
}

void CrowdAgenda::close()
{
    {
        std::lock_guard lock(m_mutex);
        m_closing = true;
    }
    m_wake.notify_all();
}

bool CrowdAgenda::closing()
{
    std::lock_guard lock(m_mutex);
    return m_closing;
}

void CrowdAgenda::quit()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
}

} // namespace bo::bench
