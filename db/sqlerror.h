// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QString>
#include <QStringList>

#include "model/core/result.h"

class QSqlError;

namespace bo {

/// Maps a driver error to our Error: the SQLSTATE says what the caller does next (ErrorCode), and
/// a refusal the server names in its hint says why (see serverRefusal). The mapping lives here and
/// nowhere else.
[[nodiscard]] Error mapSqlError(const QSqlError& error, bool connectionLost);

/// A deadlock or a serialisation failure: the transaction may simply be run again.
[[nodiscard]] bool isRetryableSqlState(const QString& sqlState);

/// What the database's own functions say when they refuse: each RAISE names its refusal and the
/// values its sentence needs in the error's hint, `refusal: ["name", arg, ...]` (a JSON array;
/// db/functions). The primary message stays the server's English for psql and the logs; the
/// sentence a person reads is the model's, from the name. Nothing when the text carries no such
/// hint or names a refusal this program does not know (a newer server): the server's words stand.
struct ServerRefusal
{
    Refusal why = Refusal::None;
    QStringList args;
};
[[nodiscard]] std::optional<ServerRefusal> serverRefusal(const QString& serverText);

} // namespace bo
