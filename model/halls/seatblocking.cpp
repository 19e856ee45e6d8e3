// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/halls/seatblocking.h"

#include <algorithm>

namespace bo {

Result<QString> SeatBlocking::checkReason(const QString& reason)
{
    const QString kept = reason.trimmed();
    if (kept.isEmpty())
        return makeError(ErrorCode::BadInput, tr("Say why the seats are blocked (--reason)."));
    if (kept.size() > maxReasonLength)
        return makeError(
            ErrorCode::BadInput,
            tr("A reason has at most %1 characters, not %2.").arg(maxReasonLength).arg(kept.size()));
    if (std::any_of(kept.cbegin(), kept.cend(), [](QChar c) { return c.category() == QChar::Other_Control; }))
        return makeError(ErrorCode::BadInput, tr("A reason is one line without control characters."));
    return kept;
}

} // namespace bo
