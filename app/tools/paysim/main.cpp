// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include <cstdio>
#include <optional>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostAddress>
#include <QLockFile>
#include <QRandomGenerator>
#include <QSslCertificate>
#include <QSslKey>
#include <QSslServer>
#include <QStandardPaths>
#include <QTcpServer>

#include "app/common/loopbackdaemon.h"
#include "app/tools/paysim/paysimfaults.h"
#include "app/tools/paysim/paysimlog.h"
#include "app/tools/paysim/paysimserver.h"
#include "app/tools/paysim/paysimstore.h"

namespace {

using bo::LoopbackDaemon;

constexpr int defaultPort = 8787;

bool readRateOption(const QCommandLineParser& parser, const char* name, double* target)
{
    if (!parser.isSet(QLatin1String(name)))
        return true;
    bool ok = false;
    *target = parser.value(QLatin1String(name)).toDouble(&ok);
    return ok && *target >= 0 && *target <= 1;
}

bool readCountOption(const QCommandLineParser& parser, const char* name, int* target)
{
    if (!parser.isSet(QLatin1String(name)))
        return true;
    bool ok = false;
    *target = parser.value(QLatin1String(name)).toInt(&ok);
    return ok && *target >= 0;
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication app(argc, argv);
    const QString description = QStringLiteral(
        "Box office payment-service simulator: authorise, capture, void, refund and look up card\n"
        "payments over HTTP/JSON, idempotent by the Idempotency-Key header, kept in a journal that\n"
        "survives a restart, with faults to inject (docs/PAYMENTS.md). For demos and tests only: it\n"
        "moves no money.\n\n"
        "Endpoints: POST /v1/payments, GET /v1/payments/KEY, POST /v1/payments/KEY/capture,\n"
        "POST /v1/payments/KEY/void, POST /v1/payments/KEY/refunds; GET and POST /control/faults,\n"
        "GET /control/stats[?key=KEY].\n\n"
        "Test declines: an amount whose last two digits are 51 (insufficient_funds), 54\n"
        "(expired_card), 05 (do_not_honour) or 59 (suspected_fraud).\n\n"
        "Exit status: 0 stopped by SIGTERM or SIGINT, 2 bad input, 1 other failure (the port or the\n"
        "journal), 99 the simulated crash of --crash-after.");
    QCommandLineParser parser;
    LoopbackDaemon::describe(parser, QStringLiteral("boxoffice-paysim"), description, defaultPort);
    parser.addOptions({
        {QStringLiteral("journal"),
         QStringLiteral("The journal file (default: paysim.journal in the user's data folder)."),
         QStringLiteral("path")},
        {QStringLiteral("seed"), QStringLiteral("Seed of the fault draws (default: random, logged)."),
         QStringLiteral("number")},
        {QStringLiteral("tls-cert"),
         QStringLiteral("Serve HTTPS with this PEM certificate (and chain); needs --tls-key."),
         QStringLiteral("path")},
        {QStringLiteral("tls-key"), QStringLiteral("The PEM private key (RSA or EC) of --tls-cert."),
         QStringLiteral("path")},
        {QStringLiteral("json"), QStringLiteral("Logs as one JSON object a line on standard error.")},
        {QStringLiteral("verbose"), QStringLiteral("Log details.")},
        {QStringLiteral("decline-rate"),
         QStringLiteral("Fraction of authorisations declined (do_not_honour)."), QStringLiteral("0..1")},
        {QStringLiteral("error-rate"), QStringLiteral("Fraction of requests answered 500 unprocessed."),
         QStringLiteral("0..1")},
        {QStringLiteral("error-next"), QStringLiteral("Answer the next N requests 500 unprocessed."),
         QStringLiteral("N")},
        {QStringLiteral("latency-ms"), QStringLiteral("Wait this long before processing each request."),
         QStringLiteral("ms")},
        {QStringLiteral("timeout-rate"),
         QStringLiteral("Fraction of POSTs processed and committed, then answered late or never."),
         QStringLiteral("0..1")},
        {QStringLiteral("timeout-next"), QStringLiteral("Do so with the next N POSTs."), QStringLiteral("N")},
        {QStringLiteral("timeout-answer-ms"),
         QStringLiteral("How late such an answer comes (default 0: never)."), QStringLiteral("ms")},
        {QStringLiteral("drop-rate"),
         QStringLiteral("Fraction of POSTs processed and committed, then the connection dropped."),
         QStringLiteral("0..1")},
        {QStringLiteral("drop-next"), QStringLiteral("Do so with the next N POSTs."), QStringLiteral("N")},
        LoopbackDaemon::parentPidOption(),
        {QStringLiteral("crash-after"),
         QStringLiteral("Exit (status 99) after committing the N-th payment request, unanswered."),
         QStringLiteral("N")},
    });
    if (const std::optional<int> done = LoopbackDaemon::parseArguments(parser))
        return *done;

    const QHostAddress address = LoopbackDaemon::listenAddress(parser);
    if (address.isNull())
        return LoopbackDaemon::badInput(QStringLiteral("--listen needs an IP address"));
    const std::optional<int> port = LoopbackDaemon::port(parser, defaultPort);
    if (!port)
        return LoopbackDaemon::badInput(QStringLiteral("--port needs a number from 0 to 65535"));
    quint64 seed = QRandomGenerator::system()->generate64();
    if (parser.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        seed = parser.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            return LoopbackDaemon::badInput(QStringLiteral("--seed needs a whole number"));
    }
    bo::FaultPlan plan(seed);
    bo::PaysimFaults& faults = plan.faults();
    if (!readRateOption(parser, "decline-rate", &faults.declineRate) ||
        !readRateOption(parser, "error-rate", &faults.errorRate) ||
        !readRateOption(parser, "timeout-rate", &faults.timeoutRate) ||
        !readRateOption(parser, "drop-rate", &faults.dropRate))
        return LoopbackDaemon::badInput(QStringLiteral("a rate is a number from 0 to 1"));
    if (!readCountOption(parser, "error-next", &faults.errorNext) ||
        !readCountOption(parser, "latency-ms", &faults.latencyMs) ||
        !readCountOption(parser, "timeout-next", &faults.timeoutNext) ||
        !readCountOption(parser, "timeout-answer-ms", &faults.timeoutAnswerMs) ||
        !readCountOption(parser, "drop-next", &faults.dropNext) ||
        !readCountOption(parser, "crash-after", &faults.crashAfter))
        return LoopbackDaemon::badInput(
            QStringLiteral("a count or a time in ms is a whole number, 0 or more"));

    if (parser.isSet(QStringLiteral("tls-cert")) != parser.isSet(QStringLiteral("tls-key")))
        return LoopbackDaemon::badInput(QStringLiteral("--tls-cert and --tls-key go together"));
    QSslConfiguration tls;
    if (parser.isSet(QStringLiteral("tls-cert"))) {
        const QList<QSslCertificate> chain = QSslCertificate::fromPath(
            parser.value(QStringLiteral("tls-cert")), QSsl::Pem, QSslCertificate::PatternSyntax::FixedString);
        QFile keyFile(parser.value(QStringLiteral("tls-key")));
        const QByteArray keyPem = keyFile.open(QIODevice::ReadOnly) ? keyFile.readAll() : QByteArray();
        QSslKey key(keyPem, QSsl::Ec);
        if (key.isNull())
            key = QSslKey(keyPem, QSsl::Rsa);
        if (chain.isEmpty() || key.isNull())
            return LoopbackDaemon::badInput(
                QStringLiteral("--tls-cert and --tls-key need a PEM certificate and its key"));
        tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificateChain(chain);
        tls.setPrivateKey(key);
    }

    const std::optional<qint64> parentPid = LoopbackDaemon::parentPid(parser);
    if (!parentPid)
        return LoopbackDaemon::badInput(QStringLiteral("--parent-pid needs a process id"));

    bo::setupPaysimLog(parser.isSet(QStringLiteral("json")), parser.isSet(QStringLiteral("verbose")));
    // A demo's simulator ends with the application that started it, even one killed outright.
    if (!LoopbackDaemon::followParent(*parentPid)) {
        bo::paysimLog(spdlog::level::err, QStringLiteral("parent_gone"),
                      {{QStringLiteral("parent_pid"), *parentPid}});
        return LoopbackDaemon::exitFailure;
    }
    QString journal = parser.value(QStringLiteral("journal"));
    if (journal.isEmpty()) {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QDir().mkpath(dir);
        journal = QDir(dir).filePath(QStringLiteral("paysim.journal"));
    }
    // One simulator per journal: a second one would answer from a store the first is changing.
    QLockFile journalLock(journal + QStringLiteral(".lock"));
    if (!journalLock.tryLock(0)) {
        qint64 holder = 0;
        QString host;
        QString application;
        journalLock.getLockInfo(&holder, &host, &application);
        bo::paysimLog(spdlog::level::err, QStringLiteral("journal_in_use"),
                      {{QStringLiteral("journal"), journal}, {QStringLiteral("pid"), holder}});
        return LoopbackDaemon::exitFailure;
    }
    bo::PaysimStore store(journal);
    QString failure;
    if (!store.open(&failure)) {
        bo::paysimLog(spdlog::level::err, QStringLiteral("journal_failed"),
                      {{QStringLiteral("detail"), failure}});
        return LoopbackDaemon::exitFailure;
    }

    // SIGTERM and SIGINT end the event loop: answers are already on disk, nothing is lost.
    LoopbackDaemon daemon;
    if (!daemon.stopOnSignals())
        return LoopbackDaemon::exitFailure;

    const QByteArray apiKey = qgetenv("BOXOFFICE_PAYSIM_API_KEY");
    bo::PaysimServer server(store, plan, apiKey);
    QTcpServer* tcp = nullptr;
    if (tls.isNull()) {
        tcp = new QTcpServer(&server);
    } else {
        auto* sslServer = new QSslServer(&server);
        sslServer->setSslConfiguration(tls);
        tcp = sslServer;
    }
    if (!tcp->listen(address, static_cast<quint16>(*port))) {
        bo::paysimLog(spdlog::level::err, QStringLiteral("listen_failed"),
                      {{QStringLiteral("address"), address.toString()},
                       {QStringLiteral("port"), *port},
                       {QStringLiteral("detail"), tcp->errorString()}});
        return LoopbackDaemon::exitFailure;
    }
    server.bind(tcp);
    const quint16 bound = tcp->serverPort();
    if (QString error; !LoopbackDaemon::writePortFile(parser, bound, &error)) {
        bo::paysimLog(spdlog::level::err, QStringLiteral("port_file_failed"),
                      {{QStringLiteral("detail"), error}});
        return LoopbackDaemon::exitFailure;
    }
    if (!address.isLoopback())
        bo::paysimLog(spdlog::level::warn, QStringLiteral("not_loopback"),
                      {{QStringLiteral("address"), address.toString()}});
    bo::paysimLog(spdlog::level::info, QStringLiteral("listening"),
                  {{QStringLiteral("address"), address.toString()},
                   {QStringLiteral("port"), bound},
                   {QStringLiteral("journal"), store.path()},
                   {QStringLiteral("payments"), store.paymentCount()},
                   {QStringLiteral("seed"), QString::number(seed)},
                   {QStringLiteral("authentication"), !apiKey.isEmpty()},
                   {QStringLiteral("tls"), !tls.isNull()},
                   {QStringLiteral("faults"), faults.toJson()}});
    std::printf("%u\n", static_cast<unsigned>(bound));
    std::fflush(stdout);

    const int status = QCoreApplication::exec();
    tcp->close();
    bo::paysimLog(spdlog::level::info, QStringLiteral("stopped"));
    return status == 0 ? LoopbackDaemon::exitOk : LoopbackDaemon::exitFailure;
}
