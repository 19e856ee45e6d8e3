// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/core/refusal.h"

namespace bo::detail {

/// A refusal's stable name and its sentence's source text (translated in context "bo::Refusals"
/// by refusalSentence); both null for a value that is no enumerator. The table behind refusal.h,
/// kept apart so that the list can grow without crowding the functions that read it.
struct RefusalWording
{
    const char* name = nullptr;
    const char* sentence = nullptr;
};

[[nodiscard]] RefusalWording refusalWording(Refusal why);

} // namespace bo::detail
