// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The price card's file (docs/FORMATS.md, "Price lists"): the shipped example reads, writes back
// equal, and prices seats by the one rule (PriceResolver) as its comments say; base prices are the
// ticket types' own.
#include <QFile>
#include <QtTest>

#include "model/pricing/pricecard.h"

#ifndef BOXOFFICE_SOURCE_DIR
#error "BOXOFFICE_SOURCE_DIR must name the source folder"
#endif

using namespace bo;

class TstPriceCard final : public QObject
{
    Q_OBJECT

private:
    PriceCard m_example;

private slots:
    void initTestCase()
    {
        QFile file(QStringLiteral(BOXOFFICE_SOURCE_DIR "/resources/prices/standard.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        auto card = PriceCardFormat::readJson(file.readAll());
        QVERIFY2(card, qPrintable(card ? QString() : card.error().message));
        m_example = card.value();
    }

    void theExampleWritesBackEqual()
    {
        const QByteArray written = PriceCardFormat::writeJson(m_example);
        auto again = PriceCardFormat::readJson(written);
        QVERIFY(again);
        QCOMPARE(again.value().types, m_example.types);
        QCOMPARE(PriceCardFormat::writeJson(again.value()), written);
        QCOMPARE(m_example.types.size(), 4);
        QCOMPARE(m_example.rules.holidays.size(), 4);
    }

    void theExamplePricesSeats_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QDateTime>("start");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("format");
        QTest::addColumn<qint64>("price");
        // 2026-12-02 is a Wednesday, 2026-12-05 a Saturday, 2026-12-25 a holiday (Friday).
        const auto at = [](int day, int hour, int minute) {
            return QDateTime(QDate(2026, 12, day), QTime(hour, minute));
        };
        QTest::newRow("weekday adult") << "adult" << at(2, 14, 0) << "standard"
                                       << "2D" << qint64(14000);
        QTest::newRow("weekend adult") << "adult" << at(5, 14, 0) << "standard"
                                       << "2D" << qint64(15000);
        QTest::newRow("morning beats weekend") << "adult" << at(5, 9, 0) << "standard"
                                               << "2D" << qint64(10000);
        QTest::newRow("holiday is a weekend") << "adult" << at(25, 14, 0) << "standard"
                                              << "2D" << qint64(15000);
        QTest::newRow("late adult") << "adult" << at(2, 23, 30) << "standard"
                                    << "2D" << qint64(11000);
        QTest::newRow("weekday youth") << "youth" << at(2, 14, 0) << "standard"
                                       << "2D" << qint64(11000);
        QTest::newRow("weekend youth: base") << "youth" << at(5, 14, 0) << "standard"
                                             << "2D" << qint64(12000);
        QTest::newRow("senior: base always") << "senior" << at(5, 9, 0) << "standard"
                                             << "2D" << qint64(8000);
        QTest::newRow("premium IMAX morning") << "adult" << at(5, 9, 0) << "premium"
                                              << "IMAX" << qint64(10000 + 2000 + 5000);
        QTest::newRow("couple 3D") << "disabled" << at(2, 14, 0) << "couple"
                                   << "3D" << qint64(6000 + 3000 + 3000);
        QTest::newRow("before every daypart") << "adult" << at(2, 5, 0) << "standard"
                                              << "2D" << qint64(14000);
    }

    void theExamplePricesSeats()
    {
        QFETCH(QString, type);
        QFETCH(QDateTime, start);
        QFETCH(QString, kind);
        QFETCH(QString, format);
        QFETCH(qint64, price);
        auto resolved =
            PriceResolver::resolve(m_example.resolver(), type, start, seatKindFromText(kind), format);
        QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.error().message));
        QCOMPARE(resolved.value().amountMinor, price);
        QCOMPARE(resolved.value().currency, QStringLiteral("KRW"));
    }

    void aTypeWithoutABasePriceCannotBeWritten()
    {
        PriceCard card = m_example;
        card.types.append({QStringLiteral("adult"), QStringLiteral("Again"), 1});
        QVERIFY(!PriceCardFormat::check(card));
        card = m_example;
        card.name = QStringLiteral(" Standard");
        QVERIFY(!PriceCardFormat::check(card));
        card = m_example;
        QVERIFY(PriceCardFormat::check(card));
    }
};

QTEST_GUILESS_MAIN(TstPriceCard)
#include "tst_pricecard.moc"
