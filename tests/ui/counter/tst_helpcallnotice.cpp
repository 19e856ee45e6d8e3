// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A kiosk's call for help on the counter: the notice appears at once with the
// kiosk's name, "On my way" answers and the kiosk hears it, "Done" closes the call. Real
// PostgreSQL, terminal logins; the announcer is the till backend's own.
#include <QtTest>

#include "db/pghelpdesk.h"
#include "model/help/helpcallboard.h"
#include "model/help/kioskhelp.h"
#include "tests/support/countertill.h"
#include "ui/counter/helpcallnotice.h"

using namespace bo;
using namespace bo::test;

class TstHelpCallNotice final : public QObject
{
    Q_OBJECT

private slots:
    void aKioskCallShowsOnTheCounterAndIsAnswered()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(addTodaysShowtime(db) > 0);
        CounterTill till(db.settings(), QStringLiteral("Till 1"));
        PgHelpDesk tillDesk(db.settings());
        HelpCallBoard board(&tillDesk, QStringLiteral("Till 1"));
        till.announcer.start(); // the site's (the payment service's), which publishes the calls
        till.backend.start();
        tillDesk.start();
        till.window.setHelpCalls(&board);
        till.window.resize(1280, 800);
        till.window.show();
        QTRY_VERIFY_WITH_TIMEOUT(till.backend.isOnline() && tillDesk.isOnline(), dbTimeoutMs);
        HelpCallNotice* notice = till.window.helpNotice();
        QVERIFY(notice);
        QVERIFY(!notice->isVisible());

        PgHelpDesk kioskDesk(db.settings());
        KioskHelp kiosk(&kioskDesk, QStringLiteral("Kiosk 1 (lobby)"));
        QSignalSpy coming(&kiosk, &KioskHelp::staffOnTheWay);
        kioskDesk.start();
        QTRY_VERIFY_WITH_TIMEOUT(kioskDesk.isOnline(), dbTimeoutMs);
        kiosk.callForHelp();
        QTRY_VERIFY_WITH_TIMEOUT(notice->isVisible(), dbTimeoutMs);
        const qint64 id = kiosk.callId();
        QVERIFY(id > 0);
        QVERIFY2(notice->textFor(id).startsWith(QStringLiteral("Help needed at Kiosk 1 (lobby) (since ")),
                 qPrintable(notice->textFor(id)));
        QPushButton* onMyWay = notice->buttonFor(id);
        QVERIFY(onMyWay);
        QCOMPARE(onMyWay->text(), QStringLiteral("On my way"));
        QTRY_VERIFY(onMyWay->isVisible());
        QVERIFY(!onMyWay->accessibleName().isEmpty());
        if (const QString dir = qEnvironmentVariable("BOXOFFICE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(300);
            QVERIFY(till.window.grab().save(dir + QStringLiteral("/counter-help-call.png")));
        }

        QTest::mouseClick(onMyWay, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(coming.size(), 1, dbTimeoutMs);
        QCOMPARE(coming.at(0).at(0).toString(), QStringLiteral("Till 1"));
        QTRY_VERIFY_WITH_TIMEOUT(
            notice->textFor(id).startsWith(QStringLiteral("Kiosk 1 (lobby): you are on your way")),
            dbTimeoutMs);
        QPushButton* done = notice->buttonFor(id);
        QVERIFY(done);
        QCOMPARE(done->text(), QStringLiteral("Done"));
        QTRY_VERIFY(done->isVisible()); // a new line's widgets show once the layout ran
        QTest::mouseClick(done, Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(kiosk.stage(), KioskHelp::Stage::Idle, dbTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(!notice->isVisible(), dbTimeoutMs);
        tillDesk.stop();
        kioskDesk.stop();
    }
};

QTEST_MAIN(TstHelpCallNotice)
#include "tst_helpcallnotice.moc"
