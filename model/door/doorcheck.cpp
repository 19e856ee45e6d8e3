// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/door/doorcheck.h"

#include <algorithm>
#include <utility>
#include <variant>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

/// The showtimes a snapshot covers around the database's now: enough to name the showtime of a
/// ticket for another hall or time of the day.
constexpr int snapshotPastMinutes = 6 * 60;
constexpr int snapshotAheadMinutes = 18 * 60;
/// The ticket list covers the showtimes a door serves now or will serve within this long: a door
/// that loses the database keeps admitting for about three hours of showtimes.
constexpr int listAheadMinutes = 3 * 60;
/// bo_door_tickets takes at most this many showtimes.
constexpr int listMaxShowtimes = 64;
/// A scan keeps at most this much of what was typed.
constexpr int maxScanText = 1024;

struct ReasonName
{
    DoorReason reason;
    const char* name;
};
constexpr ReasonName reasonNames[] = {
    {DoorReason::Admitted, "ADMITTED"},
    {DoorReason::AlreadyUsed, "ALREADY_USED"},
    {DoorReason::WrongShowtime, "WRONG_SHOWTIME"},
    {DoorReason::TooEarly, "TOO_EARLY"},
    {DoorReason::TooLate, "TOO_LATE"},
    {DoorReason::Cancelled, "CANCELLED"},
    {DoorReason::Refunded, "REFUNDED"},
    {DoorReason::Reprinted, "REPRINTED"},
    {DoorReason::NotValid, "NOT_VALID"},
    {DoorReason::Forged, "FORGED"},
    {DoorReason::UnknownTicket, "UNKNOWN_TICKET"},
    {DoorReason::Unreadable, "UNREADABLE"},
    {DoorReason::Offline, "OFFLINE"},
    {DoorReason::Undone, "UNDONE"},
};

/// Whole minutes from `from` to `to`, rounded up (a door opening in 30 s opens "in 1 minute").
int minutesUntil(const QDateTime& from, const QDateTime& to)
{
    const qint64 ms = from.msecsTo(to);
    return ms <= 0 ? 0 : int((ms + 59999) / 60000);
}

DoorReason reasonOf(CheckinVerdict verdict)
{
    switch (verdict) {
    case CheckinVerdict::Admitted:
        return DoorReason::Admitted;
    case CheckinVerdict::AlreadyUsed:
        return DoorReason::AlreadyUsed;
    case CheckinVerdict::Reprinted:
        return DoorReason::Reprinted;
    case CheckinVerdict::Cancelled:
        return DoorReason::Cancelled;
    case CheckinVerdict::Refunded:
        return DoorReason::Refunded;
    case CheckinVerdict::NotValid:
        return DoorReason::NotValid;
    case CheckinVerdict::WrongShowtime:
        return DoorReason::WrongShowtime;
    case CheckinVerdict::Unknown:
        return DoorReason::UnknownTicket;
    case CheckinVerdict::Forged:
        return DoorReason::Forged;
    case CheckinVerdict::Unreadable:
        break;
    }
    return DoorReason::Unreadable;
}

} // namespace

QString doorReasonName(DoorReason reason)
{
    for (const ReasonName& r : reasonNames) {
        if (r.reason == reason)
            return QLatin1String(r.name);
    }
    return QStringLiteral("UNREADABLE");
}

std::optional<DoorReason> doorReasonFromName(const QString& name)
{
    for (const ReasonName& r : reasonNames) {
        if (name == QLatin1String(r.name))
            return r.reason;
    }
    return std::nullopt;
}

DoorCheck::DoorCheck(DoorBackend* backend, VerifierFactory verifiers, const MonotonicClock& clock,
                     DoorOptions options, QObject* parent)
    : QObject(parent)
    , m_backend(backend)
    , m_verifiers(std::move(verifiers))
    , m_clock(clock)
    , m_options(std::move(options))
{
    qRegisterMetaType<DoorVerdict>();
    connect(m_backend, &DoorBackend::loaded, this, &DoorCheck::onLoaded);
    connect(m_backend, &DoorBackend::ticketsLoaded, this, &DoorCheck::onTicketsLoaded);
    connect(m_backend, &DoorBackend::syncFinished, this, &DoorCheck::onSyncFinished);
    connect(m_backend, &DoorBackend::checkinFinished, this, &DoorCheck::onCheckinFinished);
    connect(m_backend, &DoorBackend::undoFinished, this, &DoorCheck::onUndoFinished);
    connect(m_backend, &DoorBackend::requestFailed, this, &DoorCheck::onRequestFailed);
    connect(m_backend, &DoorBackend::admittedChanged, this, &DoorCheck::onAdmittedChanged);
    connect(m_backend, &DoorBackend::onlineChanged, this, &DoorCheck::onOnlineChanged);
    m_reload.setInterval(std::max(1, m_options.reloadSeconds) * 1000);
    connect(&m_reload, &QTimer::timeout, this, &DoorCheck::reload);
    m_undoExpiry.setSingleShot(true);
    connect(&m_undoExpiry, &QTimer::timeout, this, [this] {
        m_lastAdmit = 0;
        emit undoAvailableChanged(false);
    });
}

DoorCheck::~DoorCheck() = default;

void DoorCheck::start()
{
    restore();
    m_backend->start();
    reload();
    m_reload.start();
}

void DoorCheck::reload()
{
    m_backend->load(snapshotPastMinutes, snapshotAheadMinutes, m_options.showtimeId);
}

QDateTime DoorCheck::serverNow() const
{
    if (!m_serverNow.isValid())
        return QDateTime::currentDateTimeUtc();
    return m_serverNow.addMSecs(m_clock.nowMs() - m_loadedAtMs);
}

bool DoorCheck::serves(const DoorShowtime& s, const QDateTime& now) const
{
    if (m_options.showtimeId > 0)
        return s.id == m_options.showtimeId;
    if (!m_options.hall.isEmpty() && s.hall != m_options.hall)
        return false;
    return s.startsAt >= now.addSecs(-qint64(m_options.lateMinutes) * 60) &&
           s.startsAt <= now.addSecs(qint64(m_options.nextMinutes) * 60);
}

QList<DoorShowtime> DoorCheck::servedShowtimes() const
{
    const QDateTime now = serverNow();
    QList<DoorShowtime> served;
    for (const DoorShowtime& s : m_showtimes) {
        if (serves(s, now))
            served.append(s);
    }
    return served;
}

int DoorCheck::admitted() const
{
    int n = 0;
    for (const DoorShowtime& s : servedShowtimes())
        n += s.admitted + unsyncedAdmits(s.id);
    return n;
}

int DoorCheck::unsyncedAdmits(int showtimeId) const
{
    return int(std::count_if(m_open.cbegin(), m_open.cend(), [showtimeId](const DoorScan& s) {
        return s.showtimeId == showtimeId && s.admitted() && s.offline && !s.undoneAt.isValid();
    }));
}

bool DoorCheck::canDecideOffline() const
{
    return m_journal && m_verifier && m_listedAt.isValid();
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
    const qint64 left = qint64(m_options.undoSeconds) * 1000 - (m_clock.nowMs() - m_lastAdmitMs);
    return left <= 0 ? 0 : int((left + 999) / 1000);
}

const DoorShowtime* DoorCheck::showtime(int id) const
{
    const auto it = std::find_if(m_showtimes.cbegin(), m_showtimes.cend(),
                                 [id](const DoorShowtime& s) { return s.id == id; });
    return it == m_showtimes.cend() ? nullptr : &*it;
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
    DoorVerdict verdict;
    DoorScan scan;
    scan.scanId = QUuid::createUuid();
    scan.door = m_options.door;
    scan.text = text.left(maxScanText);
    scan.scannedAt = serverNow();
    const std::optional<TicketPayload> peeked = ticketcode::peek(text);
    if (peeked) {
        verdict.serial = peeked->serial;
        scan.serial = peeked->serial;
        scan.showtimeId = peeked->showtimeId;
    }
    const auto done = [this, &scan](DoorVerdict v) {
        record(scan, v);
        finish(std::move(v));
    };
    if (!m_verifier) {
        // Nothing loaded yet: without the keys nothing can be told apart from a forgery.
        verdict.reason = peeked ? DoorReason::Offline : DoorReason::Unreadable;
        return done(verdict);
    }
    const auto decoded = ticketcode::decode(text, *m_verifier);
    if (const auto* problem = std::get_if<PayloadProblem>(&decoded)) {
        verdict.reason = *problem == PayloadProblem::Unreadable ? DoorReason::Unreadable : DoorReason::Forged;
        if (*problem == PayloadProblem::UnknownKey && m_online)
            reload(); // a key added since the last load verifies from the next scan on
        return done(verdict);
    }
    const auto& payload = std::get<TicketPayload>(decoded);
    const DoorShowtime* st = showtime(payload.showtimeId);
    if (st)
        verdict.showtime = *st;
    const QDateTime now = serverNow();
    const bool chosen = m_options.showtimeId > 0;
    if ((chosen && payload.showtimeId != m_options.showtimeId) || (!chosen && !st) ||
        (!chosen && !m_options.hall.isEmpty() && st->hall != m_options.hall)) {
        verdict.reason = DoorReason::WrongShowtime;
        return done(verdict);
    }
    if (st) {
        // A door serving "the next N minutes" opens a showtime's doors N minutes ahead at most.
        const int open =
            chosen ? m_options.openMinutes : std::min(m_options.openMinutes, m_options.nextMinutes);
        const QDateTime opens = st->startsAt.addSecs(-qint64(open) * 60);
        const QDateTime closes = st->startsAt.addSecs(qint64(m_options.lateMinutes) * 60);
        if (now < opens) {
            verdict.reason = DoorReason::TooEarly;
            verdict.minutes = minutesUntil(now, opens);
            return done(verdict);
        }
        if (now > closes) {
            verdict.reason = DoorReason::TooLate;
            verdict.minutes = int(st->startsAt.secsTo(now) / 60);
            return done(verdict);
        }
    }
    // Admitted here alone and not synced yet: the database cannot know it, the door does.
    if (const auto used = m_used.constFind(payload.serial); used != m_used.cend() && used->local) {
        verdict.reason = DoorReason::AlreadyUsed;
        verdict.usedAt = used->at;
        verdict.usedDoor = used->door;
        if (const auto t = m_tickets.constFind(payload.serial); t != m_tickets.cend())
            verdict.seatLabel = t->seatLabel;
        return done(verdict);
    }
    if (!m_online) {
        verdict = decideAlone(payload, verdict);
        verdict.offline = true;
        scan.offline = true;
        if (!verdict.admitted())
            return done(verdict);
        return admittedAlone(scan, verdict);
    }
    // Journalled before the database is asked: an answer lost in a crash is resolved by its id.
    scan.decided = false;
    if (m_journal) {
        if (auto row = m_journal->append(scan); row)
            scan.id = row.value();
        else
            spdlog::error("door {}: journal: {}", m_options.door.toStdString(),
                          row.error().detail.toStdString());
    }
    m_pending = Pending{m_backend->checkin(payload, text, m_options.door, scan.scanId), payload.serial,
                        verdict.showtime, payload, scan};
}

bool DoorCheck::record(DoorScan& scan, const DoorVerdict& verdict)
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
        spdlog::error("door {}: journal: {}", m_options.door.toStdString(), row.error().detail.toStdString());
        return false;
    }
    if (!scan.synced) {
        m_open.append(scan);
        emit syncChanged();
        syncNext();
    }
    return true;
}

void DoorCheck::rewrite(const DoorScan& scan)
{
    if (!m_journal || scan.id <= 0)
        return;
    if (Status s = m_journal->update(scan); !s)
        spdlog::error("door {}: journal: {}", m_options.door.toStdString(), s.error().detail.toStdString());
}

DoorVerdict DoorCheck::decideAlone(const TicketPayload& payload, DoorVerdict verdict) const
{
    if (!canDecideOffline()) {
        verdict.reason = DoorReason::Offline;
        return verdict;
    }
    const auto t = m_tickets.constFind(payload.serial);
    if (t != m_tickets.cend()) {
        verdict.seatLabel = t->seatLabel;
        verdict.tierName = t->tierName;
        // The signature covers these; a ticket of the list that does not match them is not the
        // one issued (what bo_checkin's stored payload says online).
        if (t->showtimeId != payload.showtimeId || t->seatId != payload.seatId ||
            t->bookingCode != payload.bookingCode) {
            verdict.reason = DoorReason::Forged;
            return verdict;
        }
        if (t->voided) {
            verdict.reason = DoorReason::Reprinted;
            return verdict;
        }
        if (t->bookingStatus == QLatin1String("CANCELLED")) {
            verdict.reason = DoorReason::Cancelled;
            return verdict;
        }
        if (t->bookingStatus == QLatin1String("REFUNDED")) {
            verdict.reason = DoorReason::Refunded;
            return verdict;
        }
        if (t->bookingStatus != QLatin1String("CONFIRMED")) {
            verdict.reason = DoorReason::NotValid;
            return verdict;
        }
    } else if (m_listed.contains(payload.showtimeId) && payload.serial <= m_newestSerial) {
        // Listed showtime, a serial the list should hold: not sold (or voided before the list).
        verdict.reason = DoorReason::UnknownTicket;
        return verdict;
    }
    // Else: sold after the list was downloaded (a newer serial), or a showtime beyond the list:
    // the signature vouches for it, the sync checks it.
    if (const auto used = m_used.constFind(payload.serial); used != m_used.cend()) {
        verdict.reason = DoorReason::AlreadyUsed;
        verdict.usedAt = used->at;
        verdict.usedDoor = used->door;
        return verdict;
    }
    verdict.reason = DoorReason::Admitted;
    return verdict;
}

void DoorCheck::admittedAlone(DoorScan scan, const DoorVerdict& verdict)
{
    if (!record(scan, verdict)) {
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
    m_used.insert(scan.serial, Use{scan.scannedAt, scan.door, scan.offline && !scan.synced});
    m_lastAdmit = verdict.serial;
    m_lastAdmitMs = m_clock.nowMs();
    m_lastAdmitVerdict = verdict;
    m_lastAdmitRow = scan.id;
    m_undoExpiry.start(std::max(1, m_options.undoSeconds) * 1000);
    emit undoAvailableChanged(true);
}

void DoorCheck::finish(DoorVerdict verdict)
{
    verdict.number = ++m_verdicts;
    spdlog::info("door {}: serial {} {}{}", m_options.door.toStdString(), verdict.serial,
                 doorReasonName(verdict.reason).toStdString(), verdict.offline ? " (offline)" : "");
    emit verdictReached(verdict);
}

void DoorCheck::onCheckinFinished(int requestId, const CheckinResult& result)
{
    if (!m_pending || m_pending->requestId != requestId)
        return;
    DoorVerdict verdict;
    verdict.reason = reasonOf(result.verdict);
    verdict.serial = m_pending->serial;
    verdict.showtime = m_pending->showtime;
    verdict.seatLabel = result.seatLabel;
    verdict.tierName = result.tierName;
    verdict.usedAt = result.admittedAt;
    verdict.usedDoor = result.door;
    DoorScan scan = m_pending->scan;
    m_pending.reset();
    scan.decided = true;
    scan.reason = verdict.reason;
    scan.seatLabel = verdict.seatLabel;
    scan.tierName = verdict.tierName;
    scan.synced = true;
    rewrite(scan);
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
    const qint64 row = m_lastAdmitRow;
    const auto open = std::find_if(m_open.begin(), m_open.end(),
                                   [row](const DoorScan& s) { return row > 0 && s.id == row; });
    if (open == m_open.end() || open->id == m_syncing) {
        m_undoRequest = m_backend->undo(m_lastAdmit, m_options.door, m_options.undoSeconds);
        return;
    }
    // An admit made alone and not synced: taken back in the journal; the sync tells the database.
    open->undoneAt = serverNow();
    rewrite(*open);
    m_used.remove(open->serial);
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
        spdlog::warn("door {}: the last admit could not be undone (too late)", m_options.door.toStdString());
        return;
    }
    m_used.remove(m_lastAdmitVerdict.serial);
    DoorVerdict verdict = m_lastAdmitVerdict;
    verdict.reason = DoorReason::Undone;
    if (verdict.showtime) {
        if (const DoorShowtime* st = showtime(verdict.showtime->id))
            onAdmittedChanged(st->id, std::max(0, st->admitted - 1));
    }
    finish(verdict);
}

void DoorCheck::onRequestFailed(int requestId, const Error& error)
{
    if (requestId == 0)
        return; // a load: the next one tries again, the online state says the rest
    if (requestId == m_syncRequest) {
        m_syncRequest = 0;
        m_syncing = 0;
        spdlog::warn("door {}: sync failed: {}", m_options.door.toStdString(), error.detail.toStdString());
        return; // tried again when the door is back online or at the next load
    }
    if (requestId == m_undoRequest) {
        m_undoRequest = 0;
        spdlog::warn("door {}: undo failed: {}", m_options.door.toStdString(), error.detail.toStdString());
        return;
    }
    if (!m_pending || m_pending->requestId != requestId)
        return;
    spdlog::warn("door {}: check-in failed: {}", m_options.door.toStdString(), error.detail.toStdString());
    DoorVerdict verdict;
    verdict.serial = m_pending->serial;
    verdict.showtime = m_pending->showtime;
    const TicketPayload payload = m_pending->payload;
    DoorScan scan = m_pending->scan;
    m_pending.reset();
    // Decided alone, with the same scan id: if the database did admit it before the answer was
    // lost, the sync finds that admit by the id and reports nothing.
    verdict = decideAlone(payload, verdict);
    verdict.offline = true;
    scan.offline = true;
    if (verdict.admitted())
        admittedAlone(scan, verdict);
    else {
        record(scan, verdict);
        finish(verdict);
    }
    next();
}

void DoorCheck::onLoaded(const DoorSnapshot& snapshot)
{
    m_serverNow = snapshot.serverNow;
    m_loadedAtMs = m_clock.nowMs();
    m_showtimes = snapshot.showtimes;
    m_keys = snapshot.keys;
    m_verifier = m_verifiers(snapshot.keys);
    m_ready = true;
    emit countsChanged();
    if (!m_journal)
        return;
    // The tickets of what the door serves now or will serve soon, for the hours without the
    // database.
    const QDateTime now = serverNow();
    QList<int> ids;
    for (const DoorShowtime& s : std::as_const(m_showtimes)) {
        bool soon = false;
        if (m_options.showtimeId > 0)
            soon = s.id == m_options.showtimeId;
        else
            soon = (m_options.hall.isEmpty() || s.hall == m_options.hall) &&
                   s.startsAt >= now.addSecs(-qint64(m_options.lateMinutes) * 60) &&
                   s.startsAt <= now.addSecs(qint64(m_options.nextMinutes + listAheadMinutes) * 60);
        if (soon && ids.size() < listMaxShowtimes)
            ids.append(s.id);
    }
    m_backend->loadTickets(ids);
    syncNext();
}

void DoorCheck::onTicketsLoaded(const DoorTicketList& list)
{
    m_tickets.clear();
    // This door's own admits stay: one made while the list was being read is not in it.
    const QString door = m_options.door;
    m_used.removeIf([&door](const QHash<quint32, Use>::iterator it) { return it->door != door; });
    for (const DoorTicket& t : list.tickets) {
        m_tickets.insert(t.serial, t);
        if (t.usedAt.isValid())
            m_used.insert(t.serial, Use{t.usedAt, t.usedDoor, false});
    }
    for (const DoorScan& s : std::as_const(m_open)) {
        if (s.admitted() && s.offline && !s.undoneAt.isValid())
            m_used.insert(s.serial, Use{s.scannedAt, s.door, true});
    }
    m_listed = list.showtimeIds;
    m_newestSerial = list.newestSerial;
    m_listedAt = serverNow();
    saveState();
    emit syncChanged();
}

void DoorCheck::saveState()
{
    if (!m_journal)
        return;
    DoorLocalState state;
    state.snapshot.serverNow = serverNow();
    state.snapshot.keys = m_keys;
    state.snapshot.showtimes = m_showtimes;
    state.list.showtimeIds = m_listed;
    state.list.newestSerial = m_newestSerial;
    state.list.tickets = m_tickets.values();
    state.savedAt = QDateTime::currentDateTimeUtc();
    if (Status s = m_journal->saveState(state); !s)
        spdlog::error("door {}: journal: {}", m_options.door.toStdString(), s.error().detail.toStdString());
}

void DoorCheck::restore()
{
    if (!m_journal)
        return;
    auto state = m_journal->state();
    if (!state) {
        spdlog::error("door {}: journal: {}", m_options.door.toStdString(),
                      state.error().detail.toStdString());
    } else if (state.value()) {
        const DoorLocalState& saved = *state.value();
        // The database's clock carried over the restart on this PC's own clock: the one thing an
        // offline door after a restart cannot do otherwise.
        m_serverNow =
            saved.snapshot.serverNow.addMSecs(saved.savedAt.msecsTo(QDateTime::currentDateTimeUtc()));
        m_loadedAtMs = m_clock.nowMs();
        m_keys = saved.snapshot.keys;
        m_showtimes = saved.snapshot.showtimes;
        m_verifier = m_verifiers(m_keys);
        for (const DoorTicket& t : saved.list.tickets) {
            m_tickets.insert(t.serial, t);
            if (t.usedAt.isValid())
                m_used.insert(t.serial, Use{t.usedAt, t.usedDoor, false});
        }
        m_listed = saved.list.showtimeIds;
        m_newestSerial = saved.list.newestSerial;
        m_listedAt = saved.snapshot.serverNow;
        m_ready = true;
    }
    auto scans = m_journal->scans();
    if (!scans) {
        spdlog::error("door {}: journal: {}", m_options.door.toStdString(),
                      scans.error().detail.toStdString());
        return;
    }
    const QDateTime savedNow = m_listedAt;
    const DoorScan* last = nullptr;
    for (const DoorScan& s : scans.value()) {
        if (!s.synced)
            m_open.append(s);
        if (s.reported())
            m_reports.append(s);
        if (!s.admitted() || s.undoneAt.isValid() ||
            (s.synced && s.syncResult == QLatin1String("USED_TWICE")))
            continue;
        m_used.insert(s.serial, Use{s.scannedAt, s.door, s.offline && !s.synced});
        // Admits the saved counts cannot hold yet (online ones after the save).
        if (s.synced && !s.offline && savedNow.isValid() && s.scannedAt > savedNow) {
            for (DoorShowtime& st : m_showtimes) {
                if (st.id == s.showtimeId)
                    ++st.admitted;
            }
        }
        last = &s;
    }
    if (last) {
        const qint64 age = last->scannedAt.msecsTo(serverNow());
        if (age >= 0 && age < qint64(m_options.undoSeconds) * 1000) {
            DoorVerdict v;
            v.reason = DoorReason::Admitted;
            v.serial = last->serial;
            v.seatLabel = last->seatLabel;
            v.tierName = last->tierName;
            v.offline = last->offline;
            if (const DoorShowtime* st = showtime(last->showtimeId))
                v.showtime = *st;
            m_lastAdmit = v.serial;
            m_lastAdmitMs = m_clock.nowMs() - age;
            m_lastAdmitVerdict = v;
            m_lastAdmitRow = last->id;
            m_undoExpiry.start(int(std::max<qint64>(1, qint64(m_options.undoSeconds) * 1000 - age)));
        }
    }
    if (m_ready)
        spdlog::info("door {}: journal restored: {} tickets listed, {} scans to sync, {} reports",
                     m_options.door.toStdString(), m_tickets.size(), m_open.size(), m_reports.size());
}

void DoorCheck::syncNext()
{
    if (!m_online || m_syncRequest != 0 || m_open.isEmpty())
        return;
    const DoorScan& scan = m_open.first();
    m_syncing = scan.id;
    m_syncRequest = m_backend->sync(scan);
}

void DoorCheck::onSyncFinished(int requestId, const DoorSyncResult& result)
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
        if (auto used = m_used.find(scan.serial); used != m_used.end())
            used->local = false;
        // The showtime's count from the database now holds this admit (announced by the sync).
        for (DoorShowtime& s : m_showtimes) {
            if (s.id == scan.showtimeId && result.result == QLatin1String("ADMITTED"))
                ++s.admitted;
        }
    }
    if (scan.reported()) {
        spdlog::warn("door {}: serial {} admitted here offline at {} but {} ({} {})",
                     m_options.door.toStdString(), scan.serial,
                     scan.scannedAt.toString(Qt::ISODate).toStdString(), scan.syncResult.toStdString(),
                     scan.firstDoor.toStdString(), scan.firstAt.toString(Qt::ISODate).toStdString());
        m_reports.append(scan);
        emit reportAdded(scan);
    }
    emit syncChanged();
    emit countsChanged();
    syncNext();
}

void DoorCheck::onAdmittedChanged(int showtimeId, int admitted)
{
    for (DoorShowtime& s : m_showtimes) {
        if (s.id == showtimeId && s.admitted != admitted) {
            s.admitted = admitted;
            emit countsChanged();
        }
    }
}

void DoorCheck::onOnlineChanged(bool online, const QString& reason)
{
    if (!online)
        spdlog::warn("door {}: offline: {}", m_options.door.toStdString(), reason.toStdString());
    const bool back = online && !m_online;
    m_online = online;
    emit onlineChanged(online);
    if (back)
        reload();
    emit syncChanged();
}

} // namespace bo
