// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/tickets/ticketprinting.h"

namespace bo {

QString printOnConfirmName(PrintOnConfirm mode)
{
    switch (mode) {
    case PrintOnConfirm::Ask:
        return QStringLiteral("ask");
    case PrintOnConfirm::Always:
        return QStringLiteral("always");
    case PrintOnConfirm::Never:
        return QStringLiteral("never");
    }
    return QStringLiteral("ask");
}

std::optional<PrintOnConfirm> printOnConfirmFromName(const QString& name)
{
    for (PrintOnConfirm mode : {PrintOnConfirm::Ask, PrintOnConfirm::Always, PrintOnConfirm::Never}) {
        if (name.trimmed().compare(printOnConfirmName(mode), Qt::CaseInsensitive) == 0)
            return mode;
    }
    return std::nullopt;
}

} // namespace bo
