// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QStringList>
#include <QTextStream>

namespace bo {

/// Exit status of boxoffice-admin (DESIGN.md section 6).
enum class ExitCode { Ok = 0, Failure = 1, BadInput = 2, Conflict = 3 };

/// The ops CLI: parses the arguments, runs one command, prints text or JSON to `out` and
/// one-line errors to `err`.
[[nodiscard]] ExitCode runAdminCli(const QStringList& arguments, QTextStream& out, QTextStream& err);

} // namespace bo
