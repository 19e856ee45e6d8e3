// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/common/logging.h"

#include <QDir>
#include <QStandardPaths>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace bo {
namespace {

void forwardQtMessage(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    const std::string text = message.toStdString();
    const char* category = context.category ? context.category : "qt";
    switch (type) {
    case QtDebugMsg:
        spdlog::debug("[{}] {}", category, text);
        break;
    case QtInfoMsg:
        spdlog::info("[{}] {}", category, text);
        break;
    case QtWarningMsg:
        spdlog::warn("[{}] {}", category, text);
        break;
    case QtCriticalMsg:
    case QtFatalMsg:
        spdlog::error("[{}] {}", category, text);
        break;
    }
}

} // namespace

QString setupLogging(const QString& appName, bool verboseConsole, bool quietConsole)
{
    auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    console->set_level(verboseConsole ? spdlog::level::debug
                                      : (quietConsole ? spdlog::level::warn : spdlog::level::info));
    std::vector<spdlog::sink_ptr> sinks{console};

    QString dir = qEnvironmentVariable("BOXOFFICE_LOG_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/logs");
    QString path;
    if (QDir().mkpath(dir)) {
        path = QDir(dir).filePath(appName + QStringLiteral(".log"));
        try {
            auto file = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(path.toStdString(),
                                                                               5 * 1024 * 1024, 5);
            file->set_level(spdlog::level::debug);
            sinks.push_back(file);
        } catch (const spdlog::spdlog_ex&) {
            path.clear();
        }
    }
    auto logger = std::make_shared<spdlog::logger>(appName.toStdString(), sinks.begin(), sinks.end());
    logger->set_level(spdlog::level::debug);
    logger->set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ [%t] %v");
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
    qInstallMessageHandler(forwardQtMessage);
    return path;
}

} // namespace bo
