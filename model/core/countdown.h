// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QtGlobal>

namespace bo {

/// One step's countdown on a monotonic clock (milliseconds): a deadline, a one-minute warning
/// and the end, each reported once by check(). A plain value; the caller owns the clock.
class Countdown final
{
public:
    enum class Event { None, Warning, Expired };

    static constexpr qint64 warningMs = 60000;

    /// Runs until `deadlineMs`; a step that starts with less than the warning time left does
    /// not warn again.
    void start(qint64 deadlineMs, qint64 nowMs);
    void stop();
    [[nodiscard]] bool isRunning() const { return m_running; }
    [[nodiscard]] qint64 deadlineMs() const { return m_deadline; }
    /// Milliseconds left at `nowMs` (0 when stopped or over).
    [[nodiscard]] qint64 remainingMs(qint64 nowMs) const;
    /// What is due at `nowMs`: the warning, then the end; each once, None otherwise.
    [[nodiscard]] Event check(qint64 nowMs);

private:
    qint64 m_deadline = 0;
    bool m_running = false;
    bool m_warned = false;
    bool m_expired = false;
};

} // namespace bo
