// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/door/doorverdicts.h"

#include <algorithm>
#include <utility>
#include <variant>

#include <QUuid>

namespace bo {
namespace {

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

DoorVerdicts::DoorVerdicts(VerifierFactory verifiers, const MonotonicClock& clock, DoorOptions options)
    : m_verifiers(std::move(verifiers))
    , m_clock(clock)
    , m_options(std::move(options))
{}

DoorVerdicts::~DoorVerdicts() = default;

QDateTime DoorVerdicts::serverNow() const
{
    if (!m_serverNow.isValid())
        return QDateTime::currentDateTimeUtc();
    return m_serverNow.addMSecs(m_clock.nowMs() - m_loadedAtMs);
}

bool DoorVerdicts::serves(const DoorShowtime& s, const QDateTime& now) const
{
    if (m_options.showtimeId > 0)
        return s.id == m_options.showtimeId;
    if (!m_options.hall.isEmpty() && s.hall != m_options.hall)
        return false;
    return s.startsAt >= now.addSecs(-qint64(m_options.lateMinutes) * 60) &&
           s.startsAt <= now.addSecs(qint64(m_options.nextMinutes) * 60);
}

QList<DoorShowtime> DoorVerdicts::servedShowtimes() const
{
    const QDateTime now = serverNow();
    QList<DoorShowtime> served;
    for (const DoorShowtime& s : m_showtimes) {
        if (serves(s, now))
            served.append(s);
    }
    return served;
}

bool DoorVerdicts::canDecideAlone() const
{
    return m_journalled && m_verifier && m_listedAt.isValid();
}

const DoorShowtime* DoorVerdicts::showtime(int id) const
{
    const auto it = std::find_if(m_showtimes.cbegin(), m_showtimes.cend(),
                                 [id](const DoorShowtime& s) { return s.id == id; });
    return it == m_showtimes.cend() ? nullptr : &*it;
}

DoorVerdicts::Decision DoorVerdicts::decide(const QString& text, bool online) const
{
    Decision d;
    DoorVerdict& verdict = d.verdict;
    DoorScan& scan = d.scan;
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
    if (!m_verifier) {
        // Nothing loaded yet: without the keys nothing can be told apart from a forgery.
        verdict.reason = peeked ? DoorReason::Offline : DoorReason::Unreadable;
        return d;
    }
    const auto decoded = ticketcode::decode(text, *m_verifier);
    if (const auto* problem = std::get_if<PayloadProblem>(&decoded)) {
        verdict.reason = *problem == PayloadProblem::Unreadable ? DoorReason::Unreadable : DoorReason::Forged;
        d.unknownKey = *problem == PayloadProblem::UnknownKey;
        return d;
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
        return d;
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
            return d;
        }
        if (now > closes) {
            verdict.reason = DoorReason::TooLate;
            verdict.minutes = int(st->startsAt.secsTo(now) / 60);
            return d;
        }
    }
    // Admitted here alone and not synced yet: the database cannot know it, the door does.
    if (const auto used = m_used.constFind(payload.serial); used != m_used.cend() && used->local) {
        verdict.reason = DoorReason::AlreadyUsed;
        verdict.usedAt = used->at;
        verdict.usedDoor = used->door;
        if (const auto t = m_tickets.constFind(payload.serial); t != m_tickets.cend())
            verdict.seatLabel = t->seatLabel;
        return d;
    }
    if (!online) {
        verdict = decideAlone(payload, verdict);
        verdict.offline = true;
        scan.offline = true;
        return d;
    }
    d.askDatabase = true;
    d.payload = payload;
    return d;
}

DoorVerdict DoorVerdicts::decideAlone(const TicketPayload& payload, DoorVerdict verdict) const
{
    if (!canDecideAlone()) {
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

DoorVerdict DoorVerdicts::answered(const CheckinResult& result, DoorVerdict asked)
{
    asked.reason = reasonOf(result.verdict);
    asked.seatLabel = result.seatLabel;
    asked.tierName = result.tierName;
    asked.usedAt = result.admittedAt;
    asked.usedDoor = result.door;
    return asked;
}

void DoorVerdicts::load(const DoorSnapshot& snapshot)
{
    m_serverNow = snapshot.serverNow;
    m_loadedAtMs = m_clock.nowMs();
    m_showtimes = snapshot.showtimes;
    m_keys = snapshot.keys;
    m_verifier = m_verifiers(snapshot.keys);
    m_ready = true;
}

QList<int> DoorVerdicts::showtimesToList() const
{
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
    return ids;
}

void DoorVerdicts::setList(const DoorTicketList& list, const QList<DoorScan>& unsynced)
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
    for (const DoorScan& s : unsynced) {
        if (s.admitted() && s.offline && !s.undoneAt.isValid())
            m_used.insert(s.serial, Use{s.scannedAt, s.door, true});
    }
    m_listed = list.showtimeIds;
    m_newestSerial = list.newestSerial;
    m_listedAt = serverNow();
}

DoorLocalState DoorVerdicts::localState() const
{
    DoorLocalState state;
    state.snapshot.serverNow = serverNow();
    state.snapshot.keys = m_keys;
    state.snapshot.showtimes = m_showtimes;
    state.list.showtimeIds = m_listed;
    state.list.newestSerial = m_newestSerial;
    state.list.tickets = m_tickets.values();
    state.savedAt = QDateTime::currentDateTimeUtc();
    return state;
}

void DoorVerdicts::restore(const DoorLocalState& saved)
{
    // The database's clock carried over the restart on this PC's own clock: the one thing an
    // offline door after a restart cannot do otherwise.
    m_serverNow = saved.snapshot.serverNow.addMSecs(saved.savedAt.msecsTo(QDateTime::currentDateTimeUtc()));
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

void DoorVerdicts::markUsed(const DoorScan& scan)
{
    m_used.insert(scan.serial, Use{scan.scannedAt, scan.door, scan.offline && !scan.synced});
}

void DoorVerdicts::markSynced(quint32 serial)
{
    if (auto used = m_used.find(serial); used != m_used.end())
        used->local = false;
}

bool DoorVerdicts::setAdmitted(int showtimeId, int admitted)
{
    bool changed = false;
    for (DoorShowtime& s : m_showtimes) {
        if (s.id == showtimeId && s.admitted != admitted) {
            s.admitted = admitted;
            changed = true;
        }
    }
    return changed;
}

void DoorVerdicts::countAdmit(int showtimeId)
{
    for (DoorShowtime& s : m_showtimes) {
        if (s.id == showtimeId)
            ++s.admitted;
    }
}

} // namespace bo
