// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// DoorVerdicts: the door's rules, apart from its workflow (model/door/doorcheck.h) and from its
// journal and sync (model/door/doorofflinelog.h). Named for what it gives, a verdict per scan
// (DoorVerdict), online and offline; it holds only what a verdict is made of: the options, the
// keys, the showtimes, the ticket list, the admits standing and the database's clock. It asks
// nothing and writes nothing: no backend, no journal, no signals, so every rule reads in one file.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QMetaType>
#include <QString>

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

/// What a door decides a scan by, and the deciding: the signature verified with the loaded keys,
/// the showtime and its windows checked on the database's clock (as carried on the monotonic
/// clock since the last load), an admit made here alone refused again; then either the database
/// is asked (online) or the ticket list and the admits standing decide (docs/DECISIONS.md,
/// "Offline rules"). Use from one thread.
class DoorVerdicts final
{
    Q_DISABLE_COPY_MOVE(DoorVerdicts)

public:
    /// Makes the verifier of a set of public keys (app/adapters/tickets' Ed25519 in the program).
    using VerifierFactory = std::function<std::unique_ptr<TicketVerifier>(const QList<TicketKey>&)>;

    /// What a scan comes to before the database is asked.
    struct Decision
    {
        DoorScan scan; ///< as the journal keeps it, not decided yet (offline set when decided alone)
        /// Refused, or admitted alone (offline); when the database is to be asked, the serial and
        /// the showtime so far.
        DoorVerdict verdict;
        std::optional<TicketPayload> payload; ///< the verified payload, when the database is asked
        bool askDatabase = false; ///< online and the door's own checks passed: bo_door_checkin decides
        bool unknownKey = false;  ///< signed by a key not loaded (the next load may bring it)
    };

    DoorVerdicts(VerifierFactory verifiers, const MonotonicClock& clock, DoorOptions options);
    ~DoorVerdicts();

    [[nodiscard]] const DoorOptions& options() const { return m_options; }
    /// Whether the door keeps a journal: without one it decides nothing alone.
    void setJournalled(bool journalled) { m_journalled = journalled; }

    /// Decides `text` as far as the door can before the database (`online`) is asked; the scan is
    /// stamped with serverNow() and a new scan id.
    [[nodiscard]] Decision decide(const QString& text, bool online) const;
    /// The verdict without the database, by the signature's payload and the ticket list
    /// (Offline when the door cannot decide alone); `verdict` carries the serial and showtime.
    [[nodiscard]] DoorVerdict decideAlone(const TicketPayload& payload, DoorVerdict verdict) const;
    /// The database's answer to a check-in as a verdict; `asked` carries the serial and showtime.
    [[nodiscard]] static DoorVerdict answered(const CheckinResult& result, DoorVerdict asked);
    /// A journal, keys and a ticket list.
    [[nodiscard]] bool canDecideAlone() const;

    /// A load: the database's clock, the keys and the showtimes with their counts.
    void load(const DoorSnapshot& snapshot);
    /// The showtimes whose tickets the door downloads: those it serves now or will serve soon.
    [[nodiscard]] QList<int> showtimesToList() const;
    /// A downloaded ticket list; the door's own admits stay, `unsynced` ones made alone among them.
    void setList(const DoorTicketList& list, const QList<DoorScan>& unsynced);
    /// What a door keeps between runs (DoorJournal::saveState), as it stands now.
    [[nodiscard]] DoorLocalState localState() const;
    /// Takes back a saved state: the database's clock carried over the restart on this PC's own.
    void restore(const DoorLocalState& saved);
    /// `scan`'s admit stands (made here alone while it is offline and not synced).
    void markUsed(const DoorScan& scan);
    /// The admit of `serial` made here alone is synced: the database knows it now.
    void markSynced(quint32 serial);
    /// The admit of `serial` was taken back.
    void forget(quint32 serial) { m_used.remove(serial); }
    /// A showtime's admits standing as announced; true when its count changed.
    [[nodiscard]] bool setAdmitted(int showtimeId, int admitted);
    /// One more admit of a showtime that its count does not hold yet.
    void countAdmit(int showtimeId);

    /// Keys and showtimes loaded (or restored) at least once.
    [[nodiscard]] bool isReady() const { return m_ready; }
    /// The database's clock, carried on the monotonic clock since the last load.
    [[nodiscard]] QDateTime serverNow() const;
    /// The showtimes this door serves now.
    [[nodiscard]] QList<DoorShowtime> servedShowtimes() const;
    [[nodiscard]] const DoorShowtime* showtime(int id) const;
    [[nodiscard]] int listedTickets() const { return int(m_tickets.size()); }
    /// When the list was downloaded (the database's clock, UTC).
    [[nodiscard]] QDateTime listedAt() const { return m_listedAt; }

private:
    /// An admit standing as far as this door knows.
    struct Use
    {
        QDateTime at;
        QString door;
        bool local = false; ///< made here alone, not synced yet
    };
    [[nodiscard]] bool serves(const DoorShowtime& s, const QDateTime& now) const;

    VerifierFactory m_verifiers;
    const MonotonicClock& m_clock;
    DoorOptions m_options;
    bool m_journalled = false;
    std::unique_ptr<TicketVerifier> m_verifier;
    QList<DoorShowtime> m_showtimes; ///< every showtime of the snapshot
    QList<TicketKey> m_keys;
    QHash<quint32, DoorTicket> m_tickets; ///< the downloaded list by serial
    QList<int> m_listed;                  ///< showtimes whose every ticket is in it
    quint32 m_newestSerial = 0;
    QDateTime m_listedAt;
    QHash<quint32, Use> m_used;
    QDateTime m_serverNow;
    qint64 m_loadedAtMs = 0;
    bool m_ready = false;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::DoorVerdict)
