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
/// Each screen's connection, and the store on it, live on a worker thread of the screen's own:
/// neither the sign-in nor a screen's work waits on the GUI thread, and a window closes at once
/// while its worker finishes and closes the connection.
class PgManagerScreens final : public ManagerScreens
{
    Q_DECLARE_TR_FUNCTIONS(bo::PgManagerScreens)

public:
    explicit PgManagerScreens(ConnectionSettings counterDatabase);
    ~PgManagerScreens() override;

    void open(Screen screen, const QString& user, const QString& password, int staffId, QObject* context,
              Opened done) override;

private:
    struct Session;

    void show(Session* session, Screen screen, const QString& user);
    /// Closes `session` without waiting: its worker finishes the task under way, closes its
    /// store and connection, and the session goes when the thread has ended.
    void retire(Session* session);

    ConnectionSettings m_database;
    std::vector<std::unique_ptr<Session>> m_sessions; ///< signing in, open, or closing
    std::unique_ptr<QObject> m_anchor;                ///< receives the sessions' signals here
};

} // namespace bo
