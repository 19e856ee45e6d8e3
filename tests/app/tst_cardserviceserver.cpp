// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <csignal>
#include <memory>

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QHostAddress>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTimer>

#include "app/adapters/payments/remotecardpayments.h"
#include "db/dbconnection.h"
#include "db/paymentintentstore.h"
#include "db/seatstore.h"
#include "model/sale/checkedseatcommands.h"
#include "tests/support/paysimrig.h"
#include "tests/support/testdatabase.h"

using namespace bo;
using bo::test::PaysimRig;
using bo::test::TestDatabase;

namespace {

/// How long a child process may take to start and say its port.
constexpr int startMs = 15'000;

QString keyText(const QUuid& key)
{
    return key.toString(QUuid::WithoutBraces);
}

/// One HTTP exchange with the service as the test sees it.
struct Answer
{
    int status = 0; ///< 0: no answer
    QJsonObject body;
};

} // namespace

/// boxoffice-service (app/service) between a till's login and boxoffice-paysim, on the fixture's
/// PostgreSQL, reached by the till through RemoteCardPayments (app/adapters/payments): the service's login
/// alone records what a card's gateway answered (migration 0044), a made-up pass moves nothing,
/// bad requests are refused. Every process listens on loopback; every wait is bounded.
class TstCardServiceServer final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_db = std::make_unique<TestDatabase>();
        QVERIFY2(m_db->ok(), qPrintable(m_db->error()));
        QVERIFY2(m_db->serviceSettings().value(QStringLiteral("user")).endsWith(QLatin1String("_svc")),
                 "TestDatabase has no payment-service login");
        m_showtime = m_db->addShowtime(3, 10);
        QVERIFY(m_showtime > 0);
        m_seats = m_db->seatIds(m_showtime);
        QCOMPARE(m_seats.size(), 30);
        m_till = m_db->connect(QStringLiteral("till"));
        QVERIFY(m_till);
        m_intents = std::make_unique<PaymentIntentStore>(*m_till);
        m_sales = std::make_unique<SeatStore>(*m_till);

        QVERIFY(m_dir.isValid());
        m_paysim = std::make_unique<PaysimRig>(QStringLiteral(BOXOFFICE_PAYSIM_PATH));
        QVERIFY2(m_paysim->start(), m_paysim->standardError().constData());

        m_port = startService(m_service, QStringLiteral("service"),
                              {QStringLiteral("--gateway"), m_paysim->url().toString()});
        QVERIFY2(m_port != 0, serviceLog().constData());
        m_url = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_port));
    }

    void cleanupTestCase()
    {
        if (m_service.state() != QProcess::NotRunning) {
            m_service.kill();
            m_service.waitForFinished(5'000);
        }
        m_paysim.reset();
        m_intents.reset();
        m_sales.reset();
        m_till.reset();
        m_db.reset();
    }

    void theServiceIsHealthy()
    {
        const Answer answer = send("GET", QStringLiteral("/health"));
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.body.value(QLatin1String("ok")).toBool(), true);
    }

    void authoriseThroughTheServiceRecordsAuthorised()
    {
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        RemoteCardPayments cards(*m_intents, m_url);
        const CardReply reply = cards.authorise(key, 10'000);
        QVERIFY2(reply.reply.outcome == GatewayOutcome::Done,
                 qPrintable(QStringLiteral("%1: %2").arg(
                     QLatin1String(gatewayOutcomeName(reply.reply.outcome)), reply.reply.reason)));
        QCOMPARE(reply.reply.state, GatewayPaymentState::Authorised);
        QVERIFY(!reply.reply.reference.isEmpty());
        QVERIFY(reply.known);
        QCOMPARE(reply.intent.state, IntentState::Authorised);
        QCOMPARE(reply.intent.gatewayReference, reply.reply.reference);
        // As the database keeps it, and as the gateway saw it: once.
        QCOMPARE(stateOf(key), QStringLiteral("AUTHORISED"));
        QCOMPARE(paysimCount(key, "processed"), 1);

        // Asked again (a repeat after a lost answer), nothing is sent twice.
        const CardReply again = cards.authorise(key, 10'000);
        QCOMPARE(again.reply.outcome, GatewayOutcome::Done);
        QCOMPARE(again.intent.state, IntentState::Authorised);
        QCOMPARE(paysimCount(key, "processed"), 1);

        // The booking is still pending: its money is not taken; the till that made it gives it back.
        const CardReply capture = cards.capture(key, 10'000);
        QCOMPARE(capture.reply.outcome, GatewayOutcome::Refused);
        QCOMPARE(stateOf(key), QStringLiteral("AUTHORISED"));
        const CardReply voided = cards.voidPayment(key, QStringLiteral("customer left"), 10'000);
        QVERIFY2(voided.reply.outcome == GatewayOutcome::Done, qPrintable(voided.reply.reason));
        QCOMPARE(voided.intent.state, IntentState::Voided);
        QCOMPARE(stateOf(key), QStringLiteral("VOIDED"));
    }

    void theTillCannotRecordWhatTheGatewayAnswered()
    {
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        // Not even the first step of a send: the service marks it AUTHORISING before it calls.
        const Result<PaymentIntent> sending =
            m_intents->advance(key, IntentState::New, IntentState::Authorising);
        QVERIFY(!sending);
        QVERIFY2(sending.error().detail.contains(QLatin1String("42501")), qPrintable(sending.error().detail));
        QVERIFY(!m_intents->advance(key, IntentState::New, IntentState::Authorised));
        QCOMPARE(stateOf(key), QStringLiteral("NEW"));

        // Nor AUTHORISED from AUTHORISING (as the owner left it), whatever reference it brings.
        auto owner = m_db->connectAsOwner();
        QVERIFY(owner);
        PaymentIntentStore asOwner(*owner);
        QVERIFY(asOwner.advance(key, IntentState::New, IntentState::Authorising));
        IntentChange forged;
        forged.gatewayReference = QStringLiteral("pay_forged");
        const Result<PaymentIntent> authorised =
            m_intents->advance(key, IntentState::Authorising, IntentState::Authorised, forged);
        QVERIFY(!authorised);
        QVERIFY2(authorised.error().detail.contains(QLatin1String("42501")),
                 qPrintable(authorised.error().detail));
        QCOMPARE(stateOf(key), QStringLiteral("AUTHORISING"));
    }

    void aMadeUpPassIsRefusedAndMovesNothing()
    {
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        const QUuid other = newCardIntent();
        QVERIFY(!other.isNull());
        // A made-up pass, and a real one taken for another payment.
        const Answer madeUp = authorise(key, QUuid::createUuid());
        const Result<QUuid> pass = m_intents->servicePass(other);
        QVERIFY(pass);
        const Answer crossed = authorise(key, pass.value());

        // Nothing moved and the gateway never heard of the payment.
        QCOMPARE(stateOf(key), QStringLiteral("NEW"));
        QCOMPARE(stateOf(other), QStringLiteral("NEW"));
        QCOMPARE(paysimCount(key, "requests"), 0);
        // And the terminal is told so: refused, not "unknown, ask again".
        for (const Answer& answer : {madeUp, crossed}) {
            QCOMPARE(answer.status, 200);
            QCOMPARE(answer.body.value(QLatin1String("outcome")).toString(), QStringLiteral("refused"));
        }
    }

    /// bo_service_pass_redeem: "the pass is spent whatever the answer" (db/functions/10_payments.sql).
    /// A pass names one payment: tried on another it is refused and moves nothing; it is spent
    /// by the one call it was taken for, and refused after that.
    void aPassIsForOnePaymentAndOneCall()
    {
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        const QUuid other = newCardIntent();
        QVERIFY(!other.isNull());
        const Result<QUuid> pass = m_intents->servicePass(other);
        QVERIFY(pass);
        const Answer crossed = authorise(key, pass.value());
        QCOMPARE(crossed.status, 200);
        QCOMPARE(crossed.body.value(QLatin1String("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(stateOf(key), QStringLiteral("NEW"));
        QCOMPARE(paysimCount(key, "requests"), 0);
        const Answer own = authorise(other, pass.value());
        QCOMPARE(own.status, 200);
        QCOMPARE(own.body.value(QLatin1String("outcome")).toString(), QStringLiteral("done"));
        QCOMPARE(stateOf(other), QStringLiteral("AUTHORISED"));
        const Answer again = authorise(other, pass.value());
        QCOMPARE(again.body.value(QLatin1String("outcome")).toString(), QStringLiteral("refused"));
    }

    void badRequestsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("verb");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        const QByteArray key = keyText(QUuid::createUuid()).toLatin1();
        const QByteArray pass = keyText(QUuid::createUuid()).toLatin1();
        auto body = [&](const QByteArray& timeout) {
            return "{\"key\":\"" + key + "\",\"pass\":\"" + pass + "\",\"timeout_ms\":" + timeout + "}";
        };
        const QString authorise = QStringLiteral("/v1/card/authorise");
        QTest::newRow("malformed JSON") << QByteArray("POST") << authorise << QByteArray("{\"key\": ") << 400;
        QTest::newRow("not an object") << QByteArray("POST") << authorise << QByteArray("[1, 2]") << 400;
        QTest::newRow("unknown step")
            << QByteArray("POST") << QStringLiteral("/v1/card/refund") << body("5000") << 400;
        QTest::newRow("bad key") << QByteArray("POST") << authorise
                                 << QByteArray("{\"key\":\"nope\",\"pass\":\"" + pass +
                                               "\",\"timeout_ms\":5000}")
                                 << 400;
        QTest::newRow("no pass") << QByteArray("POST") << authorise
                                 << QByteArray("{\"key\":\"" + key + "\",\"timeout_ms\":5000}") << 400;
        QTest::newRow("timeout 0") << QByteArray("POST") << authorise << body("0") << 400;
        QTest::newRow("timeout 120001") << QByteArray("POST") << authorise << body("120001") << 400;
        QTest::newRow("timeout 1.5") << QByteArray("POST") << authorise << body("1.5") << 400;
        QTest::newRow("timeout as text") << QByteArray("POST") << authorise << body("\"5000\"") << 400;
        QTest::newRow("abandon as text") << QByteArray("POST") << QStringLiteral("/v1/card/lookup")
                                         << QByteArray("{\"key\":\"" + key + "\",\"pass\":\"" + pass +
                                                       "\",\"timeout_ms\":5000,\"abandon_unseen\":\"yes\"}")
                                         << 400;
        QByteArray large = body("5000");
        large.chop(1);
        large += ",\"why\":\"" + QByteArray(qsizetype{17} * 1024, 'x') + "\"}";
        QTest::newRow("body over 16 KiB")
            << QByteArray("POST") << QStringLiteral("/v1/card/void") << large << 400;
        QTest::newRow("GET a step") << QByteArray("GET") << authorise << QByteArray() << 405;
        QTest::newRow("PUT a step") << QByteArray("PUT") << authorise << body("5000") << 405;
        QTest::newRow("other path") << QByteArray("POST") << QStringLiteral("/v1/payments") << body("5000")
                                    << 404;
        QTest::newRow("step below a step")
            << QByteArray("POST") << QStringLiteral("/v1/card/authorise/again") << body("5000") << 404;
        QTest::newRow("POST health") << QByteArray("POST") << QStringLiteral("/health") << QByteArray("{}")
                                     << 405;
    }

    void badRequestsAreRefused()
    {
        QFETCH(QByteArray, verb);
        QFETCH(QString, path);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        const Answer answer = send(verb, path, body);
        QCOMPARE(answer.status, status);
        QVERIFY(!answer.body.value(QLatin1String("error")).toString().isEmpty());
    }

    void aTerminalThatCannotReachTheServiceHearsUnknown()
    {
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        // A port nobody listens on: the service is down.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const QUrl nowhere(QStringLiteral("http://127.0.0.1:%1").arg(closed.serverPort()));
        closed.close();
        RemoteCardPayments cards(*m_intents, nowhere);
        const CardReply reply = cards.authorise(key, 2'000);
        QCOMPARE(reply.reply.outcome, GatewayOutcome::Unknown);
        QVERIFY(!reply.reply.reason.isEmpty());
        QVERIFY(reply.known);
        QCOMPARE(reply.intent.state, IntentState::New);
    }

    void badOptionsExitWithStatus2_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("port not a number")
            << QStringList{QStringLiteral("--port"), QStringLiteral("notanumber")}
            << QStringLiteral("--port");
        QTest::newRow("port too big")
            << QStringList{QStringLiteral("--port"), QStringLiteral("70000")} << QStringLiteral("--port");
        QTest::newRow("no database") << QStringList{QStringLiteral("--port"), QStringLiteral("0")}
                                     << QStringLiteral("no database");
        QTest::newRow("plain http elsewhere")
            << QStringList{QStringLiteral("--db"), QStringLiteral("host=127.0.0.1"),
                           QStringLiteral("--gateway"), QStringLiteral("http://gateway.example")}
            << QStringLiteral("loopback");
        QTest::newRow("workers 0") << QStringList{QStringLiteral("--workers"), QStringLiteral("0")}
                                   << QStringLiteral("--workers");
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("--colour")} << QStringLiteral("colour");
    }

    void badOptionsExitWithStatus2()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove(QStringLiteral("BOXOFFICE_SERVICE_DB"));
        environment.remove(QStringLiteral("BOXOFFICE_GATEWAY"));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(BOXOFFICE_SERVICE_PATH), arguments);
        QVERIFY(process.waitForFinished(10'000));
        const QByteArray error = process.readAllStandardError();
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2);
        QVERIFY2(error.contains(message.toUtf8()), error.constData());
    }

    /// A cash-only site runs the service for its leads alone (no --gateway): it starts, and it
    /// refuses a card call without touching the payment.
    void aServiceWithoutAGatewayRefusesCards()
    {
        QProcess cashOnly;
        const quint16 port = startService(cashOnly, QStringLiteral("cash-only"), {});
        QVERIFY2(port != 0, cashOnly.readAllStandardError().constData());
        const QUuid key = newCardIntent();
        QVERIFY(!key.isNull());
        RemoteCardPayments cards(*m_intents, QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)));
        const CardReply reply = cards.authorise(key, 5'000);
        QCOMPARE(reply.reply.outcome, GatewayOutcome::Refused);
        QVERIFY(reply.known);
        QCOMPARE(reply.intent.state, IntentState::New);
        ::kill(static_cast<pid_t>(cashOnly.processId()), SIGTERM);
        QVERIFY(cashOnly.waitForFinished(15'000));
        QCOMPARE(cashOnly.exitCode(), 0);
    }

    /// Last: the service ends on SIGTERM with status 0.
    void theServiceStopsOnSigterm()
    {
        QCOMPARE(m_service.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(m_service.processId()), SIGTERM);
        QVERIFY(m_service.waitForFinished(15'000));
        QCOMPARE(m_service.exitStatus(), QProcess::NormalExit);
        QCOMPARE(m_service.exitCode(), 0);
        const QByteArray log = serviceLog();
        QVERIFY2(log.contains("stopped"), log.constData());
    }

private:
    /// Starts boxoffice-service on this database's service login, its log in `<name>.log`; the
    /// port it listens on, 0 when it did not start in time.
    quint16 startService(QProcess& service, const QString& name, const QStringList& extra)
    {
        const QString portFile = m_dir.filePath(name + QStringLiteral(".port"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char* variable :
             {"BOXOFFICE_GATEWAY", "BOXOFFICE_GATEWAY_KEY", "BOXOFFICE_GATEWAY_CA", "BOXOFFICE_SERVICE_DB"})
            environment.remove(QLatin1String(variable));
        service.setProcessEnvironment(environment);
        // The logs go to a file: a pipe nobody reads could fill and stall the service.
        service.setStandardErrorFile(m_dir.filePath(name + QStringLiteral(".log")));
        service.setStandardOutputFile(QProcess::nullDevice());
        service.start(QStringLiteral(BOXOFFICE_SERVICE_PATH),
                      QStringList{QStringLiteral("--port"), QStringLiteral("0"),
                                  QStringLiteral("--port-file"), portFile, QStringLiteral("--db"),
                                  m_db->serviceSettings().toConninfo(), QStringLiteral("--workers"),
                                  QStringLiteral("2"), QStringLiteral("--parent-pid"),
                                  QString::number(QCoreApplication::applicationPid())} +
                          extra);
        quint16 port = 0;
        const QDeadlineTimer deadline(startMs);
        while (!deadline.hasExpired() && service.state() != QProcess::NotRunning && port == 0) {
            QFile file(portFile);
            if (file.open(QIODevice::ReadOnly))
                port = static_cast<quint16>(file.readAll().trimmed().toUInt());
            if (port == 0)
                QTest::qWait(20);
        }
        return port;
    }

    /// A card payment recorded NEW by the till for a new PENDING booking of one seat.
    QUuid newCardIntent()
    {
        if (m_nextSeat >= m_seats.size()) {
            qWarning("out of seats");
            return {};
        }
        const QUuid owner = CheckedSeatCommands::newToken();
        const int seat = m_seats[m_nextSeat++];
        auto started =
            m_sales->beginPayment(m_showtime, {seat}, owner, QStringLiteral("till"), std::nullopt, m_tillId);
        if (!started || !started.value().hold.granted) {
            qWarning("begin payment failed: %s",
                     started ? "not granted" : qPrintable(started.error().detail));
            return {};
        }
        NewPaymentIntent intent;
        intent.key = QUuid::createUuid();
        intent.holdToken = owner;
        intent.showtimeId = m_showtime;
        intent.bookingId = started.value().bookingId;
        intent.bookingCode = started.value().bookingCode;
        intent.terminal = QStringLiteral("till");
        intent.terminalId = m_tillId;
        intent.method = PaymentMethod::Card;
        intent.amountMinor = 10'000;
        intent.currency = QStringLiteral("KRW");
        intent.gateway = QStringLiteral("service");
        auto created = m_intents->create(intent);
        if (!created) {
            qWarning("create failed: %s", qPrintable(created.error().detail));
            return {};
        }
        if (created.value().state != IntentState::New)
            return {};
        return intent.key;
    }

    /// What boxoffice-paysim counted for the payment of `key` ("requests", "processed").
    int paysimCount(const QUuid& key, const char* what)
    {
        return m_paysim->stats(keyText(key))
            .value(QLatin1String("key"))
            .toObject()
            .value(QLatin1String(what))
            .toInt(-1);
    }

    QString stateOf(const QUuid& key) const
    {
        return m_db->scalar(
            QStringLiteral("SELECT state FROM payment_intent WHERE key = '%1'").arg(keyText(key)));
    }

    /// POST /v1/card/authorise as a terminal would, with the pass given.
    Answer authorise(const QUuid& payment, const QUuid& pass)
    {
        return post(QStringLiteral("/v1/card/authorise"),
                    QJsonObject{{QStringLiteral("key"), keyText(payment)},
                                {QStringLiteral("pass"), keyText(pass)},
                                {QStringLiteral("timeout_ms"), 5'000}});
    }

    Answer post(const QString& path, const QJsonObject& body)
    {
        return send("POST", path, QJsonDocument(body).toJson(QJsonDocument::Compact));
    }

    Answer send(const QByteArray& verb, const QString& path, const QByteArray& body = {})
    {
        QUrl url = m_url;
        url.setPath(path);
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        std::unique_ptr<QNetworkReply> reply(body.isEmpty() && verb == "GET"
                                                 ? m_network.get(request)
                                                 : m_network.sendCustomRequest(request, verb, body));
        QEventLoop loop;
        QTimer timer;
        timer.setSingleShot(true);
        QObject::connect(&timer, &QTimer::timeout, &loop, [&] { reply->abort(); });
        QObject::connect(reply.get(), &QNetworkReply::finished, &loop, &QEventLoop::quit);
        timer.start(15'000);
        if (!reply->isFinished())
            loop.exec();
        Answer answer;
        answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        answer.body = QJsonDocument::fromJson(reply->readAll()).object();
        return answer;
    }

    QByteArray serviceLog() const
    {
        QFile file(m_dir.filePath(QStringLiteral("service.log")));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(no service log)");
    }

    std::unique_ptr<TestDatabase> m_db;
    int m_showtime = 0;
    QList<int> m_seats;
    int m_nextSeat = 0;
    QUuid m_tillId = QUuid::createUuid();
    std::unique_ptr<DbConnection> m_till;
    std::unique_ptr<PaymentIntentStore> m_intents;
    std::unique_ptr<SeatStore> m_sales;
    QTemporaryDir m_dir;
    std::unique_ptr<PaysimRig> m_paysim;
    QProcess m_service;
    quint16 m_port = 0;
    QUrl m_url;
    QNetworkAccessManager m_network;
};

QTEST_GUILESS_MAIN(TstCardServiceServer)
#include "tst_cardserviceserver.moc"
