// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Migration 0017: a kiosk's call for help reaches every listening till through the announcer,
// the first till to answer wins and the kiosk hears who is coming. Real PostgreSQL, terminal
// logins only.
#include <QSignalSpy>
#include <QtTest>

#include "db/announcer.h"
#include "db/dbconnection.h"
#include "db/helpcallstore.h"
#include "db/pghelpdesk.h"
#include "model/help/helpcallboard.h"
#include "model/help/kioskhelp.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

/// A till: its own desk (connection, LISTEN) and its board.
struct Till
{
    Till(const ConnectionSettings& settings, const QString& name)
        : desk(settings)
        , board(&desk, name)
    {
        desk.start();
    }
    PgHelpDesk desk;
    HelpCallBoard board;
};

} // namespace

class TstHelpCalls final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
    }

    void cleanup() { m_db.reset(); }

    void aKioskHasOneCallAtATime()
    {
        auto kiosk = m_db->connectAsKiosk();
        HelpCallStore store(*kiosk);
        auto till = m_db->connect(); // the open calls are the tills' to read
        HelpCallStore tills(*till);
        auto first = store.call(QStringLiteral("Kiosk 1"));
        QVERIFY2(first, qPrintable(first.ok() ? QString() : first.error().detail));
        QCOMPARE(first.value().state, HelpCallState::Open);
        QCOMPARE(first.value().kiosk, QStringLiteral("Kiosk 1"));
        QVERIFY(first.value().calledAt.isValid());
        auto again = store.call(QStringLiteral("Kiosk 1"));
        QCOMPARE(again.value().id, first.value().id);
        auto other = store.call(QStringLiteral("Kiosk 2"));
        QVERIFY(other.value().id != first.value().id);
        QCOMPARE(tills.openCalls().value().size(), 2);
        QVERIFY(!store.openCalls().ok());

        QCOMPARE(store.close(first.value().id).value().state, HelpCallState::Closed);
        QCOMPARE(store.close(first.value().id).value().state, HelpCallState::Closed); // idempotent
        QCOMPARE(tills.openCalls().value().size(), 1);
        // Closed: the next call is a new one.
        QVERIFY(store.call(QStringLiteral("Kiosk 1")).value().id > other.value().id);
    }

    void theFirstAnswerCounts()
    {
        auto kiosk = m_db->connectAsKiosk();
        auto tillA = m_db->connect();
        auto tillB = m_db->connect();
        const qint64 id = HelpCallStore(*kiosk).call(QStringLiteral("Kiosk 1")).value().id;
        auto a = HelpCallStore(*tillA).answer(id, QStringLiteral("Till A"));
        QVERIFY(a.value().counted);
        QCOMPARE(a.value().call.state, HelpCallState::Answered);
        QCOMPARE(a.value().call.answeredBy, QStringLiteral("Till A"));
        auto b = HelpCallStore(*tillB).answer(id, QStringLiteral("Till B"));
        QVERIFY(!b.value().counted);
        QCOMPARE(b.value().call.answeredBy, QStringLiteral("Till A"));
        QVERIFY(m_db->scalar(QStringLiteral("SELECT answered_login FROM help_call WHERE id = %1").arg(id)) ==
                m_db->terminalLogin());
        // The till closes the answered call when the customer is helped.
        auto closed = HelpCallStore(*tillA).close(id);
        QVERIFY2(closed, qPrintable(closed.ok() ? QString() : closed.error().detail));
        QCOMPARE(closed.value().state, HelpCallState::Closed);
    }

    void twoTillsAnsweringAtOnceFirstWins()
    {
        // Till A answers inside an open transaction; till B's answer (on its desk's thread) waits
        // for A's row lock, then finds the call answered.
        auto kiosk = m_db->connectAsKiosk();
        const qint64 id = HelpCallStore(*kiosk).call(QStringLiteral("Kiosk 1")).value().id;
        auto tillA = m_db->connect();
        QVERIFY(tillA->begin().ok());
        QVERIFY(HelpCallStore(*tillA).answer(id, QStringLiteral("Till A")).value().counted);

        PgHelpDesk deskB(m_db->settings());
        QSignalSpy refused(&deskB, &HelpDesk::answerRefused);
        QSignalSpy changed(&deskB, &HelpDesk::callChanged);
        deskB.start();
        QTRY_VERIFY_WITH_TIMEOUT(deskB.isOnline(), 10000);
        deskB.answer(id, QStringLiteral("Till B"));
        // B is waiting on the lock: no answer yet. (A terminal login sees its own sessions'
        // queries; the driver's prepared statements show their values.)
        auto watcher = m_db->connect();
        auto waiting = [&watcher] {
            auto rows =
                watcher->exec(QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                                             "'Lock' AND query LIKE '%''Till B''%'"));
            return rows && rows.value().next() ? rows.value().value(0).toInt() : -1;
        };
        QTRY_COMPARE_WITH_TIMEOUT(waiting(), 1, 5000);
        QCOMPARE(refused.size(), 0);
        QVERIFY(tillA->commit().ok());
        QTRY_COMPARE_WITH_TIMEOUT(refused.size(), 1, 5000);
        const auto call = refused.at(0).at(0).value<HelpCall>();
        QCOMPARE(call.answeredBy, QStringLiteral("Till A"));
        QCOMPARE(changed.size(), 0);
        QCOMPARE(m_db->scalar(QStringLiteral("SELECT answered_by FROM help_call WHERE id = %1").arg(id)),
                 QStringLiteral("Till A"));
    }

    void badInputIsRefused()
    {
        auto terminal = m_db->connect();
        HelpCallStore store(*terminal);
        QCOMPARE(store.call(QString()).error().code, ErrorCode::BadInput);
        QCOMPARE(store.call(QString(101, QLatin1Char('k'))).error().code, ErrorCode::BadInput);
        const qint64 id = store.call(QStringLiteral("Kiosk 1")).value().id;
        QCOMPARE(store.answer(id, QStringLiteral(" ")).error().code, ErrorCode::BadInput);
        QCOMPARE(store.answer(id + 1000, QStringLiteral("Till A")).error().code, ErrorCode::NotFound);
        QCOMPARE(store.close(id + 1000).error().code, ErrorCode::NotFound);
    }

    void theAnnouncementIsTheCall()
    {
        auto terminal = m_db->connect();
        const HelpCall made = HelpCallStore(*terminal).call(QStringLiteral("Kiosk \"7\" | Lobby")).value();
        const QString payload = m_db->scalar(QStringLiteral(
            "SELECT payload FROM announcement WHERE channel = 'bo_help' ORDER BY id DESC LIMIT 1"));
        const auto parsed = parseHelpNotification(payload);
        QVERIFY2(parsed, qPrintable(payload));
        QCOMPARE(parsed->id, made.id);
        QCOMPARE(parsed->kiosk, made.kiosk);
        QCOMPARE(parsed->state, HelpCallState::Open);
        QCOMPARE(parsed->calledAt, made.calledAt);
        QVERIFY(!parseHelpNotification(QStringLiteral("7|H1")));
        QVERIFY(!parseHelpNotification(QStringLiteral("{\"id\": 3, \"kiosk\": \"K\", \"state\": \"GONE\"}")));
    }

    void aCallReachesEveryTillAndTheAnswerReachesTheKiosk()
    {
        // The site's announcer, as every terminal backend runs one.
        Announcer announcer(m_db->serviceSettings());
        announcer.start();
        QTRY_VERIFY_WITH_TIMEOUT(announcer.isLeading(), 10000);

        PgHelpDesk kioskDesk(m_db->kioskSettings());
        KioskHelp kiosk(&kioskDesk, QStringLiteral("Kiosk 2"));
        kioskDesk.start();
        Till a(m_db->settings(), QStringLiteral("Till A"));
        Till b(m_db->settings(), QStringLiteral("Till B"));
        QTRY_VERIFY_WITH_TIMEOUT(kioskDesk.isOnline() && a.desk.isOnline() && b.desk.isOnline(), 10000);

        QSignalSpy requested(&kiosk, &KioskHelp::helpRequested);
        QSignalSpy coming(&kiosk, &KioskHelp::staffOnTheWay);
        QSignalSpy calledA(&a.board, &HelpCallBoard::helpCalled);
        QSignalSpy calledB(&b.board, &HelpCallBoard::helpCalled);
        QSignalSpy elsewhereB(&b.board, &HelpCallBoard::answeredElsewhere);

        kiosk.callForHelp();
        QCOMPARE(kiosk.stage(), KioskHelp::Stage::Calling);
        QTRY_COMPARE_WITH_TIMEOUT(requested.size(), 1, 5000);
        QCOMPARE(kiosk.stage(), KioskHelp::Stage::Waiting);
        QTRY_COMPARE_WITH_TIMEOUT(calledA.size(), 1, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(calledB.size(), 1, 5000);
        QCOMPARE(calledA.at(0).at(0).value<HelpCall>().kiosk, QStringLiteral("Kiosk 2"));
        QCOMPARE(a.board.rowCount(), 1);
        QCOMPARE(a.board.index(0).data().toString(), QStringLiteral("Kiosk 2 asks for help"));

        // Pressing Help again makes no second call; the kiosk says again that staff were called.
        kiosk.callForHelp();
        QCOMPARE(requested.size(), 2);

        a.board.answer(kiosk.callId());
        QTRY_COMPARE_WITH_TIMEOUT(coming.size(), 1, 5000);
        QCOMPARE(coming.at(0).at(0).toString(), QStringLiteral("Till A"));
        QCOMPARE(kiosk.stage(), KioskHelp::Stage::Coming);
        QTRY_COMPARE_WITH_TIMEOUT(b.board.index(0).data(HelpCallBoard::AnsweredByRole).toString(),
                                  QStringLiteral("Till A"), 5000);
        QVERIFY(a.board.index(0).data(HelpCallBoard::AnsweredHereRole).toBool());
        QVERIFY(!b.board.index(0).data(HelpCallBoard::AnsweredHereRole).toBool());

        // A second answer is told who is on the way.
        b.board.answer(kiosk.callId());
        QTRY_COMPARE_WITH_TIMEOUT(elsewhereB.size(), 1, 5000);
        QCOMPARE(elsewhereB.at(0).at(0).value<HelpCall>().answeredBy, QStringLiteral("Till A"));
        QCOMPARE(coming.size(), 1);

        // The customer leaves: the call closes and leaves every board.
        kiosk.endCall();
        QCOMPARE(kiosk.stage(), KioskHelp::Stage::Idle);
        QTRY_COMPARE_WITH_TIMEOUT(a.board.rowCount(), 0, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(b.board.rowCount(), 0, 5000);
        QCOMPARE(calledA.size(), 1); // rang once
    }

    void aTillThatStartsLaterSeesTheOpenCalls()
    {
        auto terminal = m_db->connect();
        QVERIFY(HelpCallStore(*terminal).call(QStringLiteral("Kiosk 3")).ok());
        Till late(m_db->settings(), QStringLiteral("Till C"));
        QSignalSpy called(&late.board, &HelpCallBoard::helpCalled);
        late.board.reload();
        QTRY_COMPARE_WITH_TIMEOUT(called.size(), 1, 10000);
        QCOMPARE(late.board.calls().first().kiosk, QStringLiteral("Kiosk 3"));
    }

    void aKioskOfflineIsToldAtOnce()
    {
        ConnectionSettings nowhere = m_db->settings();
        nowhere.setValue(QStringLiteral("port"), QStringLiteral("1"));
        PgHelpDesk desk(nowhere);
        KioskHelp kiosk(&desk, QStringLiteral("Kiosk 4"));
        QSignalSpy failed(&kiosk, &KioskHelp::callFailed);
        desk.start();
        kiosk.callForHelp();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 15000);
        QCOMPARE(failed.at(0).at(0).value<Error>().code, ErrorCode::Offline);
        QCOMPARE(kiosk.stage(), KioskHelp::Stage::Idle);
    }

private:
    std::unique_ptr<TestDatabase> m_db;
};

QTEST_GUILESS_MAIN(TstHelpCalls)
#include "tst_helpcalls.moc"
