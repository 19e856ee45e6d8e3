// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/core/result.h"

namespace bo {

const char* errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadInput:
        return "bad_input";
    case ErrorCode::NotFound:
        return "not_found";
    case ErrorCode::NotOnSale:
        return "not_on_sale";
    case ErrorCode::Conflict:
        return "conflict";
    case ErrorCode::NotAdmitted:
        return "not_admitted";
    case ErrorCode::Expired:
        return "expired";
    case ErrorCode::KeyMismatch:
        return "key_mismatch";
    case ErrorCode::InProgress:
        return "in_progress";
    case ErrorCode::Offline:
        return "offline";
    case ErrorCode::SchemaTooNew:
        return "schema_too_new";
    case ErrorCode::SchemaMismatch:
        return "schema_mismatch";
    case ErrorCode::Internal:
        return "internal";
    }
    return "internal";
}

Error refuse(ErrorCode code, Refusal why, QStringList args, QString detail)
{
    Error e;
    e.code = code;
    e.detail = std::move(detail);
    return refuse(std::move(e), why, std::move(args));
}

Error refuse(Error e, Refusal why, QStringList args)
{
    e.refusal = why;
    e.args = std::move(args);
    e.message = refusalSentence(why, e.args);
    return e;
}

} // namespace bo
