// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// model/showtimes/weekpattern.h: the starts of a week pattern of showtimes ("every day 10:00, 13:20 for
// two weeks"), its parsers, and the refusals (backwards range, too many, a time the clock skips).
#include <QtTest>

#include "model/showtimes/weekpattern.h"

using namespace bo;

class TstWeekPattern final : public QObject
{
    Q_OBJECT

private slots:
    void startsAreEveryChosenDayAtEveryTime_data()
    {
        QTest::addColumn<QString>("days");
        QTest::addColumn<QString>("expected");
        // 2026-12-07 is a Monday; two weeks to Sunday the 20th.
        QTest::newRow("daily") << QStringLiteral("daily") << QStringLiteral("14x2");
        QTest::newRow("weekdays") << QStringLiteral("mon-fri") << QStringLiteral("10x2");
        QTest::newRow("weekend") << QStringLiteral("sat,sun") << QStringLiteral("4x2");
        QTest::newRow("one day, named twice") << QStringLiteral("wed,WED") << QStringLiteral("2x2");
    }

    void startsAreEveryChosenDayAtEveryTime()
    {
        QFETCH(QString, days);
        QFETCH(QString, expected);
        const QTimeZone seoul("Asia/Seoul");
        QVERIFY(seoul.isValid());
        WeekPattern week{QDate(2026, 12, 7), QDate(2026, 12, 20), {}, {}};
        auto times = WeekPattern::parseTimes(QStringLiteral("13:20, 10:00"));
        QVERIFY(times.ok());
        week.times = times.value();
        auto weekdays = WeekPattern::parseWeekdays(days);
        QVERIFY2(weekdays.ok(), qPrintable(weekdays.ok() ? QString() : weekdays.error().message));
        week.weekdays = weekdays.value();
        auto starts = week.starts(seoul);
        QVERIFY(starts.ok());
        QCOMPARE(QStringLiteral("%1x2").arg(starts.value().size() / 2), expected);
        // In time order, at the local times given, each on a day named.
        QCOMPARE(starts.value().first().time(), QTime(10, 0));
        QCOMPARE(starts.value().at(1).time(), QTime(13, 20));
        QCOMPARE(starts.value().first().toUTC().time(), QTime(1, 0)); // Seoul is UTC+9
        for (qsizetype i = 1; i < starts.value().size(); ++i)
            QVERIFY(starts.value().at(i - 1) < starts.value().at(i));
        for (const QDateTime& s : starts.value())
            QVERIFY(week.weekdays.isEmpty() || week.weekdays.contains(Qt::DayOfWeek(s.date().dayOfWeek())));
    }

    void badPatternsAreRefused_data()
    {
        QTest::addColumn<QString>("times");
        QTest::addColumn<QString>("days");
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QDate>("to");
        const QDate monday(2026, 12, 7);
        QTest::newRow("no times") << QString() << QStringLiteral("daily") << monday << monday;
        QTest::newRow("not a time") << QStringLiteral("10:00,noon") << QStringLiteral("daily") << monday
                                    << monday;
        QTest::newRow("25 o'clock") << QStringLiteral("25:00") << QStringLiteral("daily") << monday << monday;
        QTest::newRow("a time twice")
            << QStringLiteral("10:00,10:00") << QStringLiteral("daily") << monday << monday;
        QTest::newRow("not a day") << QStringLiteral("10:00") << QStringLiteral("mon,funday") << monday
                                   << monday;
        QTest::newRow("a backwards day range")
            << QStringLiteral("10:00") << QStringLiteral("fri-mon") << monday << monday;
        QTest::newRow("no days") << QStringLiteral("10:00") << QStringLiteral(",") << monday << monday;
        QTest::newRow("backwards") << QStringLiteral("10:00") << QStringLiteral("daily") << monday
                                   << monday.addDays(-1);
        QTest::newRow("no day of the range is named")
            << QStringLiteral("10:00") << QStringLiteral("sat") << monday << monday.addDays(4);
        QTest::newRow("more than 1000 showtimes") << QStringLiteral("10:00,13:00,16:00")
                                                  << QStringLiteral("daily") << monday << monday.addDays(334);
        QTest::newRow("years of days")
            << QStringLiteral("10:00") << QStringLiteral("daily") << monday << monday.addYears(30);
    }

    void badPatternsAreRefused()
    {
        QFETCH(QString, times);
        QFETCH(QString, days);
        QFETCH(QDate, from);
        QFETCH(QDate, to);
        auto parsedTimes = WeekPattern::parseTimes(times);
        auto parsedDays = WeekPattern::parseWeekdays(days);
        if (!parsedTimes || !parsedDays) {
            const Error e = !parsedTimes ? parsedTimes.error() : parsedDays.error();
            QCOMPARE(e.code, ErrorCode::BadInput);
            QVERIFY(!e.message.isEmpty());
            return;
        }
        const WeekPattern week{from, to, parsedTimes.value(), parsedDays.value()};
        auto starts = week.starts(QTimeZone("Asia/Seoul"));
        QVERIFY(!starts);
        QCOMPARE(starts.error().code, ErrorCode::BadInput);
    }

    void aTimeTheClockSkipsIsRefused()
    {
        // Berlin springs forward on 2027-03-28 at 02:00: 02:30 does not exist that day.
        const QTimeZone berlin("Europe/Berlin");
        QVERIFY(berlin.isValid());
        const WeekPattern week{QDate(2027, 3, 27), QDate(2027, 3, 29), {QTime(2, 30)}, {}};
        auto starts = week.starts(berlin);
        QVERIFY(!starts);
        QVERIFY2(starts.error().message.contains(QLatin1String("2027-03-28")),
                 qPrintable(starts.error().message));
        const WeekPattern fine{QDate(2027, 3, 27), QDate(2027, 3, 29), {QTime(10, 0)}, {}};
        auto ok = fine.starts(berlin);
        QVERIFY(ok.ok());
        QCOMPARE(ok.value().size(), 3);
        // Still 10:00 on the clock after the change: 9 h UTC before, 8 h after.
        QCOMPARE(ok.value().at(0).toUTC().time(), QTime(9, 0));
        QCOMPARE(ok.value().at(2).toUTC().time(), QTime(8, 0));
    }
};

QTEST_GUILESS_MAIN(TstWeekPattern)
#include "tst_weekpattern.moc"
