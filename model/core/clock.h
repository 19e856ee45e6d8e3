// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QElapsedTimer>

namespace bo {

/// A monotonic clock in milliseconds (only differences mean anything). Countdowns run on it so
/// that a terminal's wall clock never decides an expiry; tests drive a manual one.
class MonotonicClock
{
public:
    MonotonicClock() = default;
    virtual ~MonotonicClock() = default;
    MonotonicClock(const MonotonicClock&) = delete;
    MonotonicClock& operator=(const MonotonicClock&) = delete;

    [[nodiscard]] virtual qint64 nowMs() const = 0;
};

/// The machine's steady clock.
class SteadyClock final : public MonotonicClock
{
public:
    SteadyClock() { m_timer.start(); }
    [[nodiscard]] qint64 nowMs() const override { return m_timer.elapsed(); }

private:
    QElapsedTimer m_timer;
};

} // namespace bo
