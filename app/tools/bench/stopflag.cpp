// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/stopflag.h"

#include <atomic>

namespace bo::bench {
namespace {

std::atomic<bool> stopFlag{false}; // lock-free: safe to set from a signal handler
static_assert(std::atomic<bool>::is_always_lock_free);

} // namespace

void requestStop()
{
    stopFlag.store(true);
}

bool stopRequested()
{
    return stopFlag.load();
}

} // namespace bo::bench
