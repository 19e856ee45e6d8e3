// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QCommandLineOption>
#include <QCoreApplication>
#include <QList>
#include <QStringList>

#include "app/admin/clisession.h"
#include "model/till/tillshifts.h"

namespace bo {

/// A till's day by CLI, as the till named by --terminal: `sign-in`,
/// `sign-out`, `shift-open`, `pay-in`, `pay-out`, `shift-close` (the blind count), `shift` (the
/// open shift's X report).
class ShiftCommands final
{
    Q_DECLARE_TR_FUNCTIONS(bo::ShiftCommands)

public:
    explicit ShiftCommands(CliSession& session);
    Q_DISABLE_COPY_MOVE(ShiftCommands)

    /// The options only these commands take (the CLI declares them with the common ones).
    [[nodiscard]] static QList<QCommandLineOption> options();

    /// `sign-in --staff NUMBER [--terminal NAME]`, the PIN on standard input.
    [[nodiscard]] ExitCode signIn(const QStringList& positional);
    /// `sign-out [--terminal NAME]`.
    [[nodiscard]] ExitCode signOut(const QStringList& positional);
    /// `shift-open --float AMOUNT [--terminal NAME]`.
    [[nodiscard]] ExitCode open(const QStringList& positional);
    /// `pay-in AMOUNT --reason R` and `pay-out AMOUNT --reason R`.
    [[nodiscard]] ExitCode move(const QStringList& positional, DrawerMove kind);
    /// `shift-close --counted AMOUNT [--terminal NAME]`: the count first, then what was expected.
    [[nodiscard]] ExitCode close(const QStringList& positional);
    /// `shift [--terminal NAME]`: the open shift and its X report.
    [[nodiscard]] ExitCode current(const QStringList& positional);

    /// The report's lines as text, one section after another (also `report`'s).
    [[nodiscard]] static QString linesText(const QList<SalesLine>& lines, const QString& currency);
    [[nodiscard]] static QJsonArray linesJson(const QList<SalesLine>& lines);

private:
    CliSession& m_session;
};

} // namespace bo
