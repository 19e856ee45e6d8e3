// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/crowdqueue.h"

#include "db/queuestore.h"
#include "model/queue/admissionqueue.h"

namespace bo::bench {
namespace {

AdmissionState stateOf(const QueueTicket& ticket)
{
    AdmissionState state;
    state.admitted = ticket.mayHold();
    state.position = ticket.position;
    return state;
}

Result<AdmissionState> answer(const Result<QueueTicket>& ticket)
{
    if (!ticket)
        return ticket.error();
    return stateOf(ticket.value());
}

/// One pool thread's queue: the product's store on its own connection.
class DatabaseAdmission final : public CrowdAdmission
{
public:
    DatabaseAdmission(std::unique_ptr<AdmissionQueue> queue, int showtimeId)
        : m_queue(std::move(queue))
        , m_showtimeId(showtimeId)
    {}

    Result<AdmissionState> join(const QUuid& token) override
    {
        return answer(m_queue->join(m_showtimeId, token));
    }
    Result<AdmissionState> poll(const QUuid& token) override { return answer(m_queue->heartbeat(token)); }
    Status leave(const QUuid& token) override
    {
        const Result<QueueTicket> left = m_queue->leave(token);
        if (!left)
            return left.error();
        return success();
    }

private:
    std::unique_ptr<AdmissionQueue> m_queue;
    const int m_showtimeId;
};

} // namespace

CrowdAdmissionFactory databaseAdmission(const ConnectionSettings& settings, int showtimeId)
{
    return [settings, showtimeId](int poolIndex) -> Result<std::unique_ptr<CrowdAdmission>> {
        auto store = QueueStore::open(settings, QStringLiteral("bench-queue-%1").arg(poolIndex));
        if (!store)
            return store.error();
        return std::unique_ptr<CrowdAdmission>(new DatabaseAdmission(std::move(store).value(), showtimeId));
    };
}

} // namespace bo::bench
