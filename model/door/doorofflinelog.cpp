// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/door/doorofflinelog.h"

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

namespace bo {

DoorOfflineLog::DoorOfflineLog(DoorBackend* backend, DoorVerdicts& verdicts, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
    , m_verdicts(verdicts)
{
    connect(m_backend, &DoorBackend::syncFinished, this, &DoorOfflineLog::onSyncFinished);
    connect(m_backend, &DoorBackend::requestFailed, this, &DoorOfflineLog::onRequestFailed);
}

DoorOfflineLog::~DoorOfflineLog() = default;

int DoorOfflineLog::unsyncedAdmits(int showtimeId) const
{
    return int(std::count_if(m_open.cbegin(), m_open.cend(), [showtimeId](const DoorScan& s) {
        return s.showtimeId == showtimeId && s.admitted() && s.offline && !s.undoneAt.isValid();
    }));
}

void DoorOfflineLog::recordAsked(DoorScan& scan)
{
    scan.decided = false;
    if (!m_journal)
        return;
    if (auto row = m_journal->append(scan); row)
        scan.id = row.value();
    else
        spdlog::error("door {}: journal: {}", door(), row.error().detail.toStdString());
}

bool DoorOfflineLog::record(DoorScan& scan, const DoorVerdict& verdict)
{
    scan.decided = true;
    scan.reason = verdict.reason;
    scan.offline = verdict.offline || !m_online;
    scan.seatLabel = verdict.seatLabel;
    scan.tierName = verdict.tierName;
    // A refusal decided online needs nothing from the database; one decided alone is synced too,
    // so that the database holds every scan a door made without it.
    scan.synced = !scan.offline;
    if (!m_journal)
        return false;
    if (scan.id > 0) {
        rewrite(scan);
    } else if (auto row = m_journal->append(scan); row) {
        scan.id = row.value();
    } else {
        spdlog::error("door {}: journal: {}", door(), row.error().detail.toStdString());
        return false;
    }
    if (!scan.synced) {
        m_open.append(scan);
        emit syncChanged();
        syncNext();
    }
    return true;
}

void DoorOfflineLog::rewrite(const DoorScan& scan)
{
    if (!m_journal || scan.id <= 0)
        return;
    if (scan.decided && !scan.offline && scan.synced)
        m_answeredOnline = std::max(m_answeredOnline, scan.id);
    if (Status s = m_journal->update(scan); !s)
        spdlog::error("door {}: journal: {}", door(), s.error().detail.toStdString());
}

bool DoorOfflineLog::undoUnsynced(qint64 row, const QDateTime& at)
{
    const auto open = std::find_if(m_open.begin(), m_open.end(),
                                   [row](const DoorScan& s) { return row > 0 && s.id == row; });
    if (open == m_open.end() || open->id == m_syncing)
        return false;
    // An admit made alone and not synced: taken back in the journal; the sync tells the database.
    open->undoneAt = at;
    rewrite(*open);
    m_verdicts.forget(open->serial);
    return true;
}

void DoorOfflineLog::saveState()
{
    if (!m_journal)
        return;
    DoorLocalState state = m_verdicts.localState();
    state.countedThroughRow = m_answeredOnline;
    if (Status s = m_journal->saveState(state); !s)
        spdlog::error("door {}: journal: {}", door(), s.error().detail.toStdString());
}

std::optional<DoorScan> DoorOfflineLog::restore()
{
    if (!m_journal)
        return std::nullopt;
    auto state = m_journal->state();
    if (!state)
        spdlog::error("door {}: journal: {}", door(), state.error().detail.toStdString());
    qint64 countedThrough = -1;
    if (state && state.value()) {
        m_verdicts.restore(*state.value());
        countedThrough = state.value()->countedThroughRow;
    }
    auto scans = m_journal->scans();
    if (!scans) {
        spdlog::error("door {}: journal: {}", door(), scans.error().detail.toStdString());
        return std::nullopt;
    }
    const QDateTime savedNow = m_verdicts.listedAt();
    const DoorScan* last = nullptr;
    for (const DoorScan& s : scans.value()) {
        if (!s.synced)
            m_open.append(s);
        if (s.reported())
            m_reports.append(s);
        if (!s.admitted() || s.undoneAt.isValid() ||
            (s.synced && s.syncResult == QLatin1String("USED_TWICE")))
            continue;
        m_verdicts.markUsed(s);
        // Admits the saved counts do not hold: online ones answered after the save. A scan asked
        // before a save and answered after it has the older time, so the row decides; a journal
        // that does not say falls back on the time.
        const bool after =
            countedThrough >= 0 ? s.id > countedThrough : savedNow.isValid() && s.scannedAt > savedNow;
        if (s.synced && !s.offline && after)
            m_verdicts.countAdmit(s.showtimeId);
        if (s.synced && !s.offline)
            m_answeredOnline = std::max(m_answeredOnline, s.id);
        last = &s;
    }
    if (m_verdicts.isReady())
        spdlog::info("door {}: journal restored: {} tickets listed, {} scans to sync, {} reports", door(),
                     m_verdicts.listedTickets(), m_open.size(), m_reports.size());
    if (!last)
        return std::nullopt;
    return *last;
}

void DoorOfflineLog::syncNext()
{
    if (!m_online || m_syncRequest != 0 || m_open.isEmpty())
        return;
    const DoorScan& scan = m_open.first();
    m_syncing = scan.id;
    m_syncRequest = m_backend->sync(scan);
}

void DoorOfflineLog::onSyncFinished(int requestId, const DoorSyncResult& result)
{
    if (requestId != m_syncRequest)
        return;
    m_syncRequest = 0;
    const qint64 row = std::exchange(m_syncing, 0);
    const auto it =
        std::find_if(m_open.begin(), m_open.end(), [row](const DoorScan& s) { return s.id == row; });
    if (it == m_open.end())
        return syncNext();
    DoorScan scan = *it;
    m_open.erase(it);
    if (!scan.decided) {
        // Asked online, answer lost (a crash): the database says whether it admitted.
        scan.decided = true;
        scan.reason = result.result == QLatin1String("ADMITTED") ? DoorReason::Admitted : DoorReason::Offline;
    }
    scan.synced = true;
    scan.syncResult = result.result;
    scan.firstDoor = result.firstDoor;
    scan.firstAt = result.firstAt;
    rewrite(scan);
    if (scan.admitted() && !scan.undoneAt.isValid()) {
        m_verdicts.markSynced(scan.serial);
        // The showtime's count from the database now holds this admit (announced by the sync).
        if (result.result == QLatin1String("ADMITTED"))
            m_verdicts.countAdmit(scan.showtimeId);
    }
    if (scan.reported()) {
        spdlog::warn("door {}: serial {} admitted here offline at {} but {} ({} {})", door(), scan.serial,
                     scan.scannedAt.toString(Qt::ISODate).toStdString(), scan.syncResult.toStdString(),
                     scan.firstDoor.toStdString(), scan.firstAt.toString(Qt::ISODate).toStdString());
        m_reports.append(scan);
        emit reportAdded(scan);
    }
    emit syncChanged();
    emit countsChanged();
    syncNext();
}

void DoorOfflineLog::onRequestFailed(int requestId, const Error& error)
{
    if (requestId == 0 || requestId != m_syncRequest)
        return; // a load, or not a sync: the door's workflow answers it
    m_syncRequest = 0;
    m_syncing = 0;
    spdlog::warn("door {}: sync failed: {}", door(), error.detail.toStdString());
    // tried again when the door is back online or at the next load
}

} // namespace bo
