// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/help/helpdesk.h"

namespace bo {

QString helpCallStateText(HelpCallState state)
{
    switch (state) {
    case HelpCallState::Open:
        return QStringLiteral("OPEN");
    case HelpCallState::Answered:
        return QStringLiteral("ANSWERED");
    case HelpCallState::Closed:
        return QStringLiteral("CLOSED");
    }
    return {};
}

HelpCallState helpCallStateFromText(const QString& text, bool* known)
{
    if (known)
        *known = true;
    if (text == QLatin1String("OPEN"))
        return HelpCallState::Open;
    if (text == QLatin1String("ANSWERED"))
        return HelpCallState::Answered;
    if (text != QLatin1String("CLOSED") && known)
        *known = false;
    return HelpCallState::Closed;
}

} // namespace bo
