// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QSettings>
#include <QTemporaryDir>

#include "app/common/terminalidentity.h"

using namespace bo;

class TstTerminalIdentity final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    [[nodiscard]] QString locks() const { return m_dir.filePath(QStringLiteral("locks")); }
    [[nodiscard]] QString settingsFile() const { return m_dir.filePath(QStringLiteral("boxoffice.ini")); }

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QFile::remove(settingsFile());
    }

    /// Two windows of the demo on one machine: two terminals, each with its own name and id.
    void aSecondInstanceGetsItsOwnNameAndId()
    {
        QSettings settings(settingsFile(), QSettings::IniFormat);
        auto first = claimTerminalIdentity(settings, locks(), {});
        QVERIFY(first.ok());
        QVERIFY(first.value().name.startsWith(QLatin1String("till-")));
        auto second = claimTerminalIdentity(settings, locks(), {});
        QVERIFY(second.ok());
        QCOMPARE(second.value().name, first.value().name + QStringLiteral("-2"));
        QVERIFY(second.value().id != first.value().id);
        QVERIFY(!second.value().id.isNull());
    }

    /// Identities are permanent: after a restart the same instance slot has the same id.
    void anIdentityKeepsItsIdAcrossRestarts()
    {
        QSettings settings(settingsFile(), QSettings::IniFormat);
        QString name;
        QUuid id;
        QUuid secondId;
        {
            auto first = claimTerminalIdentity(settings, locks(), {});
            auto second = claimTerminalIdentity(settings, locks(), {});
            QVERIFY(first.ok() && second.ok());
            name = first.value().name;
            id = first.value().id;
            secondId = second.value().id;
        } // both quit
        auto again = claimTerminalIdentity(settings, locks(), {});
        QVERIFY(again.ok());
        QCOMPARE(again.value().name, name);
        QCOMPARE(again.value().id, id);
        auto againSecond = claimTerminalIdentity(settings, locks(), {});
        QVERIFY(againSecond.ok());
        QCOMPARE(againSecond.value().id, secondId);
    }

    void aNamedTerminalHasItsOwnIdAndRunsOnce()
    {
        QSettings settings(settingsFile(), QSettings::IniFormat);
        auto machine = claimTerminalIdentity(settings, locks(), {});
        auto named = claimTerminalIdentity(settings, locks(), QStringLiteral("kiosk 2 (lobby)"));
        QVERIFY(machine.ok() && named.ok());
        QCOMPARE(named.value().name, QStringLiteral("kiosk 2 (lobby)"));
        QVERIFY(named.value().id != machine.value().id);
        auto twice = claimTerminalIdentity(settings, locks(), QStringLiteral("kiosk 2 (lobby)"));
        QVERIFY(!twice.ok());
        QCOMPARE(twice.error().code, ErrorCode::Conflict);
        QVERIFY2(twice.error().message.contains(QLatin1String("already running")),
                 qPrintable(twice.error().message));
    }

    void badNamesAreRefused_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("blank") << QStringLiteral("   ");
        QTest::newRow("too long") << QString(101, QLatin1Char('x'));
    }

    void badNamesAreRefused()
    {
        QFETCH(QString, name);
        QSettings settings(settingsFile(), QSettings::IniFormat);
        auto identity = claimTerminalIdentity(settings, locks(), name);
        QVERIFY(!identity.ok());
        QCOMPARE(identity.error().code, ErrorCode::BadInput);
    }
};

QTEST_GUILESS_MAIN(TstTerminalIdentity)
#include "tst_terminalidentity.moc"
