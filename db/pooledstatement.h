// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QString>
#include <QVariantList>

#include "model/core/result.h"

struct pg_conn;
using PGconn = pg_conn;

namespace bo {

/// One statement with its values written into the text, for a server reached through a pooler in
/// transaction mode (ConnectionSettings::pooled), where a statement prepared in one transaction
/// may be gone in the next: the pooler hands each transaction whichever server session is free
/// (docs/DECISIONS.md, "500 terminals: a pooler for the statements, a session for LISTEN").
///
/// Each `?` outside quotes, dollar quotes and comments becomes one value, as a quoted literal of
/// unknown type (or NULL), which the server types from its context exactly as it types a
/// parameter of a prepared statement: `'42'` where an integer is expected is the integer 42.
/// Strings are escaped by libpq for the connection's encoding. Fewer or more `?` than values, or
/// text the connection's encoding cannot carry, give Internal and BadInput errors.
[[nodiscard]] Result<QString> inlineValues(PGconn* connection, const QString& sql,
                                           const QVariantList& values);

} // namespace bo
