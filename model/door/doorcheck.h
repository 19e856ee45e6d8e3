// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QString>
#include <QTimer>

#include "model/core/clock.h"
#include "model/door/doorbackend.h"
#include "model/door/doorjournal.h"
#include "model/tickets/ticket.h"

namespace bo {

/// One verdict as the screen shows it.
struct DoorVerdict
{
    DoorReason reason = DoorReason::Unreadable;
    quint64 number = 0; ///< counts the door's verdicts from 1 (a screen repaints on a new one)
    quint32 serial = 0;
    QString seatLabel;
    QString tierName;
    QDateTime usedAt; ///< UTC: the admit that used the ticket
    QString usedDoor;
    std::optional<DoorShowtime> showtime; ///< the ticket's showtime, when the door knows it
    int minutes = 0;                      ///< TooEarly / TooLate
    bool offline = false;                 ///< decided by the door alone (offline rules)

    [[nodiscard]] bool admitted() const { return reason == DoorReason::Admitted; }
};

/// The door's rules and where it stands. Defaults as a cinema runs them (docs/DECISIONS.md,
/// "The door's windows").
struct DoorOptions
{
    QString door = QStringLiteral("Door");
    int showtimeId = 0;   ///< the one showtime this door serves; 0: every showtime of the window below
    int nextMinutes = 30; ///< with no showtime: those starting within this many minutes
    QString hall;         ///< with no showtime: only this hall's ("" any)
    int openMinutes = 30; ///< a ticket is admitted from this long before its showtime starts
    int lateMinutes = 30; ///< ... until this long after it started
    int undoSeconds = 60; ///< the last admit may be taken back this long
    int reloadSeconds = 60;
};

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
class DoorCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorCheck)

public:
    /// Makes the verifier of a set of public keys (app/adapters/tickets' Ed25519 in the program).
    using VerifierFactory = std::function<std::unique_ptr<TicketVerifier>(const QList<TicketKey>&)>;

    DoorCheck(DoorBackend* backend, VerifierFactory verifiers, const MonotonicClock& clock,
              DoorOptions options, QObject* parent = nullptr);
    ~DoorCheck() override;

    /// The journal to keep every scan in (before start(); nullptr: none, and no offline admits).
    void setJournal(DoorJournal* journal) { m_journal = journal; }
    /// Restores the journal's state, starts the backend and the first load.
    void start();
    [[nodiscard]] const DoorOptions& options() const { return m_options; }
    [[nodiscard]] bool isOnline() const { return m_online; }
    /// Keys and showtimes loaded at least once.
    [[nodiscard]] bool isReady() const { return m_ready; }
    /// The showtimes this door serves now.
    [[nodiscard]] QList<DoorShowtime> servedShowtimes() const;
    [[nodiscard]] int admitted() const;
    [[nodiscard]] int expected() const;
    /// The database's clock, carried on the monotonic clock since the last load.
    [[nodiscard]] QDateTime serverNow() const;
    /// Seconds left to undo the last admit (0: nothing to undo).
    [[nodiscard]] int undoSecondsLeft() const;
    /// Whether the door can admit alone now (a journal, keys and a ticket list).
    [[nodiscard]] bool canDecideOffline() const;
    /// Tickets in the downloaded list, and when it was downloaded (the database's clock, UTC).
    [[nodiscard]] int listedTickets() const { return int(m_tickets.size()); }
    [[nodiscard]] QDateTime listedAt() const { return m_listedAt; }
    /// Scans decided alone that the database has not had yet.
    [[nodiscard]] int unsyncedScans() const { return int(m_open.size()); }
    /// Admits made here alone that the sync found should not have been (used twice, cancelled
    /// meanwhile, ...), oldest first.
    [[nodiscard]] const QList<DoorScan>& reports() const { return m_reports; }

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
    void onSyncFinished(int requestId, const bo::DoorSyncResult& result);
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
    /// An admit standing as far as this door knows.
    struct Use
    {
        QDateTime at;
        QString door;
        bool local = false; ///< made here alone, not synced yet
    };
    void next();
    void decide(const QString& text);
    void finish(DoorVerdict verdict);
    /// Journals a scan decided here (before its verdict is shown); false when it could not be.
    bool record(DoorScan& scan, const DoorVerdict& verdict);
    void rewrite(const DoorScan& scan);
    /// The verdict without the database, by the signature's payload and the ticket list.
    [[nodiscard]] DoorVerdict decideAlone(const TicketPayload& payload, DoorVerdict verdict) const;
    void admittedAlone(DoorScan scan, const DoorVerdict& verdict);
    void remember(const DoorScan& scan, const DoorVerdict& verdict);
    void restore();
    void saveState();
    void syncNext();
    [[nodiscard]] int unsyncedAdmits(int showtimeId) const;
    [[nodiscard]] const DoorShowtime* showtime(int id) const;
    [[nodiscard]] bool serves(const DoorShowtime& s, const QDateTime& now) const;

    DoorBackend* m_backend;
    DoorJournal* m_journal = nullptr;
    VerifierFactory m_verifiers;
    const MonotonicClock& m_clock;
    DoorOptions m_options;
    std::unique_ptr<TicketVerifier> m_verifier;
    QList<DoorShowtime> m_showtimes; ///< every showtime of the snapshot
    QList<TicketKey> m_keys;
    QHash<quint32, DoorTicket> m_tickets; ///< the downloaded list by serial
    QList<int> m_listed;                  ///< showtimes whose every ticket is in it
    quint32 m_newestSerial = 0;
    QDateTime m_listedAt;
    QHash<quint32, Use> m_used;
    QList<DoorScan> m_open; ///< decided alone (or never answered), not synced yet
    QList<DoorScan> m_reports;
    int m_syncRequest = 0;
    qint64 m_syncing = 0; ///< the journal row being synced
    QDateTime m_serverNow;
    qint64 m_loadedAtMs = 0;
    bool m_online = false;
    bool m_ready = false;
    QQueue<QString> m_scans;
    std::optional<Pending> m_pending;
    int m_undoRequest = 0;
    quint32 m_lastAdmit = 0;
    qint64 m_lastAdmitMs = 0;
    DoorVerdict m_lastAdmitVerdict;
    qint64 m_lastAdmitRow = 0; ///< its journal row
    quint64 m_verdicts = 0;
    QTimer m_reload;
    QTimer m_undoExpiry;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::DoorVerdict)
