// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: Box office developers
#include "app/tools/bench/workload.h"

namespace bo::bench {

QString Workload::name() const
{
    return QStringLiteral("k=%1 %2").arg(k).arg(hotspot ? QStringLiteral("hotspot")
                                                        : QStringLiteral("uniform"));
}

void Workload::pick(std::mt19937_64& random, QList<int>& positions) const
{
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int row = hotspot && unit(random) < hotShare ? hotRow : int(random() % hallRows);
    const int start = int(random() % quint64(seatsPerRow - k + 1));
    positions.clear();
    for (int i = 0; i < k; ++i)
        positions << row * seatsPerRow + start + i;
}

} // namespace bo::bench
