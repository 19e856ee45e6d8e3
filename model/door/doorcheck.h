// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QString>
#include <QTimer>

#include "model/core/clock.h"
#include "model/door/doorbackend.h"
#include "model/door/doorjournal.h"
#include "model/door/doorofflinelog.h"
#include "model/door/doorverdicts.h"
#include "model/tickets/ticket.h"

namespace bo {

/// The door's check of one scan after another, online and offline: the signature verified
/// here with the public keys from the database, the showtime and its windows checked on the
/// database's clock, then the database admits exactly once (bo_door_checkin). Scans are handled
/// in order, one at a time. Keeps the admitted / expected count of its showtimes live from the
/// announcements. Lives on the GUI thread; never waits on the database.
///
/// With a journal (setJournal) every scan is written to it before its verdict is shown, the
/// ticket list of the served showtimes is downloaded with every load and kept there too, and
/// while the database cannot be reached the door decides alone by the signature and that list
/// (docs/DECISIONS.md, "Offline rules"); the scans it decided alone are synced when the database
/// is back, and what the sync reports (a ticket used twice) is kept and shown. After a restart
/// the journal gives back the list, the used serials, the counts and the last admit's undo.
///
/// The workflow only: the rules and what they decide by are DoorVerdicts
/// (model/door/doorverdicts.h), the journal, the sync and the restore DoorOfflineLog
/// (model/door/doorofflinelog.h).
class DoorCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorCheck)

public:
    /// Makes the verifier of a set of public keys (app/adapters/tickets' Ed25519 in the program).
    using VerifierFactory = DoorVerdicts::VerifierFactory;

    DoorCheck(DoorBackend* backend, VerifierFactory verifiers, const MonotonicClock& clock,
              DoorOptions options, QObject* parent = nullptr);
    ~DoorCheck() override;

    /// The journal to keep every scan in (before start(); nullptr: none, and no offline admits).
    void setJournal(DoorJournal* journal);
    /// Restores the journal's state, starts the backend and the first load.
    void start();
    [[nodiscard]] const DoorOptions& options() const { return m_verdicts.options(); }
    [[nodiscard]] bool isOnline() const { return m_online; }
    /// Keys and showtimes loaded at least once.
    [[nodiscard]] bool isReady() const { return m_verdicts.isReady(); }
    /// The showtimes this door serves now.
    [[nodiscard]] QList<DoorShowtime> servedShowtimes() const { return m_verdicts.servedShowtimes(); }
    [[nodiscard]] int admitted() const;
    [[nodiscard]] int expected() const;
    /// The database's clock, carried on the monotonic clock since the last load.
    [[nodiscard]] QDateTime serverNow() const { return m_verdicts.serverNow(); }
    /// Seconds left to undo the last admit (0: nothing to undo).
    [[nodiscard]] int undoSecondsLeft() const;
    /// Whether the door can admit alone now (a journal, keys and a ticket list).
    [[nodiscard]] bool canDecideOffline() const { return m_verdicts.canDecideAlone(); }
    /// Tickets in the downloaded list, and when it was downloaded (the database's clock, UTC).
    [[nodiscard]] int listedTickets() const { return m_verdicts.listedTickets(); }
    [[nodiscard]] QDateTime listedAt() const { return m_verdicts.listedAt(); }
    /// Scans decided alone that the database has not had yet.
    [[nodiscard]] int unsyncedScans() const { return int(m_log.unsynced().size()); }
    /// Admits made here alone that the sync found should not have been (used twice, cancelled
    /// meanwhile, ...), oldest first.
    [[nodiscard]] const QList<DoorScan>& reports() const { return m_log.reports(); }

signals:
    void verdictReached(const bo::DoorVerdict& verdict);
    /// The served showtimes or their counts changed.
    void countsChanged();
    void onlineChanged(bool online);
    void undoAvailableChanged(bool available);
    /// The count of unsynced scans or the ticket list changed.
    void syncChanged();
    /// A sync found an admit that should not have been (reports()).
    void reportAdded(const bo::DoorScan& scan);

public slots:
    /// A scanned text (what the scanner typed before Enter).
    void scan(const QString& text);
    /// Takes back the last admit if it is recent enough.
    void undoLast();
    void reload();

private slots:
    void onLoaded(const bo::DoorSnapshot& snapshot);
    void onTicketsLoaded(const bo::DoorTicketList& list);
    void onCheckinFinished(int requestId, const bo::CheckinResult& result);
    void onUndoFinished(int requestId, bool undone);
    void onRequestFailed(int requestId, const bo::Error& error);
    void onAdmittedChanged(int showtimeId, int admitted);
    void onOnlineChanged(bool online, const QString& reason);

private:
    struct Pending
    {
        int requestId = 0;
        quint32 serial = 0;
        std::optional<DoorShowtime> showtime;
        TicketPayload payload;
        DoorScan scan;
    };
    void next();
    void decide(const QString& text);
    void finish(DoorVerdict verdict);
    void admittedAlone(DoorScan scan, const DoorVerdict& verdict);
    void remember(const DoorScan& scan, const DoorVerdict& verdict);
    /// The undo of the newest admit the journal gave back, if its time is not over.
    void restoreUndo(const DoorScan& last);

    DoorBackend* m_backend;
    const MonotonicClock& m_clock;
    DoorVerdicts m_verdicts;
    DoorOfflineLog m_log;
    bool m_online = false;
    QQueue<QString> m_scans;
    std::optional<Pending> m_pending;
    int m_undoRequest = 0;
    quint32 m_lastAdmit = 0;
    qint64 m_lastAdmitMs = 0;
    DoorVerdict m_lastAdmitVerdict;
    qint64 m_lastAdmitRow = 0; ///< its journal row
    quint64 m_verdictCount = 0;
    QTimer m_reload;
    QTimer m_undoExpiry;
};

} // namespace bo
