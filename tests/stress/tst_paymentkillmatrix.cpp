// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <csignal>

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include "tests/support/adminclirig.h"
#include "tests/support/paysimrig.h"

using namespace bo::test;

namespace {

struct MatrixCount
{
    int runs = 0;
    int chargedWithoutBooking = 0;
    int bookedWithoutPayment = 0;
};

MatrixCount& matrix()
{
    static MatrixCount count;
    return count;
}

} // namespace

/// The payment kill matrix (docs/PAYMENTS.md): a card sale runs as a boxoffice-admin child
/// process against a real PostgreSQL and a boxoffice-paysim on loopback, and is SIGKILLed at each
/// phase boundary (it stops itself there: $BOXOFFICE_PAYMENT_STOP_AT). Its seats and pending
/// booking then run out (the sweep), and a new process reconciles. In every case the end is a
/// CONFIRMED booking whose payment the service captured, or no booking and a payment the service
/// voided or never authorised. Charged without booking = 0, booked without payment = 0.
class TstPaymentKillMatrix final : public QObject
{
    Q_OBJECT

public:
    TstPaymentKillMatrix()
        : m_cli(QStringLiteral(BOXOFFICE_ADMIN_PATH))
        , m_paysim(QStringLiteral(BOXOFFICE_PAYSIM_PATH))
    {}

private slots:
    void initTestCase()
    {
        m_cli.checkProgram();
        QVERIFY2(m_paysim.start(), m_paysim.standardError().constData());
    }

    void init() { m_cli.create(); }
    void cleanup() { m_cli.reset(); }

    void cleanupTestCase()
    {
        const MatrixCount& m = matrix();
        qInfo("kill matrix: %d runs, charged without booking = %d, booked without payment = %d", m.runs,
              m.chargedWithoutBooking, m.bookedWithoutPayment);
        (void)m_paysim.stop();
    }

    void killedAtEachBoundary_data()
    {
        QTest::addColumn<QString>("checkpoint");
        QTest::addColumn<QString>("intentState"); // the intent's state after reconciling
        QTest::addColumn<bool>("booked");
        QTest::newRow("intent created") << "intent-created"
                                        << "ABANDONED" << false;
        QTest::newRow("authorise not yet sent") << "authorise-sending"
                                                << "ABANDONED" << false;
        QTest::newRow("authorise answered, not recorded") << "authorise-answered"
                                                          << "VOIDED" << false;
        QTest::newRow("confirm committed") << "confirm-committed"
                                           << "CAPTURED" << true;
        QTest::newRow("capture about to be sent") << "capture-sending"
                                                  << "CAPTURED" << true;
        QTest::newRow("not killed") << ""
                                    << "CAPTURED" << true;
    }

    void killedAtEachBoundary()
    {
        QFETCH(QString, checkpoint);
        QFETCH(QString, intentState);
        QFETCH(bool, booked);

        QProcessEnvironment env;
        env.insert(QStringLiteral("BOXOFFICE_PAYMENT_STOP_AT"), checkpoint);
        std::unique_ptr<QProcess> sale =
            m_cli.startCli({QStringLiteral("sell"), m_cli.hall1(), QStringLiteral("C7"),
                            QStringLiteral("--pay"), QStringLiteral("card"), QStringLiteral("--gateway"),
                            m_paysim.url().toString(), QStringLiteral("--json")},
                           env);
        QVERIFY(sale->waitForStarted(10'000));
        if (checkpoint.isEmpty()) {
            QVERIFY(sale->waitForFinished(60'000));
            QCOMPARE(sale->exitCode(), 0);
        } else {
            // Stopped at the boundary: killed there, as by a power cut.
            const QByteArray wanted = "checkpoint " + checkpoint.toUtf8();
            QByteArray err;
            QElapsedTimer waited;
            waited.start();
            while (!err.contains(wanted) && sale->state() == QProcess::Running && waited.elapsed() < 30'000) {
                sale->waitForReadyRead(500);
                err += sale->readAllStandardError();
            }
            QVERIFY2(err.contains(wanted), err.constData());
            ::kill(pid_t(sale->processId()), SIGKILL);
            QVERIFY(sale->waitForFinished(10'000));
            QCOMPARE(sale->exitStatus(), QProcess::CrashExit);
        }

        // The dead till's sale runs out: its holds and pending booking expire (the sweep).
        auto owner = m_cli.db().connectAsOwner();
        QVERIFY(owner);
        auto tokens = owner->exec(QStringLiteral("SELECT DISTINCT hold_token::text FROM payment_intent"));
        QVERIFY(tokens);
        QVERIFY(tokens.value().next());
        const QUuid token = QUuid::fromString(tokens.value().value(0).toString());
        (void)m_cli.db().expireHoldsOf(token);
        const CliRun swept = m_cli.cliAsManager({QStringLiteral("sweep")}); // a manager, by hand
        QVERIFY2(swept.exitCode == 0, qPrintable(swept.describe()));

        // A new process reconciles.
        const CliRun reconciled =
            m_cli.cli({QStringLiteral("reconcile"), QStringLiteral("--silent-for"), QStringLiteral("0"),
                       QStringLiteral("--gateway"), m_paysim.url().toString(), QStringLiteral("--json")});
        QVERIFY2(reconciled.exitCode == 0, qPrintable(reconciled.describe()));

        const CliRun listed = m_cli.cli({QStringLiteral("payments"), QStringLiteral("--json")});
        QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
        const QJsonArray payments = listed.json().value(QStringLiteral("payments")).toArray();
        QCOMPARE(payments.size(), 1);
        const QJsonObject payment = payments.first().toObject();
        // The truth on both sides: the bookings in the database, the money at the service.
        auto confirmed =
            owner->exec(QStringLiteral("SELECT count(*) FROM booking WHERE status = 'CONFIRMED'"));
        QVERIFY(confirmed && confirmed.value().next());
        const bool isBooked = confirmed.value().value(0).toInt() == 1;
        // The service's own look-up: 404 when it never saw the key.
        const HttpAnswer lookedUp =
            m_paysim.get(QStringLiteral("/v1/payments/") + payment.value(QStringLiteral("key")).toString());
        QVERIFY(lookedUp.answered);
        const QJsonObject atService = lookedUp.body;
        const QString charged = lookedUp.status == 200 ? atService.value(QStringLiteral("state")).toString()
                                                       : QStringLiteral("none");
        const bool isCharged = charged == QLatin1String("captured") || charged == QLatin1String("authorised");

        MatrixCount& m = matrix();
        ++m.runs;
        if (isCharged && !isBooked)
            ++m.chargedWithoutBooking;
        if (isBooked && charged != QLatin1String("captured"))
            ++m.bookedWithoutPayment;
        QCOMPARE(payment.value(QStringLiteral("state")).toString(), intentState);
        QVERIFY(payment.value(QStringLiteral("resolved")).toBool());

        QCOMPARE(isBooked, booked);
        QVERIFY2(isBooked ? charged == QLatin1String("captured") : !isCharged,
                 QJsonDocument(atService).toJson(QJsonDocument::Compact).constData());
    }

private:
    AdminCliRig m_cli;
    PaysimRig m_paysim;
};

QTEST_GUILESS_MAIN(TstPaymentKillMatrix)
#include "tst_paymentkillmatrix.moc"
