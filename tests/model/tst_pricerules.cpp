// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The one price rule (docs/DECISIONS.md, "One price rule in model/"): a table of ticket types,
// dayparts, weekdays, weekends and holidays and seat kinds priced by PriceResolver against a Korean
// multiplex's price list, and the lists check() refuses.
#include <QtTest>

#include "model/pricing/pricerules.h"

using namespace bo;

namespace {

/// A Korean multiplex's list in won: morning (조조) from 06:00, day from 10:00, late (심야) from
/// 23:00; Christmas and New Year's Day are holidays (both Fridays in this table).
PriceRules multiplex()
{
    PriceRules p;
    p.currency = QStringLiteral("KRW");
    p.dayparts = {{QStringLiteral("morning"), QTime(6, 0)},
                  {QStringLiteral("day"), QTime(10, 0)},
                  {QStringLiteral("late"), QTime(23, 0)}};
    const QString adult = QStringLiteral("adult");
    const QString youth = QStringLiteral("youth");
    p.rules = {
        {adult, QString(), DayType::Weekday, 14000},
        {adult, QString(), DayType::Weekend, 15000},
        {adult, QString(), DayType::Holiday, 16000},
        {adult, QStringLiteral("morning"), std::nullopt, 10000},
        {adult, QStringLiteral("late"), std::nullopt, 12000},
        {youth, QString(), DayType::Weekday, 11000},
        {youth, QString(), DayType::Weekend, 12000},
        {youth, QStringLiteral("morning"), std::nullopt, 8000},
        {QStringLiteral("senior"), QString(), std::nullopt, 7000},
    };
    p.surcharges = {{SeatKind::Premium, 3000}, {SeatKind::Couple, 2000}};
    p.formatSurcharges = {{QStringLiteral("3D"), 2000}, {QStringLiteral("IMAX"), 5000}};
    p.holidays = {QDate(2026, 12, 25), QDate(2027, 1, 1)};
    return p;
}

QDateTime at(int y, int m, int d, int hh, int mm)
{
    return {QDate(y, m, d), QTime(hh, mm)};
}

} // namespace

class TstPriceRules final : public QObject
{
    Q_OBJECT

private slots:
    void theMultiplexListIsValid() { QVERIFY(PriceResolver::check(multiplex()).ok()); }

    void aSeatIsPricedByTheMostSpecificRule_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QDateTime>("start");
        QTest::addColumn<int>("kind");
        QTest::addColumn<qint64>("amount");
        QTest::addColumn<QString>("daypart");
        QTest::addColumn<int>("dayType");
        QTest::addColumn<QString>("format");
        const int standard = int(SeatKind::Standard);
        const int weekday = int(DayType::Weekday);
        const int weekend = int(DayType::Weekend);
        const int holiday = int(DayType::Holiday);
        const QString adult = QStringLiteral("adult");
        const QString youth = QStringLiteral("youth");
        const QString day = QStringLiteral("day");
        const QString morning = QStringLiteral("morning");
        const QString late = QStringLiteral("late");
        QTest::newRow("adult, Wednesday afternoon")
            << adult << at(2026, 12, 2, 14, 0) << standard << qint64(14000) << day << weekday << QString();
        QTest::newRow("adult, Saturday afternoon")
            << adult << at(2026, 12, 5, 14, 0) << standard << qint64(15000) << day << weekend << QString();
        QTest::newRow("adult, Sunday, premium seat")
            << adult << at(2026, 12, 6, 14, 0) << int(SeatKind::Premium) << qint64(18000) << day << weekend
            << QString();
        QTest::newRow("adult, Christmas (a Friday): the holiday price")
            << adult << at(2026, 12, 25, 14, 0) << standard << qint64(16000) << day << holiday << QString();
        QTest::newRow("youth, Christmas: no holiday price, the weekend's")
            << youth << at(2026, 12, 25, 14, 0) << standard << qint64(12000) << day << holiday << QString();
        QTest::newRow("youth, the Friday before Christmas: a weekday")
            << youth << at(2026, 12, 18, 14, 0) << standard << qint64(11000) << day << weekday << QString();
        QTest::newRow("adult, Wednesday morning") << adult << at(2026, 12, 2, 8, 30) << standard
                                                  << qint64(10000) << morning << weekday << QString();
        QTest::newRow("adult, Saturday morning: the morning price beats the weekend's")
            << adult << at(2026, 12, 5, 8, 30) << standard << qint64(10000) << morning << weekend
            << QString();
        QTest::newRow("youth, Saturday 09:59, couple seat")
            << youth << at(2026, 12, 5, 9, 59) << int(SeatKind::Couple) << qint64(10000) << morning << weekend
            << QString();
        QTest::newRow("youth, Saturday 10:00: the day has begun")
            << youth << at(2026, 12, 5, 10, 0) << standard << qint64(12000) << day << weekend << QString();
        QTest::newRow("adult, Wednesday 23:30: late")
            << adult << at(2026, 12, 2, 23, 30) << standard << qint64(12000) << late << weekday << QString();
        QTest::newRow("senior, any day and time") << QStringLiteral("senior") << at(2026, 12, 5, 23, 30)
                                                  << standard << qint64(7000) << late << weekend << QString();
        QTest::newRow("adult, Wednesday 05:00: before every daypart")
            << adult << at(2026, 12, 2, 5, 0) << standard << qint64(14000) << QString() << weekday
            << QString();
        QTest::newRow("adult, wheelchair space: no surcharge")
            << adult << at(2026, 12, 2, 14, 0) << int(SeatKind::Wheelchair) << qint64(14000) << day << weekday
            << QString();
        QTest::newRow("adult, New Year's Day morning")
            << adult << at(2027, 1, 1, 7, 0) << standard << qint64(10000) << morning << holiday << QString();
        QTest::newRow("adult, Wednesday afternoon, IMAX")
            << adult << at(2026, 12, 2, 14, 0) << standard << qint64(19000) << day << weekday
            << QStringLiteral("IMAX");
        QTest::newRow("youth, Saturday morning, 3D, premium seat")
            << youth << at(2026, 12, 5, 8, 0) << int(SeatKind::Premium) << qint64(13000) << morning << weekend
            << QStringLiteral("3D");
        QTest::newRow("adult, Wednesday afternoon, a format without a surcharge")
            << adult << at(2026, 12, 2, 14, 0) << standard << qint64(14000) << day << weekday
            << QStringLiteral("4DX");
    }

    void aSeatIsPricedByTheMostSpecificRule()
    {
        QFETCH(QString, type);
        QFETCH(QDateTime, start);
        QFETCH(int, kind);
        QFETCH(qint64, amount);
        QFETCH(QString, daypart);
        QFETCH(int, dayType);
        QFETCH(QString, format);
        auto price = PriceResolver::resolve(multiplex(), type, start, SeatKind(kind), format);
        QVERIFY2(price.ok(), qPrintable(price.ok() ? QString() : price.error().message));
        QCOMPARE(price.value().amountMinor, amount);
        QCOMPARE(price.value().baseMinor + price.value().surchargeMinor, amount);
        QCOMPARE(price.value().currency, QStringLiteral("KRW"));
        QCOMPARE(price.value().daypart, daypart);
        QCOMPARE(int(price.value().dayType), dayType);
    }

    void aTypeWithoutARuleThenHasNoPrice()
    {
        auto price = PriceResolver::resolve(multiplex(), QStringLiteral("student"), at(2026, 12, 2, 14, 0),
                                            SeatKind::Standard);
        QVERIFY(!price.ok());
        QCOMPARE(price.error().code, ErrorCode::NotFound);
        QVERIFY2(price.error().message.contains(QLatin1String("student")), qPrintable(price.error().message));
        // A youth ticket has no "any day" rule: a weekday evening is priced by the weekday rule.
        QVERIFY(PriceResolver::resolve(multiplex(), QStringLiteral("youth"), at(2026, 12, 2, 20, 0),
                                       SeatKind::Standard)
                    .ok());
        // Without a weekday rule, a Wednesday afternoon has no adult price.
        PriceRules p = multiplex();
        p.rules.removeAt(0);
        QCOMPARE(
            PriceResolver::resolve(p, QStringLiteral("adult"), at(2026, 12, 2, 14, 0), SeatKind::Standard)
                .error()
                .code,
            ErrorCode::NotFound);
    }

    void aBadListIsRefusedNamingTheProblem_data()
    {
        QTest::addColumn<int>("defect");
        QTest::addColumn<QString>("said");
        QTest::newRow("no currency") << 0 << QStringLiteral("currency");
        QTest::newRow("a daypart twice") << 1 << QStringLiteral("named twice");
        QTest::newRow("two dayparts at one time") << 2 << QStringLiteral("Two dayparts begin at 10:00");
        QTest::newRow("two rules for one case") << 3 << QStringLiteral("both price adult");
        QTest::newRow("an unknown daypart") << 4 << QStringLiteral("does not have");
        QTest::newRow("a negative amount") << 5 << QStringLiteral("negative");
        QTest::newRow("a seat kind surcharged twice") << 6 << QStringLiteral("surcharged twice");
        QTest::newRow("a rule without a ticket type") << 7 << QStringLiteral("names no ticket type");
        QTest::newRow("a format surcharged twice") << 8 << QStringLiteral("format IMAX is surcharged twice");
    }

    void aBadListIsRefusedNamingTheProblem()
    {
        QFETCH(int, defect);
        QFETCH(QString, said);
        PriceRules p = multiplex();
        switch (defect) {
        case 0:
            p.currency.clear();
            break;
        case 1:
            p.dayparts.append({QStringLiteral("day"), QTime(15, 0)});
            break;
        case 2:
            p.dayparts.append({QStringLiteral("matinee"), QTime(10, 0)});
            break;
        case 3:
            p.rules.append({QStringLiteral("adult"), QString(), DayType::Weekend, 15500});
            break;
        case 4:
            p.rules.append({QStringLiteral("adult"), QStringLiteral("midnight"), std::nullopt, 9000});
            break;
        case 5:
            p.rules[2].amountMinor = -1;
            break;
        case 6:
            p.surcharges.append({SeatKind::Premium, 1000});
            break;
        case 7:
            p.rules.append({QStringLiteral(" "), QString(), std::nullopt, 1000});
            break;
        default:
            p.formatSurcharges.append({QStringLiteral("IMAX"), 4000});
            break;
        }
        const Status checked = PriceResolver::check(p);
        QVERIFY(!checked.ok());
        QCOMPARE(checked.error().code, ErrorCode::BadInput);
        QVERIFY2(checked.error().message.contains(said), qPrintable(checked.error().message));
    }
};

QTEST_GUILESS_MAIN(TstPriceRules)
#include "tst_pricerules.moc"
