// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <vector>

#include <QCoreApplication>

#include "db/connectionsettings.h"
#include "ui/counter/managerscreens.h"

namespace bo {

/// The counter's way to the manager's screens (docs/DECISIONS.md, "Manager screens"): a
/// connection of the manager's own to the counter's database (same host and database, the
/// manager's login), the store the screen needs on it, and the screen in a window of its own.
/// Each window's connection closes with it.
class PgManagerScreens final : public ManagerScreens
{
    Q_DECLARE_TR_FUNCTIONS(bo::PgManagerScreens)

public:
    explicit PgManagerScreens(ConnectionSettings counterDatabase);
    ~PgManagerScreens() override;

    [[nodiscard]] Result<bool> open(Screen screen, const QString& user, const QString& password,
                                    int staffId) override;

private:
    struct Session;

    ConnectionSettings m_database;
    std::vector<std::unique_ptr<Session>> m_sessions;
};

} // namespace bo
