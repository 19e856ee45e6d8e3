// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <atomic>
#include <functional>

#include "model/seats/seatcommands.h"

namespace bo::test {

/// Seat commands whose answers the test scripts, one function per operation (unset: an
/// Internal error); every call is counted. For unit tests of what sits on the SeatCommands port.
class ScriptedSeatCommands final : public SeatCommands
{
public:
    std::function<Result<HoldDecision>(int, const QList<int>&, const QUuid&, std::optional<int>)> onHold;
    std::function<Result<int>(int, const QUuid&, const QList<int>&)> onRelease;
    std::function<Result<ConfirmResult>(const ConfirmRequest&)> onConfirm;
    std::function<Result<SweepResult>(int)> onSweep;
    std::function<Result<int>()> onPurge;
    std::atomic<int> calls{0};
    std::atomic<int> purges{0};

    Result<HoldDecision> hold(int showtimeId, const QList<int>& seatIds, const QUuid& owner,
                              std::optional<int> ttlSeconds) override
    {
        ++calls;
        return onHold ? onHold(showtimeId, seatIds, owner, ttlSeconds) : Result<HoldDecision>(unscripted());
    }
    Result<PaymentStart> beginPayment(int, const QList<int>&, const QUuid&, const QString&,
                                      std::optional<int>, const QUuid&) override
    {
        ++calls;
        return unscripted();
    }
    Result<int> release(int showtimeId, const QUuid& owner, const QList<int>& seatIds) override
    {
        ++calls;
        return onRelease ? onRelease(showtimeId, owner, seatIds) : Result<int>(unscripted());
    }
    Result<ConfirmResult> confirm(const ConfirmRequest& request) override
    {
        ++calls;
        return onConfirm ? onConfirm(request) : Result<ConfirmResult>(unscripted());
    }
    Result<SweepResult> sweep(int batch) override
    {
        ++calls;
        return onSweep ? onSweep(batch) : Result<SweepResult>(unscripted());
    }
    Result<int> purgeExpiredKeys() override
    {
        ++purges;
        return onPurge ? onPurge() : Result<int>(0);
    }
    Result<QList<SeatState>> seats(int, const QUuid&) override
    {
        ++calls;
        return unscripted();
    }

private:
    static Error unscripted() { return makeError(ErrorCode::Internal, QStringLiteral("not scripted")); }
};

} // namespace bo::test
