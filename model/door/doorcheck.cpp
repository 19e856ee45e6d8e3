// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/door/doorcheck.h"

#include <algorithm>
#include <utility>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

/// The showtimes a snapshot covers around the database's now: enough to name the showtime of a
/// ticket for another hall or time of the day.
constexpr int snapshotPastMinutes = 6 * 60;
constexpr int snapshotAheadMinutes = 18 * 60;

} // namespace

DoorCheck::DoorCheck(DoorBackend* backend, VerifierFactory verifiers, const MonotonicClock& clock,
                     DoorOptions options, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
    , m_clock(clock)
    , m_verdicts(std::move(verifiers), clock, std::move(options))
    , m_log(backend, m_verdicts)
{
    qRegisterMetaType<DoorVerdict>();
    connect(m_backend, &DoorBackend::loaded, this, &DoorCheck::onLoaded);
    connect(m_backend, &DoorBackend::ticketsLoaded, this, &DoorCheck::onTicketsLoaded);
    connect(m_backend, &DoorBackend::checkinFinished, this, &DoorCheck::onCheckinFinished);
    connect(m_backend, &DoorBackend::undoFinished, this, &DoorCheck::onUndoFinished);
    connect(m_backend, &DoorBackend::requestFailed, this, &DoorCheck::onRequestFailed);
    connect(m_backend, &DoorBackend::admittedChanged, this, &DoorCheck::onAdmittedChanged);
    connect(m_backend, &DoorBackend::onlineChanged, this, &DoorCheck::onOnlineChanged);
    connect(&m_log, &DoorOfflineLog::syncChanged, this, &DoorCheck::syncChanged);
    connect(&m_log, &DoorOfflineLog::reportAdded, this, &DoorCheck::reportAdded);
    connect(&m_log, &DoorOfflineLog::countsChanged, this, &DoorCheck::countsChanged);
    m_reload.setInterval(std::max(1, m_verdicts.options().reloadSeconds) * 1000);
    connect(&m_reload, &QTimer::timeout, this, &DoorCheck::reload);
    m_undoExpiry.setSingleShot(true);
    connect(&m_undoExpiry, &QTimer::timeout, this, [this] {
        m_lastAdmit = 0;
        emit undoAvailableChanged(false);
    });
}

DoorCheck::~DoorCheck() = default;

void DoorCheck::setJournal(DoorJournal* journal)
{
    m_log.setJournal(journal);
    m_verdicts.setJournalled(journal != nullptr);
}

void DoorCheck::start()
{
    if (const std::optional<DoorScan> last = m_log.restore())
        restoreUndo(*last);
    m_backend->start();
    reload();
    m_reload.start();
}

void DoorCheck::restoreUndo(const DoorScan& last)
{
    const qint64 age = last.scannedAt.msecsTo(serverNow());
    if (age < 0 || age >= qint64(options().undoSeconds) * 1000)
        return;
    DoorVerdict v;
    v.reason = DoorReason::Admitted;
    v.serial = last.serial;
    v.seatLabel = last.seatLabel;
    v.tierName = last.tierName;
    v.offline = last.offline;
    if (const DoorShowtime* st = m_verdicts.showtime(last.showtimeId))
        v.showtime = *st;
    m_lastAdmit = v.serial;
    m_lastAdmitMs = m_clock.nowMs() - age;
    m_lastAdmitVerdict = v;
    m_lastAdmitRow = last.id;
    m_undoExpiry.start(int(std::max<qint64>(1, qint64(options().undoSeconds) * 1000 - age)));
}

void DoorCheck::reload()
{
    m_backend->load(snapshotPastMinutes, snapshotAheadMinutes, options().showtimeId);
}

int DoorCheck::admitted() const
{
    int n = 0;
    for (const DoorShowtime& s : servedShowtimes())
        n += s.admitted + m_log.unsyncedAdmits(s.id);
    return n;
}

int DoorCheck::expected() const
{
    int n = 0;
    for (const DoorShowtime& s : servedShowtimes())
        n += s.expected;
    return n;
}

int DoorCheck::undoSecondsLeft() const
{
    if (m_lastAdmit == 0)
        return 0;
    const qint64 left = qint64(options().undoSeconds) * 1000 - (m_clock.nowMs() - m_lastAdmitMs);
    return left <= 0 ? 0 : int((left + 999) / 1000);
}

void DoorCheck::scan(const QString& text)
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return;
    m_scans.enqueue(trimmed);
    if (!m_pending)
        next();
}

void DoorCheck::next()
{
    while (!m_pending && !m_scans.isEmpty())
        decide(m_scans.dequeue());
}

void DoorCheck::decide(const QString& text)
{
    DoorVerdicts::Decision d = m_verdicts.decide(text, m_online);
    if (d.unknownKey && m_online)
        reload(); // a key added since the last load verifies from the next scan on
    if (d.askDatabase) {
        // Journalled before the database is asked: an answer lost in a crash is resolved by its id.
        m_log.recordAsked(d.scan);
        const TicketPayload& payload = *d.payload;
        m_pending = Pending{m_backend->checkin(payload, text, options().door, d.scan.scanId), payload.serial,
                            d.verdict.showtime, payload, d.scan};
        return;
    }
    if (d.verdict.admitted())
        return admittedAlone(d.scan, d.verdict);
    m_log.record(d.scan, d.verdict);
    finish(std::move(d.verdict));
}

void DoorCheck::admittedAlone(DoorScan scan, const DoorVerdict& verdict)
{
    if (!m_log.record(scan, verdict)) {
        // Not in the journal, not admitted: an admit the database may never hear of is the one
        // thing an offline door must not make.
        DoorVerdict refused = verdict;
        refused.reason = DoorReason::Offline;
        return finish(refused);
    }
    remember(scan, verdict);
    emit countsChanged();
    finish(verdict);
}

void DoorCheck::remember(const DoorScan& scan, const DoorVerdict& verdict)
{
    m_verdicts.markUsed(scan);
    m_lastAdmit = verdict.serial;
    m_lastAdmitMs = m_clock.nowMs();
    m_lastAdmitVerdict = verdict;
    m_lastAdmitRow = scan.id;
    m_undoExpiry.start(std::max(1, options().undoSeconds) * 1000);
    emit undoAvailableChanged(true);
}

void DoorCheck::finish(DoorVerdict verdict)
{
    verdict.number = ++m_verdictCount;
    spdlog::info("door {}: serial {} {}{}", options().door.toStdString(), verdict.serial,
                 doorReasonName(verdict.reason).toStdString(), verdict.offline ? " (offline)" : "");
    emit verdictReached(verdict);
}

void DoorCheck::onCheckinFinished(int requestId, const CheckinResult& result)
{
    if (!m_pending || m_pending->requestId != requestId)
        return;
    DoorVerdict asked;
    asked.serial = m_pending->serial;
    asked.showtime = m_pending->showtime;
    const DoorVerdict verdict = DoorVerdicts::answered(result, asked);
    DoorScan scan = m_pending->scan;
    m_pending.reset();
    scan.decided = true;
    scan.reason = verdict.reason;
    scan.seatLabel = verdict.seatLabel;
    scan.tierName = verdict.tierName;
    scan.synced = true;
    m_log.rewrite(scan);
    if (verdict.admitted()) {
        onAdmittedChanged(result.showtimeId, result.admitted);
        remember(scan, verdict);
    }
    finish(verdict);
    next();
}

void DoorCheck::undoLast()
{
    if (m_undoRequest != 0 || undoSecondsLeft() <= 0)
        return;
    if (!m_log.undoUnsynced(m_lastAdmitRow, serverNow())) {
        m_undoRequest = m_backend->undo(m_lastAdmit, options().door, options().undoSeconds);
        return;
    }
    m_undoExpiry.stop();
    m_lastAdmit = 0;
    emit undoAvailableChanged(false);
    DoorVerdict verdict = m_lastAdmitVerdict;
    verdict.reason = DoorReason::Undone;
    emit countsChanged();
    finish(verdict);
}

void DoorCheck::onUndoFinished(int requestId, bool undone)
{
    if (requestId != m_undoRequest)
        return;
    m_undoRequest = 0;
    m_undoExpiry.stop();
    m_lastAdmit = 0;
    emit undoAvailableChanged(false);
    if (!undone) {
        spdlog::warn("door {}: the last admit could not be undone (too late)", options().door.toStdString());
        return;
    }
    m_verdicts.forget(m_lastAdmitVerdict.serial);
    DoorVerdict verdict = m_lastAdmitVerdict;
    verdict.reason = DoorReason::Undone;
    if (verdict.showtime) {
        if (const DoorShowtime* st = m_verdicts.showtime(verdict.showtime->id))
            onAdmittedChanged(st->id, std::max(0, st->admitted - 1));
    }
    finish(verdict);
}

void DoorCheck::onRequestFailed(int requestId, const Error& error)
{
    if (requestId == 0)
        return; // a load: the next one tries again, the online state says the rest
    // A failed sync is the offline log's (DoorOfflineLog::onRequestFailed).
    if (requestId == m_undoRequest) {
        m_undoRequest = 0;
        spdlog::warn("door {}: undo failed: {}", options().door.toStdString(), error.detail.toStdString());
        return;
    }
    if (!m_pending || m_pending->requestId != requestId)
        return;
    spdlog::warn("door {}: check-in failed: {}", options().door.toStdString(), error.detail.toStdString());
    DoorVerdict verdict;
    verdict.serial = m_pending->serial;
    verdict.showtime = m_pending->showtime;
    const TicketPayload payload = m_pending->payload;
    DoorScan scan = m_pending->scan;
    m_pending.reset();
    // Decided alone, with the same scan id: if the database did admit it before the answer was
    // lost, the sync finds that admit by the id and reports nothing.
    verdict = m_verdicts.decideAlone(payload, verdict);
    verdict.offline = true;
    scan.offline = true;
    if (verdict.admitted())
        admittedAlone(scan, verdict);
    else {
        m_log.record(scan, verdict);
        finish(verdict);
    }
    next();
}

void DoorCheck::onLoaded(const DoorSnapshot& snapshot)
{
    m_verdicts.load(snapshot);
    emit countsChanged();
    if (!m_log.hasJournal())
        return;
    // The tickets of what the door serves now or will serve soon, for the hours without the
    // database.
    m_backend->loadTickets(m_verdicts.showtimesToList());
    m_log.syncNext();
}

void DoorCheck::onTicketsLoaded(const DoorTicketList& list)
{
    m_verdicts.setList(list, m_log.unsynced());
    m_log.saveState();
    emit syncChanged();
}

void DoorCheck::onAdmittedChanged(int showtimeId, int admitted)
{
    if (m_verdicts.setAdmitted(showtimeId, admitted))
        emit countsChanged();
}

void DoorCheck::onOnlineChanged(bool online, const QString& reason)
{
    if (!online)
        spdlog::warn("door {}: offline: {}", options().door.toStdString(), reason.toStdString());
    const bool back = online && !m_online;
    m_online = online;
    m_log.setOnline(online);
    emit onlineChanged(online);
    if (back)
        reload();
    emit syncChanged();
}

} // namespace bo
