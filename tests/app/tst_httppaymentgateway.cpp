// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// HttpPaymentGateway against a real boxoffice-paysim on a free loopback port: approvals,
// declines, and each fault the network can do to a payment. Whatever happens, an outcome the
// adapter cannot know is Unknown, a look-up with the same key then tells, and paysim never
// processes one key twice.
#include <memory>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <spdlog/sinks/ringbuffer_sink.h>
#include <spdlog/spdlog.h>

#include "app/adapters/payments/httppaymentgateway.h"
#include "tests/support/paysimrig.h"

#ifndef BOXOFFICE_PAYSIM_PATH
#error "BOXOFFICE_PAYSIM_PATH must name the boxoffice-paysim executable"
#endif

using namespace bo;
using bo::test::PaysimRig;

namespace {

constexpr int callMs = 3'000;

AuthoriseRequest sale(qint64 amountMinor, const QUuid& key = QUuid::createUuid())
{
    AuthoriseRequest request;
    request.key = key;
    request.amountMinor = amountMinor;
    request.currency = QStringLiteral("KRW");
    request.saleReference = QStringLiteral("BK-TEST");
    request.terminalId = QStringLiteral("till-1");
    request.timeoutMs = callMs;
    return request;
}

QString keyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces);
}

bool openssl(const QString& folder, const QStringList& arguments)
{
    QProcess process;
    process.setWorkingDirectory(folder);
    process.start(QStringLiteral("openssl"), arguments);
    return process.waitForFinished(30'000) && process.exitStatus() == QProcess::NormalExit &&
           process.exitCode() == 0;
}

/// In `folder`: a private CA (ca.pem), a server certificate for IP 127.0.0.1 signed by it
/// (server.pem, server.key), and an unrelated CA (other-ca.pem). EC keys: quick to make.
bool makeCertificates(const QString& folder)
{
    const QStringList ecKey{QStringLiteral("-newkey"), QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                            QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes")};
    QFile extensions(folder + QStringLiteral("/ext.cnf"));
    if (!extensions.open(QIODevice::WriteOnly) || extensions.write("subjectAltName=IP:127.0.0.1\n") < 0)
        return false;
    extensions.close();
    for (const QString& ca : {QStringLiteral("ca"), QStringLiteral("other-ca")}) {
        if (!openssl(folder,
                     QStringList{QStringLiteral("req"), QStringLiteral("-x509")} + ecKey +
                         QStringList{QStringLiteral("-keyout"), ca + QStringLiteral(".key"),
                                     QStringLiteral("-out"), ca + QStringLiteral(".pem"),
                                     QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                                     QStringLiteral("/CN=Box office test ") + ca}))
            return false;
    }
    return openssl(folder, QStringList{QStringLiteral("req")} + ecKey +
                               QStringList{QStringLiteral("-keyout"), QStringLiteral("server.key"),
                                           QStringLiteral("-out"), QStringLiteral("server.csr"),
                                           QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1")}) &&
           openssl(folder,
                   {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"),
                    QStringLiteral("server.csr"), QStringLiteral("-CA"), QStringLiteral("ca.pem"),
                    QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"),
                    QStringLiteral("-out"), QStringLiteral("server.pem"), QStringLiteral("-days"),
                    QStringLiteral("2"), QStringLiteral("-extfile"), QStringLiteral("ext.cnf")});
}

} // namespace

class TstHttpPaymentGateway final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<PaysimRig> m_sim;
    std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> m_logs;

    [[nodiscard]] HttpGatewaySettings settings() const
    {
        HttpGatewaySettings s;
        s.baseUrl = m_sim->url();
        s.connectTimeoutMs = 1'000;
        s.readTimeoutMs = 2'000; // a loaded machine answers late; the timeout tests set their own
        s.maxAttempts = 3;
        s.backoffInitialMs = 50;
        s.backoffMaxMs = 200;
        return s;
    }

    void startSim(const QStringList& arguments = {}, quint16 port = 0,
                  const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
    {
        QVERIFY2(m_sim->start(QStringList{QStringLiteral("--seed"), QStringLiteral("5")} + arguments, port,
                              environment),
                 m_sim->standardError().constData());
    }

    /// How often paysim processed `key` (a charge is an authorise processed once).
    [[nodiscard]] int processed(const QUuid& key)
    {
        return m_sim->stats(keyText(key))
            .value(QLatin1String("key"))
            .toObject()
            .value(QLatin1String("processed"))
            .toInt();
    }

    [[nodiscard]] QString logText() const
    {
        QString text;
        for (const std::string& line : m_logs->last_formatted())
            text += QString::fromStdString(line);
        return text;
    }

private slots:
    void initTestCase()
    {
        m_logs = std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(512);
        auto logger = std::make_shared<spdlog::logger>("test", m_logs);
        logger->set_level(spdlog::level::debug);
        spdlog::set_default_logger(logger);
    }

    void init() { m_sim = std::make_unique<PaysimRig>(QStringLiteral(BOXOFFICE_PAYSIM_PATH)); }

    void cleanup()
    {
        if (m_sim->running())
            QCOMPARE(m_sim->stop(), 0);
        m_sim.reset();
    }

    void approvedThenCapturedAndRefunded()
    {
        startSim();
        HttpPaymentGateway gateway(settings());
        QVERIFY(gateway.configurationError().isEmpty());
        const AuthoriseRequest request = sale(12'000);
        const GatewayReply approved = gateway.authorise(request);
        QCOMPARE(approved.outcome, GatewayOutcome::Done);
        QCOMPARE(approved.state, GatewayPaymentState::Authorised);
        QCOMPARE(approved.reference, QStringLiteral("psim_000001"));
        QCOMPARE(approved.maskedCard, QStringLiteral("VISA **** 4242"));
        QCOMPARE(approved.amountMinor, 12'000);
        QCOMPARE(approved.currency, QStringLiteral("KRW"));
        QCOMPARE(approved.attempts, 1);

        const GatewayReply captured = gateway.capture(request.key, 12'000, callMs);
        QCOMPARE(captured.outcome, GatewayOutcome::Done);
        QCOMPARE(captured.state, GatewayPaymentState::Captured);
        // A repeated capture is the same request with the same derived key: the stored answer.
        QCOMPARE(gateway.capture(request.key, 12'000, callMs).outcome, GatewayOutcome::Done);
        QCOMPARE(processed(HttpPaymentGateway::operationKey(request.key, QStringLiteral("capture"))), 1);

        const GatewayReply part = gateway.refund(request.key, QUuid::createUuid(), 5'000, callMs);
        QCOMPARE(part.outcome, GatewayOutcome::Done);
        QCOMPARE(part.state, GatewayPaymentState::Captured);
        const GatewayReply rest = gateway.refund(request.key, QUuid::createUuid(), 7'000, callMs);
        QCOMPARE(rest.state, GatewayPaymentState::Refunded);
        const GatewayReply looked = gateway.lookup(request.key, callMs);
        QCOMPARE(looked.outcome, GatewayOutcome::Done);
        QCOMPARE(looked.state, GatewayPaymentState::Refunded);
        QCOMPARE(looked.reference, approved.reference);
        QVERIFY(logText().contains(QStringLiteral("ref=psim_000001")));
    }

    void declineSaysWhy_data()
    {
        QTest::addColumn<qint64>("amountMinor");
        QTest::addColumn<QString>("reason");
        QTest::newRow("insufficient funds") << qint64(12'051) << QStringLiteral("insufficient_funds");
        QTest::newRow("expired card") << qint64(8'054) << QStringLiteral("expired_card");
    }

    void declineSaysWhy()
    {
        QFETCH(qint64, amountMinor);
        QFETCH(QString, reason);
        startSim();
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(amountMinor);
        const GatewayReply declined = gateway.authorise(request);
        QCOMPARE(declined.outcome, GatewayOutcome::Declined);
        QCOMPARE(declined.state, GatewayPaymentState::Declined);
        QCOMPARE(declined.reason, reason);
        QCOMPARE(gateway.lookup(request.key, callMs).state, GatewayPaymentState::Declined);
        // Nothing to void or capture on a decline.
        QCOMPARE(gateway.capture(request.key, amountMinor, callMs).outcome, GatewayOutcome::Refused);
    }

    void timeoutAfterProcessingIsUnknownAndTheLookupFindsIt()
    {
        startSim({QStringLiteral("--timeout-rate"), QStringLiteral("1")}); // commit, never answer
        HttpGatewaySettings shortRead = settings();
        shortRead.readTimeoutMs = 800; // room for a retry within the call's 3 s
        HttpPaymentGateway gateway(shortRead);
        const AuthoriseRequest request = sale(9'000);
        QElapsedTimer clock;
        clock.start();
        const GatewayReply lost = gateway.authorise(request);
        QCOMPARE(lost.outcome, GatewayOutcome::Unknown);
        QVERIFY2(lost.attempts >= 2, "retried with the same key");
        QVERIFY2(clock.elapsed() < callMs + 500, qPrintable(QString::number(clock.elapsed())));

        QVERIFY(m_sim->setFaults({{QStringLiteral("reset"), true}}));
        const GatewayReply found = gateway.lookup(request.key, callMs);
        QCOMPARE(found.outcome, GatewayOutcome::Done);
        QCOMPARE(found.state, GatewayPaymentState::Authorised);
        // Asking again with the same key gets the one payment there is.
        const GatewayReply again = gateway.authorise(request);
        QCOMPARE(again.outcome, GatewayOutcome::Done);
        QCOMPARE(again.reference, found.reference);
        QCOMPARE(processed(request.key), 1);
        QCOMPARE(m_sim->stats().value(QLatin1String("payments")).toInt(), 1);
    }

    void droppedConnectionsAreUnknown()
    {
        startSim({QStringLiteral("--drop-rate"), QStringLiteral("1")}); // commit, then cut
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(9'500);
        const GatewayReply lost = gateway.authorise(request);
        QCOMPARE(lost.outcome, GatewayOutcome::Unknown);
        QCOMPARE(lost.attempts, 3);
        QVERIFY(m_sim->setFaults({{QStringLiteral("reset"), true}}));
        QCOMPARE(gateway.lookup(request.key, callMs).state, GatewayPaymentState::Authorised);
        QCOMPARE(processed(request.key), 1);
    }

    void aDroppedConnectionIsRetriedToDone()
    {
        startSim({QStringLiteral("--drop-next"), QStringLiteral("1")});
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(9'600);
        const GatewayReply reply = gateway.authorise(request);
        QCOMPARE(reply.outcome, GatewayOutcome::Done);
        QCOMPARE(processed(request.key), 1);
        QCOMPARE(m_sim->stats(keyText(request.key))
                     .value(QLatin1String("key"))
                     .toObject()
                     .value(QLatin1String("replayed"))
                     .toInt(),
                 1);
    }

    void serverErrorsAreRetriedWithTheSameKey()
    {
        startSim({QStringLiteral("--error-next"), QStringLiteral("2")});
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(10'000);
        const GatewayReply reply = gateway.authorise(request);
        QCOMPARE(reply.outcome, GatewayOutcome::Done);
        QCOMPARE(reply.attempts, 3);
        const QJsonObject perKey = m_sim->stats(keyText(request.key)).value(QLatin1String("key")).toObject();
        QCOMPARE(perKey.value(QLatin1String("requests")).toInt(), 3); // all three carried this key
        QCOMPARE(perKey.value(QLatin1String("processed")).toInt(), 1);
    }

    void serverErrorsToTheEndAreUnknown()
    {
        startSim({QStringLiteral("--error-rate"), QStringLiteral("1")});
        HttpPaymentGateway gateway(settings());
        const GatewayReply reply = gateway.authorise(sale(10'000));
        QCOMPARE(reply.outcome, GatewayOutcome::Unknown);
        QCOMPARE(reply.attempts, 3);
        QVERIFY(reply.reason.contains(QStringLiteral("HTTP 500")));
        QCOMPARE(m_sim->stats().value(QLatin1String("payments")).toInt(), 0);
    }

    void aCrashIsUnknownAndTheRestartedServiceKnows()
    {
        startSim({QStringLiteral("--crash-after"), QStringLiteral("1")});
        const quint16 port = m_sim->port();
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(11'000);
        const GatewayReply lost = gateway.authorise(request);
        QCOMPARE(lost.outcome, GatewayOutcome::Unknown);
        QCOMPARE(m_sim->waitForExit(5'000), 99);

        startSim({}, port); // the same address, as a restarted service would have
        const GatewayReply found = gateway.lookup(request.key, callMs);
        QCOMPARE(found.outcome, GatewayOutcome::Done);
        QCOMPARE(found.state, GatewayPaymentState::Authorised);
        QCOMPARE(gateway.authorise(request).reference, found.reference);
        QCOMPARE(processed(request.key), 0); // since the restart: only the stored answer
        QCOMPARE(m_sim->stats().value(QLatin1String("payments")).toInt(), 1);
    }

    void theWholeCallEndsWithinItsTimeout()
    {
        startSim({QStringLiteral("--latency-ms"), QStringLiteral("5000")});
        HttpPaymentGateway gateway(settings());
        AuthoriseRequest request = sale(10'000);
        request.timeoutMs = 1'200;
        QElapsedTimer clock;
        clock.start();
        QCOMPARE(gateway.authorise(request).outcome, GatewayOutcome::Unknown);
        QVERIFY2(clock.elapsed() < 1'200 + 300, qPrintable(QString::number(clock.elapsed())));
    }

    void refusalsAreNotRetried()
    {
        startSim();
        HttpPaymentGateway gateway(settings());
        const AuthoriseRequest request = sale(10'000);
        QCOMPARE(gateway.authorise(request).outcome, GatewayOutcome::Done);
        AuthoriseRequest changed = request;
        changed.amountMinor = 20'000;
        const GatewayReply reused = gateway.authorise(changed);
        QCOMPARE(reused.outcome, GatewayOutcome::Refused);
        QCOMPARE(reused.attempts, 1);
        QVERIFY(reused.reason.contains(QStringLiteral("422")));

        QCOMPARE(gateway.voidPayment(request.key, callMs).state, GatewayPaymentState::Voided);
        const GatewayReply capture = gateway.capture(request.key, 10'000, callMs);
        QCOMPARE(capture.outcome, GatewayOutcome::Refused);
        QCOMPARE(capture.state, GatewayPaymentState::Voided);
        QCOMPARE(gateway.lookup(QUuid::createUuid(), callMs).outcome, GatewayOutcome::NotFound);

        // A wrong URL's 404 is not "the service never saw this key".
        HttpGatewaySettings wrong = settings();
        wrong.baseUrl.setPath(QStringLiteral("/elsewhere"));
        HttpPaymentGateway lost(wrong);
        QCOMPARE(lost.lookup(request.key, callMs).outcome, GatewayOutcome::Refused);
    }

    void theBearerTokenIsSentAndNeverLogged()
    {
        const QByteArray token = "tok-never-in-logs-4711";
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("BOXOFFICE_PAYSIM_API_KEY"), QString::fromLatin1(token));
        startSim({}, 0, environment);
        HttpGatewaySettings withToken = settings();
        withToken.apiKey = token;
        HttpPaymentGateway gateway(withToken);
        QCOMPARE(gateway.authorise(sale(10'000)).outcome, GatewayOutcome::Done);
        HttpGatewaySettings withoutToken = settings();
        withoutToken.apiKey = "wrong";
        HttpPaymentGateway refused(withoutToken);
        QCOMPARE(refused.authorise(sale(10'000)).outcome, GatewayOutcome::Refused);
        QVERIFY(!logText().contains(QString::fromLatin1(token)));
        QVERIFY(!m_sim->standardError().contains(token));
    }

    void settingsThatCannotWorkAreRefusedUnsent_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("caFile");
        QTest::newRow("plain http to another host")
            << QStringLiteral("http://payments.example.org") << QString();
        QTest::newRow("not http") << QStringLiteral("ftp://127.0.0.1") << QString();
        QTest::newRow("no host") << QStringLiteral("https://") << QString();
        QTest::newRow("unreadable CA file")
            << QStringLiteral("https://payments.example.org") << QStringLiteral("/nonexistent/ca.pem");
    }

    void settingsThatCannotWorkAreRefusedUnsent()
    {
        QFETCH(QString, url);
        QFETCH(QString, caFile);
        HttpGatewaySettings s;
        s.baseUrl = QUrl(url);
        s.caFile = caFile;
        HttpPaymentGateway gateway(s);
        QVERIFY(!gateway.configurationError().isEmpty());
        const GatewayReply reply = gateway.authorise(sale(10'000));
        QCOMPARE(reply.outcome, GatewayOutcome::Refused);
        QCOMPARE(reply.attempts, 0);
    }

    void tlsIsVerifiedAgainstThePrivateCa()
    {
        QTemporaryDir certificates;
        QVERIFY(makeCertificates(certificates.path()));
        startSim({QStringLiteral("--tls-cert"), certificates.filePath(QStringLiteral("server.pem")),
                  QStringLiteral("--tls-key"), certificates.filePath(QStringLiteral("server.key"))});
        HttpGatewaySettings tls = settings();
        tls.baseUrl.setScheme(QStringLiteral("https"));
        tls.caFile = certificates.filePath(QStringLiteral("ca.pem"));
        HttpPaymentGateway trusted(tls);
        QCOMPARE(trusted.authorise(sale(10'000)).outcome, GatewayOutcome::Done);

        // Not trusted: without the CA (the system's do not know it), with another CA, or under a
        // name the certificate does not carry. Nothing reaches the service.
        HttpGatewaySettings systemOnly = tls;
        systemOnly.caFile.clear();
        HttpGatewaySettings otherCa = tls;
        otherCa.caFile = certificates.filePath(QStringLiteral("other-ca.pem"));
        HttpGatewaySettings otherName = tls;
        otherName.baseUrl.setHost(QStringLiteral("localhost"));
        for (const HttpGatewaySettings& untrusted : {systemOnly, otherCa, otherName}) {
            HttpPaymentGateway gateway(untrusted);
            const GatewayReply reply = gateway.authorise(sale(10'000));
            QCOMPARE(reply.outcome, GatewayOutcome::Unknown);
        }
        QCOMPARE(m_sim->stop(), 0);
        QCOMPARE(m_sim->standardError().count(" info request "), 1); // its log: one request served
    }

    void tlsIsNeverDroppedToPlainText()
    {
        startSim();
        HttpGatewaySettings tls = settings();
        tls.baseUrl.setScheme(QStringLiteral("https")); // paysim speaks plain HTTP: the handshake fails
        HttpPaymentGateway gateway(tls);
        QCOMPARE(gateway.authorise(sale(10'000)).outcome, GatewayOutcome::Unknown);
        QCOMPARE(m_sim->stats().value(QLatin1String("payment_requests")).toInt(), 0);
    }
};

QTEST_GUILESS_MAIN(TstHttpPaymentGateway)
#include "tst_httppaymentgateway.moc"
