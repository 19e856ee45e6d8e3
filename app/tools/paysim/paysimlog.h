// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QJsonObject>
#include <QString>

#include <spdlog/common.h>

namespace bo {

/// paysim's logs on stderr: with `json` one JSON object a line ({"time", "level", "event", ...}),
/// else a readable line. Never given secrets: no API key, no card token, no Authorization header.
void setupPaysimLog(bool json, bool verbose);
void paysimLog(spdlog::level::level_enum level, const QString& event, const QJsonObject& fields = {});

} // namespace bo
