// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include <QCoreApplication>
#include <QLockFile>
#include <QSettings>
#include <QString>
#include <QUuid>

#include "model/core/result.h"

namespace bo {

/// Who this running instance is: the name on its sales and its permanent id. Two instances on
/// one machine (two windows of the demo, a till and a kiosk) never share one.
struct TerminalIdentity
{
    Q_DECLARE_TR_FUNCTIONS(bo::TerminalIdentity)

public:
    QString name;
    QUuid id;
    /// Held while the instance runs: another instance cannot claim the same identity.
    std::unique_ptr<QLockFile> lock;
};

/// Claims the identity of this instance. With `requestedName` (--terminal): that name, with the
/// permanent id kept for it in the settings; refused while another instance of this machine
/// runs under it. Without: the machine's first identity not in use — the first instance is the
/// machine's till (a new "till-xxxx" on first start, kept), the next ones "<that>-2", "-3", ...,
/// each with its own permanent id. `lockFolder` holds the lock files (the app-data folder).
[[nodiscard]] Result<TerminalIdentity> claimTerminalIdentity(QSettings& settings, const QString& lockFolder,
                                                             const QString& requestedName);

} // namespace bo
