// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentintents.h"

#include <array>
#include <utility>

namespace bo {
namespace {

constexpr std::array<std::pair<IntentState, const char*>, 11> stateNames{{
    {IntentState::New, "NEW"},
    {IntentState::Authorising, "AUTHORISING"},
    {IntentState::Authorised, "AUTHORISED"},
    {IntentState::Declined, "DECLINED"},
    {IntentState::Capturing, "CAPTURING"},
    {IntentState::Captured, "CAPTURED"},
    {IntentState::Voiding, "VOIDING"},
    {IntentState::Voided, "VOIDED"},
    {IntentState::Refunding, "REFUNDING"},
    {IntentState::Refunded, "REFUNDED"},
    {IntentState::Abandoned, "ABANDONED"},
}};

} // namespace

bool isResolved(IntentState state)
{
    switch (state) {
    case IntentState::Declined:
    case IntentState::Captured:
    case IntentState::Voided:
    case IntentState::Refunded:
    case IntentState::Abandoned:
        return true;
    case IntentState::New:
    case IntentState::Authorising:
    case IntentState::Authorised:
    case IntentState::Capturing:
    case IntentState::Voiding:
    case IntentState::Refunding:
        return false;
    }
    return false;
}

const char* intentStateName(IntentState state)
{
    for (const auto& [value, name] : stateNames) {
        if (value == state)
            return name;
    }
    return "NEW";
}

IntentState intentStateFromText(const QString& text, bool* ok)
{
    for (const auto& [value, name] : stateNames) {
        if (text == QLatin1String(name)) {
            if (ok)
                *ok = true;
            return value;
        }
    }
    if (ok)
        *ok = false;
    return IntentState::New;
}

const char* paymentMethodName(PaymentMethod method)
{
    return method == PaymentMethod::Cash ? "cash" : "card";
}

} // namespace bo
