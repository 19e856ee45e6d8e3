// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>

#include <QObject>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// The manager's screens the counter reaches from its Catalogue menu. The counter's
/// own connection is a terminal's, which may not write the catalogue: the composition root
/// (app/counter) fulfils this by signing the manager in on a connection of their own and opening the
/// screen in a window of its own (docs/DECISIONS.md, "Manager screens").
class ManagerScreens
{
public:
    enum class Screen { HallLayouts, WeekPlanner, Films, Reports };

    ManagerScreens() = default;
    virtual ~ManagerScreens() = default;
    ManagerScreens(const ManagerScreens&) = delete;
    ManagerScreens& operator=(const ManagerScreens&) = delete;

    /// What open() answers: true when the screen opened, or why not.
    using Opened = std::function<void(Result<bool>)>;

    /// Signs `user` in with `password` and opens `screen`, without waiting: `done` is called
    /// later on this thread with true, or the error (a wrong password is the database's
    /// refusal) and nothing opened. If `context` (the dialog that asked; null: none) is gone by then, nothing
    /// opens and `done` is not called. Never logs the password. `staffId`: the member of staff
    /// whose manager's PIN was checked first (the audit log names them), 0 when the database has
    /// no staff.
    virtual void open(Screen screen, const QString& user, const QString& password, int staffId,
                      QObject* context, Opened done) = 0;
};

} // namespace bo
