// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The counter's manager screens on a real PostgreSQL (docs/DECISIONS.md "Manager screens"): a wrong
// password and a terminal's login open nothing, a manager's opens the week planner in a window of
// its own, on a connection of the manager's; a member of staff whose manager's PIN opened the
// screen is named in the audit log of its changes; the Reports screen reads a generated day
// (tests/db/reports_day.sql) there and prints it through the real PDF writer. With
// $BOXOFFICE_SCREENSHOT set, the Reports screen is saved there (docs/screenshots/report-chart.png).
#include <QtTest>

#include <optional>

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include "app/counter/pgmanagerscreens.h"
#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"
#include "ui/counter/managersignindialog.h"
#include "ui/manager/filmscreen.h"
#include "ui/manager/layouteditor.h"
#include "ui/manager/reportscreen.h"
#include "ui/manager/weekplanner.h"

using namespace bo;
using bo::test::TestDatabase;

namespace {

template <typename T> int windowsOf()
{
    int n = 0;
    for (QWidget* w : QApplication::topLevelWidgets())
        n += qobject_cast<T*>(w) ? 1 : 0;
    return n;
}

/// Signs in as the counter's dialog does and waits (bounded) for the answer.
Result<bool> openAndWait(PgManagerScreens& screens, ManagerScreens::Screen screen, const QString& user,
                         const QString& password, int staffId)
{
    QObject asker;
    std::optional<Result<bool>> answer;
    screens.open(screen, user, password, staffId, &asker, [&answer](const Result<bool>& r) { answer = r; });
    for (int i = 0; i < 300 && !answer; ++i)
        QTest::qWait(50);
    if (!answer)
        return makeError(ErrorCode::Internal, QStringLiteral("no answer in 15 s"));
    return *answer;
}

template <typename T> T* windowOf()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* t = qobject_cast<T*>(w))
            return t;
    return nullptr;
}

} // namespace

class TstPgManagerScreens final : public QObject
{
    Q_OBJECT

private slots:
    void onlyAManagersLoginOpensAScreen()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        auto manager = db.connectAsManager();
        QVERIFY(manager);
        const QString user = manager->settings().value(QStringLiteral("user"));
        const QString password = manager->settings().value(QStringLiteral("password"));
        QVERIFY(!user.isEmpty() && !password.isEmpty());
        auto terminal = db.connect();
        QVERIFY(terminal);

        {
            PgManagerScreens screens(terminal->settings());
            auto wrong = openAndWait(screens, ManagerScreens::Screen::WeekPlanner, user,
                                     password + QStringLiteral("x"), 0);
            QVERIFY(!wrong);
            QVERIFY2(wrong.error().message.contains(QLatin1String("wrong login or password")),
                     qPrintable(wrong.error().message));
            QCOMPARE(wrong.error().refusal, Refusal::LoginRefused);
            QVERIFY(!wrong.error().message.contains(password));
            QCOMPARE(windowsOf<WeekPlanner>(), 0);

            auto notManager = openAndWait(screens, ManagerScreens::Screen::WeekPlanner,
                                          terminal->settings().value(QStringLiteral("user")),
                                          terminal->settings().value(QStringLiteral("password")), 0);
            QVERIFY(!notManager);
            QVERIFY2(notManager.error().message.contains(QLatin1String("not a manager")),
                     qPrintable(notManager.error().message));
            QCOMPARE(windowsOf<WeekPlanner>(), 0);

            auto opened = openAndWait(screens, ManagerScreens::Screen::WeekPlanner, user, password, 0);
            QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
            QCOMPARE(windowsOf<WeekPlanner>(), 1);
            auto layouts = openAndWait(screens, ManagerScreens::Screen::HallLayouts, user, password, 0);
            QVERIFY(layouts.ok());
            QCOMPARE(windowsOf<LayoutEditor>(), 1);
            // A closed window takes its connection with it.
            for (QWidget* w : QApplication::topLevelWidgets())
                if (qobject_cast<LayoutEditor*>(w))
                    w->close();
            QTRY_COMPARE(windowsOf<LayoutEditor>(), 0);
            auto films = openAndWait(screens, ManagerScreens::Screen::Films, user, password, 0);
            QVERIFY(films.ok());
            QCOMPARE(windowsOf<FilmScreen>(), 1);
            // Asked with no dialog to answer, the answer still comes.
            std::optional<Result<bool>> answer;
            screens.open(ManagerScreens::Screen::Reports, user, password, 0, nullptr,
                         [&answer](const Result<bool>& r) { answer = r; });
            QTRY_VERIFY(answer.has_value());
            QVERIFY(answer->ok());
            QCOMPARE(windowsOf<ReportScreen>(), 1);
        }
        // The screens gone, their windows are too.
        QCOMPARE(windowsOf<WeekPlanner>(), 0);
        QCOMPARE(windowsOf<FilmScreen>(), 0);
    }

    void theMemberWhoOpenedTheScreenIsInTheAuditLog()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        // A member as the data layer keeps one; the PIN was checked before open() is called.
        QVERIFY(db.run(
            QStringLiteral("INSERT INTO staff (name, role, pin_hash) "
                           "VALUES ('Hana Choi', 'manager', ext.crypt('3333', ext.gen_salt('bf', 4)))")));
        const int member = db.scalar(QStringLiteral("SELECT id FROM staff WHERE name = 'Hana Choi'")).toInt();
        QVERIFY(member > 0);
        auto manager = db.connectAsManager();
        QVERIFY(manager);
        PgManagerScreens screens(db.settings());
        auto opened = openAndWait(screens, ManagerScreens::Screen::Films,
                                  manager->settings().value(QStringLiteral("user")),
                                  manager->settings().value(QStringLiteral("password")), member);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
        FilmScreen* screen = nullptr;
        for (QWidget* w : QApplication::topLevelWidgets())
            if (auto* f = qobject_cast<FilmScreen*>(w))
                screen = f;
        QVERIFY(screen);
        QTest::mouseClick(screen->findChild<QPushButton*>(QStringLiteral("newFilm")), Qt::LeftButton);
        QTest::keyClicks(screen->findChild<QLineEdit*>(QStringLiteral("filmTitle")),
                         QStringLiteral("Audit Trail"));
        auto* runtime = screen->findChild<QSpinBox*>(QStringLiteral("filmRuntime"));
        runtime->setValue(101);
        auto* save = screen->findChild<QPushButton*>(QStringLiteral("saveFilm"));
        QVERIFY(save->isEnabled());
        QTest::mouseClick(save, Qt::LeftButton);
        QTRY_COMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM movie WHERE title = 'Audit Trail'")),
                     QStringLiteral("1"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(coalesce(staff_id::text, '-'), ',') FROM audit_log "
                                     "WHERE action = 'movie.insert'")),
            QString::number(member));
    }

    // A server that takes the connection and never answers: the sign-in waits on the worker, the
    // dialog keeps painting and taking input, Cancel closes it at once, and nothing opens later.
    void aStalledSignInLeavesTheDialogWorking()
    {
        QTcpServer stalled;
        QVERIFY(stalled.listen(QHostAddress::LocalHost));
        QList<QTcpSocket*> held;
        connect(&stalled, &QTcpServer::newConnection, &stalled, [&stalled, &held] {
            while (QTcpSocket* socket = stalled.nextPendingConnection())
                held << socket; // read nothing, answer nothing
        });
        ConnectionSettings settings;
        settings.setValue(QStringLiteral("host"), QStringLiteral("127.0.0.1"));
        settings.setValue(QStringLiteral("port"), QString::number(stalled.serverPort()));
        settings.setValue(QStringLiteral("dbname"), QStringLiteral("boxoffice"));
        PgManagerScreens screens(settings);
        {
            ManagerSignInDialog dialog(screens, ManagerScreens::Screen::WeekPlanner);
            dialog.show();
            QVERIFY(QTest::qWaitForWindowExposed(&dialog));
            QTest::keyClicks(dialog.findChild<QLineEdit*>(QStringLiteral("managerUser")),
                             QStringLiteral("boss"));
            QTest::keyClicks(dialog.findChild<QLineEdit*>(QStringLiteral("managerPassword")),
                             QStringLiteral("pw"));
            QTest::mouseClick(dialog.findChild<QPushButton*>(QStringLiteral("managerSignInButton")),
                              Qt::LeftButton);
            // Had the click waited for the server, it would return only after the connect timeout.
            QVERIFY(dialog.signingIn());
            QTRY_VERIFY(!held.isEmpty()); // the worker reached the server
            int ticks = 0;
            QTimer tick;
            connect(&tick, &QTimer::timeout, &tick, [&ticks] { ++ticks; });
            tick.start(20);
            QTest::qWait(400);
            QVERIFY2(ticks >= 5, qPrintable(QString::number(ticks)));
            QVERIFY(dialog.signingIn());
            // It repaints (a grab renders it now) and takes input: Cancel closes it.
            QVERIFY(!dialog.grab().isNull());
            dialog.reject();
            QVERIFY(!dialog.isVisible());
            QCOMPARE(dialog.result(), int(QDialog::Rejected));
        }
        // The server lets go: the worker's connection fails; no window opens for a dialog gone.
        for (QTcpSocket* socket : std::as_const(held))
            socket->abort();
        QTest::qWait(300);
        QCOMPARE(windowsOf<WeekPlanner>(), 0);
    }

    // A query behind a lock: the week planner asks, the window keeps painting and taking input
    // while the database waits, and shows the week once the lock goes.
    void aSlowQueryLeavesTheWindowWorking()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        QVERIFY(db.addShowtime(5, 10) > 0);
        auto manager = db.connectAsManager();
        QVERIFY(manager);
        PgManagerScreens screens(db.settings());
        auto opened = openAndWait(screens, ManagerScreens::Screen::WeekPlanner,
                                  manager->settings().value(QStringLiteral("user")),
                                  manager->settings().value(QStringLiteral("password")), 0);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
        WeekPlanner* planner = windowOf<WeekPlanner>();
        QVERIFY(planner);
        auto* title = planner->findChild<QLabel*>(QStringLiteral("weekTitle"));
        QVERIFY(title);

        auto owner = db.connectAsOwner();
        QVERIFY(owner);
        QVERIFY(owner->begin().ok());
        // LOCK cannot be prepared: sent as a script, in the transaction begun.
        Status locked = owner->execScript(QStringLiteral("LOCK TABLE showtime IN ACCESS EXCLUSIVE MODE"));
        QVERIFY2(locked.ok(), qPrintable(locked.ok() ? QString() : locked.error().detail));
        QTest::mouseClick(planner->findChild<QPushButton*>(QStringLiteral("reloadWeek")), Qt::LeftButton);
        // The planner's query waits for the lock, on its worker.
        const QString waiting = QStringLiteral("SELECT count(*) FROM pg_locks WHERE NOT granted "
                                               "AND relation = 'showtime'::regclass");
        QTRY_COMPARE(db.scalar(waiting), QStringLiteral("1"));
        int ticks = 0;
        QTimer tick;
        connect(&tick, &QTimer::timeout, &tick, [&ticks] { ++ticks; });
        tick.start(20);
        QTest::qWait(400);
        QVERIFY2(ticks >= 5, qPrintable(QString::number(ticks)));
        const QString before = title->text();
        QTest::mouseClick(planner->findChild<QPushButton*>(QStringLiteral("nextWeek")), Qt::LeftButton);
        QVERIFY(title->text() != before); // input taken while the database waits
        QVERIFY(!planner->grab().isNull());
        QVERIFY(owner->commit().ok());
        // The lock gone, both reads finish; the week shown is the one asked for last.
        QTRY_COMPARE(db.scalar(waiting), QStringLiteral("0"));
        QVERIFY2(planner->statusText().isEmpty(), qPrintable(planner->statusText()));
        planner->close();
    }

    void reportsReadTheDayOnTheManagersConnection()
    {
        TestDatabase db;
        QVERIFY2(db.ok(), qPrintable(db.error()));
        const char* titles[] = {"The Last Lighthouse", "Paper Tigers", "Midnight Ferry", "Orbit of Seoul"};
        for (int h = 1; h <= 8; ++h)
            QVERIFY(db.addShowtime(20, 40, QStringLiteral("Hall %1").arg(h)) > 0);
        QFile file(QStringLiteral(BOXOFFICE_REPORTS_SQL));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString from = QDate::currentDate().startOfDay().toUTC().toString(Qt::ISODate);
        QVERIFY(db.run(QString::fromUtf8(file.readAll())
                           .replace(QStringLiteral("%1"), QStringLiteral("600"))
                           .replace(QStringLiteral("%2"), QStringLiteral("'%1'::timestamptz").arg(from))));
        // The generator's film names, as a cinema's.
        for (int i = 0; i < 4; ++i)
            QVERIFY(db.run(
                QStringLiteral("UPDATE movie SET title = '%1' WHERE id = (SELECT id FROM movie ORDER BY id "
                               "OFFSET %2 LIMIT 1)")
                    .arg(QLatin1String(titles[i]))
                    .arg(i)));
        auto manager = db.connectAsManager();
        QVERIFY(manager);
        auto terminal = db.connect();
        QVERIFY(terminal);
        PgManagerScreens screens(terminal->settings());
        auto opened = openAndWait(screens, ManagerScreens::Screen::Reports,
                                  manager->settings().value(QStringLiteral("user")),
                                  manager->settings().value(QStringLiteral("password")), 0);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
        QCOMPARE(windowsOf<ReportScreen>(), 1);
        ReportScreen* screen = nullptr;
        for (QWidget* w : QApplication::topLevelWidgets())
            if (auto* r = qobject_cast<ReportScreen*>(w))
                screen = r;
        QVERIFY(screen);
        QTest::mouseClick(screen->findChild<QPushButton*>(QStringLiteral("showReport")), Qt::LeftButton);
        QTRY_VERIFY2(screen->document().has_value(), qPrintable(screen->statusText()));
        QCOMPARE(screen->document()->grossMinor,
                 db.scalar(QStringLiteral("SELECT sum(amount_minor) FROM payment_intent WHERE state IN "
                                          "('CAPTURED', 'REFUNDED')"))
                     .toLongLong());
        QVERIFY(screen->findChild<QPushButton*>(QStringLiteral("printPdf"))->isVisibleTo(screen));
        const QByteArray shot = qgetenv("BOXOFFICE_SCREENSHOT");
        if (!shot.isEmpty()) {
            screen->resize(1500, 860);
            QTest::qWait(500);
            QVERIFY(screen->grab().save(QString::fromLocal8Bit(shot)));
        }
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("day.pdf"));
        QVERIFY2(screen->exportPdf(pdf), qPrintable(screen->statusText()));
        QFile written(pdf);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(written.read(5) == "%PDF-");
    }
};

QTEST_MAIN(TstPgManagerScreens)
#include "tst_pgmanagerscreens.moc"
