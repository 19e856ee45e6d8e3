// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"

namespace bo {

struct Ticket;

/// The ticket and door commands: `ticket CODE [--pdf FILE] [--paper a4|letter]
/// [--escpos FILE] [--reprint]` (issuing and signing need a manager login), `checkin PAYLOAD
/// --door NAME [--showtime N]` (0 admitted, 3 refused with the reason, 2 not a ticket code),
/// `checkins SHOWTIME` and `ticket-keys [--new | --retire ID]`.
class TicketCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::TicketCommands)

public:
    explicit TicketCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(TicketCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    [[nodiscard]] ExitCode ticket(const QStringList& positional);
    [[nodiscard]] ExitCode checkin(const QStringList& positional);
    [[nodiscard]] ExitCode checkins(const QStringList& positional);
    [[nodiscard]] ExitCode ticketKeys();

private:
    CliSession& m_session;
};

} // namespace bo
