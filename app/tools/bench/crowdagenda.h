// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// CrowdAgenda: the crowd run's timed steps, earliest first, that its pool threads take as they
// fall due (app/tools/bench/crowddriver.h runs them), with the count of customers done and the
// run's bound: once closed, every step still on it is due at once.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <queue>
#include <vector>

#include <QtGlobal>

namespace bo::bench {

/// The timed steps due, earliest first; the pool threads take them as they fall due.
class CrowdAgenda final
{
public:
    /// Customer `customer`'s next step falls due at `dueNs` (steady clock, nowNs()).
    void push(qint64 dueNs, int customer);
    /// The next due customer, waiting for it; nothing once quit.
    [[nodiscard]] std::optional<int> next();
    /// One more customer is done.
    void finished();
    /// Waits until `customers` are done or `untilNs` passes; true when all are done.
    [[nodiscard]] bool waitDone(int customers, qint64 untilNs);
    /// Every step still on the agenda is run at once, as the customer's last.
    void close();
    [[nodiscard]] bool closing();
    /// next() answers nothing from now on.
    void quit();

private:
    struct Entry
    {
        qint64 dueNs;
        int customer;
        bool operator>(const Entry& o) const
        {
            return dueNs > o.dueNs || (dueNs == o.dueNs && customer > o.customer);
        }
    };
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_allDone;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> m_due;
    int m_done = 0;
    bool m_closing = false;
    bool m_quit = false;
};

} // namespace bo::bench
