// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// DoorOfflineLog: the door's journal at work, apart from the rules (model/door/doorverdicts.h) and
// the workflow (model/door/doorcheck.h). Not "DoorJournal", which is the port it writes to
// (model/door/doorjournal.h): this is what the door does with it so that it can work without the
// database and catch up after — every scan journalled, those decided alone kept open and synced
// in order, what the sync reports kept, and the rules' knowledge saved and restored across a restart.
#pragma once

#include <optional>
#include <string>

#include <QDateTime>
#include <QList>
#include <QObject>

#include "model/core/result.h"
#include "model/door/doorbackend.h"
#include "model/door/doorjournal.h"
#include "model/door/doorverdicts.h"

namespace bo {

/// Keeps every scan of a door in its journal before the verdict is shown, the scans the database
/// has not had yet (decided alone, or asked and never answered) until the sync (bo_door_sync)
/// gives them to it, one at a time and in order, and the admits the sync found should not have
/// been (reports). Saves the verdicts' knowledge with every ticket list and gives it back after a
/// restart. Without a journal it keeps nothing and the door admits nothing alone. Lives on the
/// GUI thread; never waits on the database.
class DoorOfflineLog final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorOfflineLog)

public:
    /// Syncs through `backend`; keeps `verdicts`' admits and counts in step with the sync.
    DoorOfflineLog(DoorBackend* backend, DoorVerdicts& verdicts, QObject* parent = nullptr);
    ~DoorOfflineLog() override;

    /// The journal to keep every scan in (nullptr: none).
    void setJournal(DoorJournal* journal) { m_journal = journal; }
    [[nodiscard]] bool hasJournal() const { return m_journal != nullptr; }
    /// Whether the database can be reached: the sync waits for it, and a scan decided while it
    /// cannot is decided alone.
    void setOnline(bool online) { m_online = online; }

    /// Gives the verdicts the saved state and the admits standing, and takes back the unsynced
    /// scans and the reports; returns the newest admit standing (whose undo may not be over).
    [[nodiscard]] std::optional<DoorScan> restore();
    /// Saves the verdicts' knowledge (DoorJournal::saveState).
    void saveState();
    /// Journals a scan the database is about to be asked about, undecided: an answer lost in a
    /// crash is resolved by its id at the next sync.
    void recordAsked(DoorScan& scan);
    /// Journals a scan decided here (before its verdict is shown) and, decided alone, keeps it to
    /// sync; false when it could not be journalled.
    bool record(DoorScan& scan, const DoorVerdict& verdict);
    /// Rewrites a journalled scan (its verdict, undo or sync).
    void rewrite(const DoorScan& scan);
    /// Takes back the admit of journal row `row` if it is unsynced and not being synced: in the
    /// journal (the sync tells the database) and in the verdicts. False: the database must undo it.
    [[nodiscard]] bool undoUnsynced(qint64 row, const QDateTime& at);
    /// Sends the oldest unsynced scan, when online and no sync is under way.
    void syncNext();

    /// Scans decided alone (or never answered) that the database has not had yet, oldest first.
    [[nodiscard]] const QList<DoorScan>& unsynced() const { return m_open; }
    /// Admits of a showtime made here alone, standing and not synced yet.
    [[nodiscard]] int unsyncedAdmits(int showtimeId) const;
    /// Admits made here alone that the sync found should not have been, oldest first.
    [[nodiscard]] const QList<DoorScan>& reports() const { return m_reports; }

signals:
    /// The unsynced scans changed.
    void syncChanged();
    /// A sync found an admit that should not have been (reports()).
    void reportAdded(const bo::DoorScan& scan);
    /// A sync changed the showtimes' counts or the unsynced admits.
    void countsChanged();

private slots:
    void onSyncFinished(int requestId, const bo::DoorSyncResult& result);
    void onRequestFailed(int requestId, const bo::Error& error);

private:
    [[nodiscard]] std::string door() const { return m_verdicts.options().door.toStdString(); }

    DoorBackend* m_backend;
    DoorVerdicts& m_verdicts;
    DoorJournal* m_journal = nullptr;
    bool m_online = false;
    QList<DoorScan> m_open; ///< decided alone (or never answered), not synced yet
    QList<DoorScan> m_reports;
    int m_syncRequest = 0;
    qint64 m_syncing = 0; ///< the journal row being synced
    /// The newest row the database answered online: the counts hold every admit up to it (one
    /// online scan is asked at a time, so answers come in row order).
    qint64 m_answeredOnline = 0;
};

} // namespace bo
