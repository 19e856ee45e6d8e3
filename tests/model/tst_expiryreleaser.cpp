// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <algorithm>

#include <QSet>

#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "model/seats/expiryreleaser.h"
#include "tests/support/errorcodename.h"
#include "tests/support/paidsale.h"
#include "tests/support/releaserrelay.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::codeName;
using bo::test::joined;
using bo::test::Relay;
using bo::test::TestDatabase;

namespace {

/// Every seat id carried by the seatsReleased signals recorded in `spy` for `showtime`.
QList<int> releasedSeats(const QSignalSpy& spy, int showtime)
{
    QList<int> out;
    for (const QList<QVariant>& args : spy) {
        if (args.at(0).toInt() == showtime)
            out += args.at(1).value<QList<int>>();
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TstExpiryReleaser final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        m_connection = m_db->connect();
        QVERIFY(m_connection);
    }

    void cleanup()
    {
        m_connection.reset();
        m_db.reset();
    }

    void expiredHoldIsAvailableToOthersBeforeAnySweep()
    {
        const int showtime = m_db->addShowtime(2, 10);
        QVERIFY(showtime > 0);
        const QList<int> all = m_db->seatIds(showtime);
        const QList<int> seats{all[2], all[3], all[4]};
        const QUuid first = CheckedSeatCommands::newToken();
        const QUuid second = CheckedSeatCommands::newToken();
        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);

        auto held = service.hold(showtime, seats, first);
        QVERIFY(held.ok());
        QVERIFY(held.value().granted);
        QVERIFY(held.value().remainingMs() > 0);
        // While the hold is live another sale is refused.
        auto early = service.hold(showtime, {seats[1]}, second);
        QVERIFY(early.ok());
        QVERIFY(!early.value().granted);
        QCOMPARE(early.value().unavailable, QList<int>{seats[1]});

        // The hold runs out by the database's own clock (no sleeping against a short TTL, which
        // a loaded machine can outlast before the refusal above).
        QCOMPARE(m_db->expireHoldsOf(first), 3);
        // No releaser runs: the row still says HELD by the first sale, yet it is free to take.
        QCOMPARE(m_db->heldSeats(showtime, first), joined(seats));
        auto late = service.hold(showtime, {seats[0], seats[1]}, second);
        QVERIFY(late.ok());
        QVERIFY(late.value().granted);

        // The first sale's confirm of its (expired) seats is refused. Seats 0 and 1 were taken by
        // the second sale, so bo_confirm reports a Conflict naming every seat it could not confirm
        // (the merely expired seats[2] too); seats[2] alone is refused as Expired.
        auto confirmAll =
            service.confirm({QStringLiteral("till-1"), QUuid::createUuid(), showtime, first, seats, {}, {}});
        QVERIFY(!confirmAll.ok());
        QCOMPARE(codeName(confirmAll.error().code), codeName(ErrorCode::Conflict));
        QCOMPARE(confirmAll.error().seats, seats);
        auto confirmExpired = service.confirm(
            {QStringLiteral("till-1"), QUuid::createUuid(), showtime, first, {seats[2]}, {}, {}});
        QVERIFY(!confirmExpired.ok());
        QCOMPARE(codeName(confirmExpired.error().code), codeName(ErrorCode::Expired));

        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("0"));
        QCOMPARE(m_db->seatStates(showtime, {seats[0], seats[1]}),
                 QStringLiteral("HELD:%1,HELD:%1").arg(second.toString(QUuid::WithoutBraces)));
    }

    void confirmAfterExpiryIsRefused_data()
    {
        QTest::addColumn<bool>("listed");
        QTest::newRow("the seats listed") << true;
        QTest::newRow("every seat of the sale") << false;
    }

    void confirmAfterExpiryIsRefused()
    {
        QFETCH(bool, listed);
        const int showtime = m_db->addShowtime(1, 8);
        QVERIFY(showtime > 0);
        const QList<int> all = m_db->seatIds(showtime);
        const QList<int> seats{all[0], all[1]};
        const QList<int> liveSeats{all[4], all[5]};
        const QUuid owner = CheckedSeatCommands::newToken();
        const QUuid liveOwner = CheckedSeatCommands::newToken();
        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        auto held = service.hold(showtime, seats, owner);
        QVERIFY(held.ok() && held.value().granted);
        auto liveHeld = service.hold(showtime, liveSeats, liveOwner);
        QVERIFY(liveHeld.ok() && liveHeld.value().granted);

        // The hold runs out by the database's own clock; nothing sweeps it, so the rows still name
        // the sale and only the deadline can refuse the confirm.
        QCOMPARE(m_db->expireHoldsOf(owner), 2);
        const QString ownRows = QStringLiteral("HELD:%1,HELD:%1").arg(owner.toString(QUuid::WithoutBraces));
        QCOMPARE(m_db->seatStates(showtime, seats), ownRows);

        auto confirmed = service.confirm({QStringLiteral("till-1"),
                                          QUuid::createUuid(),
                                          showtime,
                                          owner,
                                          listed ? seats : QList<int>{},
                                          {},
                                          {}});
        QVERIFY(!confirmed.ok());
        QCOMPARE(codeName(confirmed.error().code), codeName(ErrorCode::Expired));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("0"));
        QCOMPARE(m_db->seatStates(showtime, seats), ownRows);

        // The same confirm of a live hold, paid as a till pays, is accepted: the refusal above was
        // the deadline's (the payment rule is judged after it).
        ConfirmRequest liveSale{QStringLiteral("till-1"),
                                QUuid::createUuid(),
                                showtime,
                                liveOwner,
                                listed ? liveSeats : QList<int>{},
                                {},
                                {}};
        QVERIFY_PAID(*m_connection, liveSale);
        auto live = service.confirm(liveSale);
        QVERIFY2(live.ok(), live.ok() ? "" : qPrintable(live.error().detail));
        QCOMPARE(m_db->seatStates(showtime, liveSeats), QStringLiteral("RESERVED:,RESERVED:"));
        QCOMPARE(m_db->seatStates(showtime, seats), ownRows);
    }

    void releaserFreesExpiredSeatsAndExpiresPendingBooking()
    {
        const int showtime = m_db->addShowtime(2, 10);
        QVERIFY(showtime > 0);
        const QList<int> all = m_db->seatIds(showtime);
        const QList<int> seats{all[7], all[8], all[9]};
        const QUuid owner = CheckedSeatCommands::newToken();
        SeatStore store(*m_connection);
        auto held = store.hold(showtime, seats, owner);
        QVERIFY(held.ok() && held.value().granted);

        ExpiryReleaser releaser(SeatStore::factory(m_db->serviceSettings(), QStringLiteral("releaser")),
                                {200, 50, 900});
        Relay relay(releaser);
        QSignalSpy released(&relay, &Relay::seatsReleased);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        QSignalSpy failed(&relay, &Relay::sweepFailed);
        releaser.start();
        QVERIFY(releaser.isRunning());

        // The first sweep runs at once and finds only a live (5 minute) hold: nothing is freed.
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 5000);
        QCOMPARE(finished.first().at(0).toInt(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("3"));

        // Moving to payment with a 1 s payment time; the timer's later ticks must expire it.
        auto payment = store.beginPayment(showtime, seats, owner, QStringLiteral("till-1"), 1);
        QVERIFY2(payment.ok(), qPrintable(payment.ok() ? QString() : payment.error().detail));
        QVERIFY(payment.value().hold.granted);
        QVERIFY(!payment.value().bookingId.isNull());
        const QString booking = payment.value().bookingId.toString(QUuid::WithoutBraces);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking WHERE id = '%1'").arg(booking)),
                 QStringLiteral("PENDING"));

        QTRY_COMPARE_WITH_TIMEOUT(releaser.seatsFreed(), 3, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(releaser.bookingsExpired(), 1, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(releasedSeats(released, showtime).size(), 3, 5000);
        QList<int> expected = seats;
        std::sort(expected.begin(), expected.end());
        QCOMPARE(releasedSeats(released, showtime), expected);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(0).toString()));

        QCOMPARE(m_db->seatStates(showtime, seats), QStringLiteral("FREE:,FREE:,FREE:"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE held_by IS NOT NULL "
                                             "OR held_until IS NOT NULL")),
                 QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status || ':' || (closed_at IS NOT NULL) FROM booking "
                                             "WHERE id = '%1'")
                                  .arg(booking)),
                 QStringLiteral("EXPIRED:true"));

        // More ticks free nothing more.
        const qsizetype ticks = finished.size();
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= ticks + 2, 5000);
        QCOMPARE(releaser.seatsFreed(), 3);
        QCOMPARE(releaser.bookingsExpired(), 1);
        releaser.stop();
        QVERIFY(!releaser.isRunning());
    }

    void liveHoldIsNotFreedByReleaser()
    {
        const int showtime = m_db->addShowtime(2, 10);
        QVERIFY(showtime > 0);
        const QList<int> all = m_db->seatIds(showtime);
        const QList<int> live{all[0], all[1]};
        const QList<int> expiring{all[2], all[3], all[4], all[5]};
        const QUuid liveOwner = CheckedSeatCommands::newToken();
        const QUuid expiringOwner = CheckedSeatCommands::newToken();
        SeatStore store(*m_connection);
        auto liveHold = store.hold(showtime, live, liveOwner, 30);
        QVERIFY(liveHold.ok() && liveHold.value().granted);
        auto shortHold = store.hold(showtime, expiring, expiringOwner, 1);
        QVERIFY(shortHold.ok() && shortHold.value().granted);
        // A payment booking for the live sale must stay PENDING too.
        auto payment = store.beginPayment(showtime, live, liveOwner, QStringLiteral("till-1"), 30);
        QVERIFY(payment.ok() && payment.value().hold.granted);

        ExpiryReleaser releaser(SeatStore::factory(m_db->serviceSettings(), QStringLiteral("releaser")),
                                {200, 10, 900});
        Relay relay(releaser);
        QSignalSpy finished(&relay, &Relay::sweepFinished);
        releaser.start();
        QTRY_COMPARE_WITH_TIMEOUT(releaser.seatsFreed(), 4, 5000);
        const qsizetype ticks = finished.size();
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() >= ticks + 3, 5000);
        releaser.stop();

        QCOMPARE(releaser.seatsFreed(), 4);
        QCOMPARE(releaser.bookingsExpired(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(seat_id || ':' || status || ':' || "
                                             "coalesce(held_by::text, ''), ',' ORDER BY seat_id) "
                                             "FROM showtime_seat WHERE showtime_id = %1 AND status <> 'FREE'")
                                  .arg(showtime)),
                 QStringLiteral("%1:HELD:%3,%2:HELD:%3")
                     .arg(live[0])
                     .arg(live[1])
                     .arg(liveOwner.toString(QUuid::WithoutBraces)));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT string_agg(status, ',') FROM booking")),
                 QStringLiteral("PENDING"));
    }

    void twoReleasersFreeEachSeatOnce()
    {
        constexpr int rows = 10;
        constexpr int perRow = 20;
        constexpr int seatsPerOwner = 8;
        const int showtime = m_db->addShowtime(rows, perRow);
        QVERIFY(showtime > 0);
        const QList<int> all = m_db->seatIds(showtime);
        QCOMPARE(all.size(), rows * perRow);
        // Leave a few seats held live so the releasers must tell them apart.
        const QList<int> live = all.mid(0, 4);
        const QUuid liveOwner = CheckedSeatCommands::newToken();
        SeatStore store(*m_connection);
        auto liveHold = store.hold(showtime, live, liveOwner, 60);
        QVERIFY(liveHold.ok() && liveHold.value().granted);
        int expiring = 0;
        int owners = 0;
        for (qsizetype i = live.size(); i < all.size(); i += seatsPerOwner) {
            const QList<int> group = all.mid(i, seatsPerOwner);
            auto held = store.hold(showtime, group, CheckedSeatCommands::newToken(), 1);
            QVERIFY(held.ok() && held.value().granted);
            expiring += int(group.size());
            ++owners;
        }
        QCOMPARE(expiring, rows * perRow - 4);
        QVERIFY(owners >= 20);
        QTRY_COMPARE_WITH_TIMEOUT(
            m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE "
                                        "status = 'HELD' AND held_until < clock_timestamp()")),
            QString::number(expiring), 5000);

        ExpiryReleaser r1(SeatStore::factory(m_db->serviceSettings(), QStringLiteral("releaser")),
                          {200, 7, 900});
        ExpiryReleaser r2(SeatStore::factory(m_db->serviceSettings(), QStringLiteral("releaser")),
                          {200, 7, 900});
        Relay relay1(r1);
        Relay relay2(r2);
        QSignalSpy released1(&relay1, &Relay::seatsReleased);
        QSignalSpy released2(&relay2, &Relay::seatsReleased);
        QSignalSpy finished1(&relay1, &Relay::sweepFinished);
        QSignalSpy finished2(&relay2, &Relay::sweepFinished);
        QSignalSpy failed1(&relay1, &Relay::sweepFailed);
        QSignalSpy failed2(&relay2, &Relay::sweepFailed);
        r1.start();
        r2.start();
        QTRY_COMPARE_WITH_TIMEOUT(r1.seatsFreed() + r2.seatsFreed(), expiring, 10000);
        // A few more ticks of each: nothing is freed twice.
        const qsizetype ticks1 = finished1.size();
        const qsizetype ticks2 = finished2.size();
        QTRY_VERIFY_WITH_TIMEOUT(finished1.size() >= ticks1 + 2 && finished2.size() >= ticks2 + 2, 5000);
        r1.stop();
        r2.stop();

        qInfo("releaser 1 freed %d, releaser 2 freed %d of %d", r1.seatsFreed(), r2.seatsFreed(), expiring);
        QCOMPARE(r1.seatsFreed() + r2.seatsFreed(), expiring);
        QVERIFY(failed1.isEmpty());
        QVERIFY(failed2.isEmpty());
        QList<int> announced = releasedSeats(released1, showtime) + releasedSeats(released2, showtime);
        std::sort(announced.begin(), announced.end());
        QCOMPARE(announced.size(), expiring);
        QCOMPARE(QSet<int>(announced.cbegin(), announced.cend()).size(), expiring);
        QList<int> expected = all.mid(live.size());
        std::sort(expected.begin(), expected.end());
        QCOMPARE(announced, expected);

        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QString::number(live.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD' "
                                             "AND held_by = '%1'")
                                  .arg(liveOwner.toString(QUuid::WithoutBraces))),
                 QString::number(live.size()));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'FREE'")),
                 QString::number(expiring));
    }

private:
    std::unique_ptr<TestDatabase> m_db;
    std::unique_ptr<DbConnection> m_connection;
};

QTEST_GUILESS_MAIN(TstExpiryReleaser)
#include "tst_expiryreleaser.moc"
