// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "db/seatnotification.h"

namespace bo {
namespace {

std::optional<SeatStatus> statusFromCode(QChar code)
{
    switch (code.unicode()) {
    case u'F':
        return SeatStatus::Free;
    case u'H':
        return SeatStatus::Held;
    case u'R':
        return SeatStatus::Reserved;
    case u'B':
        return SeatStatus::Blocked;
    default:
        return std::nullopt;
    }
}

} // namespace

QString seatChannel()
{
    return QStringLiteral("bo_seats");
}

std::optional<SeatChanges> parseSeatNotification(const QString& payload)
{
    const QStringView text(payload);
    const qsizetype bar = text.indexOf(u'|');
    if (bar <= 0)
        return std::nullopt;
    bool ok = false;
    SeatChanges changes;
    changes.showtimeId = text.left(bar).trimmed().toInt(&ok);
    if (!ok)
        return std::nullopt;
    for (QStringView token : text.mid(bar + 1).split(u',')) {
        token = token.trimmed();
        if (token.size() < 2)
            continue;
        const std::optional<SeatStatus> status = statusFromCode(token.front());
        const int id = token.mid(1).toInt(&ok);
        if (status && ok)
            changes.seats.append(SeatChange{id, *status});
    }
    return changes;
}

} // namespace bo
