// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/tickets/ticketlayout.h"

#include "model/core/money.h"

namespace bo {

QString TicketLayoutBuilder::seatKindText(const QString& kind)
{
    if (kind == QLatin1String("premium"))
        return tr("Premium seat");
    if (kind == QLatin1String("couple"))
        return tr("Couple seat");
    if (kind == QLatin1String("wheelchair"))
        return tr("Wheelchair space");
    if (kind == QLatin1String("companion"))
        return tr("Companion seat");
    return {};
}

TicketLayout TicketLayoutBuilder::build(const Ticket& ticket, const QLocale& locale)
{
    const QDateTime starts = ticket.startsAt.toLocalTime();
    TicketLayout layout;
    layout.head = {
        {TicketLineStyle::Cinema, ticket.cinema},
        {TicketLineStyle::Film, ticket.film},
        {TicketLineStyle::Detail, tr("%1 · Rated %2").arg(ticket.hall, ticket.rating)},
        {TicketLineStyle::Time, locale.toString(starts.date(), QLocale::ShortFormat) + QLatin1Char(' ') +
                                    locale.toString(starts.time(), QStringLiteral("HH:mm"))},
        {TicketLineStyle::Seat, tr("Seat %1").arg(ticket.seatLabel)},
    };
    const QString kind = seatKindText(ticket.seatKind);
    if (!kind.isEmpty())
        layout.head.append({TicketLineStyle::Detail, kind});
    layout.head.append(
        {TicketLineStyle::Price,
         tr("%1 · %2").arg(ticket.tierName, formatMoney(ticket.priceMinor, ticket.currency, locale))});
    layout.qrText = ticket.payload;
    if (ticket.reprint)
        layout.foot.append({TicketLineStyle::Banner, tr("REPRINT")});
    layout.foot.append({TicketLineStyle::Code, tr("Booking %1").arg(ticket.bookingCode)});
    layout.foot.append(
        {TicketLineStyle::Small, tr("Ticket No. %1").arg(ticket.serial, 8, 10, QLatin1Char('0'))});
    const QDateTime sold = ticket.soldAt.toLocalTime();
    layout.foot.append({TicketLineStyle::Small,
                        tr("Sold %1 at %2")
                            .arg(locale.toString(sold, QLocale::ShortFormat),
                                 ticket.terminal.isEmpty() ? tr("(unknown terminal)") : ticket.terminal)});
    return layout;
}

} // namespace bo
