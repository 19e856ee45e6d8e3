// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/audit/confirmtwin.h"

#include <chrono>

#include "db/dbconnection.h"
#include "db/seatstore.h"

namespace bo::audit {
namespace {

constexpr int twinWaitMs = 30000; // a concurrent duplicate answers within statement_timeout

} // namespace

ConfirmTwin::ConfirmTwin(ConnectionSettings settings, QString purpose)
    : m_settings(std::move(settings))
    , m_purpose(std::move(purpose))
    , m_thread([this] { run(); })
{}

ConfirmTwin::~ConfirmTwin()
{
    {
        std::lock_guard lock(m_mutex);
        m_quit = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void ConfirmTwin::post(const ConfirmRequest& request)
{
    {
        std::lock_guard lock(m_mutex);
        m_job = request;
        m_answer.reset();
    }
    m_wake.notify_all();
}

/// The duplicate's answer, or nothing when it did not come in time.
std::optional<Result<ConfirmResult>> ConfirmTwin::wait()
{
    std::unique_lock lock(m_mutex);
    m_wake.wait_for(lock, std::chrono::milliseconds(twinWaitMs), [this] { return m_answer.has_value(); });
    std::optional<Result<ConfirmResult>> answer = std::move(m_answer);
    m_answer.reset();
    return answer;
}

void ConfirmTwin::run()
{
    auto connection = DbConnection::open(m_settings, m_purpose);
    std::unique_ptr<SeatStore> store;
    if (connection)
        store = std::make_unique<SeatStore>(*connection.value());
    for (;;) {
        ConfirmRequest request;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_quit || m_job.has_value(); });
            if (m_quit)
                return;
            request = *m_job;
            m_job.reset();
        }
        Result<ConfirmResult> answer =
            store ? store->confirm(request) : Result<ConfirmResult>(connection.error());
        {
            std::lock_guard lock(m_mutex);
            m_answer = std::move(answer);
        }
        m_wake.notify_all();
    }
}

} // namespace bo::audit
