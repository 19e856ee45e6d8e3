// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>

#include "db/announcer.h"
#include "tests/support/testdatabase.h"

namespace bo::test {

/// The site's announcer, as the payment service runs it (app/common/siteleads.h), on the service
/// login of the database `terminal` connects to, started at once: a rig's terminals only listen,
/// as at a cinema, and no terminal login may lead (docs/SECURITY.md).
[[nodiscard]] inline std::unique_ptr<Announcer> siteAnnouncer(const ConnectionSettings& terminal)
{
    auto announcer = std::make_unique<Announcer>(TestDatabase::serviceSettingsFor(terminal));
    announcer->start();
    return announcer;
}

} // namespace bo::test
