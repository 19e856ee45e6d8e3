// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/showtimes/tickettypes.h"

#include <QCoreApplication>

namespace bo {

QString ticketTypeName(const PriceTier& tier)
{
    if (tier.code == QLatin1String("adult"))
        return QCoreApplication::translate("bo::TicketTypes", "Adult");
    if (tier.code == QLatin1String("teen"))
        return QCoreApplication::translate("bo::TicketTypes", "Teen");
    if (tier.code == QLatin1String("child"))
        return QCoreApplication::translate("bo::TicketTypes", "Child");
    if (tier.code == QLatin1String("senior"))
        return QCoreApplication::translate("bo::TicketTypes", "Senior");
    return tier.name;
}

} // namespace bo
