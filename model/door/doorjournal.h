// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QDateTime>
#include <QList>

#include "model/core/result.h"
#include "model/door/doorbackend.h"

namespace bo {

/// What a door keeps between runs besides its scans: the last snapshot (keys, showtimes and
/// their counts), the ticket list, and where the clocks stood when they were saved.
struct DoorLocalState
{
    DoorSnapshot snapshot; ///< serverNow: the database's clock (as carried) when saved
    DoorTicketList list;
    QDateTime savedAt; ///< UTC, the door PC's own clock when saved
    /// The newest journal row whose online answer the snapshot's counts already hold: an online
    /// admit in a later row is counted again after a restart. -1: not known (a journal of an
    /// older release), when the scan's time against serverNow decides.
    qint64 countedThroughRow = -1;
};

/// The door's durable local journal: every scan is appended before its verdict
/// is shown and updated as it is decided, undone and synced, so the door's state after a crash
/// is the journal's. The SQLite adapter is db/SqliteDoorJournal. Calls are synchronous and local
/// (no network): each write is durable when it returns. Use from one thread.
class DoorJournal
{
public:
    virtual ~DoorJournal() = default;

    /// Appends `scan` (its id is ignored); returns the new row's id.
    [[nodiscard]] virtual Result<qint64> append(const DoorScan& scan) = 0;
    /// Rewrites what may change of scan `scan.id`: its verdict, undo and sync.
    [[nodiscard]] virtual Status update(const DoorScan& scan) = 0;
    /// Every scan kept, oldest first (synced scans older than a week are dropped on opening).
    [[nodiscard]] virtual Result<QList<DoorScan>> scans() = 0;
    /// Replaces the saved state.
    [[nodiscard]] virtual Status saveState(const DoorLocalState& state) = 0;
    /// The saved state; nothing before the first save.
    [[nodiscard]] virtual Result<std::optional<DoorLocalState>> state() = 0;
};

} // namespace bo
