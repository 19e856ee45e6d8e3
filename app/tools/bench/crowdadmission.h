// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <mutex>

#include <QHash>
#include <QSet>
#include <QUuid>

#include "model/core/result.h"

namespace bo::bench {

/// Where a customer stands in an admission queue.
struct AdmissionState
{
    bool admitted = false;
    int position = 0;  ///< 1 = next to be admitted; 0 when admitted
    qint64 order = -1; ///< when admitted: the queue's own count of admissions before this one
};

/// The admission queue in front of seat selection (ARCHITECTURE §3), as the crowd bench drives it: one
/// object per pool thread (a database adapter has a connection of its own), all of one run on the
/// same queue. join, then poll (the waiting terminal's heartbeat) until admitted; leave when the
/// sale ends, sold or not, which frees the place.
class CrowdAdmission
{
public:
    CrowdAdmission() = default;
    virtual ~CrowdAdmission() = default;
    CrowdAdmission(const CrowdAdmission&) = delete;
    CrowdAdmission& operator=(const CrowdAdmission&) = delete;

    [[nodiscard]] virtual Result<AdmissionState> join(const QUuid& token) = 0;
    [[nodiscard]] virtual Result<AdmissionState> poll(const QUuid& token) = 0;
    [[nodiscard]] virtual Status leave(const QUuid& token) = 0;
};

/// Makes the admission handle of pool thread `poolIndex`, on that thread.
using CrowdAdmissionFactory = std::function<Result<std::unique_ptr<CrowdAdmission>>(int poolIndex)>;

/// A FIFO admission queue inside the bench process: at most `capacity` customers admitted at
/// once, the head admitted the moment a place frees. It costs no round trip, so it is the best
/// any database queue can do: a stand-in until the product's queue (migration 0014) is on main,
/// and the yardstick for it afterwards. Thread-safe.
class LocalAdmissionQueue final
{
public:
    explicit LocalAdmissionQueue(int capacity);

    [[nodiscard]] AdmissionState join(const QUuid& token);
    [[nodiscard]] AdmissionState poll(const QUuid& token);
    void leave(const QUuid& token);
    /// Handles for the pool threads, all on this queue (which must outlive them).
    [[nodiscard]] CrowdAdmissionFactory factory();

private:
    void admitHead(); ///< with m_mutex held

    const int m_capacity;
    std::mutex m_mutex;
    std::deque<QUuid> m_waiting;
    QHash<QUuid, qint64> m_ticket;   ///< waiting tokens by their join number
    QHash<QUuid, qint64> m_admitted; ///< admitted tokens by their admission number
    qint64 m_joined = 0;
    qint64 m_admissions = 0;
    qint64 m_headTicket = 0; ///< join number of m_waiting.front()
};

} // namespace bo::bench
