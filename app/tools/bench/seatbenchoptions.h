// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace bo::bench {

/// What `boxoffice-bench seats` runs: every strategy chosen on every point of
/// seats per request × seat choice × client count.
struct SeatBenchOptions
{
    QStringList strategies; ///< empty: every strategy of this build
    QList<int> clients{1, 8, 32, 64};
    QList<int> seatsPerRequest{1, 4};
    QStringList choices{QStringLiteral("uniform"), QStringLiteral("hotspot")};
    int seconds = 10;
    double confirmRatio = 0;
};

} // namespace bo::bench
