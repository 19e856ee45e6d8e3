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

} // namespace bo
