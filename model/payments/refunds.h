// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QUuid>

#include <optional>

#include "model/core/result.h"

namespace bo {

/// What a refund of a booking (or of some of its seats) would be, before it is made.
struct RefundQuote
{
    QString bookingCode;
    int showtimeId = 0;
    QDateTime startsAt; ///< UTC
    QStringList seats;  ///< labels
    qint64 amountMinor = 0;
    QString currency;
    QString method; ///< how the first part goes back: "card", "cash", or "none" (no payment backs it)
    QUuid paymentKey;
    bool needsApproval = false; ///< above the configured amount or after the showtime started
    int seatsLeft = 0;          ///< what the booking keeps afterwards
    /// How the amount splits over what paid for the booking (after an exchange: the old booking's
    /// card and the cash the exchange added): back to the card first, the rest in cash.
    qint64 cardMinor = 0;
    qint64 cashMinor = 0;
};

struct RefundRequest
{
    QUuid key; ///< one per refund, kept by the caller until it is resolved
    QString bookingCode;
    QStringList seats; ///< empty: every seat the booking still has
    QString reason;
    QString terminal;
    QUuid terminalId;
    std::optional<int> approvedBy; ///< the supervisor whose PIN was just checked
    QString batch;                 ///< refund-all's, e.g. "showtime:42"; empty otherwise
};

enum class RefundState { Refunding, Refunded, Failed };

/// One more part of a refund that spans payments: each part gives back money of one payment, in
/// its own way (a card part through the gateway, a cash part out of the drawer) and state.
struct RefundPart
{
    QUuid key;
    QString method; ///< "card", "cash" or "none"
    qint64 amountMinor = 0;
    RefundState state = RefundState::Refunding;
};

struct RefundRecord
{
    QUuid key;
    QString bookingCode;
    int showtimeId = 0;
    QStringList seats;
    qint64 amountMinor = 0;
    QString currency;
    QString method;
    QUuid paymentKey;
    RefundState state = RefundState::Refunding;
    QString bookingStatus; ///< "CONFIRMED" (seats left) or "REFUNDED"
    bool replay = false;   ///< the key's refund existed already
    QString reason;
    QString failure;
    QString terminal;
    QDateTime createdAt; ///< UTC
    /// The refund's other parts, when it gives back more than one payment's money (method and
    /// amountMinor above are the first part's: the card's when a card paid).
    QList<RefundPart> parts;

    /// The whole refund: this part and the others.
    [[nodiscard]] qint64 totalMinor() const
    {
        qint64 total = amountMinor;
        for (const RefundPart& p : parts)
            total += p.amountMinor;
        return total;
    }
    /// What is handed back in cash now, out of the drawer (this part's and the others').
    [[nodiscard]] qint64 cashHandedBackMinor() const
    {
        qint64 cash = method == QLatin1String("cash") && state == RefundState::Refunded ? amountMinor : 0;
        for (const RefundPart& p : parts)
            if (p.method == QLatin1String("cash") && p.state == RefundState::Refunded)
                cash += p.amountMinor;
        return cash;
    }
};

/// A confirmed (or refunded) booking of a showtime: refund-all's work list.
struct ShowtimeBooking
{
    QString code;
    QString status;
    int seats = 0;
    qint64 totalMinor = 0;
};

/// An exchange: the booking's seats (all when `seats` is empty) for the seats `seatIds` of
/// showtime `showtimeId` that the sale `owner` holds, with their ticket types.
struct ExchangeRequest
{
    QUuid key; ///< one per exchange, kept by the caller until it answered
    QString bookingCode;
    QStringList seats;
    int showtimeId = 0;
    QUuid owner;
    QList<int> seatIds;
    QStringList tiers; ///< empty, or one per seat of seatIds
    QString reason;
    QString terminal;
    QUuid terminalId;
    std::optional<int> approvedBy;
};

struct ExchangeResult
{
    QUuid key;
    QString oldCode;
    QStringList oldSeats;
    qint64 oldAmountMinor = 0;
    QString newCode;
    QStringList newSeats;
    qint64 newAmountMinor = 0;
    qint64 differenceMinor = 0; ///< above 0 paid in cash at the till, below 0 given back
    QString currency;
    QUuid paymentKey;                   ///< the cash payment of a dearer exchange
    std::optional<RefundRecord> refund; ///< what a cheaper one gave back (a card's may be Refunding)
    bool replay = false;
};

/// Refunds kept by the database (migration 0036): the seats go back on sale and the money's
/// record is written in one transaction; a card refund stays Refunding until the gateway's answer.
class Refunds
{
public:
    virtual ~Refunds() = default;

    /// The booking `bookingCode` as a refund of `seats` (all when empty) would see it. At a till
    /// only with a member signed in at `terminalId` (the server checks; a manager needs none).
    [[nodiscard]] virtual Result<RefundQuote> quote(const QString& bookingCode, const QStringList& seats,
                                                    const QUuid& terminalId) = 0;
    [[nodiscard]] virtual Result<RefundRecord> begin(const RefundRequest& request) = 0;
    /// Records a Refunding refund's end: a card's by the gateway's answer; refund-all's owed cash
    /// by the till (`terminalId`) that hands it back out of its open drawer.
    [[nodiscard]] virtual Result<RefundRecord> finish(const QUuid& key, bool refunded,
                                                      const QString& reference, const QString& failure,
                                                      const QUuid& terminalId = {}) = 0;
    /// One refund by its key (the payment service's look-up of a card refund it is asked to send).
    [[nodiscard]] virtual Result<RefundRecord> find(const QUuid& key) = 0;
    /// Of a booking, of a batch, or (open) every refund still waiting for its gateway.
    [[nodiscard]] virtual Result<QList<RefundRecord>> list(const QString& bookingCode, const QString& batch,
                                                           bool openOnly) = 0;
    [[nodiscard]] virtual Result<QList<ShowtimeBooking>> showtimeBookings(int showtimeId) = 0;
    /// The old seats for the new in one transaction (migration 0037): either both changed or neither.
    [[nodiscard]] virtual Result<ExchangeResult> exchange(const ExchangeRequest& request) = 0;
};

[[nodiscard]] QString refundStateName(RefundState state); ///< "refunding", "refunded", "failed"

} // namespace bo
