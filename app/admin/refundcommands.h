// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include <optional>

#include "app/admin/clisession.h"

namespace bo {

struct RefundRecord;

/// Refunds by CLI: `refund CODE [SEAT...] --reason R [--approve STAFF]`,
/// `refunds [CODE] [--unresolved] [--settle]` and `refund-all SHOWTIME --reason R` (a manager's).
class RefundCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::RefundCommands)

public:
    explicit RefundCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(RefundCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    [[nodiscard]] ExitCode refund(const QStringList& positional);
    [[nodiscard]] ExitCode refunds(const QStringList& positional);
    /// `refund-pay CODE`: the cash refund-all left owed, handed back out of this till's drawer.
    [[nodiscard]] ExitCode pay(const QStringList& positional);
    [[nodiscard]] ExitCode refundAll(const QStringList& positional);

    /// `exchange CODE [SEAT...] --showtime N --seats SEAT[:TYPE],... --reason R [--approve STAFF]`.
    [[nodiscard]] ExitCode exchange(const QStringList& positional);

    [[nodiscard]] static QJsonObject toJson(const RefundRecord& r);

private:
    /// --approve STAFF and the supervisor's PIN from standard input, read before connecting.
    struct Approval
    {
        std::optional<int> staff;
        QString pin;
    };
    [[nodiscard]] Result<Approval> approver() const;
    /// Checks the approver's PIN at the till (Ok when none was named); the refusal's exit otherwise.
    [[nodiscard]] ExitCode approve(const Approval& approval, const CliSession::Till& till);

    CliSession& m_session;
};

} // namespace bo
