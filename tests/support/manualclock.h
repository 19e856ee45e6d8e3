// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/core/clock.h"

namespace bo::test {

/// A clock that moves only when the test says so.
class ManualClock final : public MonotonicClock
{
public:
    [[nodiscard]] qint64 nowMs() const override { return m_now; }
    void advance(qint64 ms) { m_now += ms; }

private:
    qint64 m_now = 1000000;
};

} // namespace bo::test
