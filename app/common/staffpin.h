// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "model/result.h"
#include "model/staff.h"

namespace bo {

/// A staff PIN (DESIGN §7): kept as libsodium's Argon2id string (algorithm, limits,
/// salt and hash in one text), never in clear.
class StaffPin final
{
public:
    /// The hash to store; BadInput for a PIN that is not 4 to 12 digits.
    [[nodiscard]] static Result<QString> hash(const QString& pin);
    /// Whether `pin` matches `stored`; false for an empty or malformed `stored`.
    [[nodiscard]] static bool verify(const QString& stored, const QString& pin);
};

/// StaffPin as the model's PinHasher (the tills' and the manager's sign-in, the CLI).
class Argon2PinHasher final : public PinHasher
{
public:
    [[nodiscard]] Result<QString> hash(const QString& pin) const override { return StaffPin::hash(pin); }
    [[nodiscard]] bool verify(const QString& stored, const QString& pin) const override
    {
        return StaffPin::verify(stored, pin);
    }
};

} // namespace bo
