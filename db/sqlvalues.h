// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Small conversions between the stores' values and their SQL parameters and columns, written once
// for every store (they were copies in each, which a unity build also refuses).
#pragma once

#include "db/dbconnection.h"

#include <optional>

#include <QDateTime>
#include <QString>
#include <QUuid>
#include <QVariant>

namespace bo {

/// A UUID as PostgreSQL's text form, without braces.
inline QString uuidText(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces);
}

/// A UUID parameter, or SQL NULL (of a text type) for the null UUID.
inline QVariant uuidOrNull(const QUuid& id)
{
    return id.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(uuidText(id));
}

/// A timestamptz column in UTC; an invalid QDateTime for NULL.
inline QDateTime utcAt(const Rows& r, int column)
{
    return r.value(column).isNull() ? QDateTime() : r.value(column).toDateTime().toUTC();
}

/// A timestamptz parameter in UTC, or SQL NULL (of timestamptz's type) for an invalid QDateTime.
inline QVariant timeOrNull(const QDateTime& t)
{
    return t.isValid() ? QVariant(t.toUTC()) : QVariant(QMetaType::fromType<QDateTime>());
}

/// A bigint column, or nothing for NULL.
inline std::optional<qint64> optionalAt(const Rows& r, int column)
{
    return r.value(column).isNull() ? std::nullopt : std::optional<qint64>(r.value(column).toLongLong());
}

/// Online, the backends of the till, the door and the help desk make a round trip this often to
/// notice a server that went away while they were idle.
inline constexpr int onlineHeartbeatMs = 3000;

} // namespace bo
