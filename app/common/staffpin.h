// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "model/core/result.h"

namespace bo {

/// A PIN kept on this machine only, as libsodium's Argon2id string (algorithm, limits, salt and
/// hash in one text), never in clear: the kiosk's own staff-corner PIN. Staff members' PINs are the
/// server's to hash and check (docs/SECURITY.md).
class StaffPin final
{
public:
    /// The hash to store; BadInput for a PIN that is not 4 to 12 digits.
    [[nodiscard]] static Result<QString> hash(const QString& pin);
    /// Whether `pin` matches `stored`; false for an empty or malformed `stored`.
    [[nodiscard]] static bool verify(const QString& stored, const QString& pin);
};

} // namespace bo
