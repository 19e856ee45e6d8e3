// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QLocale>
#include <QString>

#include "model/tickets/ticket.h"

namespace bo {

/// How a line of a ticket is set; sizes are in the renderer (TicketRenderer), one table for
/// every output.
enum class TicketLineStyle { Cinema, Film, Detail, Time, Seat, Price, Code, Small, Banner };

struct TicketLine
{
    TicketLineStyle style = TicketLineStyle::Detail;
    QString text;
};

/// The one description of a ticket every output draws (the 80 mm roll and the A4/letter PDF):
/// the lines above the QR code, the QR text, the lines below it.
struct TicketLayout
{
    QList<TicketLine> head;
    QString qrText;
    QList<TicketLine> foot;
};

/// The layout of `ticket`, dates and money in `locale`, times in this computer's time zone.
class TicketLayoutBuilder final
{
    Q_DECLARE_TR_FUNCTIONS(bo::TicketLayoutBuilder)

public:
    [[nodiscard]] static TicketLayout build(const Ticket& ticket, const QLocale& locale);
    /// The seat kind as printed ("" for a standard seat).
    [[nodiscard]] static QString seatKindText(const QString& kind);
};

} // namespace bo
