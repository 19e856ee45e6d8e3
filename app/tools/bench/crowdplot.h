// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QImage>
#include <QList>
#include <QString>

#include "app/tools/bench/crowdresult.h"

namespace bo::bench {

/// The crowd runs as one picture: three panels of bars grouped by crowd size, one bar per
/// strategy — time to the last sale, hold p99, PostgreSQL CPU seconds — with `caption` under the
/// title (machine and conditions). Drawn with QPainter on an image (no window needed).
[[nodiscard]] QImage plotCrowd(const QList<CrowdResult>& runs, const QString& caption);

} // namespace bo::bench
