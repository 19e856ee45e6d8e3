// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/queue/admissionqueue.h"

#include <array>
#include <utility>

namespace bo {
namespace {

constexpr std::array<std::pair<TicketState, const char*>, 6> names = {{
    {TicketState::Waiting, "WAITING"},
    {TicketState::Admitted, "ADMITTED"},
    {TicketState::Active, "ACTIVE"},
    {TicketState::Done, "DONE"},
    {TicketState::Left, "LEFT"},
    {TicketState::Expired, "EXPIRED"},
}};

} // namespace

const char* ticketStateName(TicketState state)
{
    for (const auto& [known, name] : names) {
        if (known == state)
            return name;
    }
    return "WAITING";
}

TicketState ticketStateFromText(const QString& text, bool* ok)
{
    for (const auto& [known, name] : names) {
        if (text == QLatin1String(name)) {
            if (ok)
                *ok = true;
            return known;
        }
    }
    if (ok)
        *ok = false;
    return TicketState::Waiting;
}

} // namespace bo
