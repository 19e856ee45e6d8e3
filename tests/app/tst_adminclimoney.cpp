// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// A till's money by the real boxoffice-admin against a demo database and a real boxoffice-paysim
// (a till's whole day end to end, by CLI): a cashier signs in with the PIN on standard input, opens
// a float, sells by cash and by card, refunds one seat of the card sale with a supervisor's PIN
// (the card refund through the payment service), a manager refunds a cancelled showtime with
// refund-all (killed half way and run again: nothing refunded twice), the cashier closes with a
// blind count, and every step is in the audit log, whose chain verifies. Bad input exits 2 and
// changes nothing; a refusal exits 3.
#include <algorithm>

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include "tests/support/adminclirig.h"
#include "tests/support/paysimrig.h"
#include "tests/support/testdatabase.h"

#ifndef BOXOFFICE_ADMIN_PATH
#error "BOXOFFICE_ADMIN_PATH must name the boxoffice-admin executable"
#endif
#ifndef BOXOFFICE_PAYSIM_PATH
#error "BOXOFFICE_PAYSIM_PATH must name the boxoffice-paysim executable"
#endif

using namespace bo;
using bo::test::AdminCliRig;
using bo::test::CliRun;
using bo::test::PaysimRig;
using bo::test::words;

namespace {

const QString till = QStringLiteral("Counter 1");

} // namespace

class TstAdminCliMoney final : public QObject
{
    Q_OBJECT

private:
    AdminCliRig m_rig{QStringLiteral(BOXOFFICE_ADMIN_PATH)};
    PaysimRig m_paysim{QStringLiteral(BOXOFFICE_PAYSIM_PATH)};

    [[nodiscard]] CliRun asManager(const QStringList& arguments, const QByteArray& input = {}) const
    {
        return m_rig.cli(arguments, m_rig.db().managerSettings().toConninfo(), input);
    }
    /// As the till: the terminal login, --terminal "Counter 1".
    [[nodiscard]] CliRun atTill(QStringList arguments, const QByteArray& input = {}) const
    {
        arguments << QStringLiteral("--terminal") << till << QStringLiteral("--json");
        return m_rig.cli(arguments, m_rig.db().settings().toConninfo(), input);
    }
    [[nodiscard]] QString scalar(const QString& sql) const { return m_rig.db().scalar(sql); }

    void addStaff()
    {
        QCOMPARE(asManager(words({"staff-add", "Mina Park", "--role", "cashier"}), "482913\n").exitCode, 0);
        QCOMPARE(asManager(words({"staff-add", "Joon Lee", "--role", "supervisor"}), "730155\n").exitCode, 0);
    }

private slots:
    void initTestCase()
    {
        m_rig.checkProgram();
        QVERIFY2(m_paysim.start(), m_paysim.standardError().constData());
    }
    void cleanupTestCase() { (void)m_paysim.stop(); }
    void init() { m_rig.create(); }
    void cleanup() { m_rig.reset(); }

    void aCashiersDayByCli()
    {
        addStaff();
        const QString gateway = m_paysim.url().toString();
        // Sign in (a wrong PIN first), open the float.
        const CliRun wrong = atTill(words({"sign-in", "--staff", "101"}), "000000\n");
        QCOMPARE(wrong.exitCode, 3);
        QCOMPARE(wrong.json().value(QLatin1String("failures_left")).toInt(), 4);
        const CliRun signedIn = atTill(words({"sign-in", "--staff", "101"}), "482913\n");
        QVERIFY2(signedIn.exitCode == 0, qPrintable(signedIn.describe()));
        const CliRun opened = atTill(words({"shift-open", "--float", "100000"}));
        QVERIFY2(opened.exitCode == 0, qPrintable(opened.describe()));

        // Sell by cash and by card.
        const CliRun cash = atTill({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("E1"),
                                    QStringLiteral("E2"), QStringLiteral("--pay"), QStringLiteral("cash"),
                                    QStringLiteral("--tendered"), QStringLiteral("50000")});
        QVERIFY2(cash.exitCode == 0, qPrintable(cash.describe()));
        const qint64 cashTotal = cash.json().value(QLatin1String("total_minor")).toInteger();
        const CliRun card =
            atTill({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("F1"), QStringLiteral("F2"),
                    QStringLiteral("--pay"), QStringLiteral("card"), QStringLiteral("--gateway"), gateway});
        QVERIFY2(card.exitCode == 0, qPrintable(card.describe()));
        const QString cardCode = card.json().value(QLatin1String("booking")).toString();
        const qint64 cardTotal = card.json().value(QLatin1String("total_minor")).toInteger();
        QCOMPARE(scalar(QStringLiteral("SELECT string_agg(DISTINCT staff_id::text, ',') FROM booking")),
                 QStringLiteral("101"));

        // One seat of the card sale back, above the limit: the supervisor's PIN approves it.
        QVERIFY(m_rig.db().run(QStringLiteral("UPDATE settings SET refund_approval_above_minor = 1000")));
        const CliRun unapproved =
            atTill({QStringLiteral("refund"), cardCode, QStringLiteral("F2"), QStringLiteral("--reason"),
                    QStringLiteral("Feels unwell"), QStringLiteral("--gateway"), gateway});
        QCOMPARE(unapproved.exitCode, 3);
        QVERIFY2(unapproved.err.contains(QLatin1String("--approve")), qPrintable(unapproved.describe()));
        const CliRun refunded =
            atTill({QStringLiteral("refund"), cardCode, QStringLiteral("F2"), QStringLiteral("--reason"),
                    QStringLiteral("Feels unwell"), QStringLiteral("--approve"), QStringLiteral("102"),
                    QStringLiteral("--gateway"), gateway},
                   "730155\n");
        QVERIFY2(refunded.exitCode == 0, qPrintable(refunded.describe()));
        QCOMPARE(refunded.json().value(QLatin1String("state")).toString(), QStringLiteral("refunded"));
        QCOMPARE(refunded.json().value(QLatin1String("method")).toString(), QStringLiteral("card"));
        const qint64 seatPrice = refunded.json().value(QLatin1String("amount_minor")).toInteger();
        QVERIFY(seatPrice > 0 && seatPrice < cardTotal);
        // The payment service gave back exactly that.
        const QString paymentKey =
            scalar(QStringLiteral("SELECT key FROM payment_intent WHERE booking_code = '%1'").arg(cardCode));
        const auto payment = m_paysim.get(QStringLiteral("/v1/payments/") + paymentKey);
        QCOMPARE(payment.body.value(QLatin1String("refunded_minor")).toInteger(), seatPrice);

        // Another seat exchanged: E2 of the cash sale for H3, the same price, nothing to settle.
        const CliRun exchanged = atTill(
            {QStringLiteral("exchange"), cash.json().value(QLatin1String("booking")).toString(),
             QStringLiteral("E2"), QStringLiteral("--showtime"), m_rig.hall1(), QStringLiteral("--seats"),
             QStringLiteral("H3"), QStringLiteral("--reason"), QStringLiteral("Next to a friend")});
        QVERIFY2(exchanged.exitCode == 0, qPrintable(exchanged.describe()));
        QCOMPARE(exchanged.json().value(QLatin1String("difference_minor")).toInteger(), qint64(0));

        // Pay-out, the X report, then the blind count: 1,000 short.
        QCOMPARE(atTill(words({"pay-out", "3000", "--reason", "Printer paper"})).exitCode, 0);
        const qint64 expected = 100000 + cashTotal - 3000;
        const CliRun closed = atTill(
            {QStringLiteral("shift-close"), QStringLiteral("--counted"), QString::number(expected - 1000)});
        QVERIFY2(closed.exitCode == 0, qPrintable(closed.describe()));
        QCOMPARE(closed.json().value(QLatin1String("expected_minor")).toInteger(), expected);
        QCOMPARE(closed.json().value(QLatin1String("over_short_minor")).toInteger(), qint64(-1000));
        QHash<QString, qint64> lines;
        for (const auto& l : closed.json().value(QLatin1String("lines")).toArray())
            lines.insert(l.toObject().value(QLatin1String("section")).toString() + QLatin1Char('.') +
                             l.toObject().value(QLatin1String("key")).toString(),
                         l.toObject().value(QLatin1String("amount_minor")).toInteger());
        QCOMPARE(lines.value(QStringLiteral("method.card")), cardTotal);
        QCOMPARE(lines.value(QStringLiteral("method.cash")), cashTotal);
        QCOMPARE(lines.value(QStringLiteral("refund.card")), seatPrice);
        QCOMPARE(lines.value(QStringLiteral("net.total")), cashTotal + cardTotal - seatPrice);
        QCOMPARE(atTill(words({"sign-out"})).exitCode, 0);

        // Every step is in the log, by the member, and the chain is whole.
        const CliRun audit = asManager(words({"audit", "--json"}));
        static const QStringList money{QStringLiteral("staff."),  QStringLiteral("payment."),
                                       QStringLiteral("refund."), QStringLiteral("shift."),
                                       QStringLiteral("drawer."), QStringLiteral("till.")};
        QStringList actions;
        for (const auto& e : audit.json().value(QLatin1String("events")).toArray()) {
            const QString a = e.toObject().value(QLatin1String("action")).toString();
            if (std::any_of(money.begin(), money.end(), [&a](const QString& p) { return a.startsWith(p); }))
                actions << a;
        }
        QCOMPARE(actions, (words({"staff.add", "staff.add", "staff.pin_wrong", "staff.sign_in", "shift.open",
                                  "payment.captured", "payment.captured", "staff.approve", "refund.begin",
                                  "refund.refunded", "drawer.pay_out", "shift.close", "till.sign_out"})));
        QCOMPARE(scalar(QStringLiteral(
                     "SELECT count(*) FROM audit_log WHERE action = 'booking.exchange' AND staff_id = "
                     "101")),
                 QStringLiteral("1"));
        const CliRun verified = asManager(words({"audit", "verify", "--json"}));
        QVERIFY2(verified.exitCode == 0, qPrintable(verified.describe()));
    }

    void refundAllKilledHalfWayIsFinishedByRunningItAgain()
    {
        addStaff();
        const QString gateway = m_paysim.url().toString();
        QCOMPARE(atTill(words({"sign-in", "--staff", "101"}), "482913\n").exitCode, 0);
        QCOMPARE(atTill(words({"shift-open", "--float", "50000"})).exitCode, 0);
        QStringList codes;
        for (const char* seat : {"G1", "G2", "G3"}) {
            const CliRun sold = atTill({QStringLiteral("sell"), m_rig.hall1(), QString::fromLatin1(seat),
                                        QStringLiteral("--pay"), QStringLiteral("card"),
                                        QStringLiteral("--gateway"), gateway});
            QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
            codes << sold.json().value(QLatin1String("booking")).toString();
        }
        const CliRun cash = atTill({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("G4"),
                                    QStringLiteral("--pay"), QStringLiteral("cash")});
        QVERIFY2(cash.exitCode == 0, qPrintable(cash.describe()));

        // Killed right after the second refund was written, before the service was asked.
        QProcessEnvironment stop;
        stop.insert(QStringLiteral("BOXOFFICE_PAYMENT_STOP_AT"), QStringLiteral("refund-answered"));
        auto process =
            m_rig.startCli({QStringLiteral("refund-all"), m_rig.hall1(), QStringLiteral("--reason"),
                            QStringLiteral("Projector broken"), QStringLiteral("--gateway"), gateway,
                            QStringLiteral("--db"), m_rig.db().managerSettings().toConninfo()},
                           stop);
        QVERIFY(process->waitForStarted(10000));
        QByteArray said;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (said += process->readAllStandardError()).contains("checkpoint refund-answered") ||
                process->state() == QProcess::NotRunning,
            said.constData(), 30000);
        process->kill();
        QVERIFY(process->waitForFinished(10000));
        // One card refund begun and answered, its answer not recorded (the cash booking may or may
        // not have gone before it: code order).
        QCOMPARE(scalar(QStringLiteral(
                     "SELECT count(*) || state FROM refund WHERE method = 'card' GROUP BY state")),
                 QStringLiteral("1REFUNDING"));

        const CliRun again = asManager({QStringLiteral("refund-all"), m_rig.hall1(),
                                        QStringLiteral("--reason"), QStringLiteral("Projector broken"),
                                        QStringLiteral("--gateway"), gateway, QStringLiteral("--json")});
        QVERIFY2(again.exitCode == 0, qPrintable(again.describe()));
        QCOMPARE(again.json().value(QLatin1String("refunded")).toInt(), 3);
        QCOMPARE(again.json().value(QLatin1String("cash_owed")).toInt(), 1);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) || ':' || count(DISTINCT booking_id) FROM refund")),
                 QStringLiteral("4:4"));
        // Each card payment was refunded once, in full, by the payment service.
        for (const QString& code : codes) {
            const QString key =
                scalar(QStringLiteral("SELECT key FROM payment_intent WHERE booking_code = '%1'").arg(code));
            const auto p = m_paysim.get(QStringLiteral("/v1/payments/") + key);
            QCOMPARE(p.body.value(QLatin1String("refunded_minor")).toInteger(),
                     p.body.value(QLatin1String("captured_minor")).toInteger());
        }
        // The cash customer comes back to the till.
        const CliRun paid =
            atTill({QStringLiteral("refund-pay"), cash.json().value(QLatin1String("booking")).toString()});
        QVERIFY2(paid.exitCode == 0, qPrintable(paid.describe()));
        QCOMPARE(
            atTill({QStringLiteral("refund-pay"), cash.json().value(QLatin1String("booking")).toString()})
                .exitCode,
            3);
    }

    void anExchangeKilledAtEitherSideLeavesOneBooking_data()
    {
        QTest::addColumn<QString>("stopAt");
        QTest::addColumn<QString>("left");
        QTest::newRow("before the exchange") << QStringLiteral("exchange-held") << QStringLiteral("old");
        QTest::newRow("after the exchange") << QStringLiteral("exchange-committed") << QStringLiteral("new");
    }

    void anExchangeKilledAtEitherSideLeavesOneBooking()
    {
        QFETCH(QString, stopAt);
        QFETCH(QString, left);
        addStaff();
        QCOMPARE(atTill(words({"sign-in", "--staff", "101"}), "482913\n").exitCode, 0);
        QCOMPARE(atTill(words({"shift-open", "--float", "50000"})).exitCode, 0);
        const CliRun sold = atTill({QStringLiteral("sell"), m_rig.hall1(), QStringLiteral("J1"),
                                    QStringLiteral("--pay"), QStringLiteral("cash")});
        QVERIFY2(sold.exitCode == 0, qPrintable(sold.describe()));
        const QString code = sold.json().value(QLatin1String("booking")).toString();

        QProcessEnvironment stop;
        stop.insert(QStringLiteral("BOXOFFICE_PAYMENT_STOP_AT"), stopAt);
        auto process =
            m_rig.startCli({QStringLiteral("exchange"), code, QStringLiteral("--showtime"), m_rig.hall1(),
                            QStringLiteral("--seats"), QStringLiteral("K7"), QStringLiteral("--reason"),
                            QStringLiteral("Closer to the aisle"), QStringLiteral("--terminal"), till},
                           stop);
        QVERIFY(process->waitForStarted(10000));
        QByteArray said;
        QTRY_VERIFY2_WITH_TIMEOUT(
            (said += process->readAllStandardError()).contains("checkpoint " + stopAt.toLatin1()) ||
                process->state() == QProcess::NotRunning,
            said.constData(), 30000);
        QVERIFY2(process->state() != QProcess::NotRunning, said.constData());
        process->kill();
        QVERIFY(process->waitForFinished(10000));

        // Exactly one booking holds a seat: the old one's J1, or the new one's K7.
        const QString sold_ = scalar(QStringLiteral("SELECT string_agg(s.label || '=' || b.status, ',' ORDER "
                                                    "BY s.label) FROM showtime_seat ss JOIN seat s ON "
                                                    "s.id = ss.seat_id JOIN booking b ON b.id = "
                                                    "ss.booking_id WHERE ss.showtime_id = %1 AND ss.status = "
                                                    "'RESERVED'")
                                         .arg(m_rig.hall1()));
        QCOMPARE(sold_, left == QLatin1String("old") ? QStringLiteral("J1=CONFIRMED")
                                                     : QStringLiteral("K7=CONFIRMED"));
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'")),
                 QStringLiteral("1"));
    }

    void badInputChangesNothing_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("sign-in without a number")
            << words({"sign-in"}) << QByteArray("482913\n") << 2 << QStringLiteral("needs --staff NUMBER");
        QTest::newRow("sign-in without a PIN") << words({"sign-in", "--staff", "101"}) << QByteArray() << 2
                                               << QStringLiteral("No PIN on standard input");
        QTest::newRow("shift-open without a float")
            << words({"shift-open"}) << QByteArray() << 2 << QStringLiteral("--float needs an amount");
        QTest::newRow("a negative float") << words({"shift-open", "--float", "-5"}) << QByteArray() << 2
                                          << QStringLiteral("--float is an amount");
        QTest::newRow("a second shift") << words({"shift-open", "--float", "100"}) << QByteArray() << 3
                                        << QStringLiteral("is open since");
        QTest::newRow("pay-in of nothing") << words({"pay-in", "0", "--reason", "x"}) << QByteArray() << 2
                                           << QStringLiteral("an amount above 0");
        QTest::newRow("pay-out without a reason")
            << words({"pay-out", "100"}) << QByteArray() << 2 << QStringLiteral("needs --reason");
        QTest::newRow("shift-close without a count")
            << words({"shift-close"}) << QByteArray() << 2 << QStringLiteral("--counted needs an amount");
        QTest::newRow("refund without a reason")
            << words({"refund", "ABCD-1234"}) << QByteArray() << 2 << QStringLiteral("needs --reason");
        QTest::newRow("refund of a code that is not one")
            << words({"refund", "nope", "--reason", "x"}) << QByteArray() << 2
            << QStringLiteral("is not of the form");
        QTest::newRow("refund of an unknown booking")
            << words({"refund", "ABCD-1234", "--reason", "x"}) << QByteArray() << 2
            << QStringLiteral("There is no booking ABCD-1234.");
        QTest::newRow("refund approved without a PIN")
            << words({"refund", "ABCD-1234", "--reason", "x", "--approve", "102"}) << QByteArray() << 2
            << QStringLiteral("No supervisor PIN");
        QTest::newRow("refund-all of no showtime")
            << words({"refund-all", "x", "--reason", "y"}) << QByteArray() << 2 << QStringLiteral("showtime");
        QTest::newRow("exchange without a showtime")
            << words({"exchange", "ABCD-1234", "--seats", "A1", "--reason", "x"}) << QByteArray() << 2
            << QStringLiteral("needs --showtime");
        QTest::newRow("exchange without seats")
            << words({"exchange", "ABCD-1234", "--showtime", "1", "--reason", "x"}) << QByteArray() << 2
            << QStringLiteral("needs --seats");
        QTest::newRow("exchange without a reason")
            << words({"exchange", "ABCD-1234", "--showtime", "1", "--seats", "A1"}) << QByteArray() << 2
            << QStringLiteral("needs --reason");
        QTest::newRow("refund-pay owing nothing")
            << words({"refund-pay", "ABCD-1234"}) << QByteArray() << 3 << QStringLiteral("owed no cash");
    }

    void badInputChangesNothing()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QByteArray, input);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        addStaff();
        QCOMPARE(atTill(words({"sign-in", "--staff", "101"}), "482913\n").exitCode, 0);
        QCOMPARE(atTill(words({"shift-open", "--float", "1000"})).exitCode, 0);
        const QString before = m_rig.snapshot();
        const QString log = scalar(QStringLiteral("SELECT count(*) FROM audit_log"));
        const CliRun run = atTill(arguments, input);
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.describe()));
        QVERIFY2(run.err.contains(message), qPrintable(run.describe()));
        QCOMPARE(m_rig.snapshot(), before);
        QCOMPARE(scalar(QStringLiteral("SELECT count(*) FROM audit_log")), log);
    }
};

QTEST_GUILESS_MAIN(TstAdminCliMoney)
#include "tst_adminclimoney.moc"
