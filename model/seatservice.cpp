// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "model/seatservice.h"

#include <QCoreApplication>
#include <QSet>

#include <spdlog/spdlog.h>

#include "model/seatcommands.h"

namespace bo {
namespace {

std::string token(const QUuid& id)
{
    return id.toString(QUuid::WithoutBraces).toStdString();
}

} // namespace

SeatService::SeatService(SeatCommands& seats, int maxSeatsPerSale)
    : m_seats(seats)
    , m_maxSeats(maxSeatsPerSale)
{}

QUuid SeatService::newToken()
{
    return QUuid::createUuid();
}

Result<QUuid> SeatService::parseUuid(const QString& text, const QString& what)
{
    const QString trimmed = text.trimmed();
    const QUuid id = QUuid::fromString(trimmed);
    if (trimmed.isEmpty() || id.isNull())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate(
                             "bo", "The %1 '%2' is not a UUID (like 3f2b8c1e-9d4a-4c1b-8e7f-0a1b2c3d4e5f).")
                             .arg(what, trimmed));
    return id;
}

Status SeatService::checkSeats(const QList<int>& seatIds) const
{
    if (seatIds.isEmpty())
        return makeError(ErrorCode::BadInput, QCoreApplication::translate("bo", "No seats were given."));
    const QSet<int> distinct(seatIds.cbegin(), seatIds.cend());
    if (distinct.size() != seatIds.size())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The same seat is listed more than once."));
    if (seatIds.size() > m_maxSeats)
        return makeError(ErrorCode::BadInput, QCoreApplication::translate(
                                                  "bo", "%1 seats requested; at most %2 can be sold at once.")
                                                  .arg(seatIds.size())
                                                  .arg(m_maxSeats));
    return success();
}

Result<HoldDecision> SeatService::hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                                       std::optional<int> ttlSeconds)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The hold token is missing."));
    if (Status s = checkSeats(seatIds); !s)
        return s.error();
    auto result = m_seats.hold(showtimeId, seatIds, owner, ttlSeconds);
    if (!result)
        return result.error();
    const HoldDecision& r = result.value();
    if (!r.granted) {
        spdlog::info("hold {} on showtime {}: {} of {} seats unavailable", token(owner), showtimeId,
                     r.unavailable.size(), seatIds.size());
        return r;
    }
    spdlog::debug("hold {} on showtime {}: {} seats until {}", token(owner), showtimeId, seatIds.size(),
                  r.heldUntil.toString(Qt::ISODateWithMs).toStdString());
    return r;
}

Result<int> SeatService::release(int showtimeId, const QUuid& owner, const QList<int>& seatIds)
{
    if (owner.isNull())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The hold token is missing."));
    auto result = m_seats.release(showtimeId, owner, seatIds);
    if (result)
        spdlog::info("hold {} on showtime {}: released {} seats", token(owner), showtimeId, result.value());
    return result;
}

Result<ConfirmResult> SeatService::confirm(const ConfirmRequest& request)
{
    if (request.owner.isNull())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The hold token is missing."));
    if (request.key.isNull())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The idempotency key is missing."));
    if (request.terminal.trimmed().isEmpty())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "The terminal name is missing."));
    if (!request.seatIds.isEmpty()) {
        if (Status s = checkSeats(request.seatIds); !s)
            return s.error();
    }
    if (!request.tiers.isEmpty() && request.tiers.size() != request.seatIds.size())
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo", "Give one ticket type per seat."));
    auto result = m_seats.confirm(request);
    if (result)
        spdlog::info("hold {} on showtime {}: {} booking {} ({} seats, {} {})", token(request.owner),
                     request.showtimeId, result.value().replayed ? "replayed" : "confirmed",
                     result.value().code.toStdString(), result.value().seats.size(),
                     result.value().totalMinor, result.value().currency.toStdString());
    else
        spdlog::info("hold {} on showtime {}: confirm refused: {}", token(request.owner), request.showtimeId,
                     result.error().detail.toStdString());
    return result;
}

} // namespace bo
