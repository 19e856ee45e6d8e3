// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "model/showtimes/showtimeinfo.h"

namespace bo {

/// A ticket type as a customer or a clerk reads it: the standard types (adult, teen, child,
/// senior) in the program's language, any other by the name its price list gives it. Every front
/// end names them through this, so a till's receipt and a kiosk's basket agree.
[[nodiscard]] QString ticketTypeName(const PriceTier& tier);

} // namespace bo
