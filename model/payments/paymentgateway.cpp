// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/payments/paymentgateway.h"

#include <array>
#include <utility>

namespace bo {
namespace {

constexpr std::array<std::pair<GatewayPaymentState, const char*>, 6> paymentStateNames{{
    {GatewayPaymentState::None, "none"},
    {GatewayPaymentState::Authorised, "authorised"},
    {GatewayPaymentState::Declined, "declined"},
    {GatewayPaymentState::Captured, "captured"},
    {GatewayPaymentState::Voided, "voided"},
    {GatewayPaymentState::Refunded, "refunded"},
}};

} // namespace

const char* gatewayOutcomeName(GatewayOutcome outcome)
{
    switch (outcome) {
    case GatewayOutcome::Done:
        return "done";
    case GatewayOutcome::Declined:
        return "declined";
    case GatewayOutcome::Unknown:
        return "unknown";
    case GatewayOutcome::NotFound:
        return "not-found";
    case GatewayOutcome::Refused:
        return "refused";
    }
    return "unknown";
}

const char* gatewayPaymentStateName(GatewayPaymentState state)
{
    for (const auto& [value, name] : paymentStateNames) {
        if (value == state)
            return name;
    }
    return "none";
}

GatewayPaymentState gatewayPaymentStateFromText(const QString& text)
{
    for (const auto& [value, name] : paymentStateNames) {
        if (text == QLatin1String(name))
            return value;
    }
    return GatewayPaymentState::None;
}

} // namespace bo
