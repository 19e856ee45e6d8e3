// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "tests/support/saleflowdbrig.h"

namespace bo::test {

void SaleFlowDbRig::create()
{
    ShowtimeRig::create(3, 10, Terminal::NotConnected);
}

QString SaleFlowDbRig::notFree() const
{
    return db->scalar(
        QStringLiteral("SELECT count(*) FROM showtime_seat WHERE showtime_id = %1 AND status <> 'FREE'")
            .arg(showtime));
}

QString SaleFlowDbRig::deadlineOf(int seat) const
{
    return db->scalar(QStringLiteral("SELECT held_until::text FROM showtime_seat WHERE showtime_id = %1 AND "
                                     "seat_id = %2")
                          .arg(showtime)
                          .arg(seat));
}

double SaleFlowDbRig::driftFrom(int seat, const QString& deadline) const
{
    return db
        ->scalar(QStringLiteral("SELECT extract(epoch FROM held_until - '%3'::timestamptz) "
                                "FROM showtime_seat WHERE showtime_id = %1 AND seat_id = %2")
                     .arg(showtime)
                     .arg(seat)
                     .arg(deadline))
        .toDouble();
}

QString SaleFlowDbRig::bookingsOf(const QUuid& owner) const
{
    return db->scalar(
        QStringLiteral("SELECT coalesce(string_agg(status || ' ' || coalesce(payment->>'method', "
                       "'-'), ';' ORDER BY created_at), '') FROM booking WHERE hold_token = '%1'")
            .arg(tokenText(owner)));
}

QString SaleFlowDbRig::intentsOf(const QUuid& owner) const
{
    return db->scalar(
        QStringLiteral("SELECT coalesce(string_agg(method || ' ' || state, ';' ORDER BY created_at), "
                       "'') FROM payment_intent WHERE hold_token = '%1'")
            .arg(tokenText(owner)));
}

QString tokenText(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces);
}

bool keepsDeadline(double drift)
{
    return drift >= -0.5 && drift <= 1.8;
}

} // namespace bo::test
