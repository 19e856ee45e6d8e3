// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QUuid>

#include "model/core/result.h"
#include "model/tickets/ticket.h"

namespace bo {

/// A public key doors and terminals verify with.
struct TicketKey
{
    quint16 id = 0;
    QByteArray publicKey; ///< 32 bytes, Ed25519
    QDateTime createdAt;
    QDateTime retiredAt; ///< null while it verifies
};

/// The private key that signs now (a manager's connection only).
struct SigningKey
{
    quint16 id = 0;
    QByteArray secretKey; ///< 64 bytes, libsodium's Ed25519 secret key
};

/// A till's own key as the database has it (docs/DECISIONS.md, "A till signs its own sale's
/// tickets with its own key").
enum class TillKeyState {
    Pending,  ///< enrolled, waiting for a manager's approval: it neither signs nor verifies yet
    Approved, ///< signs the till's tickets and verifies at the door
    Retired,  ///< neither signs nor verifies any more; the till makes a new key
};

struct TillKey
{
    quint16 id = 0;
    TillKeyState state = TillKeyState::Pending;
};

/// A key with its till and its approval, as a manager lists them.
struct TicketKeyInfo
{
    TicketKey key;
    QString createdBy;
    QString terminalLogin; ///< empty for a shared key (its secret in the database)
    QUuid terminalId;
    QString terminal;
    QDateTime approvedAt; ///< null while a till key waits
    QString approvedBy;
};

/// A showtime's admits and how many valid tickets it has.
struct CheckinList
{
    QList<CheckinRecord> records;
    int expected = 0;
    [[nodiscard]] int admitted() const;
};

/// The tickets and the door's check-in, as the database keeps them (db/TicketStore). Issuing
/// and the keys' private halves need a manager's login; the rest a terminal's. Use from the
/// thread of the store's connection.
class TicketBook
{
public:
    virtual ~TicketBook() = default;

    /// The public keys by id, retired ones included (retiredAt set).
    [[nodiscard]] virtual Result<QList<TicketKey>> keys() = 0;
    /// Stores a new key pair, which signs from now on; returns its id.
    [[nodiscard]] virtual Result<quint16> addKey(const QByteArray& publicKey,
                                                 const QByteArray& secretKey) = 0;
    [[nodiscard]] virtual Status retireKey(quint16 id) = 0;
    /// The newest key not retired; nothing when there is none.
    [[nodiscard]] virtual Result<std::optional<SigningKey>> signingKey() = 0;

    /// Issues the tickets of confirmed booking `code` that have none yet (all of them again with
    /// `reprint`: the old serials are void from then on), signed by `signer`, in one
    /// transaction; returns the booking's valid tickets. A booking that is not confirmed is a
    /// Conflict; an unknown code NotFound.
    [[nodiscard]] virtual Result<QList<Ticket>> issue(const QString& code, bool reprint,
                                                      const TicketSigner& signer) = 0;
    /// Every key with its till and approval (a manager's login).
    [[nodiscard]] virtual Result<QList<TicketKeyInfo>> keyList() = 0;
    /// Approves till key `id` (a manager's login); NotFound for a key that is not a live till key.
    [[nodiscard]] virtual Status approveTillKey(quint16 id) = 0;
    /// Enrols the public half of this till's own key (the same key again: its state).
    [[nodiscard]] virtual Result<TillKey> enrolTillKey(const QByteArray& publicKey, const QUuid& terminalId,
                                                       const QString& terminal) = 0;
    /// Issues the first tickets of confirmed booking `code`, sold by this login at this till, signed
    /// by the till's approved key `signer`, in one transaction; returns them. Only once per
    /// booking (a Conflict after), never for another till's sale (Conflict).
    [[nodiscard]] virtual Result<QList<Ticket>> issueOwnSale(const QString& code,
                                                             const TicketSigner& signer) = 0;
    /// The valid tickets of booking `code` (empty when none was issued yet).
    [[nodiscard]] virtual Result<QList<Ticket>> tickets(const QString& code) = 0;

    /// Admits the ticket of a verified payload at `door` exactly once; `showtimeId` 0 accepts
    /// any showtime. A refusal is a verdict, not an error.
    [[nodiscard]] virtual Result<CheckinResult> checkin(const TicketPayload& payload, const QString& text,
                                                        const QString& door, int showtimeId) = 0;
    /// Undoes the standing admit of `serial` made at `door` within `withinSeconds`; false when
    /// there is none.
    [[nodiscard]] virtual Result<bool> undoCheckin(quint32 serial, const QString& door,
                                                   int withinSeconds) = 0;
    [[nodiscard]] virtual Result<CheckinList> checkins(int showtimeId) = 0;
};

} // namespace bo
