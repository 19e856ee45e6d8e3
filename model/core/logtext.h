// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <string>

#include <QUuid>

namespace bo {

/// An id as the logs print it: the hold token, the idempotency key or the payment key without
/// braces, so that one grep finds a sale across the till's, the service's and the server's logs.
/// Only ids: never a secret, a PIN or a card number (docs/ARCHITECTURE.md §5: no secret is logged).
inline std::string logText(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces).toStdString();
}

} // namespace bo
