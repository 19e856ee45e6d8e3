// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "db/connectionsettings.h"

using namespace bo;

class TstConnectionSettings final : public QObject
{
    Q_OBJECT

private slots:
    void keyValueStringIsParsed()
    {
        auto s = ConnectionSettings::parse(
            QStringLiteral("host=db1 port=5433 dbname=cinema user=till password=s3cret"));
        QVERIFY(s.ok());
        QCOMPARE(s.value().host(), QStringLiteral("db1"));
        QCOMPARE(s.value().value(QStringLiteral("port")), QStringLiteral("5433"));
        QCOMPARE(s.value().value(QStringLiteral("dbname")), QStringLiteral("cinema"));
    }

    void uriWithSeveralHostsIsParsed()
    {
        auto s = ConnectionSettings::parse(
            QStringLiteral("postgresql://till:pw@db1:5432,db2:5432/cinema?target_session_attrs=read-write"));
        QVERIFY(s.ok());
        QCOMPARE(s.value().host(), QStringLiteral("db1,db2"));
        QCOMPARE(s.value().value(QStringLiteral("target_session_attrs")), QStringLiteral("read-write"));
        QCOMPARE(s.value().value(QStringLiteral("password")), QStringLiteral("pw"));
    }

    void malformedStringIsBadInput_data()
    {
        QTest::addColumn<QString>("conninfo");
        QTest::newRow("unknown keyword") << QStringLiteral("hots=db1");
        QTest::newRow("unterminated quote") << QStringLiteral("host='db1");
        QTest::newRow("bad uri") << QStringLiteral("postgresql://[::1");
    }
    void malformedStringIsBadInput()
    {
        QFETCH(QString, conninfo);
        auto s = ConnectionSettings::parse(conninfo);
        QVERIFY(!s.ok());
        QCOMPARE(s.error().code, ErrorCode::BadInput);
        QVERIFY(!s.error().message.isEmpty());
    }

    void descriptionNeverShowsThePassword()
    {
        auto s =
            ConnectionSettings::parse(QStringLiteral("host=db1 user=till password=TopSecret99 dbname=x"));
        QVERIFY(s.ok());
        QVERIFY(!s.value().describe().contains(QStringLiteral("TopSecret99")));
        QVERIFY(s.value().describe().contains(QStringLiteral("db1")));
    }

    void connInfoCarriesSessionTimeouts()
    {
        auto s = ConnectionSettings::parse(QStringLiteral("host=db1"));
        QVERIFY(s.ok());
        s.value().statementTimeoutMs = 1234;
        s.value().lockTimeoutMs = 567;
        const QString conninfo = s.value().toConninfo();
        QVERIFY2(conninfo.contains(QStringLiteral("statement_timeout=1234")), qPrintable(conninfo));
        QVERIFY(conninfo.contains(QStringLiteral("lock_timeout=567")));
        QVERIFY(conninfo.contains(QStringLiteral("connect_timeout=5")));
    }

    void quotedValuesSurviveTheRoundTrip()
    {
        auto s = ConnectionSettings::parse(QStringLiteral("host=db1 application_name='it\\'s a \\\\ till'"));
        QVERIFY2(s.ok(), qPrintable(s.ok() ? QString() : s.error().message));
        QCOMPARE(s.value().value(QStringLiteral("application_name")), QStringLiteral("it's a \\ till"));
        auto again = ConnectionSettings::parse(s.value().toConninfo());
        QVERIFY(again.ok());
        QCOMPARE(again.value().value(QStringLiteral("application_name")), QStringLiteral("it's a \\ till"));
    }
};

QTEST_GUILESS_MAIN(TstConnectionSettings)
#include "tst_connectionsettings.moc"
