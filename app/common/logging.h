// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>

namespace bo {

/// spdlog to the console (stderr, at `consoleLevel`) and to a rotating file (5 MB x 5) in the
/// platform's app-data folder (or $BOXOFFICE_LOG_DIR). Qt's own messages go the same way.
/// Returns the log file path (empty when only the console could be set up).
QString setupLogging(const QString& appName, bool verboseConsole, bool quietConsole);

} // namespace bo
