// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/adapters/payments/cardservice.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QProcess>
#include <QSettings>
#include <QThread>

#include <spdlog/spdlog.h>

namespace bo {
namespace {

/// A card answer in the demo takes this long, as a real terminal's does.
constexpr int demoDelayMs = 600;
/// How long the simulator may take to start and say its port.
constexpr int simulatorStartMs = 10'000;

/// The demo simulator's faults for each choice of the counter's menu (docs/PAYMENTS.md).
QJsonObject faultsFor(SimulatedCard card)
{
    QJsonObject faults{{QStringLiteral("reset"), true}, {QStringLiteral("latency_ms"), demoDelayMs}};
    switch (card) {
    case SimulatedCard::Approve:
        break;
    case SimulatedCard::Decline:
        faults.insert(QStringLiteral("decline_rate"), 1);
        break;
    case SimulatedCard::Slow:
        faults.insert(QStringLiteral("latency_ms"), demoDelayMs * 10);
        break;
    case SimulatedCard::NoAnswer:
        // Every request answered 500 unprocessed: the till asks again and again, then says so.
        faults.insert(QStringLiteral("error_rate"), 1);
        break;
    }
    return faults;
}

/// The demo simulator steered over its control endpoint (POST /control/faults), from the GUI
/// thread, without waiting: the next card presented behaves as chosen.
class SimulatorControl final : public CardSimulator
{
public:
    explicit SimulatorControl(QUrl base)
        : m_base(std::move(base))
    {}

    void setBehaviour(SimulatedCard behaviour) override
    {
        m_behaviour = behaviour;
        QUrl url = m_base;
        url.setPath(QStringLiteral("/control/faults"));
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        request.setTransferTimeout(5'000);
        QNetworkReply* reply =
            m_network.post(request, QJsonDocument(faultsFor(behaviour)).toJson(QJsonDocument::Compact));
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply] {
            if (reply->error() != QNetworkReply::NoError)
                spdlog::warn("the card simulator did not take the new behaviour: {}",
                             reply->errorString().toStdString());
            reply->deleteLater();
        });
    }
    [[nodiscard]] SimulatedCard behaviour() const override { return m_behaviour; }

private:
    QUrl m_base;
    QNetworkAccessManager m_network;
    SimulatedCard m_behaviour = SimulatedCard::Approve;
};

/// A whole number of ms from the settings within [low, high]; `fallback` when not set.
Result<int> readMs(const QSettings& settings, const QString& key, int fallback, int low, int high)
{
    if (!settings.contains(key))
        return fallback;
    bool ok = false;
    const int value = settings.value(key).toString().trimmed().toInt(&ok);
    if (!ok || value < low || value > high)
        return makeError(ErrorCode::BadInput,
                         QCoreApplication::translate("bo::CardService",
                                                     "The setting %1 must be a number of ms from %2 to %3.")
                             .arg(key)
                             .arg(low)
                             .arg(high));
    return value;
}

} // namespace

Result<CardServiceConfig> CardServiceConfig::read(const QSettings& settings, const QString& commandLineUrl)
{
    CardServiceConfig config;
    QString url = commandLineUrl.trimmed();
    if (url.isEmpty())
        url = qEnvironmentVariable("BOXOFFICE_GATEWAY").trimmed();
    if (url.isEmpty())
        url = settings.value(QStringLiteral("payments/gateway_url")).toString().trimmed();
    if (!url.isEmpty())
        config.http.baseUrl = QUrl(url);
    config.http.caFile = qEnvironmentVariable("BOXOFFICE_GATEWAY_CA");
    if (config.http.caFile.isEmpty())
        config.http.caFile = settings.value(QStringLiteral("payments/ca_file")).toString();
    config.http.apiKey = qgetenv("BOXOFFICE_GATEWAY_KEY");
    config.http.merchantTerminalId =
        settings.value(QStringLiteral("payments/terminal_id")).toString().trimmed();
    auto connect = readMs(settings, QStringLiteral("payments/connect_timeout_ms"),
                          config.http.connectTimeoutMs, 100, 60'000);
    auto read =
        readMs(settings, QStringLiteral("payments/read_timeout_ms"), config.http.readTimeoutMs, 500, 120'000);
    auto call = readMs(settings, QStringLiteral("payments/call_timeout_ms"), config.timings.callTimeoutMs,
                       1'000, 120'000);
    for (const Result<int>* value : {&connect, &read, &call}) {
        if (!*value)
            return value->error();
    }
    config.http.connectTimeoutMs = connect.value();
    config.http.readTimeoutMs = read.value();
    config.timings.callTimeoutMs = call.value();
    return config;
}

CardService::CardService(CardServiceConfig config, Kind kind)
    : m_config(std::move(config))
    , m_kind(kind)
{}

CardService::~CardService()
{
    m_simulator.reset();
    if (m_serviceProcess && m_serviceProcess->state() != QProcess::NotRunning) {
        // SIGTERM: it answers the calls in flight and ends.
        m_serviceProcess->terminate();
        if (!m_serviceProcess->waitForFinished(5'000)) {
            m_serviceProcess->kill();
            m_serviceProcess->waitForFinished(1'000);
        }
    }
    if (m_process && m_process->state() != QProcess::NotRunning) {
        // SIGTERM: the simulator's answers are on disk already; it ends at once.
        m_process->terminate();
        if (!m_process->waitForFinished(3'000)) {
            m_process->kill();
            m_process->waitForFinished(1'000);
        }
    }
}

quint16 CardService::startOnLoopback(QProcess& process, const QDir& folder, const QString& name)
{
    const QString portFile = folder.filePath(name + QStringLiteral(".port"));
    QFile::remove(portFile);
    process.setArguments(process.arguments() +
                         QStringList{QStringLiteral("--port"), QStringLiteral("0"),
                                     QStringLiteral("--port-file"), portFile, QStringLiteral("--parent-pid"),
                                     QString::number(QCoreApplication::applicationPid())});
    process.setStandardOutputFile(QProcess::nullDevice());
    const QString log = folder.filePath(name + QStringLiteral(".log"));
    process.setStandardErrorFile(log, QIODevice::Append);
    process.start();
    const QDeadlineTimer deadline(simulatorStartMs);
    quint16 port = 0;
    while (port == 0 && !deadline.hasExpired() && process.state() != QProcess::NotRunning) {
        QFile file(portFile);
        if (file.open(QIODevice::ReadOnly))
            port = static_cast<quint16>(file.readAll().trimmed().toUInt());
        if (port == 0)
            QThread::msleep(50);
    }
    if (port == 0) {
        spdlog::warn("demo: {} did not start (see {})", name.toStdString(), log.toStdString());
        process.kill();
        process.waitForFinished(1'000);
    }
    return port;
}

std::optional<QUrl> CardService::startPaymentService(const QString& serviceConninfo,
                                                     const QString& demoFolder)
{
    if (m_kind != Kind::DemoSimulator)
        return std::nullopt;
    const QString program =
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("boxoffice-service"));
    if (!QFileInfo(program).isExecutable()) {
        spdlog::info("demo: no payment service beside the application ({})", program.toStdString());
        return std::nullopt;
    }
    const QDir folder(QDir(demoFolder).filePath(QStringLiteral("paysim")));
    m_serviceProcess = std::make_unique<QProcess>();
    m_serviceProcess->setProgram(program);
    m_serviceProcess->setArguments({QStringLiteral("--gateway"), m_config.http.baseUrl.toString()});
    // The login (with its password) by the environment, never on the command line.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("BOXOFFICE_SERVICE_DB"), serviceConninfo);
    m_serviceProcess->setProcessEnvironment(environment);
    const quint16 port = startOnLoopback(*m_serviceProcess, folder, QStringLiteral("boxoffice-service"));
    if (port == 0) {
        m_serviceProcess.reset();
        return std::nullopt;
    }
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
}

QString CardService::simulatorBesideApplication()
{
    return QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("boxoffice-paysim"));
}

Result<std::unique_ptr<CardService>> CardService::open(const CardServiceConfig& config, bool demo,
                                                       const QString& demoFolder,
                                                       const QString& simulatorProgram)
{
    if (!config.http.baseUrl.isEmpty()) {
        // Checked once here, so a till never starts with a gateway that refuses every call.
        HttpPaymentGateway probe(config.http);
        if (!probe.configurationError().isEmpty())
            return makeError(ErrorCode::BadInput,
                             QCoreApplication::translate("bo::CardService", "The payment service setting: %1")
                                 .arg(probe.configurationError()));
        return std::unique_ptr<CardService>(new CardService(config, Kind::Http));
    }
    if (!demo)
        return std::unique_ptr<CardService>(new CardService(config, Kind::None));
    std::unique_ptr<CardService> service(new CardService(config, Kind::DemoSimulator));
    if (service->startSimulator(demoFolder, simulatorProgram))
        return service;
    // Windows has no simulator (it needs Qt HttpServer); a broken install may lack it: the demo
    // still takes cards, from the in-process simulated service.
    service->m_kind = Kind::InProcess;
    auto inProcess = std::make_unique<SimulatedPaymentService>();
    inProcess->setDelayMs(demoDelayMs);
    service->m_inProcess = inProcess.get();
    service->m_simulator = std::move(inProcess);
    return service;
}

bool CardService::startSimulator(const QString& demoFolder, const QString& program)
{
    if (!QFileInfo(program).isExecutable()) {
        spdlog::info("demo: no payment-service simulator beside the application ({})", program.toStdString());
        return false;
    }
    const QDir folder(QDir(demoFolder).filePath(QStringLiteral("paysim")));
    if (!QDir().mkpath(folder.path())) {
        spdlog::warn("demo: cannot make {} for the payment-service simulator", folder.path().toStdString());
        return false;
    }
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(program);
    m_process->setArguments({QStringLiteral("--journal"), folder.filePath(QStringLiteral("paysim.journal")),
                             QStringLiteral("--latency-ms"), QString::number(demoDelayMs)});
    const quint16 port = startOnLoopback(*m_process, folder, QStringLiteral("paysim"));
    if (port == 0) {
        m_process.reset();
        return false;
    }
    m_config.http.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port));
    m_simulator = std::make_unique<SimulatorControl>(m_config.http.baseUrl);
    return true;
}

PaymentGatewayFactory CardService::factory()
{
    switch (m_kind) {
    case Kind::None:
        return [] { return std::unique_ptr<PaymentGateway>(); };
    case Kind::InProcess:
        return m_inProcess->factory();
    case Kind::Http:
    case Kind::DemoSimulator:
        break;
    }
    const HttpGatewaySettings settings = m_config.http;
    return [settings]() -> std::unique_ptr<PaymentGateway> {
        return std::make_unique<HttpPaymentGateway>(settings);
    };
}

QString CardService::describe() const
{
    switch (m_kind) {
    case Kind::None:
        return QStringLiteral("none (cash only)");
    case Kind::Http:
        return QStringLiteral("http %1").arg(m_config.http.baseUrl.toString(QUrl::RemoveUserInfo));
    case Kind::DemoSimulator:
        return QStringLiteral("simulator %1 (demo)").arg(m_config.http.baseUrl.toString());
    case Kind::InProcess:
        return QStringLiteral("in-process simulator (demo)");
    }
    return {};
}

} // namespace bo
