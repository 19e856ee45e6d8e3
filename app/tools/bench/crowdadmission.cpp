// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdadmission.h"

#include <algorithm>

namespace bo::bench {
namespace {

/// One pool thread's handle on the shared in-process queue.
class LocalAdmission final : public CrowdAdmission
{
public:
    explicit LocalAdmission(LocalAdmissionQueue& queue)
        : m_queue(queue)
    {}

    Result<AdmissionState> join(const QUuid& token) override { return m_queue.join(token); }
    Result<AdmissionState> poll(const QUuid& token) override { return m_queue.poll(token); }
    Status leave(const QUuid& token) override
    {
        m_queue.leave(token);
        return success();
    }

private:
    LocalAdmissionQueue& m_queue;
};

} // namespace

LocalAdmissionQueue::LocalAdmissionQueue(int capacity)
    : m_capacity(std::max(1, capacity))
{}

AdmissionState LocalAdmissionQueue::join(const QUuid& token)
{
    std::lock_guard lock(m_mutex);
    if (m_admitted.contains(token))
        return {true, 0, m_admitted.value(token)};
    if (!m_ticket.contains(token)) {
        if (m_waiting.empty())
            m_headTicket = m_joined;
        m_ticket.insert(token, m_joined++);
        m_waiting.push_back(token);
    }
    admitHead();
    if (m_admitted.contains(token))
        return {true, 0, m_admitted.value(token)};
    return {false, int(m_ticket.value(token) - m_headTicket) + 1};
}

AdmissionState LocalAdmissionQueue::poll(const QUuid& token)
{
    std::lock_guard lock(m_mutex);
    if (m_admitted.contains(token))
        return {true, 0, m_admitted.value(token)};
    if (!m_ticket.contains(token))
        return {false, 0};
    return {false, int(m_ticket.value(token) - m_headTicket) + 1};
}

void LocalAdmissionQueue::leave(const QUuid& token)
{
    std::lock_guard lock(m_mutex);
    if (!m_admitted.remove(token) && m_ticket.remove(token))
        m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), token));
    if (!m_waiting.empty())
        m_headTicket = m_ticket.value(m_waiting.front());
    admitHead();
}

void LocalAdmissionQueue::admitHead()
{
    while (!m_waiting.empty() && m_admitted.size() < m_capacity) {
        const QUuid head = m_waiting.front();
        m_waiting.pop_front();
        m_ticket.remove(head);
        m_admitted.insert(head, m_admissions++);
    }
    if (!m_waiting.empty())
        m_headTicket = m_ticket.value(m_waiting.front());
}

CrowdAdmissionFactory LocalAdmissionQueue::factory()
{
    return [this](int) -> Result<std::unique_ptr<CrowdAdmission>> {
        return std::unique_ptr<CrowdAdmission>(new LocalAdmission(*this));
    };
}

} // namespace bo::bench
