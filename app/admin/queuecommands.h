// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/queue/admissionqueue.h"

namespace bo {

/// The admission queue's commands: `queue`, `queue-capacity`, `queue-join`,
/// `queue-status`, `queue-leave`. Each is one call of the AdmissionQueue port (db/queuestore).
class QueueCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::QueueCommands)

public:
    explicit QueueCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(QueueCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// `queue SHOWTIME`: the line with positions and states (no hold tokens).
    [[nodiscard]] ExitCode line(const QStringList& positional);
    /// `queue-capacity SHOWTIME N|default` (a manager's login).
    [[nodiscard]] ExitCode capacity(const QStringList& positional);
    /// `queue-join SHOWTIME --owner TOKEN [--counter]`: position, or admitted.
    [[nodiscard]] ExitCode join(const QStringList& positional);
    /// `queue-status --owner TOKEN`: where the ticket stands (counts as a heartbeat).
    [[nodiscard]] ExitCode status();
    /// `queue-leave --owner TOKEN`.
    [[nodiscard]] ExitCode leave();

private:
    [[nodiscard]] ExitCode printTicket(const Result<QueueTicket>& answer);
    [[nodiscard]] static QJsonObject ticketJson(const QueueTicket& ticket);
    [[nodiscard]] static QString stateWord(TicketState state);

    CliSession& m_session;
};

} // namespace bo
