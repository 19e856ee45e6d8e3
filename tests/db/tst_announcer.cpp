// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Migration 0013: announcements leave the changing transaction as rows, and one elected
// announcer moves them to NOTIFY. Real PostgreSQL, terminal logins.
#include <QtTest>

#include <QSqlDriver>

#include "db/announcer.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/showtimerig.h"
#include "tests/support/testdatabase.h"
#include "tests/support/testpooler.h"

using namespace bo;
using bo::test::ShowtimeRig;
using bo::test::TestDatabase;
using bo::test::TestPooler;

class TstAnnouncer final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { m_rig.create(2, 10, ShowtimeRig::Terminal::NotConnected); }

    void cleanupTestCase() { m_rig.reset(); }

    void aChangeIsNotAnnouncedAtItsCommit()
    {
        Listener listener(*m_db);
        auto terminal = m_db->connect();
        auto service = m_db->connectAsService(); // only the payment service's login publishes
        SeatStore store(*terminal);
        QVERIFY(store.hold(m_showtime, {m_seats[0]}, CheckedSeatCommands::newToken()).value().granted);
        // Nothing publishes: the hold's own commit sent no notification.
        QTest::qWait(300);
        QCOMPARE(listener.payloads.size(), 0);
        QCOMPARE(publish(*terminal), -100); // a terminal may not publish
        QCOMPARE(publish(*service), 1);
        QTRY_COMPARE_WITH_TIMEOUT(listener.payloads.size(), 1, 5000);
        QCOMPARE(listener.payloads.first(), QStringLiteral("%1|H%2").arg(m_showtime).arg(m_seats[0]));
        QCOMPARE(publish(*service), 0); // published once
        QVERIFY(m_db->run(QStringLiteral("UPDATE showtime_seat SET status = 'FREE', held_by = NULL, "
                                         "held_until = NULL WHERE showtime_id = %1")
                              .arg(m_showtime)));
        QCOMPARE(publish(*service), 1);
    }

    void oneBatchKeepsTheOrderOfItsChanges()
    {
        // Three sales take turns on one seat before anything is published: one payload with the
        // three changes in the order they were committed, none lost to NOTIFY's de-duplication.
        Listener listener(*m_db);
        auto terminal = m_db->connect();
        auto service = m_db->connectAsService();
        SeatStore store(*terminal);
        const int seat = m_seats[1];
        const QUuid first = CheckedSeatCommands::newToken();
        const QUuid third = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {seat}, first).value().granted);
        QCOMPARE(store.release(m_showtime, first, {seat}).value(), 1);
        QVERIFY(store.hold(m_showtime, {seat}, third).value().granted);
        QVERIFY(store.hold(m_showtime, {m_seats[12]}, third).value().granted);
        QCOMPARE(publish(*service), 1);
        QTRY_COMPARE_WITH_TIMEOUT(listener.payloads.size(), 1, 5000);
        QCOMPARE(listener.payloads.first(),
                 QStringLiteral("%1|H%2,F%2,H%2,H%3").arg(m_showtime).arg(seat).arg(m_seats[12]));
        QCOMPARE(store.release(m_showtime, third).value(), 2);
        QCOMPARE(publish(*service), 1);
    }

    void twoPublishersAtOnceNeverWaitForEachOther()
    {
        auto a = m_db->connectAsService();
        auto b = m_db->connectAsService();
        QVERIFY(a->begin().ok());
        QCOMPARE(publish(*a), 0);
        QCOMPARE(publish(*b), -1); // a holds the publishing lock until its commit
        QVERIFY(a->commit().ok());
        QCOMPARE(publish(*b), 0);
    }

    void oneAnnouncerLeadsAndAnotherTakesOverWhenItStops()
    {
        Listener listener(*m_db);
        const Announcer::Options fast{5, 20, 200};
        auto first = std::make_unique<Announcer>(m_db->serviceSettings(), fast);
        Announcer second(m_db->serviceSettings(), fast);
        first->start();
        QTRY_VERIFY_WITH_TIMEOUT(first->isLeading(), 5000);
        second.start();
        QTest::qWait(600); // three elections of the second
        QVERIFY(first->isLeading());
        QVERIFY(!second.isLeading());

        auto terminal = m_db->connect();
        SeatStore store(*terminal);
        const QUuid sale = CheckedSeatCommands::newToken();
        QVERIFY(store.hold(m_showtime, {m_seats[2]}, sale).value().granted);
        QTRY_COMPARE_WITH_TIMEOUT(listener.payloads.size(), 1, 5000);
        // The NOTIFY reaches the listener at the publisher's commit, before the publisher has read
        // its own answer and counted it: the count follows, a moment later on a busy machine.
        QTRY_COMPARE_WITH_TIMEOUT(first->published(), 1, 5000);

        first.reset(); // steps down
        QTRY_VERIFY_WITH_TIMEOUT(second.isLeading(), 5000);
        QCOMPARE(store.release(m_showtime, sale).value(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(listener.payloads.size(), 2, 5000);
        QCOMPARE(listener.payloads.last(), QStringLiteral("%1|F%2").arg(m_showtime).arg(m_seats[2]));
        QTRY_COMPARE_WITH_TIMEOUT(second.published(), 1, 5000);
    }

    /// Migration 0029: behind a pooler a follower keeps no session of its own (it asks through
    /// the pooler whether anybody publishes) and still takes over when the publisher goes.
    void behindAPoolerAFollowerKeepsNoSessionAndStillTakesOver()
    {
        TestPooler pooler(m_db->ownerSettings(), {m_db->serviceSettings()}, 2, 4);
        if (pooler.skipped())
            QSKIP(qPrintable(pooler.error()));
        QVERIFY2(pooler.ok(), qPrintable(pooler.error()));
        const ConnectionSettings pooled = pooler.through(m_db->serviceSettings());
        const Announcer::Options fast{5, 20, 200};
        auto first = std::make_unique<Announcer>(m_db->serviceSettings(), fast);
        Announcer second(m_db->serviceSettings(), fast);
        first->setFollowerSettings(pooled);
        second.setFollowerSettings(pooled);
        first->start();
        QTRY_VERIFY_WITH_TIMEOUT(first->isLeading(), 5000);
        second.start();
        QTest::qWait(600); // three questions of the second
        QVERIFY(first->isLeading());
        QVERIFY(!second.isLeading());
        // Sessions of the announcers' own (the pooler's carry the follower's application name).
        const QString own = QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE usename = '%1' AND "
                                           "application_name = 'boxoffice-announcer'")
                                .arg(m_db->serviceSettings().value(QStringLiteral("user")));
        QCOMPARE(m_db->scalar(own), QStringLiteral("1"));

        first.reset(); // steps down
        QTRY_VERIFY_WITH_TIMEOUT(second.isLeading(), 5000);
        QCOMPARE(m_db->scalar(own), QStringLiteral("1"));
    }

    void aTerminalCannotAnnounceOrDropAnnouncements()
    {
        auto terminal = m_db->connect();
        for (const QString& sql :
             {QStringLiteral("SELECT bo_announce('bo_seats', '1|F1')"),
              QStringLiteral("INSERT INTO announcement (channel, payload) VALUES ('bo_seats', 'x')"),
              QStringLiteral("DELETE FROM announcement"),
              QStringLiteral("SELECT count(*) FROM announcement")}) {
            const Status done = terminal->execScript(sql);
            QVERIFY2(!done.ok(), qPrintable(sql));
            QVERIFY2(done.error().detail.startsWith(QStringLiteral("SQLSTATE 42501")),
                     qPrintable(done.error().detail));
        }
    }

    void aPayloadNotifyCannotCarryIsRefusedWhereItIsMade()
    {
        // NOTIFY refuses 8000 bytes and more: refused at the change (the caller sees it and its
        // transaction rolls back), never at the publish, where it would stop every later batch.
        auto owner = DbConnection::open(m_db->ownerSettings(), QStringLiteral("owner"));
        QVERIFY(owner.ok());
        const Status done =
            owner.value()->execScript(QStringLiteral("SELECT bo_announce('bo_queue', repeat('x', 8000))"));
        QVERIFY(!done.ok());
        QVERIFY2(done.error().detail.contains(QStringLiteral("too long")), qPrintable(done.error().detail));
        auto service = m_db->connectAsService();
        QCOMPARE(publish(*service), 0); // nothing was queued
    }

private:
    /// A session that LISTENs on the seat channel and keeps every payload.
    struct Listener
    {
        explicit Listener(TestDatabase& db)
            : connection(db.connect(QStringLiteral("listener")))
        {
            QSqlDriver* driver = connection->database().driver();
            if (!driver->subscribeToNotification(QStringLiteral("bo_seats")))
                qFatal("LISTEN failed");
            QObject::connect(driver, &QSqlDriver::notification, &context,
                             [this](const QString&, QSqlDriver::NotificationSource, const QVariant& payload) {
                                 payloads << payload.toString();
                             });
        }

        std::unique_ptr<DbConnection> connection;
        QObject context;
        QStringList payloads;
    };

    static int publish(DbConnection& connection)
    {
        auto r = connection.exec(QStringLiteral("SELECT bo_publish_announcements()"));
        if (!r.ok())
            return -100;
        Rows rows = std::move(r.value());
        return rows.next() ? rows.value(0).toInt() : -100;
    }

    ShowtimeRig m_rig;
    // The rig's parts under the names the test functions use.
    std::unique_ptr<TestDatabase>& m_db = m_rig.db;
    int& m_showtime = m_rig.showtime;
    QList<int>& m_seats = m_rig.seats;
};

QTEST_GUILESS_MAIN(TstAnnouncer)
#include "tst_announcer.moc"
