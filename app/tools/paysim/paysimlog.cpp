// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/paysim/paysimlog.h"

#include <QDateTime>
#include <QJsonDocument>

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace bo {
namespace {

bool jsonLogs = false;

} // namespace

void setupPaysimLog(bool json, bool verbose)
{
    jsonLogs = json;
    auto logger =
        std::make_shared<spdlog::logger>("paysim", std::make_shared<spdlog::sinks::stderr_sink_mt>());
    logger->set_level(verbose ? spdlog::level::debug : spdlog::level::info);
    logger->set_pattern(json ? "%v" : "%Y-%m-%d %H:%M:%S.%e %l %v");
    logger->flush_on(spdlog::level::debug);
    spdlog::set_default_logger(logger);
}

void paysimLog(spdlog::level::level_enum level, const QString& event, const QJsonObject& fields)
{
    if (jsonLogs) {
        QJsonObject line = fields;
        line.insert(QStringLiteral("time"), QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
        line.insert(QStringLiteral("level"),
                    QString::fromLatin1(spdlog::level::to_string_view(level).data()));
        line.insert(QStringLiteral("event"), event);
        spdlog::log(level, "{}", QJsonDocument(line).toJson(QJsonDocument::Compact).toStdString());
        return;
    }
    QString text = event;
    for (auto it = fields.constBegin(); it != fields.constEnd(); ++it) {
        const QJsonValue value = it.value();
        const QString shown =
            value.isString() ? value.toString()
            : value.isDouble()
                ? QString::number(value.toDouble(), 'g', 15)
                : QString::fromUtf8(value.isObject()
                                        ? QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact)
                                        : QByteArray(value.toBool() ? "true" : "false"));
        text += QLatin1Char(' ') + it.key() + QLatin1Char('=') + shown;
    }
    spdlog::log(level, "{}", text.toStdString());
}

} // namespace bo
