// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QList>
#include <QString>

#include "model/core/result.h"
#include "model/help/helpdesk.h"

namespace bo {

class DbConnection;

/// The help calls of migration 0017 on one connection, synchronously (PgHelpDesk runs it on its
/// thread; the CLI and tests call it directly). A terminal login may call every function.
class HelpCallStore final
{
public:
    explicit HelpCallStore(DbConnection& connection);

    /// The kiosk's call not closed yet, or a new one; announced either way. BadInput for an
    /// empty or over-long kiosk name.
    [[nodiscard]] Result<HelpCall> call(const QString& kiosk);

    struct Answer
    {
        bool counted = false; ///< false: another till was first, or the call was closed
        HelpCall call;        ///< the call as it stands after the answer
    };
    /// "On my way" from `till`. NotFound for an unknown call.
    [[nodiscard]] Result<Answer> answer(qint64 callId, const QString& till);
    /// Closes the call (a closed call stays closed). NotFound for an unknown call.
    [[nodiscard]] Result<HelpCall> close(qint64 callId);
    /// The calls not closed, oldest first.
    [[nodiscard]] Result<QList<HelpCall>> openCalls();

private:
    DbConnection& m_connection;
};

/// The LISTEN channel of help calls.
[[nodiscard]] QString helpChannel();
/// Reads a `bo_help` payload (the call as JSON); nullopt when it is not one.
[[nodiscard]] std::optional<HelpCall> parseHelpNotification(const QString& payload);

} // namespace bo
