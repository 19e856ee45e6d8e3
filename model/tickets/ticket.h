// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <optional>
#include <variant>

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include "model/core/result.h"

namespace bo {

/// What the QR code of a ticket carries (docs/DECISIONS.md, "Ticket payload"): the booking, the
/// seat, the showtime, the ticket's serial and the id of the key that signed it. Compact on
/// purpose: 23 bytes, then a 64-byte Ed25519 signature, the whole as 140 characters of base32
/// (QR alphanumeric mode; a keyboard-wedge scanner types it on any layout).
struct TicketPayload
{
    quint16 keyId = 0;
    quint32 serial = 0;
    qint32 showtimeId = 0;
    qint32 seatId = 0;
    QString bookingCode; ///< "XXXX-XXXX" as on the booking

    friend bool operator==(const TicketPayload&, const TicketPayload&) = default;
};

/// Why a scanned text is not a ticket this cinema issued.
enum class PayloadProblem {
    Unreadable, ///< not base32, wrong length or version: not one of our ticket codes
    UnknownKey, ///< signed by a key id this terminal does not know (or a retired one)
    Forged,     ///< the signature does not verify
};

/// Signs ticket payloads (the private half stays behind this port; the manager's process holds
/// it). An Ed25519 implementation over libsodium lives in app/adapters/tickets.
class TicketSigner
{
public:
    virtual ~TicketSigner() = default;
    /// The id of the key that signs (goes into the payload).
    [[nodiscard]] virtual quint16 keyId() const = 0;
    /// The 64-byte signature of `message`.
    [[nodiscard]] virtual QByteArray sign(const QByteArray& message) const = 0;
};

/// Checks signatures with public keys by id (rotation: several keys at once).
class TicketVerifier
{
public:
    virtual ~TicketVerifier() = default;
    [[nodiscard]] virtual bool knowsKey(quint16 keyId) const = 0;
    /// True when `signature` is the signature of `message` by key `keyId`.
    [[nodiscard]] virtual bool verify(quint16 keyId, const QByteArray& message,
                                      const QByteArray& signature) const = 0;
};

/// The payload's text form: encode() signs, decode() checks. Pure functions, Qt Core only.
namespace ticketcode {

inline constexpr quint8 version = 1;
inline constexpr int bodySize = 23;
inline constexpr int signatureSize = 64;

/// The 23 signed bytes: version, key id, serial, showtime, seat (big-endian), booking code.
[[nodiscard]] QByteArray body(const TicketPayload& payload);
/// The text a QR code carries: base32 (RFC 4648 alphabet, no padding) of body and signature.
[[nodiscard]] QString encode(const TicketPayload& payload, const TicketSigner& signer);
/// The payload of a scanned text whose signature verifies; else the problem. Surrounding white
/// space and lower case (some scanners) are accepted.
[[nodiscard]] std::variant<TicketPayload, PayloadProblem> decode(const QString& text,
                                                                 const TicketVerifier& verifier);
/// The payload without checking its signature (to name the serial of a refused scan).
[[nodiscard]] std::optional<TicketPayload> peek(const QString& text);

[[nodiscard]] QString base32(const QByteArray& bytes);
/// Empty, with `ok` false, on a character outside the alphabet.
[[nodiscard]] QByteArray fromBase32(const QString& text, bool* ok);

} // namespace ticketcode

/// Everything printed on one ticket (one per seat).
struct Ticket
{
    quint32 serial = 0;
    QString bookingCode;
    QString bookingStatus; ///< CONFIRMED, CANCELLED, ...
    int showtimeId = 0;
    int seatId = 0;
    QString cinema;
    QString hall;
    QString film;
    QString rating;
    QDateTime startsAt; ///< UTC
    QString seatLabel;  ///< "F7"
    QString seatKind;   ///< standard, premium, couple, wheelchair, companion
    QString tierCode;
    QString tierName;
    qint64 priceMinor = 0;
    QString currency;
    QDateTime soldAt; ///< UTC, the booking's confirm
    QString terminal;
    quint16 keyId = 0;
    QString payload; ///< the signed QR text
    bool reprint = false;
    QDateTime issuedAt;
};

/// A door's verdict on one scan (bo_checkin).
enum class CheckinVerdict {
    Admitted,
    AlreadyUsed,
    Reprinted, ///< a newer ticket replaced this one
    Cancelled,
    Refunded,
    NotValid, ///< the booking is in another state (pending, expired)
    WrongShowtime,
    Unknown,    ///< no ticket with this serial
    Forged,     ///< the signature or the stored payload does not match
    Unreadable, ///< not a ticket code
};

[[nodiscard]] QString checkinVerdictName(CheckinVerdict verdict);
/// The verdict of its name; nothing for a name this build does not know.
[[nodiscard]] std::optional<CheckinVerdict> checkinVerdictFromName(const QString& name);

struct CheckinResult
{
    CheckinVerdict verdict = CheckinVerdict::Unreadable;
    quint32 serial = 0;
    int showtimeId = 0;
    QString seatLabel;
    QString tierName;
    QDateTime admittedAt; ///< the admit (this one, or the earlier one that used the ticket)
    QString door;         ///< where that admit happened
    int admitted = 0;     ///< the showtime's admits standing
};

/// One admit of a showtime, as `checkins` lists them.
struct CheckinRecord
{
    quint32 serial = 0;
    QString bookingCode;
    QString seatLabel;
    QString tierName;
    QString door;
    QDateTime admittedAt;
    QDateTime undoneAt; ///< null while it stands
};

} // namespace bo
