// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/sale/checkedseatcommands.h"

#include <QCoreApplication>
#include <QSet>

#include <spdlog/spdlog.h>

#include "model/core/logtext.h"
#include "model/seats/seatcommands.h"

namespace bo {
CheckedSeatCommands::CheckedSeatCommands(SeatCommands& seats, SaleRules rules)
    : m_seats(seats)
    , m_rules(std::move(rules))
{}

CheckedSeatCommands::CheckedSeatCommands(SeatCommands& seats, int maxSeatsPerSale)
    : CheckedSeatCommands(seats, SaleRules(SaleSettings{.maxSeatsPerSale = maxSeatsPerSale}))
{}

QUuid CheckedSeatCommands::newToken()
{
    return QUuid::createUuid();
}

Result<QUuid> CheckedSeatCommands::parseUuid(const QString& text, const QString& what)
{
    const QString trimmed = text.trimmed();
    const QUuid id = QUuid::fromString(trimmed);
    if (trimmed.isEmpty() || id.isNull())
        return makeError(
            ErrorCode::BadInput,
            tr("The %1 '%2' is not a UUID (like 3f2b8c1e-9d4a-4c1b-8e7f-0a1b2c3d4e5f).").arg(what, trimmed));
    return id;
}

Result<HoldDecision> CheckedSeatCommands::hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                               std::optional<int> ttlSeconds)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, tr("The hold token is missing."));
    if (Status s = m_rules.checkSeats(seatIds); !s)
        return s.error();
    auto result = m_seats.hold(showtimeId, seatIds, owner, ttlSeconds);
    if (!result)
        return result.error();
    const HoldDecision& r = result.value();
    if (!r.granted) {
        spdlog::info("hold {} on showtime {}: {} of {} seats unavailable", logText(owner), showtimeId,
                     r.unavailable.size(), seatIds.size());
        return r;
    }
    spdlog::debug("hold {} on showtime {}: {} seats until {}", logText(owner), showtimeId, seatIds.size(),
                  r.heldUntil.toString(Qt::ISODateWithMs).toStdString());
    return r;
}

Result<PaymentStart> CheckedSeatCommands::beginPayment(int showtimeId, const QList<int>& seatIds,
                                                       const QUuid& owner, const QString& terminal,
                                                       const QUuid& terminalId)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, tr("The hold token is missing."));
    if (terminal.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, tr("The terminal name is missing."));
    if (Status s = m_rules.checkSeats(seatIds); !s)
        return s.error();
    auto result = m_seats.beginPayment(showtimeId, seatIds, owner, terminal, std::nullopt, terminalId);
    if (result && result.value().hold.granted)
        spdlog::info("hold {} on showtime {}: payment step, booking {}", logText(owner), showtimeId,
                     result.value().bookingCode.toStdString());
    return result;
}

Result<int> CheckedSeatCommands::release(int showtimeId, const QUuid& owner, const QList<int>& seatIds)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput, tr("The hold token is missing."));
    auto result = m_seats.release(showtimeId, owner, seatIds);
    if (result)
        spdlog::info("hold {} on showtime {}: released {} seats", logText(owner), showtimeId, result.value());
    return result;
}

Result<ConfirmResult> CheckedSeatCommands::confirm(const ConfirmRequest& request)
{
    if (request.owner.isNull())
        return makeError(ErrorCode::BadInput, tr("The hold token is missing."));
    if (request.key.isNull())
        return makeError(ErrorCode::BadInput, tr("The idempotency key is missing."));
    if (request.terminal.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput, tr("The terminal name is missing."));
    if (!request.seatIds.isEmpty()) {
        if (Status s = m_rules.checkSeats(request.seatIds); !s)
            return s.error();
    }
    if (!request.tiers.isEmpty() && request.tiers.size() != request.seatIds.size())
        return makeError(ErrorCode::BadInput, tr("Give one ticket type per seat."));
    auto result = m_seats.confirm(request);
    if (result)
        spdlog::info("hold {} on showtime {}: {} booking {} ({} seats, {} {})", logText(request.owner),
                     request.showtimeId, result.value().replayed ? "replayed" : "confirmed",
                     result.value().code.toStdString(), result.value().seats.size(),
                     result.value().totalMinor, result.value().currency.toStdString());
    else
        spdlog::info("hold {} on showtime {}: confirm refused: {}", logText(request.owner),
                     request.showtimeId, result.error().detail.toStdString());
    return result;
}

} // namespace bo
