// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The counter's manager screens on a real PostgreSQL (issue 15, docs/DECISIONS.md "Manager
// screens"): a wrong password and a terminal's login open nothing, a manager's opens the week
// planner in a window of its own, on a connection of the manager's; a member of staff whose
// manager's PIN opened the screen is named in the audit log of its changes (issue 16).
#include <QtTest>

#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include "app/gui/pgmanagerscreens.h"
#include "db/dbconnection.h"
#include "tests/support/testdatabase.h"
#include "ui/manager/filmscreen.h"
#include "ui/manager/layouteditor.h"
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
            auto wrong =
                screens.open(ManagerScreens::Screen::WeekPlanner, user, password + QStringLiteral("x"), 0);
            QVERIFY(!wrong);
            QVERIFY2(wrong.error().message.contains(QLatin1String("wrong login or password")),
                     qPrintable(wrong.error().message));
            QVERIFY(!wrong.error().message.contains(password));
            QCOMPARE(windowsOf<WeekPlanner>(), 0);

            auto notManager = screens.open(ManagerScreens::Screen::WeekPlanner,
                                           terminal->settings().value(QStringLiteral("user")),
                                           terminal->settings().value(QStringLiteral("password")), 0);
            QVERIFY(!notManager);
            QVERIFY2(notManager.error().message.contains(QLatin1String("not a manager")),
                     qPrintable(notManager.error().message));
            QCOMPARE(windowsOf<WeekPlanner>(), 0);

            auto opened = screens.open(ManagerScreens::Screen::WeekPlanner, user, password, 0);
            QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.error().detail));
            QCOMPARE(windowsOf<WeekPlanner>(), 1);
            auto layouts = screens.open(ManagerScreens::Screen::HallLayouts, user, password, 0);
            QVERIFY(layouts.ok());
            QCOMPARE(windowsOf<LayoutEditor>(), 1);
            // A closed window takes its connection with it.
            for (QWidget* w : QApplication::topLevelWidgets())
                if (qobject_cast<LayoutEditor*>(w))
                    w->close();
            QTRY_COMPARE(windowsOf<LayoutEditor>(), 0);
            auto films = screens.open(ManagerScreens::Screen::Films, user, password, 0);
            QVERIFY(films.ok());
            QCOMPARE(windowsOf<FilmScreen>(), 1);
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
                           "VALUES ('Hana Choi', 'manager', '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA')")));
        const int member = db.scalar(QStringLiteral("SELECT id FROM staff WHERE name = 'Hana Choi'")).toInt();
        QVERIFY(member > 0);
        auto manager = db.connectAsManager();
        QVERIFY(manager);
        PgManagerScreens screens(db.settings());
        auto opened =
            screens.open(ManagerScreens::Screen::Films, manager->settings().value(QStringLiteral("user")),
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
        QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM movie WHERE title = 'Audit Trail'")),
                 QStringLiteral("1"));
        QCOMPARE(
            db.scalar(QStringLiteral("SELECT string_agg(coalesce(staff_id::text, '-'), ',') FROM audit_log "
                                     "WHERE action = 'movie.insert'")),
            QString::number(member));
    }
};

QTEST_MAIN(TstPgManagerScreens)
#include "tst_pgmanagerscreens.moc"
