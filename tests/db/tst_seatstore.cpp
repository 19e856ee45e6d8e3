// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <atomic>
#include <functional>
#include <optional>
#include <thread>

#include <QScopeGuard>
#include <QSqlDriver>

#include "db/announcer.h"
#include "db/catalogstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paidsale.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;

class TstSeatStore final : public QObject
{
    Q_OBJECT

private slots:
    void init() { m_rig.create(); }

    void cleanup() { m_rig.reset(); }

    void holdGrantsEverySeatWithTheDatabaseDeadline()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        auto r = store.hold(m_showtime, {m_seats[2], m_seats[0], m_seats[1]}, me);
        QVERIFY(r.ok());
        QVERIFY(r.value().granted);
        QVERIFY(r.value().unavailable.isEmpty());
        // Default selection TTL is 300 s, measured on the database clock.
        QVERIFY2(qAbs(r.value().remainingMs() - 300000) < 50,
                 qPrintable(QString::number(r.value().remainingMs())));
        const QString held = QStringLiteral("HELD:%1").arg(me.toString(QUuid::WithoutBraces));
        QCOMPARE(m_db->seatStates(m_showtime, m_seats.mid(0, 3)),
                 QStringList(3, held).join(QLatin1Char(',')));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("3"));
    }

    void holdOfTakenSeatConflictsAndHoldsNothing()
    {
        SeatStore store(*m_connection);
        const QUuid other = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[1]}, other).value().granted);
        const QUuid me = CheckedSeatCommands::newToken();
        auto r = store.hold(m_showtime, {m_seats[0], m_seats[1], m_seats[2]}, me);
        QVERIFY(r.ok());
        QVERIFY(!r.value().granted);
        QCOMPARE(r.value().unavailable, QList<int>{m_seats[1]});
        QCOMPARE(m_db->seatStates(m_showtime, {m_seats[0], m_seats[2]}), QStringLiteral("FREE:,FREE:"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE held_by = '%1'")
                                  .arg(me.toString(QUuid::WithoutBraces))),
                 QStringLiteral("0"));
    }

    /// A refused hold says per seat why, so that a terminal need not read every refused seat again
    /// (docs/DECISIONS.md, "A refused hold says why, per seat"): held by another sale, sold,
    /// blocked, or locked at that instant by another transaction (here a session of the owner keeps
    /// the row locked with SELECT ... FOR UPDATE in an open transaction). Free seats are not named.
    void aRefusedHoldSaysPerSeatWhy_data()
    {
        QTest::addColumn<bool>("payment");
        QTest::newRow("hold") << false;
        QTest::newRow("begin payment") << true;
    }

    void aRefusedHoldSaysPerSeatWhy()
    {
        QFETCH(bool, payment);
        SeatStore store(*m_connection);
        const QUuid other = CheckedSeatCommands::newToken();
        const int held = m_seats[1];
        const int sold = m_seats[2];
        const int blocked = m_seats[3];
        const int locked = m_seats[4];
        QVERIFY(store.hold(m_showtime, {held}, other).value().granted);
        const QUuid buyer = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {sold}, buyer).value().granted);
        ConfirmRequest sale{QStringLiteral("till-2"),
                            QUuid::createUuid(),
                            m_showtime,
                            buyer,
                            {sold},
                            {QStringLiteral("adult")},
                            QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}}};
        QVERIFY_PAID(*m_connection, sale);
        auto bought = store.confirm(sale);
        QVERIFY2(bought.ok(), qPrintable(bought.ok() ? QString() : bought.error().detail));
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' "
                                         "WHERE showtime_id = %1 AND seat_id = %2")
                              .arg(m_showtime)
                              .arg(blocked)));
        auto locker = m_db->connectAsOwner(QStringLiteral("locker"));
        QVERIFY(locker);
        QVERIFY(locker->begin().ok());
        const auto unlock = qScopeGuard([&] { locker->rollback(); });
        auto lock = locker->exec(seatLock(locked));
        QVERIFY(lock.ok());
        QVERIFY(lock.value().next());

        const QUuid me = CheckedSeatCommands::newToken();
        const QList<int> asked{m_seats[0], locked, blocked, sold, held, m_seats[5]};
        HoldDecision d;
        if (payment) {
            auto r = store.beginPayment(m_showtime, asked, me, QStringLiteral("till-1"));
            QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().detail));
            d = r.value().hold;
        } else {
            auto r = store.hold(m_showtime, asked, me);
            QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().detail));
            d = r.value();
        }
        QVERIFY(!d.granted);
        QCOMPARE(d.refused.size(), d.unavailable.size());
        QHash<int, SeatRefusal> why;
        for (qsizetype i = 0; i < d.unavailable.size(); ++i)
            why.insert(d.unavailable.at(i), d.refused.at(i));
        const QHash<int, SeatRefusal> expected{{held, SeatRefusal::Held},
                                               {sold, SeatRefusal::Reserved},
                                               {blocked, SeatRefusal::Blocked},
                                               {locked, SeatRefusal::Locked}};
        QCOMPARE(why, expected);
        QCOMPARE(m_db->heldSeats(m_showtime, me), QString());
    }

    void serviceReportsTheTakenSeats()
    {
        SeatStore store(*m_connection);
        QVERIFY(store.hold(m_showtime, {m_seats[4], m_seats[6]}, CheckedSeatCommands::newToken())
                    .value()
                    .granted);
        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 10);
        auto r =
            service.hold(m_showtime, {m_seats[5], m_seats[6], m_seats[4]}, CheckedSeatCommands::newToken());
        QVERIFY(r.ok());
        QVERIFY(!r.value().granted);
        QCOMPARE(r.value().unavailable, (QList<int>{m_seats[4], m_seats[6]}));
    }

    void holdByTheOwnerExtendsTheDeadline()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        auto first = store.hold(m_showtime, {m_seats[0], m_seats[1]}, me, 10);
        QVERIFY(first.value().granted);
        auto second = store.hold(m_showtime, {m_seats[0], m_seats[1]}, me, 200);
        QVERIFY(second.value().granted);
        QVERIFY(second.value().heldUntil > first.value().heldUntil.addSecs(150));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE held_until > now() + "
                                             "interval '150 s'")),
                 QStringLiteral("2"));
    }

    void holdOfAnotherOwnersLiveHoldIsRefused()
    {
        SeatStore store(*m_connection);
        const QUuid a = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[3]}, a).value().granted);
        auto r = store.hold(m_showtime, {m_seats[3]}, CheckedSeatCommands::newToken());
        QVERIFY(r.ok());
        QVERIFY(!r.value().granted);
        QCOMPARE(m_db->seatStates(m_showtime, {m_seats[3]}),
                 QStringLiteral("HELD:") + a.toString(QUuid::WithoutBraces));
    }

    void expiredHoldIsTakenOverByAnotherOwner()
    {
        SeatStore store(*m_connection);
        const QUuid a = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0], m_seats[1]}, a, 1).value().granted);
        QTest::qWait(1200);
        const QUuid b = CheckedSeatCommands::newToken();
        auto r = store.hold(m_showtime, {m_seats[1], m_seats[2]}, b);
        QVERIFY(r.value().granted);
        const QString heldB = QStringLiteral("HELD:") + b.toString(QUuid::WithoutBraces);
        QCOMPARE(m_db->seatStates(m_showtime, {m_seats[1], m_seats[2]}), heldB + QLatin1Char(',') + heldB);
    }

    void releaseFreesOnlyTheOwnersSeats()
    {
        SeatStore store(*m_connection);
        const QUuid a = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0], m_seats[1], m_seats[2]}, a).value().granted);
        auto stranger = store.release(m_showtime, CheckedSeatCommands::newToken());
        QVERIFY(stranger.ok());
        QCOMPARE(stranger.value(), 0);
        auto one = store.release(m_showtime, a, {m_seats[2]});
        QCOMPARE(one.value(), 1);
        auto rest = store.release(m_showtime, a);
        QCOMPARE(rest.value(), 2);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status <> 'FREE'")),
                 QStringLiteral("0"));
    }

    void confirmReservesTheSeatsAndBooksThemOnce()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0], m_seats[1]}, me).value().granted);
        ConfirmRequest request{QStringLiteral("till-1"),
                               QUuid::createUuid(),
                               m_showtime,
                               me,
                               {m_seats[0], m_seats[1]},
                               {QStringLiteral("adult"), QStringLiteral("child")},
                               QJsonObject{{QStringLiteral("method"), QStringLiteral("cash")}}};
        QVERIFY_PAID(*m_connection, request);
        auto r = store.confirm(request);
        QVERIFY2(r.ok(), qPrintable(r.ok() ? QString() : r.error().detail));
        QCOMPARE(r.value().status, QStringLiteral("CONFIRMED"));
        QVERIFY(!r.value().replayed);
        QCOMPARE(r.value().totalMinor, 17000);
        QCOMPARE(r.value().currency, QStringLiteral("KRW"));
        QCOMPARE(r.value().seats.size(), 2);
        QVERIFY(
            QRegularExpression(QStringLiteral("^[A-Z0-9]{4}-[A-Z0-9]{4}$")).match(r.value().code).hasMatch());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'RESERVED' "
                                             "AND booking_id = '%1'")
                                  .arg(r.value().bookingId.toString(QUuid::WithoutBraces))),
                 QStringLiteral("2"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking_seat WHERE active")),
                 QStringLiteral("2"));
        QCOMPARE(
            m_db->scalar(QStringLiteral("SELECT status || ' ' || terminal || ' ' || (payment->>'method') "
                                        "FROM booking")),
            QStringLiteral("CONFIRMED till-1 cash"));
        // A reserved seat can be neither held nor released by anyone.
        auto again = store.hold(m_showtime, {m_seats[0]}, me);
        QVERIFY(!again.value().granted);
        QCOMPARE(store.release(m_showtime, me, {m_seats[0]}).value(), 0);
    }

    void confirmWithoutSeatListConfirmsEverySeatTheOwnerHolds()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[7], m_seats[8], m_seats[9]}, me).value().granted);
        ConfirmRequest request{QStringLiteral("till-1"), QUuid::createUuid(), m_showtime, me, {}, {}, {}};
        QVERIFY_PAID(*m_connection, request);
        auto r = store.confirm(request);
        QVERIFY(r.ok());
        QCOMPARE(r.value().seats.size(), 3);
        QCOMPARE(r.value().totalMinor, 30000);
    }

    void confirmAfterExpiryIsRefused()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, me, 1).value().granted);
        QTest::qWait(1200);
        auto r = store.confirm(
            {QStringLiteral("till-1"), QUuid::createUuid(), m_showtime, me, {m_seats[0]}, {}, {}});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Expired);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM booking")), QStringLiteral("0"));
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM idempotency_key")), QStringLiteral("0"));
    }

    void confirmOfSeatsTakenByAnotherOwnerConflicts()
    {
        SeatStore store(*m_connection);
        const QUuid a = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, a, 1).value().granted);
        QTest::qWait(1200);
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, CheckedSeatCommands::newToken()).value().granted);
        auto r = store.confirm(
            {QStringLiteral("till-1"), QUuid::createUuid(), m_showtime, a, {m_seats[0]}, {}, {}});
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, ErrorCode::Conflict);
        QCOMPARE(r.error().seats, QList<int>{m_seats[0]});
    }

    void beginPaymentExtendsTheHoldAndOpensAPendingBooking()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[0], m_seats[1]}, me, 5).value().granted);
        auto p = store.beginPayment(m_showtime, {m_seats[0], m_seats[1]}, me, QStringLiteral("till-2"), 120);
        QVERIFY(p.ok());
        QVERIFY(p.value().hold.granted);
        QVERIFY(p.value().hold.remainingMs() > 100000);
        QVERIFY(!p.value().bookingCode.isEmpty());
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking")), QStringLiteral("PENDING"));
        // Beginning payment again keeps the same pending booking.
        auto again =
            store.beginPayment(m_showtime, {m_seats[0], m_seats[1]}, me, QStringLiteral("till-2"), 120);
        QCOMPARE(again.value().bookingCode, p.value().bookingCode);
        ConfirmRequest request{QStringLiteral("till-2"), QUuid::createUuid(), m_showtime, me, {}, {}, {}};
        QVERIFY_PAID(*m_connection, request);
        auto c = store.confirm(request);
        QVERIFY(c.ok());
        QCOMPARE(c.value().code, p.value().bookingCode);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) || ' ' || min(status) FROM booking")),
                 QStringLiteral("1 CONFIRMED"));
    }

    void releasingEverythingCancelsThePendingBooking()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(
            store.beginPayment(m_showtime, {m_seats[0]}, me, QStringLiteral("till-2")).value().hold.granted);
        QCOMPARE(store.release(m_showtime, me).value(), 1);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT status FROM booking")), QStringLiteral("CANCELLED"));
    }

    void blockedSeatCannotBeHeld()
    {
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET status = 'BLOCKED' WHERE seat_id = %1")
                              .arg(m_seats[0])));
        SeatStore store(*m_connection);
        auto r = store.hold(m_showtime, {m_seats[0], m_seats[1]}, CheckedSeatCommands::newToken());
        QVERIFY(!r.value().granted);
        QCOMPARE(r.value().unavailable, QList<int>{m_seats[0]});
    }

    void badRequestsChangeNothing_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("expected");
        QTest::newRow("unknown showtime") << QStringLiteral("unknown-showtime") << int(ErrorCode::NotFound);
        QTest::newRow("seat of another auditorium")
            << QStringLiteral("foreign-seat") << int(ErrorCode::NotFound);
        QTest::newRow("too many seats") << QStringLiteral("too-many") << int(ErrorCode::BadInput);
        QTest::newRow("empty seat list") << QStringLiteral("empty") << int(ErrorCode::BadInput);
        QTest::newRow("hold time out of range") << QStringLiteral("ttl") << int(ErrorCode::BadInput);
        QTest::newRow("showtime closed") << QStringLiteral("closed") << int(ErrorCode::NotOnSale);
        QTest::newRow("showtime long over") << QStringLiteral("past") << int(ErrorCode::NotOnSale);
    }
    void badRequestsChangeNothing()
    {
        QFETCH(QString, what);
        QFETCH(int, expected);
        const int otherShowtime = m_db->addShowtime(1, 5, QStringLiteral("Other hall"));
        const QList<int> foreign = m_db->seatIds(otherShowtime);
        if (what == QLatin1String("closed"))
            QVERIFY(m_db->run(
                QStringLiteral("UPDATE showtime SET status = 'CLOSED' WHERE id = %1").arg(m_showtime)));
        if (what == QLatin1String("past"))
            QVERIFY(m_db->run(QStringLiteral("UPDATE showtime SET starts_at = now() - interval '3 hours' "
                                             "WHERE id = %1")
                                  .arg(m_showtime)));
        const QString before = m_db->snapshot();
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        Result<HoldDecision> r = makeError(ErrorCode::Internal, {});
        if (what == QLatin1String("unknown-showtime"))
            r = store.hold(999999, {m_seats[0]}, me);
        else if (what == QLatin1String("foreign-seat"))
            r = store.hold(m_showtime, {m_seats[0], foreign[0]}, me);
        else if (what == QLatin1String("too-many"))
            r = store.hold(m_showtime, m_seats.mid(0, 11), me);
        else if (what == QLatin1String("empty"))
            r = store.hold(m_showtime, {}, me);
        else if (what == QLatin1String("ttl"))
            r = store.hold(m_showtime, {m_seats[0]}, me, 0);
        else
            r = store.hold(m_showtime, {m_seats[0]}, me);
        QVERIFY(!r.ok());
        QCOMPARE(int(r.error().code), expected);
        QVERIFY(!r.error().message.isEmpty());
        if (what == QLatin1String("foreign-seat"))
            QCOMPARE(r.error().seats, QList<int>{foreign[0]});
        QCOMPARE(m_db->snapshot(), before);
    }

    void serviceRejectsDuplicatesAndOversizedRequestsBeforeTheDatabase()
    {
        SeatStore serviceStore(*m_connection);
        CheckedSeatCommands service(serviceStore, 4);
        auto dup = service.hold(m_showtime, {m_seats[0], m_seats[0]}, CheckedSeatCommands::newToken());
        QCOMPARE(dup.error().code, ErrorCode::BadInput);
        auto many = service.hold(m_showtime, m_seats.mid(0, 5), CheckedSeatCommands::newToken());
        QCOMPARE(many.error().code, ErrorCode::BadInput);
        auto noOwner = service.hold(m_showtime, {m_seats[0]}, QUuid());
        QCOMPARE(noOwner.error().code, ErrorCode::BadInput);
        QCOMPARE(CheckedSeatCommands::parseUuid(QStringLiteral("nope"), QStringLiteral("key")).error().code,
                 ErrorCode::BadInput);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status <> 'FREE'")),
                 QStringLiteral("0"));
    }

    void duplicateIdsAreDeduplicatedByTheDatabase()
    {
        // The contract: ids are de-duplicated and sorted before locking.
        SeatStore store(*m_connection);
        auto r =
            store.hold(m_showtime, {m_seats[2], m_seats[1], m_seats[2]}, CheckedSeatCommands::newToken());
        QVERIFY(r.value().granted);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT count(*) FROM showtime_seat WHERE status = 'HELD'")),
                 QStringLiteral("2"));
    }

    void committedChangesAreAnnouncedPerShowtime()
    {
        // Migration 0013: the changes reach NOTIFY through the announcer every terminal runs.
        Announcer announcer(m_db->serviceSettings());
        announcer.start();
        auto listener = m_db->connect(QStringLiteral("listener"));
        QVERIFY(listener);
        QSqlDriver* driver = listener->database().driver();
        QVERIFY(driver->subscribeToNotification(QStringLiteral("bo_seats")));
        QStringList payloads;
        connect(driver, &QSqlDriver::notification, this,
                [&payloads](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                    payloads << payload.toString();
                });
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[1], m_seats[0]}, me).value().granted);
        QTRY_COMPARE_WITH_TIMEOUT(payloads.size(), 1, 2000);
        QCOMPARE(payloads.first(),
                 QStringLiteral("%1|H%2,H%3").arg(m_showtime).arg(m_seats[0]).arg(m_seats[1]));
        // A refused hold changes nothing and announces nothing.
        QVERIFY(!store.hold(m_showtime, {m_seats[0]}, CheckedSeatCommands::newToken()).value().granted);
        QVERIFY(store.release(m_showtime, me).ok());
        QTRY_COMPARE_WITH_TIMEOUT(payloads.size(), 2, 2000);
        QCOMPARE(payloads.last(),
                 QStringLiteral("%1|F%2,F%3").arg(m_showtime).arg(m_seats[0]).arg(m_seats[1]));
    }

    void largeChangesAreSplitBelowThePayloadLimit()
    {
        // Migration 0013: the changes reach NOTIFY through the announcer every terminal runs.
        Announcer announcer(m_db->serviceSettings());
        announcer.start();
        const int big = m_db->addShowtime(24, 50, QStringLiteral("Big hall"));
        auto listener = m_db->connect(QStringLiteral("listener"));
        QSqlDriver* driver = listener->database().driver();
        QVERIFY(driver->subscribeToNotification(QStringLiteral("bo_seats")));
        QStringList payloads;
        connect(driver, &QSqlDriver::notification, this,
                [&payloads](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                    payloads << payload.toString();
                });
        // 2,400 changes of one showtime in one transaction, so in one batch of the announcer: about
        // 12 kB of entries, sent in order in chunks below NOTIFY's 8000 bytes, no two alike (NOTIFY
        // drops a payload equal to one sent before in the same transaction).
        QVERIFY(m_db->run(
            QStringLiteral("BEGIN; UPDATE showtime_seat SET status = 'BLOCKED' WHERE showtime_id = %1; "
                           "UPDATE showtime_seat SET status = 'FREE' WHERE showtime_id = %1; COMMIT")
                .arg(big)));
        QStringList entries;
        const auto entriesSeen = [&] {
            entries.clear();
            for (const QString& p : payloads)
                for (const QString& e : p.section(QLatin1Char('|'), 1).split(QLatin1Char(',')))
                    if (!e.startsWith(QLatin1Char('#')))
                        entries << e;
            return entries.size();
        };
        QTRY_COMPARE_WITH_TIMEOUT(entriesSeen(), 2400, 5000);
        QVERIFY(payloads.size() >= 2);
        QCOMPARE(QSet<QString>(payloads.cbegin(), payloads.cend()).size(), payloads.size());
        QHash<int, QChar> last;
        for (const QString& p : payloads) {
            QVERIFY(p.toUtf8().size() < 8000);
            QCOMPARE(p.section(QLatin1Char('|'), 0, 0).toInt(), big);
        }
        for (const QString& e : entries)
            last[e.mid(1).toInt()] = e.front();
        QCOMPARE(last.size(), 1200);
        QVERIFY(std::all_of(last.cbegin(), last.cend(), [](QChar c) { return c == u'F'; }));
        // The blocks came first: the first 1,200 entries are all B.
        QVERIFY(std::all_of(entries.cbegin(), entries.cbegin() + 1200,
                            [](const QString& e) { return e.front() == u'B'; }));
    }

    // bo_hold waits (FOR UPDATE without SKIP LOCKED) only for seats the sale already holds: another
    // sale locks them for an instant when it re-checks them. Here a session keeps that lock for
    // 1.5 s; the extension granted after it must report the clock of its grant and count the whole
    // TTL from there (ARCHITECTURE §2, "Time").
    void holdThatWaitedForALockReportsTheClockAfterIt()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        const int seat = m_seats[0];
        QVERIFY(store.hold(m_showtime, {seat}, me, 60).value().granted);
        QDateTime released;
        std::optional<Result<HoldDecision>> outcome;
        runBehindALock(
            seatLock(seat), [&](SeatStore& s) { return s.hold(m_showtime, {seat}, me, 60); }, released,
            outcome);
        if (QTest::currentTestFailed())
            return;
        verifyGrantedAfter(released, *outcome, 60);
        QCOMPARE(heldUntilOf(seat), outcome->value().heldUntil);
    }

    // The cut-off for selling (the start plus late_sale_minutes) is also judged by the clock after
    // the wait, as the hold's deadline is (docs/DECISIONS.md, "A hold's clock is read once it holds
    // its row locks"): a hold that waited past it is refused, not granted late.
    void holdThatWaitedPastTheSaleCutOffIsRefused()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        const int seat = m_seats[2];
        QVERIFY(store.hold(m_showtime, {seat}, me, 60).value().granted);
        // Selling ends one second from now; the hold below waits 1.5 s for its seat's row lock.
        QVERIFY(m_db->run(
            QStringLiteral("UPDATE showtime SET starts_at = clock_timestamp() + interval '1 second' "
                           "- make_interval(mins => (SELECT late_sale_minutes FROM settings)) "
                           "WHERE id = %1")
                .arg(m_showtime)));
        QDateTime released;
        std::optional<Result<HoldDecision>> outcome;
        runBehindALock(
            seatLock(seat), [&](SeatStore& s) { return s.hold(m_showtime, {seat}, me, 60); }, released,
            outcome);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(!outcome->ok(), "a hold granted after selling ended");
        QCOMPARE(outcome->error().code, ErrorCode::NotOnSale);
    }

    void beginPaymentThatWaitedForASeatLockReportsTheClockAfterIt()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        const int seat = m_seats[1];
        QVERIFY(store.hold(m_showtime, {seat}, me, 60).value().granted);
        QDateTime released;
        std::optional<Result<HoldDecision>> outcome;
        runBehindALock(
            seatLock(seat),
            [&](SeatStore& s) -> Result<HoldDecision> {
                auto p = s.beginPayment(m_showtime, {seat}, me, QStringLiteral("till-3"), 120);
                if (!p)
                    return p.error();
                return p.value().hold;
            },
            released, outcome);
        if (QTest::currentTestFailed())
            return;
        verifyGrantedAfter(released, *outcome, 120);
        QCOMPARE(heldUntilOf(seat), outcome->value().heldUntil);
        QCOMPARE(bookingExpiryOf(me), outcome->value().heldUntil);
    }

    // Moving to payment again updates the sale's pending booking, which can wait for its row lock
    // after the seats were locked and their deadline set. The answer must still be the truth on
    // the clock after that wait: the deadline stored, and the database clock when it was given.
    void beginPaymentThatWaitedForItsBookingReportsTheClockAfterIt()
    {
        SeatStore store(*m_connection);
        const QUuid me = CheckedSeatCommands::newToken();
        const int seat = m_seats[2];
        QVERIFY(store.hold(m_showtime, {seat}, me, 60).value().granted);
        QVERIFY(
            store.beginPayment(m_showtime, {seat}, me, QStringLiteral("till-3"), 120).value().hold.granted);
        QDateTime released;
        std::optional<Result<HoldDecision>> outcome;
        runBehindALock(
            QStringLiteral("SELECT id FROM booking WHERE hold_token = '%1' FOR UPDATE")
                .arg(me.toString(QUuid::WithoutBraces)),
            [&](SeatStore& s) -> Result<HoldDecision> {
                auto p = s.beginPayment(m_showtime, {seat}, me, QStringLiteral("till-3"), 120);
                if (!p)
                    return p.error();
                return p.value().hold;
            },
            released, outcome);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(outcome->ok(), qPrintable(outcome->ok() ? QString() : outcome->error().message));
        const HoldDecision& d = outcome->value();
        QVERIFY(d.granted);
        QVERIFY2(
            d.dbNow >= released,
            qPrintable(QStringLiteral("db_now %1 is before the lock was released at %2")
                           .arg(d.dbNow.toString(Qt::ISODateWithMs), released.toString(Qt::ISODateWithMs))));
        QCOMPARE(heldUntilOf(seat), d.heldUntil);
        QCOMPARE(bookingExpiryOf(me), d.heldUntil);
        QVERIFY2(d.remainingMs() > 0 && d.remainingMs() <= 120000,
                 qPrintable(QString::number(d.remainingMs())));
    }

private:
    [[nodiscard]] QString seatLock(int seat) const
    {
        return QStringLiteral(
                   "SELECT seat_id FROM showtime_seat WHERE showtime_id = %1 AND seat_id = %2 FOR UPDATE")
            .arg(m_showtime)
            .arg(seat);
    }

    /// Runs `operation` on a session of its own in another thread while a third session keeps the
    /// row lock taken by `lockSql` for 1.5 s after the operation started waiting for it, then
    /// commits. `released` is the locking session's clock just before its COMMIT.
    void runBehindALock(const QString& lockSql,
                        const std::function<Result<HoldDecision>(SeatStore&)>& operation, QDateTime& released,
                        std::optional<Result<HoldDecision>>& outcome)
    {
        auto locker = m_db->connectAsOwner(QStringLiteral("locker"));
        QVERIFY(locker);
        QVERIFY(locker->begin().ok());
        auto locked = locker->exec(lockSql);
        QVERIFY2(locked.ok(), qPrintable(locked.ok() ? QString() : locked.error().message));
        QVERIFY(locked.value().next());

        // The waiting session may wait longer than the usual 3 s lock timeout on a loaded machine.
        ConnectionSettings patient = m_db->settings();
        patient.lockTimeoutMs = 20000;
        std::atomic<bool> done{false};
        std::jthread worker([&] {
            if (auto opened = DbConnection::open(patient, QStringLiteral("behind-lock"))) {
                SeatStore store(*opened.value());
                outcome.emplace(operation(store));
            }
            done = true;
        });
        bool locking = true;
        // Declared after the worker: on an early return the lock goes first, then the worker is joined.
        const auto unlock = qScopeGuard([&] {
            if (locking)
                locker->rollback();
        });

        const auto waiting = [this] {
            auto rows = m_connection->exec(
                QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                               "AND application_name LIKE '%behind-lock%' AND wait_event_type = 'Lock'"));
            return rows.ok() && rows.value().next() ? rows.value().value(0).toInt() : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(waiting(), 1, 15000);
        QTest::qWait(1500);
        QVERIFY(!done.load());
        auto clock = locker->exec(QStringLiteral("SELECT clock_timestamp()"));
        QVERIFY(clock.ok());
        QVERIFY(clock.value().next());
        released = clock.value().value(0).toDateTime();
        QVERIFY(released.isValid());
        QVERIFY(locker->commit().ok());
        locking = false;
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 15000);
        QVERIFY(outcome.has_value());
    }

    /// A granted hold whose clock is not older than `released`, whose deadline is at least `ttl`
    /// seconds after it, and whose deadline and clock are `ttl` seconds apart (within a second).
    static void verifyGrantedAfter(const QDateTime& released, const Result<HoldDecision>& outcome, int ttl)
    {
        QVERIFY2(outcome.ok(), qPrintable(outcome.ok() ? QString() : outcome.error().message));
        const HoldDecision& d = outcome.value();
        QVERIFY(d.granted);
        QVERIFY2(
            d.dbNow >= released,
            qPrintable(QStringLiteral("db_now %1 is before the lock was released at %2")
                           .arg(d.dbNow.toString(Qt::ISODateWithMs), released.toString(Qt::ISODateWithMs))));
        QVERIFY2(d.heldUntil >= released.addSecs(ttl),
                 qPrintable(QStringLiteral("held until %1, less than %2 s after the release at %3")
                                .arg(d.heldUntil.toString(Qt::ISODateWithMs))
                                .arg(ttl)
                                .arg(released.toString(Qt::ISODateWithMs))));
        // What the terminal counts down from: the TTL, less what the database did after granting it.
        QVERIFY2(d.remainingMs() <= qint64(ttl) * 1000 && d.remainingMs() > qint64(ttl) * 1000 - 1000,
                 qPrintable(QString::number(d.remainingMs())));
    }

    [[nodiscard]] QDateTime heldUntilOf(int seat) const
    {
        auto rows = m_connection->exec(
            QStringLiteral("SELECT held_until FROM showtime_seat WHERE showtime_id = ? AND seat_id = ?"),
            {m_showtime, seat});
        return rows.ok() && rows.value().next() ? rows.value().value(0).toDateTime() : QDateTime();
    }

    [[nodiscard]] QDateTime bookingExpiryOf(const QUuid& owner) const
    {
        // The test's own inspection, as the owner: a terminal reads no booking's hold token.
        auto owned = m_db->connectAsOwner();
        if (!owned)
            return {};
        auto rows = owned->exec(
            QStringLiteral(
                "SELECT expires_at FROM booking WHERE hold_token = ?::uuid AND status = 'PENDING'"),
            {owner.toString(QUuid::WithoutBraces)});
        return rows.ok() && rows.value().next() ? rows.value().value(0).toDateTime() : QDateTime();
    }

    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    std::unique_ptr<DbConnection>& m_connection = m_rig.connection;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
};

QTEST_GUILESS_MAIN(TstSeatStore)
#include "tst_seatstore.moc"
