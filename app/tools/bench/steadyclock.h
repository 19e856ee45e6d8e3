// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QtGlobal>

#include <chrono>

namespace bo::bench {

/// Nanoseconds on the steady clock: the benchmarks' one time base for intervals and deadlines.
inline qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace bo::bench
