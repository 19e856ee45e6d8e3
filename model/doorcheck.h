// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QQueue>
#include <QString>
#include <QTimer>

#include "model/clock.h"
#include "model/doorbackend.h"
#include "model/ticket.h"

namespace bo {

/// Why a door admits or refuses a scan (what its screen says).
enum class DoorReason {
    Admitted,
    AlreadyUsed,   ///< `usedAt` and `usedDoor` say when and where
    WrongShowtime, ///< another showtime or hall than this door serves (`showtime` when known)
    TooEarly,      ///< `minutes` until the doors of its showtime open
    TooLate,       ///< `minutes` since its showtime started
    Cancelled,
    Refunded,
    Reprinted,     ///< a newer ticket replaced this one
    NotValid,      ///< its booking is not confirmed (pending, expired)
    Forged,        ///< the signature does not verify, the key is unknown, or not the ticket issued
    UnknownTicket, ///< signed, but no such ticket in the database
    Unreadable,    ///< not a ticket code
    Offline,       ///< the database cannot be reached: not checked
    Undone,        ///< the last admit was taken back
};

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

/// The door's check of one scan after another (issue 13, part 3): the signature verified here
/// with the public keys from the database, the showtime and its windows checked on the
/// database's clock, then the database admits exactly once (bo_checkin). Scans are handled in
/// order, one at a time. Keeps the admitted / expected count of its showtimes live from the
/// announcements. Lives on the GUI thread; never waits on the database.
class DoorCheck final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DoorCheck)

public:
    /// Makes the verifier of a set of public keys (app/tickets' Ed25519 in the program).
    using VerifierFactory = std::function<std::unique_ptr<TicketVerifier>(const QList<TicketKey>&)>;

    DoorCheck(DoorBackend* backend, VerifierFactory verifiers, const MonotonicClock& clock,
              DoorOptions options, QObject* parent = nullptr);
    ~DoorCheck() override;

    /// Starts the backend and the first load.
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

signals:
    void verdictReached(const bo::DoorVerdict& verdict);
    /// The served showtimes or their counts changed.
    void countsChanged();
    void onlineChanged(bool online);
    void undoAvailableChanged(bool available);

public slots:
    /// A scanned text (what the scanner typed before Enter).
    void scan(const QString& text);
    /// Takes back the last admit if it is recent enough.
    void undoLast();
    void reload();

private slots:
    void onLoaded(const bo::DoorSnapshot& snapshot);
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
    };
    void next();
    void decide(const QString& text);
    void finish(DoorVerdict verdict);
    [[nodiscard]] const DoorShowtime* showtime(int id) const;
    [[nodiscard]] bool serves(const DoorShowtime& s, const QDateTime& now) const;

    DoorBackend* m_backend;
    VerifierFactory m_verifiers;
    const MonotonicClock& m_clock;
    DoorOptions m_options;
    std::unique_ptr<TicketVerifier> m_verifier;
    QList<DoorShowtime> m_showtimes; ///< every showtime of the snapshot
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
    quint64 m_verdicts = 0;
    QTimer m_reload;
    QTimer m_undoExpiry;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::DoorVerdict)
