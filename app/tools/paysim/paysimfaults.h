// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <cstdint>
#include <random>

#include <QJsonObject>
#include <QString>

namespace bo {

/// The faults paysim injects (flags and POST /control/faults; docs/PAYMENTS.md). Rates are
/// fractions 0..1; a `...Next` count forces the fault on that many coming requests first.
struct PaysimFaults
{
    double declineRate = 0; ///< authorise: decline with do_not_honour
    double errorRate = 0;   ///< answer 500 without processing
    int errorNext = 0;
    int latencyMs = 0;      ///< wait before processing every /v1 request
    double timeoutRate = 0; ///< POST: process and commit, then answer late or never
    int timeoutNext = 0;
    int timeoutAnswerMs = 0; ///< how late; 0 = never
    double dropRate = 0;     ///< POST: process and commit, then drop the connection unanswered
    int dropNext = 0;
    int crashAfter = 0; ///< exit (status 99) after committing the N-th /v1 request, unanswered; 0 = off

    [[nodiscard]] QJsonObject toJson() const;
    /// Applies the fields present in `json` ({"reset": true} first zeroes all); false and `error`
    /// for a value out of range, and then nothing changes.
    [[nodiscard]] bool update(const QJsonObject& json, QString* error);
};

/// What happens to one request, drawn in a fixed order from a seeded generator so a run with the
/// same seed and the same requests injects the same faults.
struct FaultDecision
{
    bool error = false;
    bool timeout = false;
    bool drop = false;
    bool decline = false;
};

class FaultPlan
{
public:
    explicit FaultPlan(std::uint64_t seed);

    [[nodiscard]] PaysimFaults& faults() { return m_faults; }
    [[nodiscard]] const PaysimFaults& faults() const { return m_faults; }
    /// Draws every fault for one /v1 request; `post` requests can time out and be dropped.
    [[nodiscard]] FaultDecision decide(bool post);

private:
    [[nodiscard]] double draw();

    PaysimFaults m_faults;
    std::mt19937_64 m_random;
};

} // namespace bo
