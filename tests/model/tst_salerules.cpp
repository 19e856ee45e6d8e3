// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/sale/salerules.h"
#include "tests/support/errorcodename.h"

using namespace bo;
using bo::test::codeName;

namespace {

/// A fixed instant, so that no boundary depends on when the test runs.
const QDateTime now = QDateTime::fromSecsSinceEpoch(1'800'000'000, Qt::UTC);

ShowtimeInfo showtime(const QDateTime& startsAt, const QString& status = QStringLiteral("ON_SALE"))
{
    ShowtimeInfo s;
    s.id = 1;
    s.startsAt = startsAt;
    s.status = status;
    return s;
}

} // namespace

/// The rules every sale follows: how many seats, and which showtimes are still on sale.
class TstSaleRules final : public QObject
{
    Q_OBJECT

private slots:
    void theDefaultRulesAreTheDefaultSettings()
    {
        const SaleRules rules;
        QCOMPARE(rules.settings().maxSeatsPerSale, SaleSettings{}.maxSeatsPerSale);
        QCOMPARE(rules.settings().lateSaleMinutes, SaleSettings{}.lateSaleMinutes);
    }

    void aSaleMayHaveAsManySeatsAsTheSettingsAllowButNoMore_data()
    {
        QTest::addColumn<qsizetype>("count");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("none") << qsizetype(0) << true;
        QTest::newRow("one") << qsizetype(1) << true;
        QTest::newRow("one below the limit") << qsizetype(3) << true;
        QTest::newRow("the limit") << qsizetype(4) << true;
        QTest::newRow("one more than the limit") << qsizetype(5) << false;
        QTest::newRow("far more") << qsizetype(400) << false;
    }

    void aSaleMayHaveAsManySeatsAsTheSettingsAllowButNoMore()
    {
        QFETCH(qsizetype, count);
        QFETCH(bool, allowed);
        const SaleRules rules(SaleSettings{.maxSeatsPerSale = 4});
        const Status s = rules.checkSeatCount(count);
        QCOMPARE(s.ok(), allowed);
        if (!allowed) {
            QCOMPARE(codeName(s.error().code), codeName(ErrorCode::BadInput));
            QVERIFY2(s.error().message.contains(QLatin1String("4")), qPrintable(s.error().message));
        }
    }

    void aRequestOfDistinctSeatsWithinTheLimitIsAccepted()
    {
        const SaleRules rules(SaleSettings{.maxSeatsPerSale = 3});
        QVERIFY(rules.checkSeats({7}).ok());
        QVERIFY(rules.checkSeats({9, 3, 5}).ok());
    }

    void aRequestWithoutSeatsIsRefused()
    {
        const SaleRules rules;
        const Status s = rules.checkSeats({});
        QVERIFY(!s.ok());
        QCOMPARE(codeName(s.error().code), codeName(ErrorCode::BadInput));
        QCOMPARE(s.error().message, QStringLiteral("No seats were given."));
    }

    void aSeatListedTwiceIsRefused_data()
    {
        QTest::addColumn<QList<int>>("seats");
        QTest::newRow("side by side") << QList<int>{4, 4};
        QTest::newRow("apart") << QList<int>{4, 5, 6, 4};
        // Even when the list is also too long, the repeat is what is named.
        QTest::newRow("and too many") << QList<int>{1, 2, 3, 1};
    }

    void aSeatListedTwiceIsRefused()
    {
        QFETCH(QList<int>, seats);
        const SaleRules rules(SaleSettings{.maxSeatsPerSale = 3});
        const Status s = rules.checkSeats(seats);
        QVERIFY(!s.ok());
        QCOMPARE(codeName(s.error().code), codeName(ErrorCode::BadInput));
        QCOMPARE(s.error().message, QStringLiteral("The same seat is listed more than once."));
    }

    void aRequestOfMoreSeatsThanTheLimitNamesBothCounts()
    {
        const SaleRules rules(SaleSettings{.maxSeatsPerSale = 3});
        QVERIFY(rules.checkSeats({1, 2, 3}).ok());
        const Status s = rules.checkSeats({1, 2, 3, 4});
        QVERIFY(!s.ok());
        QCOMPARE(codeName(s.error().code), codeName(ErrorCode::BadInput));
        QCOMPARE(s.error().message, QStringLiteral("4 seats requested; at most 3 can be sold at once."));
    }

    void whetherAShowtimeIsOnSale_data()
    {
        QTest::addColumn<QDateTime>("startsAt");
        QTest::addColumn<QString>("status");
        QTest::addColumn<int>("lateSaleMinutes");
        QTest::addColumn<bool>("onSale");
        const QString open = QStringLiteral("ON_SALE");
        QTest::newRow("starts tomorrow") << now.addDays(1) << open << 20 << true;
        QTest::newRow("starts now") << now << open << 20 << true;
        QTest::newRow("started 19 minutes ago") << now.addSecs(-19LL * 60) << open << 20 << true;
        // "Not started more than the late-sale minutes ago": exactly that long ago still sells,
        // as the database's hold does (starts_at + late_sale_minutes >= clock_timestamp()).
        QTest::newRow("started exactly the late-sale minutes ago")
            << now.addSecs(-20LL * 60) << open << 20 << true;
        QTest::newRow("started a millisecond more than the late-sale minutes ago")
            << now.addMSecs(-20 * 60 * 1000 - 1) << open << 20 << false;
        QTest::newRow("started an hour ago") << now.addSecs(-3600) << open << 20 << false;
        QTest::newRow("no late sales, starts now") << now << open << 0 << true;
        QTest::newRow("no late sales, started a second ago") << now.addSecs(-1) << open << 0 << false;
        QTest::newRow("long late sales") << now.addSecs(-90LL * 60) << open << 120 << true;
        QTest::newRow("closed") << now.addDays(1) << QStringLiteral("CLOSED") << 20 << false;
        QTest::newRow("cancelled") << now.addDays(1) << QStringLiteral("CANCELLED") << 20 << false;
    }

    void whetherAShowtimeIsOnSale()
    {
        QFETCH(QDateTime, startsAt);
        QFETCH(QString, status);
        QFETCH(int, lateSaleMinutes);
        QFETCH(bool, onSale);
        QCOMPARE(SaleRules::isOnSale(showtime(startsAt, status), now, lateSaleMinutes), onSale);
        const SaleRules rules(SaleSettings{.lateSaleMinutes = lateSaleMinutes});
        QCOMPARE(rules.isOnSale(showtime(startsAt, status), now), onSale);
    }

    void aShowtimeStartedLongerAgoThanTheLateSaleMinutesIsNotOnSale()
    {
        const ShowtimeInfo started = showtime(now.addSecs(-30LL * 60));
        QVERIFY(!SaleRules(SaleSettings{.lateSaleMinutes = 20}).isOnSale(started, now));
        // The settings' minutes are the ones that count.
        QVERIFY(SaleRules(SaleSettings{.lateSaleMinutes = 45}).isOnSale(started, now));
    }

    void aWindowOpensAndClosesTheSale_data()
    {
        QTest::addColumn<int>("opensMin");  // minutes from now; 0: no opening
        QTest::addColumn<int>("closesMin"); // minutes from now; 0: no close (start + late minutes)
        QTest::addColumn<bool>("onSale");
        QTest::newRow("no window") << 0 << 0 << true;
        QTest::newRow("opens in a minute") << 1 << 0 << false;
        QTest::newRow("opened a minute ago") << -1 << 0 << true;
        QTest::newRow("closed a minute ago") << 0 << -1 << false;
        QTest::newRow("closes in a minute") << 0 << 1 << true;
        QTest::newRow("inside") << -10 << 10 << true;
        QTest::newRow("closes after the late-sale minutes") << 0 << 600 << true;
    }

    void aWindowOpensAndClosesTheSale()
    {
        QFETCH(int, opensMin);
        QFETCH(int, closesMin);
        QFETCH(bool, onSale);
        // Starts in two hours; by the late-sale rule alone it is on sale now.
        ShowtimeInfo s = showtime(now.addSecs(2LL * 3600));
        if (opensMin != 0)
            s.saleOpensAt = now.addSecs(qint64(opensMin) * 60);
        if (closesMin != 0)
            s.saleClosesAt = now.addSecs(qint64(closesMin) * 60);
        QCOMPARE(SaleRules::isOnSale(s, now, 20), onSale);
        // A close the window sets replaces the late-sale cut-off: four hours after the start.
        s.saleOpensAt = QDateTime();
        s.saleClosesAt = now.addSecs(6LL * 3600);
        QVERIFY(SaleRules::isOnSale(s, now.addSecs(5LL * 3600), 20));
    }
};

QTEST_GUILESS_MAIN(TstSaleRules)
#include "tst_salerules.moc"
