// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// The payment-service simulator as its clients see it: the real boxoffice-paysim on a free
// loopback port. Idempotency by key and fingerprint, the test declines, the journal across a
// restart, and each fault mode.
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

#include "tests/support/paysimrig.h"

#ifndef BOXOFFICE_PAYSIM_PATH
#error "BOXOFFICE_PAYSIM_PATH must name the boxoffice-paysim executable"
#endif

using bo::test::HttpAnswer;
using bo::test::PaysimRig;

namespace {

QJsonObject authoriseBody(qint64 amountMinor, const QString& reference = QStringLiteral("BK-1"))
{
    return QJsonObject{{QStringLiteral("amount_minor"), amountMinor},
                       {QStringLiteral("currency"), QStringLiteral("KRW")},
                       {QStringLiteral("reference"), reference},
                       {QStringLiteral("terminal_id"), QStringLiteral("till-1")}};
}

QJsonObject amount(qint64 amountMinor)
{
    return QJsonObject{{QStringLiteral("amount_minor"), amountMinor}};
}

QString state(const HttpAnswer& answer)
{
    return answer.body.value(QLatin1String("state")).toString();
}

const QString payments = QStringLiteral("/v1/payments");

} // namespace

class TstPaysim final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<PaysimRig> m_sim;

    void startSim(const QStringList& arguments = {})
    {
        m_sim = std::make_unique<PaysimRig>(QStringLiteral(BOXOFFICE_PAYSIM_PATH));
        QVERIFY2(m_sim->start(QStringList{QStringLiteral("--seed"), QStringLiteral("11")} + arguments),
                 m_sim->standardError().constData());
    }

    static int runProgram(const QStringList& arguments, QByteArray* out = nullptr)
    {
        QProcess process;
        process.start(QStringLiteral(BOXOFFICE_PAYSIM_PATH), arguments);
        if (!process.waitForFinished(10'000))
            return -1;
        if (out)
            *out = process.readAllStandardOutput() + process.readAllStandardError();
        return process.exitCode();
    }

private slots:
    void cleanup()
    {
        if (m_sim && m_sim->running())
            QCOMPARE(m_sim->stop(), 0);
        m_sim.reset();
    }

    void helpVersionAndBadInput()
    {
        QByteArray out;
        QCOMPARE(runProgram({QStringLiteral("--help")}, &out), 0);
        QVERIFY(out.contains("--timeout-rate"));
        QVERIFY(out.contains("Exit status"));
        QCOMPARE(runProgram({QStringLiteral("--version")}, &out), 0);
        QVERIFY(out.startsWith("boxoffice-paysim "));
        QCOMPARE(runProgram({QStringLiteral("--drop-rate"), QStringLiteral("2")}, &out), 2);
        QVERIFY(out.contains("see --help"));
        QCOMPARE(runProgram({QStringLiteral("--port"), QStringLiteral("http")}), 2);
        QCOMPARE(runProgram({QStringLiteral("--no-such-flag")}), 2);
        QCOMPARE(runProgram({QStringLiteral("--tls-cert"), QStringLiteral("/nonexistent.pem")}), 2);
        QCOMPARE(runProgram({QStringLiteral("--tls-cert"), QStringLiteral("/nonexistent.pem"),
                             QStringLiteral("--tls-key"), QStringLiteral("/nonexistent.key")}),
                 2);
    }

    void sameKeyAndRequestGetsTheStoredAnswer()
    {
        startSim();
        const HttpAnswer first = m_sim->post(payments, authoriseBody(12'000), QStringLiteral("key-a"));
        QCOMPARE(first.status, 200);
        QCOMPARE(state(first), QStringLiteral("authorised"));
        QVERIFY(!first.replayed);
        const HttpAnswer again = m_sim->post(payments, authoriseBody(12'000), QStringLiteral("key-a"));
        QCOMPARE(again.status, 200);
        QVERIFY(again.replayed);
        QCOMPARE(again.body, first.body);
        const QJsonObject stats = m_sim->stats(QStringLiteral("key-a"));
        QCOMPARE(stats.value(QLatin1String("key")).toObject().value(QLatin1String("processed")).toInt(), 1);
        QCOMPARE(stats.value(QLatin1String("payments")).toInt(), 1);
    }

    void sameKeyWithAnotherRequestIsRefused()
    {
        startSim();
        QCOMPARE(m_sim->post(payments, authoriseBody(12'000), QStringLiteral("key-b")).status, 200);
        const HttpAnswer other = m_sim->post(payments, authoriseBody(13'000), QStringLiteral("key-b"));
        QCOMPARE(other.status, 422);
        QCOMPARE(other.body.value(QLatin1String("error")).toString(),
                 QStringLiteral("idempotency_key_reused"));
        // The same key on another operation is another request too.
        QCOMPARE(
            m_sim->post(payments + QStringLiteral("/key-b/capture"), amount(12'000), QStringLiteral("key-b"))
                .status,
            422);
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/key-b"))), QStringLiteral("authorised"));
    }

    void badRequestsAreRefusedAndNotStored_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<QString>("error");
        QTest::newRow("no key") << QString() << authoriseBody(100)
                                << QStringLiteral("idempotency_key_required");
        QTest::newRow("key with a space")
            << QStringLiteral("a b") << authoriseBody(100) << QStringLiteral("idempotency_key_required");
        QTest::newRow("zero amount") << QStringLiteral("k0") << authoriseBody(0)
                                     << QStringLiteral("bad_amount");
        QTest::newRow("fractional amount") << QStringLiteral("k1")
                                           << QJsonObject{{QStringLiteral("amount_minor"), 10.5},
                                                          {QStringLiteral("currency"), QStringLiteral("KRW")},
                                                          {QStringLiteral("reference"), QStringLiteral("B")}}
                                           << QStringLiteral("bad_amount");
        QTest::newRow("lower-case currency")
            << QStringLiteral("k2")
            << QJsonObject{{QStringLiteral("amount_minor"), 100},
                           {QStringLiteral("currency"), QStringLiteral("krw")},
                           {QStringLiteral("reference"), QStringLiteral("B")}}
            << QStringLiteral("bad_currency");
        QTest::newRow("no reference") << QStringLiteral("k3")
                                      << QJsonObject{{QStringLiteral("amount_minor"), 100},
                                                     {QStringLiteral("currency"), QStringLiteral("KRW")}}
                                      << QStringLiteral("bad_reference");
    }

    void badRequestsAreRefusedAndNotStored()
    {
        QFETCH(QString, key);
        QFETCH(QJsonObject, body);
        QFETCH(QString, error);
        startSim();
        const HttpAnswer answer = m_sim->post(payments, body, key);
        QCOMPARE(answer.status, 400);
        QCOMPARE(answer.body.value(QLatin1String("error")).toString(), error);
        QCOMPARE(m_sim->stats().value(QLatin1String("payments")).toInt(), 0);
        if (!key.contains(QLatin1Char(' ')) && !key.isEmpty()) // the key stays free for a good request
            QCOMPARE(m_sim->post(payments, authoriseBody(100), key).status, 200);
    }

    void declinesAreChosenByAmountOrCardToken_data()
    {
        QTest::addColumn<qint64>("amountMinor");
        QTest::addColumn<QString>("cardToken");
        QTest::addColumn<QString>("reason");
        QTest::newRow("..51") << qint64(12'051) << QString() << QStringLiteral("insufficient_funds");
        QTest::newRow("..54") << qint64(954) << QString() << QStringLiteral("expired_card");
        QTest::newRow("..05") << qint64(1'005) << QString() << QStringLiteral("do_not_honour");
        QTest::newRow("..59") << qint64(159) << QString() << QStringLiteral("suspected_fraud");
        QTest::newRow("token") << qint64(12'000) << QStringLiteral("tok_expired_card")
                               << QStringLiteral("expired_card");
        QTest::newRow("approved") << qint64(12'000) << QString() << QString();
    }

    void declinesAreChosenByAmountOrCardToken()
    {
        QFETCH(qint64, amountMinor);
        QFETCH(QString, cardToken);
        QFETCH(QString, reason);
        startSim();
        QJsonObject body = authoriseBody(amountMinor);
        if (!cardToken.isEmpty())
            body.insert(QStringLiteral("card_token"), cardToken);
        const HttpAnswer answer = m_sim->post(payments, body, QStringLiteral("key-d"));
        QCOMPARE(answer.status, 200);
        QCOMPARE(state(answer), reason.isEmpty() ? QStringLiteral("authorised") : QStringLiteral("declined"));
        QCOMPARE(answer.body.value(QLatin1String("decline_reason")).toString(), reason);
        // A decline is an answer like any other: the same key gets it again.
        QCOMPARE(m_sim->post(payments, body, QStringLiteral("key-d")).body, answer.body);
    }

    void captureVoidRefundFollowTheStates()
    {
        startSim();
        QCOMPARE(m_sim->post(payments, authoriseBody(10'000), QStringLiteral("p1")).status, 200);
        QCOMPARE(
            m_sim->post(payments + QStringLiteral("/p1/capture"), amount(10'001), QStringLiteral("p1-c0"))
                .status,
            400);
        const HttpAnswer captured =
            m_sim->post(payments + QStringLiteral("/p1/capture"), amount(10'000), QStringLiteral("p1-c"));
        QCOMPARE(state(captured), QStringLiteral("captured"));
        const HttpAnswer voided =
            m_sim->post(payments + QStringLiteral("/p1/void"), {}, QStringLiteral("p1-v"));
        QCOMPARE(voided.status, 409);
        QCOMPARE(voided.body.value(QLatin1String("state")).toString(), QStringLiteral("captured"));
        const HttpAnswer part =
            m_sim->post(payments + QStringLiteral("/p1/refunds"), amount(4'000), QStringLiteral("r1"));
        QCOMPARE(state(part), QStringLiteral("captured"));
        QCOMPARE(part.body.value(QLatin1String("refunded_minor")).toInteger(), 4'000);
        QCOMPARE(
            m_sim->post(payments + QStringLiteral("/p1/refunds"), amount(6'001), QStringLiteral("r2")).status,
            400);
        QCOMPARE(
            state(m_sim->post(payments + QStringLiteral("/p1/refunds"), amount(6'000), QStringLiteral("r3"))),
            QStringLiteral("refunded"));

        QCOMPARE(m_sim->post(payments, authoriseBody(5'000), QStringLiteral("p2")).status, 200);
        QCOMPARE(state(m_sim->post(payments + QStringLiteral("/p2/void"), {}, QStringLiteral("p2-v"))),
                 QStringLiteral("voided"));
        QCOMPARE(m_sim->post(payments + QStringLiteral("/p2/capture"), amount(5'000), QStringLiteral("p2-c"))
                     .status,
                 409);
        QCOMPARE(
            m_sim->post(payments + QStringLiteral("/nobody/capture"), amount(5'000), QStringLiteral("n-c"))
                .status,
            404);
        const HttpAnswer missing = m_sim->get(payments + QStringLiteral("/nobody"));
        QCOMPARE(missing.status, 404);
        QCOMPARE(missing.body.value(QLatin1String("error")).toString(), QStringLiteral("payment_not_found"));
    }

    void restartKeepsAnswers()
    {
        startSim();
        const HttpAnswer first = m_sim->post(payments, authoriseBody(7'000), QStringLiteral("keep"));
        QCOMPARE(first.status, 200);
        QCOMPARE(
            m_sim->post(payments + QStringLiteral("/keep/capture"), amount(7'000), QStringLiteral("keep-c"))
                .status,
            200);
        QCOMPARE(m_sim->stop(), 0); // SIGTERM: a clean stop
        QVERIFY2(m_sim->start(), m_sim->standardError().constData());
        const HttpAnswer replay = m_sim->post(payments, authoriseBody(7'000), QStringLiteral("keep"));
        QCOMPARE(replay.status, 200);
        QVERIFY(replay.replayed);
        QCOMPARE(replay.body, first.body);
        QCOMPARE(m_sim->post(payments, authoriseBody(7'001), QStringLiteral("keep")).status, 422);
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/keep"))), QStringLiteral("captured"));
        // References go on where they stopped.
        QCOMPARE(m_sim->post(payments, authoriseBody(1'000), QStringLiteral("next"))
                     .body.value(QLatin1String("reference")),
                 QJsonValue(QStringLiteral("psim_000002")));
    }

    void aTornLastJournalLineIsCutOff()
    {
        startSim();
        QCOMPARE(m_sim->post(payments, authoriseBody(3'000), QStringLiteral("whole")).status, 200);
        QCOMPARE(m_sim->stop(), 0);
        {
            QFile journal(m_sim->journalPath());
            QVERIFY(journal.open(QIODevice::Append));
            journal.write("{\"idempotency_key\":\"torn\",\"fingerp"); // a crash in mid-write
        }
        QVERIFY2(m_sim->start(), m_sim->standardError().constData());
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/whole"))), QStringLiteral("authorised"));
        QCOMPARE(m_sim->get(payments + QStringLiteral("/torn")).status, 404);
        QCOMPARE(m_sim->post(payments, authoriseBody(3'000), QStringLiteral("after")).status, 200);
        QCOMPARE(m_sim->stop(), 0);
        QVERIFY2(m_sim->start(), m_sim->standardError().constData());
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/after"))), QStringLiteral("authorised"));
    }

    void aDamagedJournalStopsTheStart()
    {
        startSim();
        QCOMPARE(m_sim->post(payments, authoriseBody(3'000), QStringLiteral("one")).status, 200);
        QCOMPARE(m_sim->stop(), 0);
        {
            QFile journal(m_sim->journalPath());
            QVERIFY(journal.open(QIODevice::ReadWrite));
            const QByteArray text = journal.readAll();
            journal.seek(0);
            journal.write("garbage\n" + text);
        }
        QVERIFY(!m_sim->start());
        QCOMPARE(m_sim->waitForExit(5'000), 1);
        QVERIFY(m_sim->standardError().contains("damaged"));
    }

    void errorFaultAnswers500WithoutProcessing()
    {
        startSim({QStringLiteral("--error-next"), QStringLiteral("2")});
        QCOMPARE(m_sim->post(payments, authoriseBody(1'000), QStringLiteral("e")).status, 500);
        QCOMPARE(m_sim->get(payments + QStringLiteral("/e")).status, 500);
        QCOMPARE(m_sim->get(payments + QStringLiteral("/e")).status, 404); // nothing was processed
        const HttpAnswer ok = m_sim->post(payments, authoriseBody(1'000), QStringLiteral("e"));
        QCOMPARE(ok.status, 200);
        QVERIFY(!ok.replayed);
        QVERIFY(m_sim->setFaults({{QStringLiteral("error_rate"), 1.0}}));
        QCOMPARE(m_sim->post(payments, authoriseBody(1'000), QStringLiteral("e2")).status, 500);
        QCOMPARE(
            m_sim->stats().value(QLatin1String("faults")).toObject().value(QLatin1String("error")).toInt(),
            3);
    }

    void timeoutFaultCommitsAndNeverAnswers()
    {
        startSim();
        QVERIFY(m_sim->setFaults({{QStringLiteral("timeout_next"), 1}}));
        const HttpAnswer lost = m_sim->rawPost(payments, authoriseBody(2'000), QStringLiteral("t"), 700);
        QVERIFY(!lost.answered);
        QVERIFY(lost.elapsedMs >= 700);
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/t"))), QStringLiteral("authorised"));
        const HttpAnswer again = m_sim->post(payments, authoriseBody(2'000), QStringLiteral("t"));
        QVERIFY(again.replayed);
        QCOMPARE(m_sim->stats(QStringLiteral("t"))
                     .value(QLatin1String("key"))
                     .toObject()
                     .value(QLatin1String("processed"))
                     .toInt(),
                 1);
    }

    void timeoutFaultCanAnswerLate()
    {
        startSim({QStringLiteral("--timeout-rate"), QStringLiteral("1"),
                  QStringLiteral("--timeout-answer-ms"), QStringLiteral("400")});
        const HttpAnswer late = m_sim->post(payments, authoriseBody(2'000), QStringLiteral("late"), 5'000);
        QCOMPARE(late.status, 200);
        QVERIFY2(late.elapsedMs >= 400, qPrintable(QString::number(late.elapsedMs)));
    }

    void dropFaultCommitsAndCutsTheConnection()
    {
        startSim({QStringLiteral("--drop-next"), QStringLiteral("1")});
        const HttpAnswer dropped = m_sim->rawPost(payments, authoriseBody(2'500), QStringLiteral("d"));
        QVERIFY(!dropped.answered);
        QVERIFY(dropped.elapsedMs < 5'000); // cut, not left waiting
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/d"))), QStringLiteral("authorised"));
        QCOMPARE(
            m_sim->stats().value(QLatin1String("faults")).toObject().value(QLatin1String("drop")).toInt(), 1);
    }

    void latencyDelaysEveryRequest()
    {
        startSim({QStringLiteral("--latency-ms"), QStringLiteral("300")});
        const HttpAnswer slow = m_sim->post(payments, authoriseBody(2'000), QStringLiteral("slow"));
        QCOMPARE(slow.status, 200);
        QVERIFY2(slow.elapsedMs >= 300, qPrintable(QString::number(slow.elapsedMs)));
        QVERIFY(m_sim->setFaults({{QStringLiteral("latency_ms"), 0}}));
        QCOMPARE(m_sim->get(payments + QStringLiteral("/slow")).status, 200);
    }

    void crashAfterCommitsThenExits()
    {
        startSim({QStringLiteral("--crash-after"), QStringLiteral("2")});
        QCOMPARE(m_sim->post(payments, authoriseBody(4'000), QStringLiteral("c1")).status, 200);
        const HttpAnswer lost = m_sim->rawPost(payments, authoriseBody(4'000), QStringLiteral("c2"));
        QVERIFY(!lost.answered);
        QCOMPARE(m_sim->waitForExit(5'000), 99);
        QVERIFY2(m_sim->start(), m_sim->standardError().constData());
        QCOMPARE(state(m_sim->get(payments + QStringLiteral("/c2"))), QStringLiteral("authorised"));
        QVERIFY(m_sim->post(payments, authoriseBody(4'000), QStringLiteral("c2")).replayed);
    }

    void faultsAreRefusedOutOfRange()
    {
        startSim();
        QCOMPARE(
            m_sim->post(QStringLiteral("/control/faults"), {{QStringLiteral("drop_rate"), 1.5}}, {}).status,
            400);
        QCOMPARE(
            m_sim->post(QStringLiteral("/control/faults"), {{QStringLiteral("latency_ms"), -1}}, {}).status,
            400);
        const HttpAnswer current = m_sim->get(QStringLiteral("/control/faults"));
        QCOMPARE(current.body.value(QLatin1String("drop_rate")).toDouble(), 0.0);
        QVERIFY(m_sim->setFaults({{QStringLiteral("drop_rate"), 0.5}, {QStringLiteral("latency_ms"), 10}}));
        QVERIFY(m_sim->setFaults({{QStringLiteral("reset"), true}}));
        QCOMPARE(
            m_sim->get(QStringLiteral("/control/faults")).body.value(QLatin1String("latency_ms")).toInt(), 0);
    }

    void aSeedRepeatsTheSameDeclines()
    {
        auto run = [this](const QString& seed) {
            m_sim = std::make_unique<PaysimRig>(QStringLiteral(BOXOFFICE_PAYSIM_PATH));
            QString pattern;
            if (!m_sim->start({QStringLiteral("--seed"), seed, QStringLiteral("--decline-rate"),
                               QStringLiteral("0.5")}))
                return pattern;
            for (int i = 0; i < 24; ++i) {
                const HttpAnswer a =
                    m_sim->post(payments, authoriseBody(1'000), QStringLiteral("s%1").arg(i));
                pattern += state(a) == QLatin1String("declined") ? QLatin1Char('D') : QLatin1Char('A');
            }
            m_sim->stop();
            return pattern;
        };
        const QString first = run(QStringLiteral("20261202"));
        QCOMPARE(first.size(), 24);
        QVERIFY2(first.contains(QLatin1Char('A')) && first.contains(QLatin1Char('D')), qPrintable(first));
        QCOMPARE(run(QStringLiteral("20261202")), first);
    }

    void unauthorisedWithoutTheBearerToken()
    {
        m_sim = std::make_unique<PaysimRig>(QStringLiteral(BOXOFFICE_PAYSIM_PATH));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("BOXOFFICE_PAYSIM_API_KEY"), QStringLiteral("s3cret-token-xyz"));
        QVERIFY(m_sim->start({QStringLiteral("--json")}, 0, environment));
        QCOMPARE(m_sim->post(payments, authoriseBody(1'000), QStringLiteral("u")).status, 401);
        QCOMPARE(m_sim->stop(), 0);
        const QByteArray logs = m_sim->standardError();
        QVERIFY(!logs.contains("s3cret"));
        // --json: one object a line.
        for (const QByteArray& line : logs.trimmed().split('\n'))
            QVERIFY2(QJsonDocument::fromJson(line).isObject(), line.constData());
    }
};

QTEST_GUILESS_MAIN(TstPaysim)
#include "tst_paysim.moc"
