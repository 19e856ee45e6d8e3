// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include "model/core/result.h"

namespace bo {

class DbConnection;

/// The demo cinema's staff, so that the demo shows the tills' sign-in (README, "Demo"): Demo
/// Cashier (PIN 1111), Demo Supervisor (2222) and Demo Manager (3333), each added once, their
/// PINs kept as the server's bcrypt hashes like anyone's. Only for the private demo database: a real
/// cinema's staff are its own, and a manager whose PIN is in the README would be an open door.
/// `connection` must be the owner's or a manager's. Returns how many members were added.
[[nodiscard]] Result<int> seedDemoStaff(DbConnection& connection);

} // namespace bo
