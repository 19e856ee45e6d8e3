// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/doorcheck.h"

#include <algorithm>
#include <variant>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

/// The showtimes a snapshot covers around the database's now: enough to name the showtime of a
/// ticket for another hall or time of the day.
constexpr int snapshotPastMinutes = 6 * 60;
constexpr int snapshotAheadMinutes = 18 * 60;

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
        n += s.admitted;
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
    const std::optional<TicketPayload> peeked = ticketcode::peek(text);
    if (peeked)
        verdict.serial = peeked->serial;
    if (!m_verifier) {
        // Nothing loaded yet: without the keys nothing can be told apart from a forgery.
        verdict.reason = peeked ? DoorReason::Offline : DoorReason::Unreadable;
        return finish(verdict);
    }
    const auto decoded = ticketcode::decode(text, *m_verifier);
    if (const auto* problem = std::get_if<PayloadProblem>(&decoded)) {
        verdict.reason = *problem == PayloadProblem::Unreadable ? DoorReason::Unreadable : DoorReason::Forged;
        if (*problem == PayloadProblem::UnknownKey)
            reload(); // a key added since the last load verifies from the next scan on
        return finish(verdict);
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
        return finish(verdict);
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
            return finish(verdict);
        }
        if (now > closes) {
            verdict.reason = DoorReason::TooLate;
            verdict.minutes = int(st->startsAt.secsTo(now) / 60);
            return finish(verdict);
        }
    }
    if (!m_online) {
        verdict.reason = DoorReason::Offline;
        return finish(verdict);
    }
    m_pending = Pending{m_backend->checkin(payload, text, m_options.door), payload.serial, verdict.showtime};
}

void DoorCheck::finish(DoorVerdict verdict)
{
    verdict.number = ++m_verdicts;
    spdlog::info("door {}: serial {} {}", m_options.door.toStdString(), verdict.serial, int(verdict.reason));
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
    m_pending.reset();
    if (verdict.admitted()) {
        onAdmittedChanged(result.showtimeId, result.admitted);
        m_lastAdmit = verdict.serial;
        m_lastAdmitMs = m_clock.nowMs();
        m_lastAdmitVerdict = verdict;
        m_undoExpiry.start(std::max(1, m_options.undoSeconds) * 1000);
        emit undoAvailableChanged(true);
    }
    finish(verdict);
    next();
}

void DoorCheck::undoLast()
{
    if (m_undoRequest != 0 || undoSecondsLeft() <= 0)
        return;
    m_undoRequest = m_backend->undo(m_lastAdmit, m_options.door, m_options.undoSeconds);
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
    if (requestId == m_undoRequest) {
        m_undoRequest = 0;
        spdlog::warn("door {}: undo failed: {}", m_options.door.toStdString(), error.detail.toStdString());
        return;
    }
    if (!m_pending || m_pending->requestId != requestId)
        return;
    spdlog::warn("door {}: check-in failed: {}", m_options.door.toStdString(), error.detail.toStdString());
    DoorVerdict verdict;
    verdict.reason = DoorReason::Offline;
    verdict.serial = m_pending->serial;
    verdict.showtime = m_pending->showtime;
    m_pending.reset();
    finish(verdict);
    next();
}

void DoorCheck::onLoaded(const DoorSnapshot& snapshot)
{
    m_serverNow = snapshot.serverNow;
    m_loadedAtMs = m_clock.nowMs();
    m_showtimes = snapshot.showtimes;
    m_verifier = m_verifiers(snapshot.keys);
    m_ready = true;
    emit countsChanged();
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
}

} // namespace bo
