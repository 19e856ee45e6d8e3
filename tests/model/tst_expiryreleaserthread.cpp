// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <atomic>
#include <memory>

#include "model/seats/expiryreleaser.h"
#include "tests/support/releaserrelay.h"
#include "tests/support/scriptedseatcommands.h"

using namespace bo;
using bo::test::Relay;
using bo::test::ScriptedSeatCommands;

namespace {

/// What the releaser's thread did with the seat commands it opened (read from the test thread).
struct Seen
{
    std::atomic<int> opens{0};
    std::atomic<int> sweeps{0};
    std::atomic<int> purges{0};
};

} // namespace

/// The releaser's own thread, timer and batching, against scripted seat commands (no database;
/// tst_expiryreleaser runs it against PostgreSQL).
class TstExpiryReleaserThread final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<QList<int>>(); }

    void expiredHoldsAreFreedInBatchesAndAnnouncedPerShowtime()
    {
        auto seen = std::make_shared<Seen>();
        ExpiryReleaser releaser(
            [seen]() -> Result<std::unique_ptr<SeatCommands>> {
                ++seen->opens;
                auto store = std::make_unique<ScriptedSeatCommands>();
                store->onSweep = [seen](int batch) {
                    const int call = ++seen->sweeps;
                    SweepResult r;
                    if (call == 1) {
                        for (int i = 0; i < batch; ++i)
                            r.seats.append(SweptSeat{1, 10 + i, QUuid::createUuid()});
                    } else if (call == 2) {
                        r.seats.append(SweptSeat{2, 7, QUuid::createUuid()});
                        r.bookings.append(
                            ExpiredBooking{2, QStringLiteral("AB12-CD34"), QUuid::createUuid()});
                    }
                    return Result<SweepResult>(r);
                };
                return std::unique_ptr<SeatCommands>(std::move(store));
            },
            {60000, 3, 900});
        Relay relay(releaser);
        QSignalSpy released(&relay, &Relay::seatsReleased);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        releaser.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
        QCOMPARE(finished.at(0).at(0).toInt(), 4);
        QCOMPARE(finished.at(0).at(1).toInt(), 1);
        QCOMPARE(seen->sweeps.load(), 2); // the second batch came back short
        QCOMPARE(released.count(), 2);
        QCOMPARE(released.at(0).at(0).toInt(), 1);
        QCOMPARE(released.at(0).at(1).value<QList<int>>(), (QList<int>{10, 11, 12}));
        QCOMPARE(released.at(1).at(0).toInt(), 2);
        QCOMPARE(releaser.seatsFreed(), 4);
        QCOMPARE(releaser.bookingsExpired(), 1);
        releaser.stop();
        QVERIFY(!releaser.isRunning());
    }

    void aConnectionThatCannotBeOpenedIsTriedAgainOnTheNextTick()
    {
        auto seen = std::make_shared<Seen>();
        ExpiryReleaser releaser(
            [seen]() -> Result<std::unique_ptr<SeatCommands>> {
                if (++seen->opens == 1)
                    return makeError(ErrorCode::Offline, QStringLiteral("The database cannot be reached."));
                auto store = std::make_unique<ScriptedSeatCommands>();
                store->onSweep = [](int) { return Result<SweepResult>(SweepResult{}); };
                return std::unique_ptr<SeatCommands>(std::move(store));
            },
            {20, 10, 900});
        Relay relay(releaser);
        QSignalSpy failed(&relay, &Relay::sweepFailed);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        releaser.start();
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QLatin1String("cannot be reached")));
        QCOMPARE(seen->opens.load(), 2);
    }

    void idempotencyKeysArePurgedEveryFewTicks()
    {
        auto seen = std::make_shared<Seen>();
        ExpiryReleaser releaser(
            [seen]() -> Result<std::unique_ptr<SeatCommands>> {
                auto store = std::make_unique<ScriptedSeatCommands>();
                store->onSweep = [](int) { return Result<SweepResult>(SweepResult{}); };
                store->onPurge = [seen] {
                    ++seen->purges;
                    return Result<int>(5);
                };
                return std::unique_ptr<SeatCommands>(std::move(store));
            },
            {10, 10, 3});
        Relay relay(releaser);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        releaser.start();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() >= 7, 5000);
        releaser.stop();
        QCoreApplication::sendPostedEvents(); // every tick's news, including those queued at the stop
        // Ticks 3 and 6 purged (the first sweep is tick 1); never on the others.
        const int ticks = int(finished.count());
        QCOMPARE(seen->purges.load(), ticks / 3);
    }

    void sweepNowRunsASweepAtOnce()
    {
        auto seen = std::make_shared<Seen>();
        ExpiryReleaser releaser(
            [seen]() -> Result<std::unique_ptr<SeatCommands>> {
                auto store = std::make_unique<ScriptedSeatCommands>();
                store->onSweep = [seen](int) {
                    ++seen->sweeps;
                    return Result<SweepResult>(SweepResult{});
                };
                return std::unique_ptr<SeatCommands>(std::move(store));
            },
            {60000, 10, 900});
        Relay relay(releaser);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        releaser.sweepNow(); // not started: nothing happens
        releaser.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 5000);
        releaser.sweepNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 5000);
        QCOMPARE(seen->sweeps.load(), 2);
    }
};

QTEST_GUILESS_MAIN(TstExpiryReleaserThread)
#include "tst_expiryreleaserthread.moc"
