// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// Runs the real boxoffice-admin executable against a fresh database per test: the payment
// commands sell (cash here; card in tst_paymentkillmatrix), payments, payment and reconcile —
// their JSON, their exit status and their answers to bad input.
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "tests/support/adminclirig.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::newUuid;

class TstAdminCliPayments final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};

private slots:
    void initTestCase() { m_rig.checkProgram(); }
    /// A fresh database per test; the bad-input rows, which each prove they change nothing, share one.
    void init() { m_rig.createUnlessShared("badInputIsRefusedWithExitTwo"); }
    void cleanup() { m_rig.resetUnlessShared("badInputIsRefusedWithExitTwo"); }

    void aCashSaleIsRecordedAsAKeptIntentWithItsChange()
    {
        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const CliRun sold =
            m_rig.cli({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("D4"),
                       QStringLiteral("D5:child"), QStringLiteral("--pay"), QStringLiteral("cash"),
                       QStringLiteral("--tendered"), QStringLiteral("50000"), QStringLiteral("--json")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        const QJsonObject json = sold.json();
        QCOMPARE(json.value(QStringLiteral("outcome")).toString(), QStringLiteral("paid"));
        const QJsonObject payment = json.value(QStringLiteral("payment")).toObject();
        QCOMPARE(payment.value(QStringLiteral("state")).toString(), QStringLiteral("CAPTURED"));
        QCOMPARE(payment.value(QStringLiteral("method")).toString(), QStringLiteral("cash"));
        const qint64 total = payment.value(QStringLiteral("amount_minor")).toInteger();
        QVERIFY(total > 0);
        QCOMPARE(payment.value(QStringLiteral("change_minor")).toInteger(), 50000 - total);
        QCOMPARE(json.value(QStringLiteral("total_minor")).toInteger(), total); // booked what was paid

        const CliRun listed = m_rig.cli({QStringLiteral("payments"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        QCOMPARE(listed.json().value(QStringLiteral("payments")).toArray().size(), 1);
        const CliRun open =
            m_rig.cli({QStringLiteral("payments"), QStringLiteral("--unresolved"), QStringLiteral("--json")});
        QCOMPARE(open.json().value(QStringLiteral("payments")).toArray().size(), 0);

        const QString key = payment.value(QStringLiteral("key")).toString();
        const CliRun one = m_rig.cli({QStringLiteral("payment"), key, QStringLiteral("--json")});
        QVERIFY2(one.exitCode == 0, qPrintable(one.describe()));
        QCOMPARE(one.json().value(QStringLiteral("booking_status")).toString(), QStringLiteral("CONFIRMED"));

        const CliRun dry =
            m_rig.cli({QStringLiteral("reconcile"), QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.describe()));
        QVERIFY(dry.json().value(QStringLiteral("dry_run")).toBool());
    }

    void tooLittleCashSellsNothing()
    {
        const CliRun opened = m_rig.openTill();
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));
        const CliRun sold =
            m_rig.cli({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("D4"), QStringLiteral("--pay"),
                       QStringLiteral("cash"), QStringLiteral("--tendered"), QStringLiteral("1"),
                       QStringLiteral("--json")});
        QCOMPARE(sold.exitCode, 2);
        QVERIFY2(sold.json().contains(QStringLiteral("error")), qPrintable(sold.describe()));
        const CliRun seats = m_rig.cli({QStringLiteral("seats"), m_rig.hall1(), QStringLiteral("--json")});
        QVERIFY(!seats.out.contains(QLatin1String("HELD")));
        const CliRun listed = m_rig.cli({QStringLiteral("payments"), QStringLiteral("--json")});
        QCOMPARE(listed.json().value(QStringLiteral("payments")).toArray().size(), 0);
    }

    void badInputIsRefusedWithExitTwo_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("sell: no method")
            << QStringList{QStringLiteral("sell"), QStringLiteral("$HALL1"), QStringLiteral("D4")};
        QTest::newRow("sell: unknown method")
            << QStringList{QStringLiteral("sell"), QStringLiteral("$HALL1"), QStringLiteral("D4"),
                           QStringLiteral("--pay"), QStringLiteral("cheque")};
        QTest::newRow("sell: no seats") << QStringList{QStringLiteral("sell"), QStringLiteral("$HALL1"),
                                                       QStringLiteral("--pay"), QStringLiteral("cash")};
        QTest::newRow("sell: card without a service")
            << QStringList{QStringLiteral("sell"), QStringLiteral("$HALL1"), QStringLiteral("D4"),
                           QStringLiteral("--pay"), QStringLiteral("card")};
        QTest::newRow("sell: card service over plain http elsewhere")
            << QStringList{QStringLiteral("sell"),
                           QStringLiteral("$HALL1"),
                           QStringLiteral("D4"),
                           QStringLiteral("--pay"),
                           QStringLiteral("card"),
                           QStringLiteral("--gateway"),
                           QStringLiteral("http://pay.example.com/")};
        QTest::newRow("sell: card with a service login that is not a connection string")
            << QStringList{QStringLiteral("sell"),
                           QStringLiteral("$HALL1"),
                           QStringLiteral("D4"),
                           QStringLiteral("--pay"),
                           QStringLiteral("card"),
                           QStringLiteral("--gateway"),
                           QStringLiteral("http://127.0.0.1:9/"),
                           QStringLiteral("--service-db"),
                           QStringLiteral("host='unterminated")};
        QTest::newRow("sell: bad tendered")
            << QStringList{QStringLiteral("sell"),  QStringLiteral("$HALL1"), QStringLiteral("D4"),
                           QStringLiteral("--pay"), QStringLiteral("cash"),   QStringLiteral("--tendered"),
                           QStringLiteral("lots")};
        QTest::newRow("sell: unknown seat")
            << QStringList{QStringLiteral("sell"), QStringLiteral("$HALL1"), QStringLiteral("Z99"),
                           QStringLiteral("--pay"), QStringLiteral("cash")};
        QTest::newRow("sell: unknown ticket type") << QStringList{
            QStringLiteral("sell"), QStringLiteral("$HALL1"), QStringLiteral("D4:pensioner-deluxe"),
            QStringLiteral("--pay"), QStringLiteral("cash")};
        QTest::newRow("confirm: unknown method")
            << QStringList{QStringLiteral("confirm"), QStringLiteral("$HALL1"),  QStringLiteral("D4"),
                           QStringLiteral("--owner"), QStringLiteral("$NEWKEY"), QStringLiteral("--key"),
                           QStringLiteral("$NEWKEY"), QStringLiteral("--pay"),   QStringLiteral("cheque")};
        QTest::newRow("confirm: tendered with a card")
            << QStringList{QStringLiteral("confirm"),    QStringLiteral("$HALL1"),  QStringLiteral("D4"),
                           QStringLiteral("--owner"),    QStringLiteral("$NEWKEY"), QStringLiteral("--key"),
                           QStringLiteral("$NEWKEY"),    QStringLiteral("--pay"),   QStringLiteral("card"),
                           QStringLiteral("--tendered"), QStringLiteral("20000")};
        QTest::newRow("payment: no key") << QStringList{QStringLiteral("payment")};
        QTest::newRow("payment: not a key") << QStringList{QStringLiteral("payment"), QStringLiteral("nope")};
        QTest::newRow("payment: unknown key")
            << QStringList{QStringLiteral("payment"), QStringLiteral("$NEWKEY")};
        QTest::newRow("reconcile: bad silence") << QStringList{
            QStringLiteral("reconcile"), QStringLiteral("--silent-for"), QStringLiteral("soon")};
    }

    void badInputIsRefusedWithExitTwo()
    {
        QFETCH(QStringList, arguments);
        const CliRun run = m_rig.cli(m_rig.expand(arguments, {{QStringLiteral("$NEWKEY"), newUuid()}})
                                     << QStringLiteral("--json"));
        QVERIFY2(run.exitCode == 2, qPrintable(run.describe()));
        QVERIFY2(run.json().contains(QStringLiteral("error")), qPrintable(run.describe()));
        const CliRun listed = m_rig.cli({QStringLiteral("payments"), QStringLiteral("--json")});
        QCOMPARE(listed.json().value(QStringLiteral("payments")).toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TstAdminCliPayments)
#include "tst_adminclipayments.moc"
