// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seats/seattypes.h"

namespace bo {

SeatStatus seatStatusFromText(const QString& text)
{
    if (text == QLatin1String("HELD"))
        return SeatStatus::Held;
    if (text == QLatin1String("RESERVED"))
        return SeatStatus::Reserved;
    if (text == QLatin1String("BLOCKED"))
        return SeatStatus::Blocked;
    return SeatStatus::Free;
}

QString seatStatusText(SeatStatus status)
{
    switch (status) {
    case SeatStatus::Free:
        return QStringLiteral("FREE");
    case SeatStatus::Held:
        return QStringLiteral("HELD");
    case SeatStatus::Reserved:
        return QStringLiteral("RESERVED");
    case SeatStatus::Blocked:
        return QStringLiteral("BLOCKED");
    }
    return QStringLiteral("FREE");
}

SeatKind seatKindFromText(const QString& text)
{
    if (text == QLatin1String("premium"))
        return SeatKind::Premium;
    if (text == QLatin1String("couple"))
        return SeatKind::Couple;
    if (text == QLatin1String("wheelchair"))
        return SeatKind::Wheelchair;
    if (text == QLatin1String("companion"))
        return SeatKind::Companion;
    return SeatKind::Standard;
}

QString seatKindText(SeatKind kind)
{
    switch (kind) {
    case SeatKind::Standard:
        return QStringLiteral("standard");
    case SeatKind::Premium:
        return QStringLiteral("premium");
    case SeatKind::Couple:
        return QStringLiteral("couple");
    case SeatKind::Wheelchair:
        return QStringLiteral("wheelchair");
    case SeatKind::Companion:
        return QStringLiteral("companion");
    }
    return QStringLiteral("standard");
}

SeatRefusal seatRefusalFromText(const QString& text)
{
    if (text == QLatin1String("held"))
        return SeatRefusal::Held;
    if (text == QLatin1String("reserved"))
        return SeatRefusal::Reserved;
    if (text == QLatin1String("blocked"))
        return SeatRefusal::Blocked;
    return SeatRefusal::Locked;
}

QString seatRefusalText(SeatRefusal refusal)
{
    switch (refusal) {
    case SeatRefusal::Held:
        return QStringLiteral("held");
    case SeatRefusal::Reserved:
        return QStringLiteral("reserved");
    case SeatRefusal::Blocked:
        return QStringLiteral("blocked");
    case SeatRefusal::Locked:
        return QStringLiteral("locked");
    }
    return QStringLiteral("locked");
}

} // namespace bo
