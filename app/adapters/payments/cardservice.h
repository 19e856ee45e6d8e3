// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <memory>
#include <optional>

#include <QByteArray>
#include <QString>

#include "app/adapters/payments/httppaymentgateway.h"
#include "model/core/result.h"
#include "model/payments/paymentprocess.h"
#include "model/payments/simulatedpayments.h"

class QDir;
class QProcess;
class QSettings;

namespace bo {

/// Where a till's card payments go, as configured (docs/PAYMENTS.md, "Setting up a till"): the
/// command line's --gateway, else $BOXOFFICE_GATEWAY, else the settings' payments/gateway_url.
/// The API key only ever comes from $BOXOFFICE_GATEWAY_KEY, so it is never in a settings file.
struct CardServiceConfig
{
    HttpGatewaySettings http;   ///< base URL empty: no payment service configured
    PaymentTimings timings;     ///< call timeout from payments/call_timeout_ms
    QString merchantTerminalId; ///< the acquirer's id of this till (payments/terminal_id); may be empty

    /// Reads the settings, the environment and `commandLineUrl` (which wins when not empty).
    [[nodiscard]] static Result<CardServiceConfig> read(const QSettings& settings,
                                                        const QString& commandLineUrl);
};

/// The card payment service of one application: an HTTP gateway (configured), the demo's
/// payment-service simulator started as a child process on a free loopback port, the in-process
/// simulator (a demo where boxoffice-paysim cannot run), or none (cash only).
class CardService final
{
public:
    enum class Kind { None, Http, DemoSimulator, InProcess };

    ~CardService();
    CardService(const CardService&) = delete;
    CardService& operator=(const CardService&) = delete;

    /// The configured gateway, or for a demo with none configured the simulator `simulatorProgram`
    /// (its journal, port file and log under `demoFolder`/paysim), falling back to the in-process
    /// one. Errors: a configured gateway whose settings cannot work.
    [[nodiscard]] static Result<std::unique_ptr<CardService>> open(const CardServiceConfig& config, bool demo,
                                                                   const QString& demoFolder,
                                                                   const QString& simulatorProgram);
    /// The demo's payment service: boxoffice-service from beside this application, on a free
    /// loopback port, recording with the login of `serviceConninfo` (handed over by the
    /// environment, never the command line) and calling the demo's simulator. Its URL, or nullopt
    /// outside the simulator's demo or where it cannot start (Windows: no HttpServer).
    [[nodiscard]] std::optional<QUrl> startPaymentService(const QString& serviceConninfo,
                                                          const QString& demoFolder);
    /// boxoffice-paysim beside this application.
    [[nodiscard]] static QString simulatorBesideApplication();

    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] bool acceptsCards() const { return m_kind != Kind::None; }
    /// Makes the gateway for a worker thread; null gateways when none is configured.
    [[nodiscard]] PaymentGatewayFactory factory();
    [[nodiscard]] const PaymentTimings& timings() const { return m_config.timings; }
    /// The demo's card simulator the counter's menu steers; null outside the demo.
    [[nodiscard]] CardSimulator* simulator() const { return m_simulator.get(); }
    /// For logs and the title: "none", "http https://…", "simulator http://127.0.0.1:…", "in-process".
    [[nodiscard]] QString describe() const;

private:
    CardService(CardServiceConfig config, Kind kind);
    [[nodiscard]] bool startSimulator(const QString& demoFolder, const QString& program);
    /// Starts `process` (program and its own arguments set) on a free loopback port, ended with
    /// this process, its log `name`.log in `folder`; the port, 0 when it did not start in time.
    [[nodiscard]] static quint16 startOnLoopback(QProcess& process, const QDir& folder, const QString& name);

    CardServiceConfig m_config;
    Kind m_kind;
    std::unique_ptr<QProcess> m_process;
    std::unique_ptr<QProcess> m_serviceProcess; ///< the demo's boxoffice-service

    std::unique_ptr<CardSimulator> m_simulator;
    SimulatedPaymentService* m_inProcess = nullptr; ///< m_simulator, when Kind::InProcess
};

} // namespace bo
