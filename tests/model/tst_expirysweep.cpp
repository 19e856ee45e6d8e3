// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/seats/expirysweep.h"
#include "model/seats/seatcommands.h"

using namespace bo;

namespace {

/// Seat commands whose sweep hands out prepared batches (a batch of -1 seats: an error).
class BatchSweeper final : public SeatCommands
{
public:
    explicit BatchSweeper(QList<int> batches)
        : m_batches(std::move(batches))
    {}

    Result<HoldDecision> hold(int, const QList<int>&, const QUuid&, std::optional<int>) override
    {
        return unused();
    }
    Result<PaymentStart> beginPayment(int, const QList<int>&, const QUuid&, const QString&,
                                      std::optional<int>, const QUuid&) override
    {
        return unused();
    }
    Result<int> release(int, const QUuid&, const QList<int>&) override { return unused(); }
    Result<ConfirmResult> confirm(const ConfirmRequest&) override { return unused(); }
    Result<int> purgeExpiredKeys() override { return unused(); }
    Result<QList<SeatState>> seats(int, const QUuid&) override { return unused(); }

    Result<SweepResult> sweep(int batch) override
    {
        ++calls;
        lastBatchSize = batch;
        const int n = m_batches.isEmpty() ? 0 : m_batches.takeFirst();
        if (n < 0)
            return makeError(ErrorCode::Offline, QStringLiteral("gone"));
        SweepResult r;
        for (int i = 0; i < n; ++i)
            r.seats.append(SweptSeat{1, i, QUuid::createUuid()});
        return r;
    }

    int calls = 0;
    int lastBatchSize = 0;

private:
    static Error unused() { return makeError(ErrorCode::Internal, QStringLiteral("not used by the sweep")); }
    QList<int> m_batches;
};

} // namespace

class TstExpirySweep final : public QObject
{
    Q_OBJECT

private slots:
    void fullBatchesGoOnUntilOneComesBackShort()
    {
        BatchSweeper sweeper({10, 10, 3, 10});
        int handed = 0;
        const SweepRun run =
            sweepExpired(sweeper, 10, 50, [&](const SweepResult& r) { handed += int(r.seats.size()); });
        QCOMPARE(sweeper.calls, 3);
        QCOMPARE(sweeper.lastBatchSize, 10);
        QCOMPARE(run.seatsFreed, 23);
        QCOMPARE(handed, 23);
        QVERIFY(!run.error);
    }

    void noMoreThanTheLimitOfBatches()
    {
        BatchSweeper sweeper({5, 5, 5, 5, 5});
        const SweepRun run = sweepExpired(sweeper, 5, 2);
        QCOMPARE(sweeper.calls, 2);
        QCOMPARE(run.seatsFreed, 10);
    }

    void anErrorStopsTheRunAndKeepsWhatWasFreed()
    {
        BatchSweeper sweeper({4, -1, 4});
        const SweepRun run = sweepExpired(sweeper, 4, 50);
        QCOMPARE(sweeper.calls, 2);
        QCOMPARE(run.seatsFreed, 4);
        QVERIFY(run.error);
        QCOMPARE(run.error->code, ErrorCode::Offline);
    }
};

QTEST_GUILESS_MAIN(TstExpirySweep)
#include "tst_expirysweep.moc"
