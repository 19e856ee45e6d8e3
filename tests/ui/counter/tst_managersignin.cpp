// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The counter's way to the manager's screens: the sign-in dialog hands the login and
// password to ManagerScreens; a refusal (a wrong password) is shown in the dialog, which stays
// open with the password cleared, and nothing opens; the right one opens the screen asked for.
#include <QtTest>

#include <QLabel>
#include <QLineEdit>

#include "ui/counter/managersignindialog.h"

using namespace bo;

namespace {

class FakeScreens final : public ManagerScreens
{
public:
    // Answers at once, as a sign-in whose answer has come.
    void open(Screen screen, const QString& user, const QString& password, int staffId, QObject*,
              Opened done) override
    {
        lastStaff = staffId;
        if (password != u"right") {
            done(makeError(ErrorCode::BadInput,
                           QStringLiteral("The database refused the login %1.").arg(user)));
            return;
        }
        opened.append({screen, user});
        done(true);
    }

    QList<std::pair<Screen, QString>> opened;
    int lastStaff = -1;
};

} // namespace

class TstManagerSignIn final : public QObject
{
    Q_OBJECT

private slots:
    void aWrongPasswordOpensNothingAndTheRightOneOpensTheScreen()
    {
        FakeScreens screens;
        ManagerSignInDialog dialog(screens, ManagerScreens::Screen::WeekPlanner);
        auto* user = dialog.findChild<QLineEdit*>(QStringLiteral("managerUser"));
        auto* password = dialog.findChild<QLineEdit*>(QStringLiteral("managerPassword"));
        QVERIFY(user && password);
        QCOMPARE(password->echoMode(), QLineEdit::Password);

        dialog.show();
        QTest::keyClicks(user, QStringLiteral("manager_kim"));
        QTest::keyClicks(password, QStringLiteral("wrong"));
        dialog.signIn();
        QVERIFY(screens.opened.isEmpty());
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.errorText().contains(QLatin1String("refused the login manager_kim")),
                 qPrintable(dialog.errorText()));
        QVERIFY(password->text().isEmpty());

        QTest::keyClicks(password, QStringLiteral("right"));
        QTest::keyClick(password, Qt::Key_Return);
        QCOMPARE(screens.opened.size(), 1);
        QCOMPARE(screens.opened.first().first, ManagerScreens::Screen::WeekPlanner);
        QCOMPARE(screens.opened.first().second, QStringLiteral("manager_kim"));
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
};

QTEST_MAIN(TstManagerSignIn)
#include "tst_managersignin.moc"
