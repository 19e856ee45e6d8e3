// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include "model/salepayment.h"

using namespace bo;

/// The payment step of a sale: its idempotency key, what was paid, and when a confirm of unknown
/// outcome is asked again.
class TstSalePayment final : public QObject
{
    Q_OBJECT

private slots:
    void noPaymentStepIsOpenBeforeOneBegins()
    {
        const SalePayment payment;
        QVERIFY(!payment.isOpen());
        QVERIFY(payment.key().isNull());
        QVERIFY(payment.payment().isEmpty());
    }

    void aPaymentStepCarriesOneKeyForEveryRetry()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        QVERIFY(payment.isOpen());
        QVERIFY(!payment.key().isNull());
        QCOMPARE(payment.bookingCode(), QStringLiteral("ABCD-EFGH"));
        const QUuid key = payment.key();
        (void)payment.waitBeforeAskingAgain(0);
        (void)payment.waitBeforeAskingAgain(1000);
        QVERIFY(payment.payCash(100, 100));
        QCOMPARE(payment.key(), key);
        // The card terminal sees the same key, without braces.
        QCOMPARE(payment.keyText(), key.toString(QUuid::WithoutBraces));
        QVERIFY(!payment.keyText().startsWith(QLatin1Char('{')));
    }

    void everyPaymentStepHasItsOwnKey()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("AAAA-AAAA"));
        const QUuid first = payment.key();
        payment.begin(QStringLiteral("BBBB-BBBB"));
        QVERIFY(!payment.key().isNull());
        QVERIFY(payment.key() != first);
        QCOMPARE(payment.bookingCode(), QStringLiteral("BBBB-BBBB"));
    }

    void anEndedPaymentStepMatchesNothing()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        payment.end();
        QVERIFY(!payment.isOpen());
        QVERIFY(payment.key().isNull());
    }

    void cashCoversTheTotalAndTheChangeIsTheRest_data()
    {
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("tendered");
        QTest::addColumn<qint64>("change");
        QTest::newRow("exact") << qint64(24000) << qint64(24000) << qint64(0);
        QTest::newRow("more") << qint64(24000) << qint64(30000) << qint64(6000);
        QTest::newRow("nothing to pay") << qint64(0) << qint64(0) << qint64(0);
    }

    void cashCoversTheTotalAndTheChangeIsTheRest()
    {
        QFETCH(qint64, total);
        QFETCH(qint64, tendered);
        QFETCH(qint64, change);
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        QVERIFY(payment.payCash(total, tendered));
        QCOMPARE(payment.changeDueMinor(), change);
        QCOMPARE(payment.payment().value(QStringLiteral("method")).toString(), QStringLiteral("cash"));
        QCOMPARE(payment.payment().value(QStringLiteral("tendered_minor")).toInteger(), tendered);
        QCOMPARE(payment.payment().value(QStringLiteral("change_minor")).toInteger(), change);
        QCOMPARE(payment.cardReference(), QString());
    }

    void tooLittleCashRecordsNothing()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        QVERIFY(!payment.payCash(24000, 23999));
        QVERIFY(payment.payment().isEmpty());
        QCOMPARE(payment.changeDueMinor(), qint64(0));
        // Nor does it undo what was recorded before.
        QVERIFY(payment.payCash(24000, 25000));
        QVERIFY(!payment.payCash(24000, 10000));
        QCOMPARE(payment.changeDueMinor(), qint64(1000));
        QCOMPARE(payment.payment().value(QStringLiteral("tendered_minor")).toInteger(), qint64(25000));
    }

    void anApprovedCardIsRecordedWithItsReference()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        QVERIFY(payment.payCash(24000, 30000));
        payment.payCard(QStringLiteral("AUTH-42"), QStringLiteral("**** 4242"));
        QCOMPARE(payment.changeDueMinor(), qint64(0));
        QCOMPARE(payment.cardReference(), QStringLiteral("AUTH-42"));
        QCOMPARE(payment.payment().value(QStringLiteral("method")).toString(), QStringLiteral("card"));
        QCOMPARE(payment.payment().value(QStringLiteral("card")).toString(), QStringLiteral("**** 4242"));
        QVERIFY(!payment.payment().contains(QStringLiteral("tendered_minor")));
    }

    void aNewPaymentStepForgetsThePreviousPayment()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("AAAA-AAAA"));
        payment.payCard(QStringLiteral("AUTH-1"), QStringLiteral("**** 1111"));
        payment.begin(QStringLiteral("BBBB-BBBB"));
        QVERIFY(payment.payment().isEmpty());
        QCOMPARE(payment.cardReference(), QString());
        QCOMPARE(payment.changeDueMinor(), qint64(0));
    }

    void aConfirmOfUnknownOutcomeIsAskedAgainLessAndLessOften()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("ABCD-EFGH"));
        QCOMPARE(payment.retries(), 0);
        const QList<qint64> expected{1000, 2000, 4000, 5000, 5000, 5000, 5000};
        qint64 now = 10'000;
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const qint64 wait = payment.waitBeforeAskingAgain(now);
            QCOMPARE(wait, expected.at(i));
            QCOMPARE(payment.retries(), int(i + 1));
            QVERIFY(!payment.isDueAgain(now));
            QVERIFY(!payment.isDueAgain(now + wait - 1));
            QVERIFY(payment.isDueAgain(now + wait));
            now += wait;
        }
    }

    void aNewPaymentStepAsksAgainAfterOneSecondFirst()
    {
        SalePayment payment;
        payment.begin(QStringLiteral("AAAA-AAAA"));
        for (int i = 0; i < 5; ++i)
            (void)payment.waitBeforeAskingAgain(qint64(i) * 5000);
        QVERIFY(!payment.isDueAgain(20'000));
        payment.begin(QStringLiteral("BBBB-BBBB"));
        QCOMPARE(payment.retries(), 0);
        QVERIFY(payment.isDueAgain(0));
        QCOMPARE(payment.waitBeforeAskingAgain(0), qint64(1000));
    }
};

QTEST_GUILESS_MAIN(TstSalePayment)
#include "tst_salepayment.moc"
