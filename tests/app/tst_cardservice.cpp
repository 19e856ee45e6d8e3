// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <QtTest>

#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>

#include "app/adapters/payments/cardservice.h"

using namespace bo;

namespace {

AuthoriseRequest request()
{
    AuthoriseRequest r;
    r.key = QUuid::createUuid();
    r.amountMinor = 12'000;
    r.currency = QStringLiteral("KRW");
    r.saleReference = QStringLiteral("ABCD-2345");
    r.timeoutMs = 10'000;
    return r;
}

/// Whether a boxoffice-paysim with this journal is running (its command line names it).
bool simulatorRunning(const QString& journal)
{
    QProcess pgrep;
    pgrep.start(QStringLiteral("pgrep"), {QStringLiteral("-f"), journal});
    pgrep.waitForFinished(5'000);
    return pgrep.exitCode() == 0;
}

} // namespace

/// Where a till's card payments go (app/adapters/payments/cardservice): the settings it reads, the demo's
/// own simulator started on a free loopback port and steered by the counter's menu, and the
/// fall-backs.
class TstCardService final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        qunsetenv("BOXOFFICE_GATEWAY");
        qunsetenv("BOXOFFICE_GATEWAY_KEY");
        qunsetenv("BOXOFFICE_GATEWAY_CA");
        QVERIFY(m_dir.isValid());
        m_settings =
            std::make_unique<QSettings>(m_dir.filePath(QStringLiteral("till.ini")), QSettings::IniFormat);
        m_settings->clear();
    }

    void theCommandLineWinsOverTheEnvironmentAndTheSettings()
    {
        m_settings->setValue(QStringLiteral("payments/gateway_url"),
                             QStringLiteral("https://settings.example"));
        m_settings->setValue(QStringLiteral("payments/terminal_id"), QStringLiteral("T-0042"));
        m_settings->setValue(QStringLiteral("payments/read_timeout_ms"), 7'000);
        m_settings->setValue(QStringLiteral("payments/call_timeout_ms"), 25'000);
        auto fromSettings = CardServiceConfig::read(*m_settings, {});
        QVERIFY(fromSettings);
        QCOMPARE(fromSettings.value().http.baseUrl, QUrl(QStringLiteral("https://settings.example")));
        QCOMPARE(fromSettings.value().http.merchantTerminalId, QStringLiteral("T-0042"));
        QCOMPARE(fromSettings.value().http.readTimeoutMs, 7'000);
        QCOMPARE(fromSettings.value().timings.callTimeoutMs, 25'000);
        QVERIFY(fromSettings.value().http.apiKey.isEmpty());

        qputenv("BOXOFFICE_GATEWAY", "https://env.example");
        qputenv("BOXOFFICE_GATEWAY_KEY", "sk_test_secret");
        auto fromEnv = CardServiceConfig::read(*m_settings, {});
        QVERIFY(fromEnv);
        QCOMPARE(fromEnv.value().http.baseUrl, QUrl(QStringLiteral("https://env.example")));
        QCOMPARE(fromEnv.value().http.apiKey, QByteArray("sk_test_secret"));

        auto fromLine = CardServiceConfig::read(*m_settings, QStringLiteral(" https://line.example "));
        QVERIFY(fromLine);
        QCOMPARE(fromLine.value().http.baseUrl, QUrl(QStringLiteral("https://line.example")));
    }

    void aTimeoutSettingOutOfRangeIsACleanError_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("connect zero") << QStringLiteral("payments/connect_timeout_ms") << QStringLiteral("0");
        QTest::newRow("read words") << QStringLiteral("payments/read_timeout_ms") << QStringLiteral("ten");
        QTest::newRow("call too long")
            << QStringLiteral("payments/call_timeout_ms") << QStringLiteral("999999");
    }

    void aTimeoutSettingOutOfRangeIsACleanError()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        m_settings->setValue(key, value);
        auto config = CardServiceConfig::read(*m_settings, {});
        QVERIFY(!config);
        QCOMPARE(config.error().code, ErrorCode::BadInput);
        QVERIFY2(config.error().message.contains(key), qPrintable(config.error().message));
    }

    void aGatewayThatCannotWorkIsRefusedAtStartUp()
    {
        // Card data never travels in clear text to another machine.
        CardServiceConfig config;
        config.http.baseUrl = QUrl(QStringLiteral("http://payments.example"));
        auto service = CardService::open(config, false, m_dir.path(), {});
        QVERIFY(!service);
        QCOMPARE(service.error().code, ErrorCode::BadInput);
    }

    void withoutAGatewayATillTakesCashOnly()
    {
        auto service = CardService::open(CardServiceConfig{}, false, m_dir.path(), PAYSIM);
        QVERIFY(service);
        QCOMPARE(service.value()->kind(), CardService::Kind::None);
        QVERIFY(!service.value()->acceptsCards());
        QVERIFY(!service.value()->simulator());
        QVERIFY(!service.value()->factory()());
    }

    void aConfiguredGatewayIsUsedEvenInTheDemo()
    {
        CardServiceConfig config;
        config.http.baseUrl = QUrl(QStringLiteral("https://payments.example"));
        auto service = CardService::open(config, true, m_dir.path(), PAYSIM);
        QVERIFY(service);
        QCOMPARE(service.value()->kind(), CardService::Kind::Http);
        QVERIFY(!service.value()->simulator());
        QCOMPARE(service.value()->factory()()->name(), QStringLiteral("http"));
    }

    void theDemoPaysOverHttpToItsOwnSimulatorAndStopsIt()
    {
        const QString journal = m_dir.filePath(QStringLiteral("paysim/paysim.journal"));
        {
            auto service = CardService::open(CardServiceConfig{}, true, m_dir.path(), PAYSIM);
            QVERIFY(service);
            CardService& cards = *service.value();
            QCOMPARE(cards.kind(), CardService::Kind::DemoSimulator);
            QVERIFY2(cards.describe().startsWith(QStringLiteral("simulator http://127.0.0.1:")),
                     qPrintable(cards.describe()));
            QVERIFY(simulatorRunning(journal));
            auto gateway = cards.factory()();
            QCOMPARE(gateway->name(), QStringLiteral("http"));
            const AuthoriseRequest approved = request();
            const GatewayReply reply = gateway->authorise(approved);
            QCOMPARE(reply.outcome, GatewayOutcome::Done);
            QCOMPARE(reply.state, GatewayPaymentState::Authorised);

            // The counter's menu: the next card is declined.
            QVERIFY(cards.simulator());
            cards.simulator()->setBehaviour(SimulatedCard::Decline);
            QCOMPARE(cards.simulator()->behaviour(), SimulatedCard::Decline);
            GatewayReply declined;
            for (int i = 0; i < 50 && declined.outcome != GatewayOutcome::Declined; ++i) {
                QTest::qWait(50); // the control request is on its way on this thread's event loop
                declined = gateway->authorise(request());
            }
            QCOMPARE(declined.outcome, GatewayOutcome::Declined);
            // The simulator's journal keeps the first payment's answer.
            QCOMPARE(gateway->lookup(approved.key, 10'000).state, GatewayPaymentState::Authorised);
        }
        // The application ended: so did its simulator.
        QVERIFY(!simulatorRunning(journal));

        // A restart finds the payment in the journal.
        auto again = CardService::open(CardServiceConfig{}, true, m_dir.path(), PAYSIM);
        QVERIFY(again);
        QCOMPARE(again.value()->kind(), CardService::Kind::DemoSimulator);
        QVERIFY(QFile::exists(journal));
    }

    void aSecondSimulatorOnTheSameJournalIsRefused()
    {
        auto first = CardService::open(CardServiceConfig{}, true, m_dir.path(), PAYSIM);
        QVERIFY(first);
        QCOMPARE(first.value()->kind(), CardService::Kind::DemoSimulator);
        // Another till of the same demo folder: the journal is in use, so it does not share it.
        auto second = CardService::open(CardServiceConfig{}, true, m_dir.path(), PAYSIM);
        QVERIFY(second);
        QCOMPARE(second.value()->kind(), CardService::Kind::InProcess);
    }

    void aDemoWithoutTheSimulatorTakesCardsInProcess()
    {
        auto service = CardService::open(CardServiceConfig{}, true, m_dir.path(),
                                         m_dir.filePath(QStringLiteral("no-such-program")));
        QVERIFY(service);
        CardService& cards = *service.value();
        QCOMPARE(cards.kind(), CardService::Kind::InProcess);
        QVERIFY(cards.acceptsCards());
        QVERIFY(cards.simulator());
        cards.simulator()->setBehaviour(SimulatedCard::Decline);
        auto gateway = cards.factory()();
        QCOMPARE(gateway->name(), QStringLiteral("simulated"));
        QCOMPARE(gateway->authorise(request()).outcome, GatewayOutcome::Declined);
    }

private:
    const QString PAYSIM = QStringLiteral(BOXOFFICE_PAYSIM_PATH);
    QTemporaryDir m_dir;
    std::unique_ptr<QSettings> m_settings;
};

QTEST_GUILESS_MAIN(TstCardService)
#include "tst_cardservice.moc"
