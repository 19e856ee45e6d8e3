// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/core/money.h"
#include "model/core/result.h"
#include "model/seats/seattypes.h"
#include "model/showtimes/showtimeinfo.h"

using namespace bo;

/// The model's small value types and helpers: money, seat texts, error names, the default ticket
/// type.
class TstModelValues final : public QObject
{
    Q_OBJECT

private slots:
    void moneyIsFormattedInWholeMinorUnits_data()
    {
        QTest::addColumn<qint64>("minor");
        QTest::addColumn<QString>("currency");
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("text");
        QTest::newRow("won, English")
            << qint64(14000) << QStringLiteral("KRW") << QStringLiteral("en_US") << QStringLiteral("₩14,000");
        QTest::newRow("won, Korean") << qint64(14000) << QStringLiteral("KRW") << QStringLiteral("ko_KR")
                                     << QStringLiteral("₩14,000");
        QTest::newRow("euro") << qint64(1250) << QStringLiteral("EUR") << QStringLiteral("en_US")
                              << QStringLiteral("€12.50");
        QTest::newRow("dollar, cents")
            << qint64(1205) << QStringLiteral("USD") << QStringLiteral("en_US") << QStringLiteral("$12.05");
        QTest::newRow("other code") << qint64(99) << QStringLiteral("GBP") << QStringLiteral("en_US")
                                    << QStringLiteral("GBP0.99");
    }

    void moneyIsFormattedInWholeMinorUnits()
    {
        QFETCH(qint64, minor);
        QFETCH(QString, currency);
        QFETCH(QString, locale);
        QFETCH(QString, text);
        QCOMPARE(formatMoney(minor, currency, QLocale(locale)), text);
    }

    void currenciesWithoutMinorDigits()
    {
        QCOMPARE(minorDigits(QStringLiteral("KRW")), 0);
        QCOMPARE(minorDigits(QStringLiteral("JPY")), 0);
        QCOMPARE(minorDigits(QStringLiteral("EUR")), 2);
    }

    void seatTextsRoundTrip()
    {
        for (SeatStatus s : {SeatStatus::Free, SeatStatus::Held, SeatStatus::Reserved, SeatStatus::Blocked})
            QCOMPARE(seatStatusFromText(seatStatusText(s)), s);
        for (SeatKind k : {SeatKind::Standard, SeatKind::Premium, SeatKind::Couple, SeatKind::Wheelchair,
                           SeatKind::Companion})
            QCOMPARE(seatKindFromText(seatKindText(k)), k);
        QCOMPARE(seatStatusFromText(QStringLiteral("nonsense")), SeatStatus::Free);
        QCOMPARE(seatKindFromText(QStringLiteral("nonsense")), SeatKind::Standard);
    }

    void everyErrorCodeHasItsOwnName()
    {
        QSet<QString> names;
        for (ErrorCode c :
             {ErrorCode::BadInput, ErrorCode::NotFound, ErrorCode::NotOnSale, ErrorCode::Conflict,
              ErrorCode::Expired, ErrorCode::KeyMismatch, ErrorCode::InProgress, ErrorCode::Offline,
              ErrorCode::SchemaTooNew, ErrorCode::Internal})
            names.insert(QString::fromLatin1(errorCodeName(c)));
        QCOMPARE(names.size(), 10);
        QVERIFY(names.contains(QStringLiteral("conflict")));
    }

    void aHoldsRemainingTimeIsMeasuredOnTheDatabaseClock()
    {
        HoldDecision r;
        r.dbNow = QDateTime::fromSecsSinceEpoch(100, Qt::UTC);
        r.heldUntil = r.dbNow.addSecs(300);
        QCOMPARE(r.remainingMs(), 0); // refused: no time
        r.granted = true;
        QCOMPARE(r.remainingMs(), 300000);
    }

    void theDefaultTicketTypeIsThePriceListsFirst()
    {
        QCOMPARE(defaultTier({}), QString());
        QCOMPARE(defaultTier({PriceTier{QStringLiteral("adult"), {}, 1, {}},
                              PriceTier{QStringLiteral("child"), {}, 1, {}}}),
                 QStringLiteral("adult"));
    }
};

QTEST_GUILESS_MAIN(TstModelValues)
#include "tst_modelvalues.moc"
