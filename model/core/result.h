// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QMetaType>

#include <utility>
#include <variant>

#include <QList>
#include <QString>
#include <QStringList>

#include "model/core/refusal.h"

namespace bo {

/// What went wrong, coarse enough for a caller to decide what to do next.
enum class ErrorCode {
    BadInput,       ///< the request itself is wrong; repeating it will not help
    NotFound,       ///< unknown showtime, seat, booking
    NotOnSale,      ///< the showtime exists but is closed, cancelled or over
    Conflict,       ///< a seat is taken, or a race was lost; `seats` names the seats
    NotAdmitted,    ///< the showtime sells through its admission queue and the sale's turn has not come
    Expired,        ///< the hold ran out before the action
    KeyMismatch,    ///< an idempotency key was reused for a different request
    InProgress,     ///< the same key is being processed right now; retry with the same key
    Offline,        ///< the database cannot be reached; nothing was done, or the outcome is unknown
    SchemaTooNew,   ///< the database was migrated by a newer release
    SchemaMismatch, ///< the database's migrations have a gap against this release's: never migrated over
    Internal,       ///< a bug or an unexpected server error
};

/// An error with a message for people (translated where shown) and a technical detail for logs.
/// Neither ever contains a password. An adapter says why with `refusal` and its `args`, and
/// `message` is then the model's sentence for them (refuse()); a program reads `refusal`, a
/// person `message`.
struct Error
{
    ErrorCode code = ErrorCode::Internal;
    QString message;
    QString detail;
    QList<int> seats;                ///< for Conflict / NotFound of seats: the seat ids concerned
    Refusal refusal = Refusal::None; ///< why, when the one who refused said so
    QStringList args{};              ///< what the refusal's sentence names (%1, %2, ...)
};

[[nodiscard]] const char* errorCodeName(ErrorCode code);

/// A value or an Error. Nothing in db/ or model/ throws across its module boundary.
template <typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_value(std::in_place_index<0>, std::move(value))
    {}
    Result(Error error)
        : m_value(std::in_place_index<1>, std::move(error))
    {}

    [[nodiscard]] bool ok() const { return m_value.index() == 0; }
    explicit operator bool() const { return ok(); }

    [[nodiscard]] T& value() & { return std::get<0>(m_value); }
    [[nodiscard]] const T& value() const& { return std::get<0>(m_value); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(m_value)); }
    [[nodiscard]] const Error& error() const { return std::get<1>(m_value); }

private:
    std::variant<T, Error> m_value;
};

using Status = Result<std::monostate>;

[[nodiscard]] inline Status success()
{
    return Status(std::monostate{});
}

[[nodiscard]] inline Error makeError(ErrorCode code, QString message, QString detail = {})
{
    return Error{code, std::move(message), std::move(detail), {}};
}

/// An error that says why (`why`, with what its sentence names), worded by the model: `message`
/// is refusalSentence(why, args).
[[nodiscard]] Error refuse(ErrorCode code, Refusal why, QStringList args = {}, QString detail = {});

/// `e` (its code, detail and seats kept) now saying why: an adapter's reading of what the server
/// answered.
[[nodiscard]] Error refuse(Error e, Refusal why, QStringList args = {});

} // namespace bo

Q_DECLARE_METATYPE(bo::Error)
