// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

#include "model/core/result.h"

namespace bo::test {

/// An error code as text, so that QCOMPARE of two codes prints their names when they differ.
[[nodiscard]] inline QString codeName(ErrorCode code)
{
    return QString::fromLatin1(errorCodeName(code));
}

} // namespace bo::test
