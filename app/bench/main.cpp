// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
//
// boxoffice-bench: measures the project's claims. This release: the GUI figures (`gui`).
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>

#include "app/bench/guibench.h"
#include "app/common/logging.h"
#include "db/privatepostgres.h"

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("boxoffice"));
    QApplication::setApplicationName(QStringLiteral("boxoffice-bench"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Box office benchmarks. Sub-benchmark: gui."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("db"),
         QStringLiteral("Use this server (libpq conninfo of a maintenance database) "
                        "instead of a private one."),
         QStringLiteral("conninfo")},
        {QStringLiteral("samples"), QStringLiteral("NOTIFY-to-repaint samples (default 300)."),
         QStringLiteral("n")},
        {QStringLiteral("json"), QStringLiteral("Write the figures as JSON to this file."),
         QStringLiteral("file")},
    });
    parser.addPositionalArgument(QStringLiteral("what"), QStringLiteral("gui"));
    parser.process(app);
    bo::setupLogging(QStringLiteral("boxoffice-bench"), false, true);
    QTextStream out(stdout);
    const QStringList what = parser.positionalArguments();
    if (!what.isEmpty() && what.first() != QLatin1String("gui")) {
        QTextStream(stderr) << "boxoffice-bench: unknown benchmark '" << what.first()
                            << "' (this release has: gui)\n";
        return 2;
    }

    bool samplesOk = true;
    const int samples = parser.isSet(QStringLiteral("samples"))
                            ? parser.value(QStringLiteral("samples")).toInt(&samplesOk)
                            : 300;
    if (!samplesOk || samples < 1 || samples > 100000) {
        QTextStream(stderr) << "boxoffice-bench: --samples '" << parser.value(QStringLiteral("samples"))
                            << "' is not a number from 1 to 100000\n";
        return 2;
    }

    QTemporaryDir folder(QDir::tempPath() + QStringLiteral("/boxoffice-bench-XXXXXX"));
    bo::ConnectionSettings server;
    const bool own = !parser.isSet(QStringLiteral("db"));
    if (own) {
        auto started = bo::PrivatePostgres::ensureRunning(folder.path());
        if (!started) {
            QTextStream(stderr) << "boxoffice-bench: " << started.error().message << '\n'
                                << started.error().detail << '\n';
            return 1;
        }
        server = started.value();
    } else {
        auto parsed = bo::ConnectionSettings::parse(parser.value(QStringLiteral("db")));
        if (!parsed) {
            QTextStream(stderr) << "boxoffice-bench: " << parsed.error().message << '\n';
            return 2;
        }
        server = parsed.value();
    }
    out << "# boxoffice-bench gui — " << QSysInfo::prettyProductName() << ", " << QThread::idealThreadCount()
        << " cores, Qt " << qVersion() << ", platform " << QGuiApplication::platformName() << "\n\n";
    const QJsonObject figures = bo::bench::runGuiBenchmarks(server, samples, out);
    if (parser.isSet(QStringLiteral("json"))) {
        QFile file(parser.value(QStringLiteral("json")));
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            file.write(QJsonDocument(figures).toJson());
    }
    if (own)
        (void)bo::PrivatePostgres::stop(folder.path());
    return figures.value(QStringLiteral("notify_to_repaint")).toObject().contains(QStringLiteral("error"))
               ? 1
               : 0;
}
