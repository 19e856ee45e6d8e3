// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QMetaType>

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUuid>

namespace bo {

enum class SeatStatus { Free, Held, Reserved, Blocked };
enum class SeatKind { Standard, Premium, Couple, Wheelchair, Companion };
/// Why the database refused one seat of a hold: validly held by another sale, sold, blocked, or
/// locked by another transaction at that instant (its state unknown: re-read it, never guess).
enum class SeatRefusal { Held, Reserved, Blocked, Locked };

[[nodiscard]] SeatStatus seatStatusFromText(const QString& text);
[[nodiscard]] QString seatStatusText(SeatStatus status);
[[nodiscard]] SeatKind seatKindFromText(const QString& text);
[[nodiscard]] QString seatKindText(SeatKind kind);
/// 'held', 'reserved', 'blocked', 'locked'; anything else (a reason this build does not know)
/// reads as Locked: a state not known, to be re-read.
[[nodiscard]] SeatRefusal seatRefusalFromText(const QString& text);
[[nodiscard]] QString seatRefusalText(SeatRefusal refusal);

/// One seat of one showtime as the database sees it now. An expired hold reads as Free.
struct SeatState
{
    int seatId = 0;
    QString label; ///< as printed on the seat, e.g. "K12"
    QString row;
    int number = 0;
    SeatKind kind = SeatKind::Standard;
    double x = 0;
    double y = 0;
    double width = 1;
    SeatStatus status = SeatStatus::Free;
    QUuid heldBy;
    QDateTime heldUntil;
};

/// The answer to a request for more time (bo_extend_hold): granted with the sale's new deadline,
/// or refused when the sale has used the extensions the server allows (max_hold_extensions).
struct HoldExtension
{
    bool granted = false;
    QDateTime heldUntil; ///< UTC, database clock
    QDateTime dbNow;     ///< the database clock when it was decided
    int extensionsLeft = 0;

    [[nodiscard]] qint64 remainingMs() const { return dbNow.msecsTo(heldUntil); }
};

/// The answer to a hold: granted with its deadline on the database clock, or refused with the
/// seats that were unavailable and why (nothing was held).
struct HoldDecision
{
    bool granted = false;
    QDateTime heldUntil; ///< UTC, database clock
    QDateTime dbNow;     ///< the database clock when the hold was decided
    QList<int> unavailable;
    QList<SeatRefusal> refused; ///< parallel to `unavailable`: why each seat was refused

    /// Why `unavailable[index]` was refused; Locked (not known, re-read it) when not said.
    [[nodiscard]] SeatRefusal refusalAt(qsizetype index) const
    {
        return index >= 0 && index < refused.size() ? refused.at(index) : SeatRefusal::Locked;
    }

    /// Milliseconds the hold has left, measured on the database clock at grant time; start a
    /// monotonic countdown from this, never from the terminal's wall clock.
    [[nodiscard]] qint64 remainingMs() const { return granted ? dbNow.msecsTo(heldUntil) : 0; }
};

struct PaymentStart
{
    HoldDecision hold;
    QUuid bookingId;
    QString bookingCode;
};

struct ConfirmRequest
{
    QString terminal; ///< idempotency scope and the booking's terminal
    QUuid key;        ///< one per sale attempt, stored by the terminal before the first send
    int showtimeId = 0;
    QUuid owner;         ///< the sale's hold token
    QList<int> seatIds;  ///< empty: every seat the owner holds on the showtime
    QStringList tiers;   ///< empty, or one price tier code per seat in seatIds
    QJsonObject payment; ///< method, amounts, reference: stored with the booking
    QUuid terminalId{};  ///< the terminal's permanent id (settings), stored with the booking
};

struct BookedSeat
{
    int seatId = 0;
    QString label;
    QString tier;
    qint64 priceMinor = 0;
};

struct ConfirmResult
{
    QString responseJson; ///< the stored response, byte for byte as the database keeps it
    bool replayed = false;
    QUuid bookingId;
    QString code;
    QString status;
    qint64 totalMinor = 0;
    QString currency;
    QList<BookedSeat> seats;
};

struct SweptSeat
{
    int showtimeId = 0;
    int seatId = 0;
    QUuid holdToken;
};

struct ExpiredBooking
{
    int showtimeId = 0;
    QString code;
    QUuid holdToken;
};

struct SweepResult
{
    QList<SweptSeat> seats;
    QList<ExpiredBooking> bookings;
};

} // namespace bo

Q_DECLARE_METATYPE(bo::HoldExtension)
Q_DECLARE_METATYPE(bo::SeatState)
Q_DECLARE_METATYPE(bo::SeatRefusal)
Q_DECLARE_METATYPE(bo::ConfirmRequest)
Q_DECLARE_METATYPE(bo::ConfirmResult)
